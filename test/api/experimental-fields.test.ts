/**
 * Nothing silent (issue 19): every experimental / Grove-pathway field is checked with upstream's
 * webhook and CEL messages, or refused / warned about with its field path when dynamo-iac does not
 * render it. Both input versions report at their own paths.
 */
import { loadGraph, Problem, resolveSettings, schemaProblems, validateGraph } from '../../src/api';
import { loadCheckpoint } from '../../src/kinds/checkpoint/load';
import { PlatformSettings } from '../../src/api/settings';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const ARGS = ['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B'];

/** Every problem a front end reports: loader, validator, CRD schema. */
function problemsOf(doc: object, settings: PlatformSettings = {}): Problem[] {
  const loaded = loadGraph(doc);
  const found = [...loaded.problems, ...(loaded.model ? validateGraph(loaded.model, resolveSettings(settings)) : [])];
  return [...found, ...schemaProblems(doc, found)].filter(notRolloutWarning);
}
// The worker-rollout warning of Grove and multinode graphs is worker-generation.test.ts's subject.
const notRolloutWarning = (p: Problem) => !p.message.startsWith('workerRollout ');
const err = (path: string, message: string): Problem => ({ path, message, severity: 'error' });
const warn = (path: string, message: string): Problem => ({ path, message, severity: 'warning' });
const paths = (ps: Problem[]) => ps.map((p) => `${p.severity} ${p.path}`);

const frontend = (over: object = {}) => ({
  name: 'Frontend',
  type: 'frontend',
  podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
  ...over,
});
const worker = (over: object = {}, limits: object = { 'nvidia.com/gpu': '1' }, sidecars: object[] = []) => ({
  name: 'Worker',
  type: 'worker',
  podTemplate: {
    spec: {
      containers: [
        { name: 'main', image: IMAGE, command: ['python3'], args: ARGS, resources: { limits } },
        ...sidecars,
      ],
    },
  },
  ...over,
});
const beta = (components: object[], spec: object = {}, annotations?: Record<string, string>) => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g', ...(annotations ? { annotations } : {}) },
  spec: { backendFramework: 'vllm', components, ...spec },
});
const alpha = (worker: object, spec: object = {}, annotations?: Record<string, string>) => ({
  apiVersion: 'nvidia.com/v1alpha1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g', ...(annotations ? { annotations } : {}) },
  spec: {
    backendFramework: 'vllm',
    services: {
      Worker: {
        componentType: 'worker',
        resources: { limits: { gpu: '1' } },
        extraPodSpec: { mainContainer: { image: IMAGE, command: ['python3'], args: ARGS } },
        ...worker,
      },
    },
    ...spec,
  },
});
const dcd = (spec: object) => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoComponentDeployment',
  metadata: { name: 'd' },
  spec: {
    backendFramework: 'vllm',
    type: 'worker',
    podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE, command: ['python3'], args: ARGS }] } },
    ...spec,
  },
});

describe('GPU Memory Service', () => {
  const gms = (g: object) => ({ experimental: { gpuMemoryService: g } });

  test('valid on a worker with a GPU', () => {
    expect(problemsOf(beta([worker(gms({}))]))).toEqual([]);
    expect(problemsOf(alpha({ gpuMemoryService: { enabled: true } }))).toEqual([]);
  });

  test("worker components only, and at least one GPU on main (upstream's messages, each version's paths)", () => {
    expect(problemsOf(beta([frontend(gms({})), worker(gms({}), { memory: '1Gi' })]))).toEqual([
      err(
        'spec.components[0].experimental.gpuMemoryService',
        'GPU memory service is only supported for worker, prefill, or decode components',
      ),
      err(
        'spec.components[0].experimental.gpuMemoryService',
        'GPU memory service requires podTemplate.spec.containers[main].resources.limits.nvidia.com/gpu >= 1',
      ),
      err(
        'spec.components[1].experimental.gpuMemoryService',
        'GPU memory service requires podTemplate.spec.containers[main].resources.limits.nvidia.com/gpu >= 1',
      ),
    ]);
    expect(problemsOf(alpha({ gpuMemoryService: { enabled: true }, resources: {} }))).toEqual([
      err('spec.services[Worker].gpuMemoryService', 'GPU memory service requires resources.limits.gpu >= 1'),
    ]);
  });

  test('extraClientContainers: each names a container of the pod, once', () => {
    const loader = { name: 'loader', image: 'l:1' };
    expect(problemsOf(beta([worker(gms({ extraClientContainers: ['loader'] }), undefined, [loader])]))).toEqual([]);
    expect(problemsOf(beta([worker(gms({ extraClientContainers: ['loader', 'nope'] }), undefined, [loader])]))).toEqual(
      [
        err(
          'spec.components[0].experimental.gpuMemoryService.extraClientContainers[1]',
          'Invalid value: "nope": does not name a container in podTemplate.spec.containers',
        ),
      ],
    );
    // The CRD makes the list a set, so a duplicate is also a schema problem at the same path.
    expect(
      problemsOf(beta([worker(gms({ extraClientContainers: ['loader', 'loader'] }), undefined, [loader])])),
    ).toContainEqual(
      err('spec.components[0].experimental.gpuMemoryService.extraClientContainers[1]', 'Duplicate value: "loader"'),
    );
  });

  test("InterPod is refused with the reason; the CRD's CEL rules are checked", () => {
    expect(problemsOf(beta([worker(gms({ mode: 'InterPod', extraClientContainers: ['main'] }))]))).toEqual([
      err(
        'spec.components[0].experimental.gpuMemoryService',
        'extraClientContainers is only supported with mode=IntraPod',
      ),
      err(
        'spec.components[0].experimental.gpuMemoryService.mode',
        expect.stringContaining('Unsupported value: "InterPod": dynamo-iac renders only the IntraPod layout') as never,
      ),
    ]);
    expect(problemsOf(beta([worker(gms({ extraClientPods: [{ name: 'p', podTemplate: {} }] }))]))).toEqual([
      err('spec.components[0].experimental.gpuMemoryService', 'extraClientPods is only supported with mode=InterPod'),
      err(
        'spec.components[0].experimental.gpuMemoryService',
        'extraClientPods is reserved for inter-pod GMS and is not implemented yet',
      ),
    ]);
  });

  test("GMS with a checkpoint: upstream's GMS + Snapshot gate is off", () => {
    expect(
      problemsOf(
        beta([worker({ experimental: { gpuMemoryService: {}, checkpoint: { enabled: true, checkpointRef: 'c' } } })]),
      ),
    ).toContainEqual(
      err(
        'spec.components[0].experimental.checkpoint',
        'GMS + Snapshot is temporarily disabled; disable gpuMemoryService or enable the internal GMS + Snapshot gate',
      ),
    );
  });
});

describe('failover', () => {
  const container = { 'nvidia.com/dynamo-kube-discovery-mode': 'container' };

  test('valid with GMS, vLLM and container discovery', () => {
    expect(problemsOf(beta([worker({ experimental: { gpuMemoryService: {}, failover: {} } })], {}, container))).toEqual(
      [],
    );
    expect(
      problemsOf(alpha({ gpuMemoryService: { enabled: true }, failover: { enabled: true } }, {}, container)),
    ).toEqual([]);
  });

  test('needs GMS with the same mode and the container discovery annotation', () => {
    expect(problemsOf(beta([worker({ experimental: { failover: {} } })]))).toEqual([
      err('spec.components[0].experimental.failover', 'gpuMemoryService is required when failover mode is "IntraPod"'),
      err(
        'metadata.annotations[nvidia.com/dynamo-kube-discovery-mode]',
        'must be "container" when intra-pod failover is configured',
      ),
    ]);
    expect(
      paths(
        problemsOf(
          beta([worker({ experimental: { gpuMemoryService: {}, failover: { mode: 'InterPod' } } })], {}, container),
        ),
      ),
    ).toEqual([
      'error spec.components[0].experimental.failover.mode',
      'error spec.components[0].experimental.failover.mode',
    ]);
    expect(problemsOf(alpha({ failover: { enabled: true } }, {}, container))).toEqual([
      err('spec.services[Worker].failover', 'gpuMemoryService is required when failover mode is "IntraPod"'),
    ]);
  });

  test('only vLLM engines have a shadow mode', () => {
    const sglang = worker({ experimental: { gpuMemoryService: {}, failover: {} } });
    (sglang.podTemplate.spec.containers[0] as any).args = ['-m', 'dynamo.sglang', '--model-path', 'm'];
    expect(problemsOf(beta([sglang], { backendFramework: 'sglang' }, container))).toEqual([
      err(
        'spec.components[0].experimental.failover',
        'failover is currently supported only for vLLM (detected: sglang)',
      ),
    ]);
  });
});

describe('kvTransferPolicy', () => {
  const policy = (p: object) => beta([worker()], { experimental: { kvTransferPolicy: { domain: 'zone', ...p } } });
  test('labelKey renders without a problem (the runtime operator copies the node label onto the pods)', () => {
    expect(problemsOf(policy({ labelKey: 'topology.kubernetes.io/zone' }))).toEqual([]);
  });

  test("the CRD's CEL rules on preferredWeight, at synth time", () => {
    expect(problemsOf(policy({ labelKey: 'topology.kubernetes.io/zone', enforcement: 'preferred' }))).toEqual([
      err('spec.experimental.kvTransferPolicy', 'preferredWeight is required when enforcement is preferred'),
    ]);
    expect(problemsOf(policy({ labelKey: 'topology.kubernetes.io/zone', preferredWeight: 0.5 }))).toEqual([
      err('spec.experimental.kvTransferPolicy', 'preferredWeight may only be set when enforcement is preferred'),
    ]);
    expect(
      problemsOf(policy({ labelKey: 'topology.kubernetes.io/zone', enforcement: 'preferred', preferredWeight: 1.5 })),
    ).toContainEqual(err('spec.experimental.kvTransferPolicy.preferredWeight', 'should be less than or equal to 1'));
  });

  test('labelKey is a label key; its prefix is at most 253 characters', () => {
    expect(paths(problemsOf(policy({ labelKey: 'not a key' })))).toContain(
      'error spec.experimental.kvTransferPolicy.labelKey',
    );
    expect(problemsOf(policy({ labelKey: `${'a'.repeat(254)}/zone` }))).toContainEqual(
      err('spec.experimental.kvTransferPolicy.labelKey', 'labelKey prefix must be 253 characters or less'),
    );
  });

  test('clusterTopologyName: Grove pathway only, and not rendered (its domains live in the cluster)', () => {
    expect(problemsOf(policy({ clusterTopologyName: 't' }))).toEqual([
      err(
        'spec.experimental.kvTransferPolicy.clusterTopologyName',
        'requires the Grove pathway, but Grove is disabled in the operator configuration (platform settings: groveAvailable is not true)',
      ),
    ]);
    expect(problemsOf(policy({ clusterTopologyName: 't' }), { groveAvailable: true })).toEqual([
      err(
        'spec.experimental.kvTransferPolicy.clusterTopologyName',
        expect.stringContaining('is not rendered by dynamo-iac') as never,
      ),
    ]);
  });
});

describe('Grove-pathway fields off Grove', () => {
  test("priorityClassName and minAvailable are refused with upstream's grove-pathway messages", () => {
    const doc = beta([worker({ minAvailable: 1 })], { priorityClassName: 'high' });
    expect(problemsOf(doc)).toEqual([
      err(
        'spec.priorityClassName',
        'requires the Grove pathway, but Grove is disabled in the operator configuration (platform settings: groveAvailable is not true)',
      ),
      err(
        'spec.components[0].minAvailable',
        'is currently supported only for Grove-backed DynamoGraphDeployment components',
      ),
    ]);
    expect(problemsOf(doc, { groveAvailable: true })).toEqual([]);
    const optedOut = { ...doc, metadata: { name: 'g', annotations: { 'nvidia.com/enable-grove': 'false' } } };
    expect(problemsOf(optedOut, { groveAvailable: true })).toContainEqual(
      err(
        'spec.priorityClassName',
        'requires the Grove pathway; remove or unset annotation "nvidia.com/enable-grove" (currently "false")',
      ),
    );
    expect(problemsOf(dcd({ minAvailable: 1 }))).toContainEqual(
      err('spec.minAvailable', 'is currently supported only for Grove-backed DynamoGraphDeployment components'),
    );
  });

  test("topologyConstraint is ignored with a warning, as upstream's component path ignores it", () => {
    const doc = beta([worker({ topologyConstraint: { packDomain: 'rack' } })], {
      topologyConstraint: { clusterTopologyName: 't', packDomain: 'zone' },
    });
    expect(paths(problemsOf(doc))).toEqual([
      'warning spec.topologyConstraint',
      'warning spec.components[0].topologyConstraint',
    ]);
    expect(problemsOf(doc, { groveAvailable: true })).toEqual([]);
    expect(
      paths(
        problemsOf(
          alpha({ topologyConstraint: { packDomain: 'rack' } }, { topologyConstraint: { topologyProfile: 't' } }),
        ),
      ),
    ).toEqual(['warning spec.topologyConstraint', 'warning spec.services[Worker].topologyConstraint']);
  });
});

describe('fields dynamo-iac does not render: refused with the reason', () => {
  test('providerOverride (graph, component, standalone DCD) and componentGroups', () => {
    const grove = { groveAvailable: true };
    const override = { apiVersion: 'grove.io/v1alpha1', target: 'PodCliqueSet', value: {} };
    const doc = beta([worker({ providerOverride: override })], {
      providerOverride: override,
      experimental: { componentGroups: [{ name: 'grp', replicas: 1, components: [{ name: 'Worker' }] }] },
    });
    expect(paths(problemsOf(doc, grove))).toEqual([
      'error spec.providerOverride',
      'error spec.experimental.componentGroups',
      'error spec.components[0].providerOverride',
    ]);
    expect(problemsOf(doc, grove)[0].message).toMatch(/^is not rendered by dynamo-iac/);
    expect(problemsOf(doc)[0].message).toMatch(/^requires the Grove pathway/);
    expect(problemsOf(dcd({ providerOverride: override }))).toEqual([
      err(
        'spec.providerOverride',
        'provider overrides are supported only for components embedded in a DynamoGraphDeployment',
      ),
    ]);
    expect(paths(problemsOf(alpha({ providerOverride: override }, {}), grove))).toEqual([
      'error spec.services[Worker].providerOverride',
    ]);
  });

  test('dynamoSidecar', () => {
    expect(problemsOf(beta([worker({ dynamoSidecar: 'runtime' })]))).toEqual([
      err('spec.components[0].dynamoSidecar', expect.stringContaining('is not rendered by dynamo-iac') as never),
    ]);
  });

  test("roles: upstream's rules; restating the implicit roles is fine; role pod templates are refused", () => {
    const multinode = (roles: object[]) => beta([worker({ multinode: { nodeCount: 3 }, roles })], {}, undefined);
    const lws = { lwsAvailable: true };
    expect(
      problemsOf(
        multinode([
          { name: 'leader', replicas: 1 },
          { name: 'worker', replicas: 2 },
        ]),
        lws,
      ),
    ).toEqual([]);
    expect(problemsOf(multinode([{ name: 'leader', replicas: 2 }, { name: 'boss' }]), lws)).toEqual([
      err('spec.components[0].roles[0].replicas', 'Invalid value: 2: must equal 1 for multinode role "leader"'),
      err('spec.components[0].roles[1].name', 'Unsupported value: "boss": supported values: "leader", "worker"'),
      err('spec.components[0].roles', 'Required value: must contain the "worker" role'),
    ]);
    expect(
      paths(problemsOf(multinode([{ name: 'leader', podTemplate: { spec: {} } }, { name: 'worker' }]), lws)),
    ).toEqual(['error spec.components[0].roles[0].podTemplate']);
    expect(problemsOf(beta([worker({ roles: [{ name: 'leader' }] })]))).toEqual([
      err(
        'spec.components[0].roles',
        'roles are supported only for component shapes that define a role schema; this release supports multinode and LPX components',
      ),
    ]);
  });
});

describe('accepted with a warning', () => {
  test('runtimeVersionOverride is not used', () => {
    expect(problemsOf(beta([worker({ runtimeVersionOverride: '1.3.0' })]))).toEqual([
      warn('spec.components[0].runtimeVersionOverride', expect.stringContaining('is not used') as never),
    ]);
  });

  test('checkpoint policies next to a checkpointRef', () => {
    // A DynamoCheckpoint reference: Dynamo 1.6 (in 1.7 checkpointRef names a PodSnapshot).
    const problems16 = (doc: object) => problemsOf(doc, { dynamoVersion: '1.6' });
    const cp = (c: object) =>
      beta([worker({ experimental: { checkpoint: { enabled: true, checkpointRef: 'c', ...c } } })]);
    expect(problems16(cp({ startupPolicy: 'Immediate' }))).toEqual([]);
    expect(problems16(cp({ startupPolicy: 'WaitForCheckpoint' }))).toEqual([
      err(
        'spec.components[0].experimental.checkpoint.startupPolicy',
        expect.stringContaining('Unsupported value: "WaitForCheckpoint"') as never,
      ),
    ]);
    expect(paths(problems16(cp({ deletionPolicy: 'Retain', mode: 'Manual' })))).toEqual([
      'warning spec.components[0].experimental.checkpoint.deletionPolicy',
      'warning spec.components[0].experimental.checkpoint.mode',
    ]);
    expect(paths(problems16(alpha({ checkpoint: { enabled: true, checkpointRef: 'c', mode: 'Manual' } })))).toEqual([
      'warning spec.services[Worker].checkpoint.mode',
    ]);
  });
});

test("DynamoCheckpoint gpuMemoryService: upstream's GMS + Snapshot gate is off", () => {
  const doc = (gms: object) => ({
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoCheckpoint',
    metadata: { name: 'c' },
    spec: {
      identity: { model: 'm', backendFramework: 'vllm' },
      gpuMemoryService: gms,
      job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: IMAGE }] } } },
    },
  });
  expect(loadCheckpoint(doc({ enabled: true })).problems).toEqual([
    err(
      'spec.gpuMemoryService',
      'Forbidden: GMS + Snapshot is temporarily disabled; disable gpuMemoryService or enable the internal GMS + Snapshot gate',
    ),
  ]);
  expect(loadCheckpoint(doc({ enabled: false })).problems).toEqual([]);
});
