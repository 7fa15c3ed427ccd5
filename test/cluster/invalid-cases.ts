/**
 * Invalid graphs, one per rule that both our synth-time validation and the CRD (schema or
 * CEL) enforce: what the API server must say, and what `validateGraph` must say.
 */
const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1';
const pod = { spec: { containers: [{ name: 'main', image: IMAGE }] } };

export interface InvalidCase {
  rule: string;
  /** The v1beta1 DGD `spec.components` (or a whole spec via `spec`). */
  spec: Record<string, unknown>;
  /** A fragment of the API server's message. */
  server: RegExp;
  /** The HTTP status of the rejection: 422 Invalid, or 400 BadRequest for strict field validation. @default 422 */
  status?: number;
  /** Our problem: path and a fragment of the message. */
  ours: { path: string; message: RegExp; severity?: 'error' | 'warning' };
}

const frontend = { name: 'Frontend', type: 'frontend', replicas: 1, podTemplate: pod };
const worker = (extra: object = {}) => ({ name: 'Worker', type: 'worker', replicas: 1, podTemplate: pod, ...extra });
const epp = (name: string, extra: object = {}) => ({
  name,
  type: 'epp',
  replicas: 1,
  podTemplate: pod,
  eppConfig: { config: {} },
  ...extra,
});

export const INVALID_CASES: InvalidCase[] = [
  {
    rule: 'replicas must be >= 0',
    spec: { components: [frontend, worker({ replicas: -1 })] },
    server:
      /spec\.components\[1\]\.replicas: Invalid value: -1: spec\.components\[1\]\.replicas in body should be greater than or equal to 0/,
    ours: { path: 'spec.components[1].replicas', message: /must be non-negative/ },
  },
  {
    rule: 'multinode.nodeCount must be >= 2',
    spec: { components: [frontend, worker({ multinode: { nodeCount: 1 } })] },
    server: /spec\.components\[1\]\.multinode\.nodeCount in body should be greater than or equal to 2/,
    ours: { path: 'spec.components[1].multinode.nodeCount', message: /should be greater than or equal to 2/ },
  },
  {
    rule: 'component names unique case-insensitively',
    spec: { components: [frontend, { ...worker(), name: 'frontend' }] },
    server: /component names must be unique case-insensitively/,
    ours: { path: 'spec.components', message: /component names must be unique case-insensitively/ },
  },
  {
    rule: 'at most one epp',
    spec: { components: [frontend, epp('EppA'), epp('EppB'), worker()] },
    server: /at most one component may have type epp/,
    ours: { path: 'spec.components', message: /at most one component may have type epp/ },
  },
  {
    rule: 'eppConfig only on an epp',
    spec: { components: [frontend, worker({ eppConfig: { config: {} } })] },
    server: /eppConfig may only be set when type is epp/,
    ours: { path: 'spec.components[1].eppConfig', message: /eppConfig may only be set when type is epp/ },
  },
  {
    rule: 'exactly one of configMapRef or config',
    spec: {
      components: [
        frontend,
        epp('Epp', { eppConfig: { config: {}, configMapRef: { name: 'c', key: 'k' } } }),
        worker(),
      ],
    },
    server: /exactly one of configMapRef or config must be specified/,
    ours: { path: 'spec.components[1].eppConfig', message: /exactly one of configMapRef or config/ },
  },
  {
    rule: 'backendFramework enum',
    spec: { backendFramework: 'tgi', components: [frontend, worker()] },
    server: /spec\.backendFramework: Unsupported value: "tgi": supported values: "sglang", "vllm", "trtllm"/,
    ours: { path: 'spec.backendFramework', message: /unsupported backend framework "tgi"/ },
  },
  {
    rule: 'at most 25 components',
    spec: { components: [frontend, ...Array.from({ length: 25 }, (_, i) => worker({ name: `Worker${i}` }))] },
    server: /spec\.components: Too many: 26: must have at most 25 items/,
    ours: { path: 'spec.components', message: /Too many: 26: must have at most 25 items/ },
  },
  {
    rule: 'minAvailable <= replicas',
    spec: { components: [frontend, worker({ replicas: 2, minAvailable: 3 })] },
    server: /minAvailable must be less than or equal to replicas unless replicas is 0/,
    ours: {
      path: 'spec.components[1].minAvailable',
      message: /^minAvailable must be less than or equal to replicas unless replicas is 0$/,
    },
  },
  {
    rule: 'component type enum',
    spec: { components: [frontend, worker({ type: 'router' })] },
    server: /spec\.components\[1\]\.type: Unsupported value: "router"/,
    ours: { path: 'spec.components[1].type', message: /Unsupported value: "router"/ },
  },
  {
    rule: 'kvTransferPolicy: exactly one of labelKey or clusterTopologyName',
    spec: {
      components: [frontend, worker()],
      experimental: {
        kvTransferPolicy: { labelKey: 'topology.kubernetes.io/zone', clusterTopologyName: 't', domain: 'zone' },
      },
    },
    server: /exactly one of labelKey or clusterTopologyName is required/,
    ours: {
      path: 'spec.experimental.kvTransferPolicy',
      message: /^exactly one of labelKey or clusterTopologyName is required$/,
    },
  },
  {
    rule: 'checkpoint: job and checkpointRef exclusive',
    spec: {
      components: [
        frontend,
        worker({ experimental: { checkpoint: { enabled: true, checkpointRef: 'c', job: { podTemplate: pod } } } }),
      ],
    },
    server: /checkpoint\.job cannot be set when checkpointRef is specified/,
    ours: {
      path: 'spec.components[1].experimental.checkpoint',
      message: /^checkpoint\.job cannot be set when checkpointRef is specified$/,
    },
  },
  {
    rule: 'unknown field (strict field validation)',
    spec: { components: [frontend, worker({ replica: 2 })] },
    server: /unknown field "spec\.components\[1\]\.replica"/,
    status: 400,
    ours: { path: 'spec.components[1].replica', message: /^unknown field "replica"; did you mean "replicas"\?$/ },
  },
  {
    rule: 'field type (CRD schema)',
    spec: { components: [frontend, worker({ globalDynamoNamespace: 'yes' })] },
    server:
      /spec\.components\[1\]\.globalDynamoNamespace: Invalid value: "string": spec\.components\[1\]\.globalDynamoNamespace in body must be of type boolean/,
    ours: { path: 'spec.components[1].globalDynamoNamespace', message: /^must be a boolean$/ },
  },
  {
    // Upstream rejects this on create; we warn and render it as a restart annotation (deviations #11).
    rule: 'restart unset on create',
    spec: { restart: { id: 'r1' }, components: [frontend, worker()] },
    server: /spec\.restart must be unset on create/,
    ours: { path: 'spec.restart', message: /spec\.restart must be unset on create/, severity: 'warning' },
  },
];
