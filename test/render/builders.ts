/** Small builders for hand-made models, so render tests state only what they are about. */
import { ComponentModel, GraphModel } from '../../src/api/model';

export function component(over: Partial<ComponentModel> & { name: string }): ComponentModel {
  return {
    type: 'worker',
    globalDynamoNamespace: false,
    labels: {},
    annotations: {},
    podLabels: {},
    podAnnotations: {},
    podSpec: {},
    env: [],
    volumeMounts: [],
    scalingAdapter: false,
    ...over,
  };
}

export function graph(over: Partial<GraphModel> & { components: ComponentModel[] }): GraphModel {
  return {
    kind: 'DynamoGraphDeployment',
    apiVersion: 'nvidia.com/v1beta1',
    name: 'demo',
    namespace: 'ml',
    metadataLabels: {},
    metadataAnnotations: {},
    labels: {},
    annotations: {},
    env: [],
    pvcs: [],
    source: { spec: {} },
    ...over,
  };
}

export const vllmWorker = (over: Partial<ComponentModel> = {}) =>
  component({
    name: 'VllmWorker',
    type: 'worker',
    replicas: 2,
    mainContainer: { name: 'main', image: 'img', command: ['python3'], args: ['-m', 'dynamo.vllm', '--model', 'm'] },
    resources: { limits: { 'nvidia.com/gpu': '1' } },
    ...over,
  });

export const frontend = (over: Partial<ComponentModel> = {}) =>
  component({
    name: 'Frontend',
    type: 'frontend',
    mainContainer: { name: 'main', image: 'img' },
    ...over,
  });
