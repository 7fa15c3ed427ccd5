/** A worker change for the rollout tests: the example disaggregated graph with more arguments on its prefill worker. */
import { disaggregatedWithPlanner } from '../examples/graphs/disagg-planner';

export function withPrefillArgs(...args: string[]): typeof disaggregatedWithPlanner {
  return {
    ...disaggregatedWithPlanner,
    spec: {
      ...disaggregatedWithPlanner.spec,
      components: disaggregatedWithPlanner.spec.components.map((c) =>
        c.type !== 'prefill'
          ? c
          : {
              ...c,
              podTemplate: {
                spec: {
                  containers: c.podTemplate!.spec!.containers!.map((ct) => ({ ...ct, args: [...ct.args!, ...args] })),
                },
              },
            },
      ),
    },
  };
}
