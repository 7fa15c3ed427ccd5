import { loadGraph } from '../../../src/api';
import { fixtureModel } from '../fixtures';

/** Everything but what legitimately differs between input versions. */
const comparable = ({ apiVersion: _v, source: _s, ...rest }: ReturnType<typeof fixtureModel>) => rest;

describe('v1alpha1 and v1beta1 inputs that mean the same give the same model', () => {
  test.each(['agg', 'disagg'])('%s', (name) => {
    const alpha = fixtureModel(`${name}-v1alpha1.yaml`);
    const beta = fixtureModel(`${name}-v1beta1.yaml`);
    expect(alpha.apiVersion).toBe('nvidia.com/v1alpha1');
    expect(beta.apiVersion).toBe('nvidia.com/v1beta1');
    expect(comparable(alpha)).toEqual(comparable(beta));
  });
});

describe('conversion', () => {
  test('the agg model', () => {
    const m = fixtureModel('agg-v1alpha1.yaml');
    expect(m).toMatchObject({
      kind: 'DynamoGraphDeployment',
      name: 'vllm-agg',
      namespace: 'default',
      backendFramework: 'vllm',
    });
    expect(m.components.map((c) => [c.name, c.type])).toEqual([
      ['Frontend', 'frontend'],
      ['VllmDecodeWorker', 'worker'],
    ]);
    expect(m.components[1]).toEqual({
      name: 'VllmDecodeWorker',
      type: 'worker',
      replicas: 1,
      globalDynamoNamespace: false,
      labels: {},
      annotations: {},
      podLabels: {},
      podAnnotations: {},
      podSpec: {},
      mainContainer: {
        name: 'main',
        image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1',
        workingDir: '/workspace/examples/backends/vllm',
        command: ['python3', '-m', 'dynamo.vllm'],
        args: ['--model', 'Qwen/Qwen3-0.6B'],
      },
      env: [],
      resources: { limits: { 'nvidia.com/gpu': '1' } },
      volumeMounts: [],
      scalingAdapter: false,
    });
  });

  test('disagg workers: worker + subComponentType folds into the v1beta1 type', () => {
    const m = fixtureModel('disagg-v1alpha1.yaml');
    const decode = m.components[2];
    expect(decode).toMatchObject({
      type: 'decode',
      subComponentType: 'decode',
      scalingAdapter: true,
      sharedMemorySize: '16Gi',
    });
    expect(m.env).toEqual([{ name: 'DYN_LOG', value: 'info' }]);
    expect(m.components[0].env).toEqual([{ name: 'DYN_ROUTER_MODE', value: 'kv' }]);
    expect(m.components.map((c) => c.name)).toEqual(['Frontend', 'Planner', 'VllmDecodeWorker', 'VllmPrefillWorker']);
  });

  const alpha = (service: object, spec: object = {}) =>
    loadGraph({
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'g' },
      spec: { services: { Svc: service }, ...spec },
    });
  const beta = (component: object, spec: object = {}) =>
    loadGraph({
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'g' },
      spec: { components: [{ name: 'Svc', ...component }], ...spec },
    });

  test('v1alpha1 resources: gpuType names the GPU resource, custom as given, empty means unset, claims kept', () => {
    const c = alpha({
      resources: {
        requests: { cpu: '2', memory: '', gpu: '1', gpuType: 'amd.com/gpu' },
        limits: { gpu: 2, custom: { 'example.com/fpga': '1' } },
        claims: [{ name: 'gpu-claim' }],
      },
    }).model!.components[0];
    expect(c.resources).toEqual({
      requests: { cpu: '2', 'amd.com/gpu': '1' },
      limits: { 'nvidia.com/gpu': '2', 'example.com/fpga': '1' },
      claims: [{ name: 'gpu-claim' }],
    });
  });

  test('v1alpha1 mainContainer.env stays on the main container; envs become component env', () => {
    const c = alpha({
      envs: [{ name: 'A', value: '1' }],
      extraPodSpec: { mainContainer: { env: [{ name: 'B', value: '2' }] } },
    }).model!.components[0];
    expect(c.env).toEqual([{ name: 'A', value: '1' }]);
    expect(c.mainContainer).toEqual({ name: 'main', env: [{ name: 'B', value: '2' }] });
  });

  test('v1alpha1 sharedMemory, scalingAdapter, deprecated fields, probes, volume mounts', () => {
    const c = alpha({
      sharedMemory: { disabled: true },
      scalingAdapter: { enabled: false },
      dynamoNamespace: 'old',
      autoscaling: { enabled: true },
      livenessProbe: { httpGet: { path: '/x', port: 1 } },
      volumeMounts: [{ name: 'cache', useAsCompilationCache: true }],
    }).model!.components[0];
    expect(c).toMatchObject({
      sharedMemorySize: null,
      scalingAdapter: false,
      deprecatedDynamoNamespace: 'old',
      deprecatedAutoscaling: true,
      livenessProbe: { httpGet: { path: '/x', port: 1 } },
      volumeMounts: [{ name: 'cache', useAsCompilationCache: true }],
    });
  });

  test('v1alpha1 frontendSidecar, ingress, pvcs, topology', () => {
    const m = alpha(
      {
        frontendSidecar: { image: 'fe:1', args: ['--x'], envFromSecret: 's', envs: [{ name: 'A', value: '1' }] },
        ingress: { enabled: true, host: 'h', tls: { secretName: 't' } },
        topologyConstraint: { packDomain: 'rack' },
      },
      {
        pvcs: [{ name: 'p', create: true, size: '10Gi' }],
        topologyConstraint: { topologyProfile: 'prof', packDomain: 'zone' },
      },
    ).model!;
    expect(m.components[0]).toMatchObject({
      frontendSidecar: { image: 'fe:1', args: ['--x'], envFromSecret: 's', env: [{ name: 'A', value: '1' }] },
      ingress: { enabled: true, host: 'h', tlsSecretName: 't' },
      topologyConstraint: { packDomain: 'rack' },
    });
    expect(m.pvcs).toEqual([{ name: 'p', create: true, size: '10Gi' }]);
    expect(m.topologyConstraint).toEqual({ topologyProfile: 'prof', packDomain: 'zone' });
  });

  test('v1beta1 podTemplate: main container split into model fields, sidecars stay', () => {
    const c = beta({
      podTemplate: {
        metadata: { labels: { l: '1' }, annotations: { a: '2' } },
        spec: {
          nodeSelector: { pool: 'gpu' },
          containers: [
            { name: 'logger', image: 'log:1' },
            {
              name: 'main',
              image: 'img',
              env: [{ name: 'E', value: 'v' }],
              envFrom: [{ secretRef: { name: 's' } }],
              resources: { limits: { 'nvidia.com/gpu': '1' } },
              livenessProbe: { exec: { command: ['true'] } },
              readinessProbe: { exec: { command: ['true'] } },
            },
          ],
        },
      },
    }).model!.components[0];
    expect(c).toMatchObject({
      podLabels: { l: '1' },
      podAnnotations: { a: '2' },
      podSpec: { nodeSelector: { pool: 'gpu' }, containers: [{ name: 'logger', image: 'log:1' }] },
      mainContainer: { name: 'main', image: 'img', envFrom: [{ secretRef: { name: 's' } }] },
      env: [{ name: 'E', value: 'v' }],
      resources: { limits: { 'nvidia.com/gpu': '1' } },
      livenessProbe: { exec: { command: ['true'] } },
      readinessProbe: { exec: { command: ['true'] } },
    });
  });

  test('v1beta1 frontendSidecar names a container, which leaves podSpec', () => {
    const c = beta({
      frontendSidecar: 'fe',
      podTemplate: {
        spec: {
          containers: [
            { name: 'main', image: 'img' },
            {
              name: 'fe',
              image: 'fe:1',
              args: ['--x'],
              env: [{ name: 'A', value: '1' }],
              envFrom: [{ secretRef: { name: 's' } }],
            },
          ],
        },
      },
    }).model!.components[0];
    expect(c.frontendSidecar).toEqual({
      image: 'fe:1',
      args: ['--x'],
      envFromSecret: 's',
      env: [{ name: 'A', value: '1' }],
    });
    expect(c.podSpec).toEqual({});
  });

  test('v1beta1 frontendSidecar naming no container is a problem', () => {
    expect(beta({ frontendSidecar: 'fe' }).problems).toEqual([
      {
        path: 'spec.components[0].frontendSidecar',
        message: 'must name a container in podTemplate.spec.containers: no container named "fe"',
        severity: 'error',
      },
    ]);
  });

  test('v1beta1 frontendSidecar may not name the main container', () => {
    expect(
      beta({ frontendSidecar: 'main', podTemplate: { spec: { containers: [{ name: 'main', image: 'i' }] } } }).problems,
    ).toEqual([
      {
        path: 'spec.components[0].frontendSidecar',
        message: 'must name a sidecar container, not "main"',
        severity: 'error',
      },
    ]);
  });

  test('v1beta1 sharedMemorySize "0" disables, scalingAdapter {} enables, compilationCache is a cache mount', () => {
    const c = beta({
      sharedMemorySize: '0',
      scalingAdapter: {},
      compilationCache: { pvcName: 'cache', mountPath: '/cache' },
    }).model!.components[0];
    expect(c).toMatchObject({
      sharedMemorySize: null,
      scalingAdapter: true,
      volumeMounts: [{ name: 'cache', mountPoint: '/cache', useAsCompilationCache: true }],
    });
  });

  test('v1beta1 topology: clusterTopologyName is the model topologyProfile', () => {
    expect(
      beta({}, { topologyConstraint: { clusterTopologyName: 'c', packDomain: 'rack' } }).model!.topologyConstraint,
    ).toEqual({ topologyProfile: 'c', packDomain: 'rack' });
  });

  test('standalone DCDs are graphs of one component', () => {
    const a = loadGraph({
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoComponentDeployment',
      metadata: { name: 'dcd' },
      spec: { backendFramework: 'vllm', componentType: 'worker', serviceName: 'Worker' },
    }).model!;
    expect(a).toMatchObject({ kind: 'DynamoComponentDeployment', name: 'dcd', backendFramework: 'vllm' });
    expect(a.components.map((c) => c.name)).toEqual(['Worker']);
    const b = loadGraph({
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoComponentDeployment',
      metadata: { name: 'dcd' },
      spec: { type: 'worker' },
    }).model!;
    expect(b.components.map((c) => [c.name, c.type])).toEqual([['dcd', 'worker']]);
  });
});
