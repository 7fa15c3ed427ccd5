/**
 * Per graph: an opted-in graph (`dynamo-iac.io/scale-to-zero-after`, api/scale-to-zero.ts) is
 * registered with the activator, which holds its requests and scales it; and its status carries
 * the `ScaledToZero` condition (True while every scale-to-zero worker's adapter asks for 0; False
 * with reason ActivatorOff when the operator runs without an activator, so nothing is silent).
 */
import { GraphModel, isWorkerComponent } from '../../../api';
import { activationReplicas, scaleToZeroComponents, scaleToZeroOf } from '../../../api/scale-to-zero';
import { componentObjectName } from '../../../render';
import { FRONTEND_HTTP_PORT } from '../../../render/components/defaults';
import { Activator, ActivatorTarget } from '../../activator/activator';
import { setCondition } from '../../runtime/conditions';
import { ReconcileOutcome, ReconcilerContext, splitKey } from '../../runtime/controller';
import { liveGraph, recordResource } from '../graph-record';
import { GraphInformers } from '../graphs';
import { GraphDeployment } from '../kinds';
import { RESOURCES } from '../resources';
import { unchanged } from '../status-patch';
import { adaptersAtZero } from './scaler';

export const SCALED_TO_ZERO_CONDITION = 'ScaledToZero';

/** In the cluster: the frontend Service's DNS name. */
export type FrontendUrl = (namespace: string, service: string, port: number) => string;
export const clusterFrontendUrl: FrontendUrl = (namespace, service, port) =>
  `http://${service}.${namespace}.svc:${port}`;

export type ScaleToZeroDeps = ReconcilerContext &
  Pick<GraphInformers, 'graphs' | 'adapters'> & {
    /** Absent when the operator runs without `--activator-port`: the condition then says so. */
    readonly activator?: Activator;
    readonly frontendUrl: FrontendUrl;
  };

/** What the activator needs to know of a graph; undefined when it does not opt in (or has no frontend). */
export function activatorTarget(graph: GraphModel, frontendUrl: FrontendUrl): ActivatorTarget | undefined {
  const settings = scaleToZeroOf(graph);
  const frontend = graph.components.find((c) => c.type === 'frontend' && !isWorkerComponent(c.type));
  if (!settings || !frontend) return undefined;
  return {
    namespace: graph.namespace,
    name: graph.name,
    frontendUrl: frontendUrl(graph.namespace, componentObjectName(graph.name, frontend.name), FRONTEND_HTTP_PORT),
    settings,
    workers: scaleToZeroComponents(graph).map((c) => ({
      adapter: componentObjectName(graph.name, c.name),
      replicas: activationReplicas(c),
    })),
  };
}

export class ScaleToZeroReconciler {
  constructor(private readonly d: ScaleToZeroDeps) {}

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const live = liveGraph(key, this.d.graphs, this.d.gate);
    const target = live && activatorTarget(live.model, this.d.frontendUrl);
    if (!live || !target) {
      const [namespace, name] = splitKey(key);
      this.d.activator?.unregister(namespace, name);
      if (live) await this.writeCondition(live.dgd, live.model, undefined);
      return;
    }
    this.d.activator?.register(target);
    await this.writeCondition(live.dgd, live.model, target);
  }

  /** The condition from the adapters; removed from a graph that no longer opts in. */
  private async writeCondition(dgd: GraphDeployment, model: GraphModel, target: ActivatorTarget | undefined) {
    const before = dgd.status?.conditions;
    let conditions = (before ?? []).filter((c) => c.type !== SCALED_TO_ZERO_CONDITION);
    if (target) {
      const zero = adaptersAtZero(this.d.adapters, target);
      const workers = target.workers.map((w) => w.adapter).join(', ');
      conditions = setCondition(
        before,
        !this.d.activator
          ? {
              type: SCALED_TO_ZERO_CONDITION,
              status: 'False',
              reason: 'ActivatorOff',
              message:
                'Scale to zero is declared, but the runtime operator runs without --activator-port: nothing holds requests or scales the workers (docs/scale-to-zero.md)',
              observedGeneration: dgd.metadata.generation,
            }
          : zero
            ? {
                type: SCALED_TO_ZERO_CONDITION,
                status: 'True',
                reason: 'Idle',
                message: `Workers at zero (${workers}); the next request scales them up`,
                observedGeneration: dgd.metadata.generation,
              }
            : {
                type: SCALED_TO_ZERO_CONDITION,
                status: 'False',
                reason: 'Active',
                message: `Workers scale to zero after ${Math.round(target.settings.idleAfterMs / 1000)}s without a request`,
                observedGeneration: dgd.metadata.generation,
              },
        new Date(this.d.clock.now()).toISOString(),
      );
    }
    if (!before && !target) return;
    if (unchanged({ conditions }, { conditions: before ?? [] })) return;
    const patched = await this.d.api.mergePatch<GraphDeployment>(
      recordResource(dgd),
      model.namespace,
      model.name,
      { status: { conditions } },
      'status',
    );
    this.d.graphs.remember({ ...patched, apiVersion: RESOURCES.dgdV1beta1.apiVersion });
  }
}
