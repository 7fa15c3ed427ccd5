/** Builders and accessors for multinode render tests. */
import { ComponentModel, GraphModel, Orchestrator } from '../../../src/api/model';
import { PlatformSettings } from '../../../src/api/settings';
import { component, graph } from '../builders';
import { rendered } from '../helpers';

export function worker(
  engine: 'vllm' | 'sglang' | 'trtllm',
  args: string[],
  over: Partial<ComponentModel> = {},
): ComponentModel {
  return component({
    name: 'Worker',
    type: 'worker',
    replicas: 1,
    multinode: { nodeCount: 2 },
    mainContainer: { name: 'main', image: 'img', command: ['python3'], args: ['-m', `dynamo.${engine}`, ...args] },
    resources: { limits: { 'nvidia.com/gpu': '8' } },
    ...over,
  });
}

export function multinodeGraph(c: ComponentModel, over: Partial<GraphModel> = {}): GraphModel {
  return graph({ components: [c], ...over });
}

/** Renders on one orchestrator and gives the leader / worker pod specs and main containers. */
export function renderOn(orchestrator: Orchestrator, model: GraphModel, settings: PlatformSettings = {}) {
  const r = rendered({ ...model, orchestrator }, settings);
  const svc = model.components[0].name.toLowerCase();
  const podSpec = (role: 'leader' | 'worker'): any => {
    if (orchestrator === 'lws') {
      const lws = r.objects.find((o) => o.kind === 'LeaderWorkerSet') as any;
      return lws.spec.leaderWorkerTemplate[role === 'leader' ? 'leaderTemplate' : 'workerTemplate'].spec;
    }
    const pcs = r.find('PodCliqueSet', model.name);
    const clique = pcs.spec.template.cliques.find((c: any) => c.name === `${svc}-${role === 'leader' ? 'ldr' : 'wkr'}`);
    return clique.spec.podSpec;
  };
  const mainOf = (role: 'leader' | 'worker'): any => podSpec(role).containers.find((c: any) => c.name === 'main');
  return { ...r, podSpec, mainOf };
}
