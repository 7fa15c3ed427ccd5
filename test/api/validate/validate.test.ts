import { loadGraph, Problem, resolveSettings, validateGraph } from '../../../src/api';
import { PlatformSettings } from '../../../src/api/settings';
import { SEQUENTIAL_RESTART_WARNING } from '../../../src/api/validate/validate-restart';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const main = (over: object = {}) => ({ image: IMAGE, ...over });

/** Loader and validator problems together, as every front end reports them. */
function problemsOf(doc: object, settings: PlatformSettings = {}): Problem[] {
  const loaded = loadGraph(doc);
  return [...loaded.problems, ...(loaded.model ? validateGraph(loaded.model, resolveSettings(settings)) : [])];
}

const alpha = (services: Record<string, object>, spec: object = {}, metadata: object = {}) => ({
  apiVersion: 'nvidia.com/v1alpha1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g', ...metadata },
  spec: { services, ...spec },
});
const svc = (over: object = {}) => ({ componentType: 'frontend', extraPodSpec: { mainContainer: main() }, ...over });
const beta = (components: object[], spec: object = {}, metadata: object = {}) => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g', ...metadata },
  spec: { components, ...spec },
});
const comp = (over: object = {}) => ({
  name: 'Frontend',
  type: 'frontend',
  podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
  ...over,
});

const err = (path: string, message: string): Problem => ({ path, message, severity: 'error' });
const warn = (path: string, message: string): Problem => ({ path, message, severity: 'warning' });

describe('component list', () => {
  test('at least one', () => {
    expect(problemsOf(alpha({}))).toEqual([err('spec.services', 'must have at least one service')]);
    expect(problemsOf(beta([]))).toEqual([err('spec.components', 'must have at least one component')]);
  });

  test('at most 25', () => {
    const many = Array.from({ length: 26 }, (_, i) => comp({ name: `c${i}` }));
    expect(problemsOf(beta(many))).toEqual([err('spec.components', 'Too many: 26: must have at most 25 items')]);
  });

  test('names unique case-insensitively', () => {
    expect(problemsOf(beta([comp({ name: 'Fe' }), comp({ name: 'w' }), comp({ name: 'fe' })]))).toContainEqual(
      err('spec.components', 'component names must be unique case-insensitively: "Fe" and "fe"'),
    );
    expect(problemsOf(alpha({ Fe: svc(), fe: svc(), W: svc(), w: svc() }))).toContainEqual(
      err('spec.services', 'service names must be unique case-insensitively: "Fe" and "fe"; "W" and "w"'),
    );
  });

  test('v1beta1 name pattern and length', () => {
    expect(problemsOf(beta([comp({ name: 'bad_name' })]))).toEqual([
      err(
        'spec.components[0].name',
        'invalid value "bad_name": should match \'^[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?$\'',
      ),
      err(
        'spec.components[0]',
        "Service name \"g-bad_name\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      ),
    ]);
    expect(problemsOf(beta([comp({ name: 'a'.repeat(64) })]))).toContainEqual(
      err('spec.components[0].name', 'may not be more than 63 characters'),
    );
    expect(problemsOf(beta([comp({ name: '' })]))).toContainEqual(err('spec.components[0].name', 'Required value'));
  });

  test('at most one epp', () => {
    const epp = (name: string) => comp({ name, type: 'epp', eppConfig: { config: {} } });
    expect(problemsOf(beta([epp('a'), epp('b')]))).toEqual([
      err('spec.components', 'at most one component may have type epp'),
    ]);
  });
});

test('component type is one of the CRD enum values, in both versions', () => {
  expect(problemsOf(beta([comp(), comp({ name: 'Router', type: 'router' })]))).toContainEqual(
    err(
      'spec.components[1].type',
      'Unsupported value: "router": supported values: "frontend", "worker", "prefill", "decode", "planner", "epp"',
    ),
  );
  expect(problemsOf(beta([comp({ name: 'Router', type: undefined })])).filter((p) => p.path.endsWith('.type'))).toEqual(
    [],
  );
  // One rule for both versions: v1alpha1's free strings are checked against the same enum.
  const types = '"frontend", "worker", "prefill", "decode", "planner", "epp"';
  expect(problemsOf(alpha({ Frontend: svc(), Router: svc({ componentType: 'router' }) }))).toContainEqual(
    err('spec.services[Router].componentType', `Unsupported value: "router": supported values: ${types}`),
  );
  expect(problemsOf(alpha({ Frontend: svc(), W: svc({ componentType: 'Worker' }) }))).toContainEqual(
    err('spec.services[W].componentType', `Unsupported value: "Worker": supported values: ${types}`),
  );
});

// v1alpha1's CRD has no enum and upstream's type doc names the 0.x `main`; v1beta1's enum has no `main`.
test('v1alpha1 componentType main is accepted with a warning and renders with the default rules; v1beta1 type main is not', () => {
  const problems = problemsOf(alpha({ Frontend: svc(), Main: svc({ componentType: 'main' }) }));
  expect(problems.map((p) => [p.path, p.severity])).toEqual([['spec.services[Main].componentType', 'warning']]);
  expect(problems[0].message).toMatch(/^"main" is a legacy \(0\.x\) component type: it renders with the default rules/);
  expect(problemsOf(beta([comp(), comp({ name: 'Main', type: 'main' })]))).toContainEqual(
    err(
      'spec.components[1].type',
      'Unsupported value: "main": supported values: "frontend", "worker", "prefill", "decode", "planner", "epp"',
    ),
  );
});

// reference/dynamo-1.7.md §5.1: DGD admission requires runtimeVersionOverride when the main image
// tag states no semantic version; DCDs are exempt (upstream's controller generates them).
describe('runtimeVersionOverride is required when the main image tag is not a semantic version', () => {
  const required = (path: string, image: string) =>
    err(
      path,
      `Required value: is required when the specified main container image has no parseable semantic-version tag ("${image}"): set the image's Dynamo runtime version as MAJOR.MINOR.PATCH, e.g. "1.0.0"`,
    );
  const withImage = (image: string, over: object = {}) =>
    comp({ podTemplate: { spec: { containers: [{ name: 'main', image }] } }, ...over });

  test.each([
    'repo/vllm-runtime:my-tag',
    'repo/vllm-runtime:latest',
    'repo/vllm-runtime',
    'repo/img@sha256:' + 'a'.repeat(64),
    'repo/img:1.6',
  ])('v1beta1 DGD, %s: refused at the component', (image) => {
    expect(problemsOf(beta([withImage(image)]))).toEqual([
      required('spec.components[0].runtimeVersionOverride', image),
    ]);
  });

  test('v1alpha1 DGD: refused at the service; its own runtimeVersionOverride satisfies the rule', () => {
    const image = 'repo/img:my-tag';
    expect(problemsOf(alpha({ Frontend: svc({ extraPodSpec: { mainContainer: main({ image }) } }) }))).toEqual([
      required('spec.services[Frontend].runtimeVersionOverride', image),
    ]);
    const set = problemsOf(
      alpha({ Frontend: svc({ extraPodSpec: { mainContainer: main({ image }) }, runtimeVersionOverride: '1.0.0' }) }),
    );
    expect(set.map((p) => [p.path, p.severity])).toEqual([
      ['spec.services[Frontend].runtimeVersionOverride', 'warning'],
    ]);
  });

  test('a semantic-version tag needs no override; registry ports and digests after the tag do not confuse it', () => {
    for (const image of [
      'repo/img:1.4.0',
      'repo/img:1.3.0-efa',
      'registry:5000/img:v1.2.3',
      `repo/img:1.0.0@sha256:${'b'.repeat(64)}`,
    ])
      expect(problemsOf(beta([withImage(image)]))).toEqual([]);
  });

  test('with the override the image may have any tag (a warning says the override is unused here)', () => {
    const p = problemsOf(beta([withImage('repo/img:latest', { runtimeVersionOverride: '1.0.0' })]));
    expect(p.map((x) => [x.path, x.severity])).toEqual([['spec.components[0].runtimeVersionOverride', 'warning']]);
  });

  test('a DynamoComponentDeployment is exempt', () => {
    const dcd = {
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoComponentDeployment',
      metadata: { name: 'd' },
      spec: { type: 'frontend', podTemplate: { spec: { containers: [{ name: 'main', image: 'repo/img:latest' }] } } },
    };
    expect(problemsOf(dcd).filter((p) => p.severity === 'error')).toEqual([]);
  });
});

test('v1alpha1 subComponentType is a disaggregated role', () => {
  const worker = (subComponentType: string) => svc({ componentType: 'worker', subComponentType });
  expect(problemsOf(alpha({ Frontend: svc(), P: worker('prefil') }))).toContainEqual(
    err('spec.services[P].subComponentType', 'Unsupported value: "prefil": supported values: "prefill", "decode"'),
  );
  expect(problemsOf(alpha({ Frontend: svc(), P: worker('prefill'), D: worker('decode') }))).toEqual([]);
});

describe('replicas left to a scaling adapter', () => {
  const note = (n: number) =>
    `is left to the scaling adapter (scalingAdapter is set): the rendered workload carries no replicas; the runtime operator sets them from the DynamoGraphDeploymentScalingAdapter, which starts at ${n}`;

  test('a warning at replicas, in both versions', () => {
    expect(problemsOf(beta([comp({ replicas: 2, scalingAdapter: {} })]))).toEqual([
      warn('spec.components[0].replicas', note(2)),
    ]);
    expect(problemsOf(alpha({ Frontend: svc({ replicas: 3, scalingAdapter: { enabled: true } }) }))).toEqual([
      warn('spec.services[Frontend].replicas', note(3)),
    ]);
  });

  test("none for a graph a request's plan generated (its replicas are the plan's)", () => {
    const generated = beta(
      [comp({ replicas: 2, scalingAdapter: {} })],
      {},
      { labels: { 'dgdr.nvidia.com/name': 'q' } },
    );
    expect(problemsOf(generated)).toEqual([]);
  });

  test('none without replicas, or without an adapter', () => {
    expect(problemsOf(beta([comp({ scalingAdapter: {} })]))).toEqual([]);
    expect(problemsOf(beta([comp({ replicas: 2 })]))).toEqual([]);
    expect(problemsOf(alpha({ Frontend: svc({ replicas: 2, scalingAdapter: { enabled: false } }) }))).toEqual([]);
  });
});

describe('a name that says a type, without the type', () => {
  const hint = (name: string, type: string, fix: string) =>
    `not set, but the name "${name}" suggests a ${type}: without a type the component renders with the default rules (no ${type} ports, probes or env); set ${fix}`;

  test('is a warning at the type field, naming the type to set', () => {
    expect(
      problemsOf(
        beta([
          comp({ type: undefined }),
          comp({ name: 'VllmPrefillWorker', type: undefined }),
          comp({ name: 'planner', type: undefined }),
        ]),
      ),
    ).toEqual([
      warn('spec.components[0].type', hint('Frontend', 'frontend', 'type: frontend')),
      warn('spec.components[1].type', hint('VllmPrefillWorker', 'prefill', 'type: prefill')),
      warn('spec.components[2].type', hint('planner', 'planner', 'type: planner')),
    ]);
  });

  test('v1alpha1 says componentType, and a disaggregated role is a worker with a subComponentType', () => {
    expect(
      problemsOf(
        alpha({
          Frontend: svc({ componentType: undefined }),
          DecodeWorker: svc({ componentType: undefined }),
          SglWorker: svc({ componentType: undefined }),
        }),
      ),
    ).toEqual([
      warn('spec.services[Frontend].componentType', hint('Frontend', 'frontend', 'componentType: frontend')),
      warn(
        'spec.services[DecodeWorker].componentType',
        hint('DecodeWorker', 'decode', 'componentType: worker and subComponentType: decode'),
      ),
      warn('spec.services[SglWorker].componentType', hint('SglWorker', 'worker', 'componentType: worker')),
    ]);
  });

  test('no warning with a type (even one that does not match the name) or for other names', () => {
    expect(problemsOf(beta([comp({ type: 'worker' }), comp({ name: 'router', type: undefined })]))).toEqual([]);
    expect(problemsOf(alpha({ Frontend: svc({ componentType: 'planner' }) }))).toEqual([]);
  });
});

describe('shared-spec rules', () => {
  test.each([
    [{ replicas: -1 }, 'spec.services[Fe].replicas', 'must be non-negative'],
    [{ multinode: { nodeCount: 1 } }, 'spec.services[Fe].multinode.nodeCount', 'should be greater than or equal to 2'],
    [{ ingress: { enabled: true } }, 'spec.services[Fe].ingress.host', 'is required when ingress is enabled'],
    [
      { volumeMounts: [{ name: 'p' }] },
      'spec.services[Fe].volumeMounts[0].mountPoint',
      'is required when useAsCompilationCache is false',
    ],
    [
      { sharedMemory: { disabled: false } },
      'spec.services[Fe].sharedMemory.size',
      'is required when disabled is false',
    ],
    [{ sharedMemory: { size: '0' } }, 'spec.services[Fe].sharedMemory.size', 'is required when disabled is false'],
    [{ sharedMemory: { size: '-1Gi' } }, 'spec.services[Fe].sharedMemory.size', 'must be non-negative'],
    [
      { annotations: { 'nvidia.com/vllm-distributed-executor-backend': 'x' } },
      'spec.services[Fe].annotations[nvidia.com/vllm-distributed-executor-backend]',
      'annotation nvidia.com/vllm-distributed-executor-backend has invalid value "x": must be "mp" or "ray"',
    ],
    [
      { extraPodMetadata: { annotations: { 'nvidia.com/vllm-distributed-executor-backend': 'gloo' } } },
      'spec.services[Fe].extraPodMetadata.annotations',
      'Invalid value: "gloo": podTemplate backend annotation must be mp or ray, case-insensitively',
    ],
    [{ frontendSidecar: {} }, 'spec.services[Fe].frontendSidecar.image', 'Required value'],
    [
      {
        frontendSidecar: { image: 'f' },
        extraPodSpec: { mainContainer: main(), containers: [{ name: 'sidecar-frontend', image: 'x' }] },
      },
      'spec.services[Fe].extraPodSpec.containers',
      'cannot inject frontend sidecar: a container named "sidecar-frontend" already exists in extraPodSpec.containers',
    ],
    [{ eppConfig: { config: {} } }, 'spec.services[Fe].eppConfig', 'eppConfig may only be set when type is epp'],
    [
      { extraPodSpec: {} },
      'spec.services[Fe].extraPodSpec.mainContainer.image',
      'Required value: the main container needs an image',
    ],
    [
      { extraPodSpec: { mainContainer: main(), containers: [{ name: 'log' }] } },
      'spec.services[Fe].extraPodSpec.containers[0].image',
      'Required value',
    ],
  ])('v1alpha1 %j', (over, path, message) => {
    expect(problemsOf(alpha({ Fe: svc(over) }))).toEqual([err(path, message)]);
  });

  test('deprecation warnings', () => {
    expect(
      problemsOf(
        alpha({ Fe: svc({ dynamoNamespace: 'old', autoscaling: { enabled: true } }) }, {}, { namespace: 'ml' }),
      ),
    ).toEqual([
      warn(
        'spec.services[Fe].dynamoNamespace',
        "is deprecated and ignored. Value 'old' will be replaced with 'ml-g'. Remove this field from your configuration",
      ),
      warn(
        'spec.services[Fe].autoscaling',
        'is deprecated and ignored. Use DynamoGraphDeploymentScalingAdapter with HPA, KEDA, or Planner for autoscaling instead. See docs/kubernetes/autoscaling.md',
      ),
    ]);
  });

  test('compilation cache needs a mount point unless the backend is vllm', () => {
    const worker = (args: string[]) =>
      comp({
        name: 'W',
        type: 'worker',
        compilationCache: { pvcName: 'cache' },
        podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE, command: ['python3', '-m'], args }] } },
      });
    expect(problemsOf(beta([worker(['dynamo.vllm'])]))).toEqual([]);
    expect(problemsOf(beta([worker(['dynamo.sglang'])]))).toEqual([
      err(
        'spec.components[0].compilationCache.mountPath',
        'is required for a compilation cache when the backend is sglang: only vllm has a default cache path',
      ),
    ]);
  });

  test('v1beta1 paths: main container, sidecar container, sharedMemorySize, resources', () => {
    expect(
      problemsOf(
        beta([
          comp({
            sharedMemorySize: 'lots',
            frontendSidecar: 'fe',
            podTemplate: {
              spec: {
                containers: [
                  { name: 'fe', env: [{ name: 'BAD=1', value: 'x' }] },
                  { name: 'main', image: IMAGE, resources: { limits: { 'nvidia.com/gpu': 'one' } } },
                ],
              },
            },
          }),
        ]),
      ),
    ).toEqual([
      err('spec.components[0].podTemplate.spec.containers[0].image', 'Required value'),
      err(
        'spec.components[0].podTemplate.spec.containers[1].resources.limits[nvidia.com/gpu]',
        'invalid quantity "one": quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'',
      ),
      err(
        'spec.components[0].sharedMemorySize',
        'invalid quantity "lots": quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'',
      ),
      err(
        'spec.components[0].podTemplate.spec.containers[0].env[0].name',
        'invalid value "BAD=1": a valid environment variable name must consist only of printable ASCII characters other than \'=\'',
      ),
    ]);
  });

  test('v1beta1 without a main container', () => {
    expect(problemsOf(beta([comp({ podTemplate: {} })]))).toEqual([
      err('spec.components[0].podTemplate.spec.containers', 'must contain a container named "main" with an image'),
    ]);
  });
});

describe('EPP', () => {
  const epp = (over: object) => svc({ componentType: 'epp', ...over });
  test.each([
    [
      { eppConfig: { config: {} }, replicas: 2 },
      'spec.services[E].replicas',
      'EPP component must have exactly 1 replica (found 2 replicas)',
    ],
    [
      { eppConfig: { config: {} }, multinode: { nodeCount: 2 } },
      'spec.services[E].multinode',
      'EPP component cannot be multinode',
    ],
    [{}, 'spec.services[E].eppConfig', 'is required for EPP components'],
    [
      { eppConfig: {} },
      'spec.services[E].eppConfig',
      'either configMapRef or config must be specified (no default configuration provided)',
    ],
    [
      { eppConfig: { config: {}, configMapRef: { name: 'c' } } },
      'spec.services[E].eppConfig',
      'configMapRef and config are mutually exclusive, only one can be specified',
    ],
    [{ eppConfig: { configMapRef: { name: '' } } }, 'spec.services[E].eppConfig.configMapRef.name', 'is required'],
  ])('v1alpha1 %j', (over, path, message) => {
    expect(problemsOf(alpha({ E: epp(over) }))).toEqual([err(path, message)]);
  });

  test('v1beta1 CEL message for configMapRef/config', () => {
    expect(problemsOf(beta([comp({ name: 'E', type: 'epp', eppConfig: {} })]))).toEqual([
      err('spec.components[0].eppConfig', 'exactly one of configMapRef or config must be specified'),
    ]);
  });
});

describe('graph rules', () => {
  test('pvcs', () => {
    expect(problemsOf(alpha({ Fe: svc() }, { pvcs: [{ create: false }, { name: 'p', create: true }] }))).toEqual([
      err('spec.pvcs[0].name', 'is required'),
      err('spec.pvcs[1].storageClass', 'is required when create is true'),
      err('spec.pvcs[1].size', 'is required when create is true'),
      err('spec.pvcs[1].volumeAccessMode', 'is required when create is true'),
    ]);
  });

  test.each([
    ['nvidia.com/dynamo-operator-origin-version', '1.x', 'must be valid semver'],
    ['nvidia.com/vllm-distributed-executor-backend', 'gloo', 'must be "mp" or "ray"'],
    ['nvidia.com/dynamo-kube-discovery-mode', 'node', 'must be "pod" or "container"'],
  ])('annotation %s', (key, value, expected) => {
    expect(problemsOf(alpha({ Fe: svc() }, {}, { annotations: { [key]: value } }))).toEqual([
      err(`metadata.annotations[${key}]`, `annotation ${key} has invalid value "${value}": ${expected}`),
    ]);
  });

  test('valid annotations pass', () => {
    expect(
      problemsOf(
        alpha(
          { Fe: svc() },
          {},
          {
            annotations: {
              'nvidia.com/dynamo-operator-origin-version': '0.6.1',
              'nvidia.com/vllm-distributed-executor-backend': 'Ray',
              'nvidia.com/dynamo-kube-discovery-mode': 'pod',
            },
          },
        ),
      ),
    ).toEqual([]);
  });

  test('backend framework enum and mismatch', () => {
    const worker = (cmd: string[]) =>
      svc({ componentType: 'worker', extraPodSpec: { mainContainer: main({ command: cmd }) } });
    expect(problemsOf(alpha({ W: worker([]) }, { backendFramework: 'tgi' }))).toEqual([
      err('spec.backendFramework', 'unsupported backend framework "tgi": must be one of vllm, sglang, trtllm'),
    ]);
    expect(problemsOf(alpha({ W: worker(['python3', '-m', 'dynamo.sglang']) }, { backendFramework: 'vllm' }))).toEqual([
      err(
        'spec.services[W].extraPodSpec.mainContainer',
        'backend framework mismatch: command and args run sglang but spec.backendFramework is vllm',
      ),
    ]);
    expect(
      problemsOf(alpha({ W: worker(['sh', '-c', 'python3 -m dynamo.vllm && python3.11 -m dynamo.trtllm']) })),
    ).toEqual([
      err(
        'spec.services[W].extraPodSpec.mainContainer',
        'multiple backend frameworks detected from command and args: vllm, trtllm',
      ),
    ]);
  });

  test('restart', () => {
    const services = { A: svc(), B: svc() };
    const restart = (r: object) => problemsOf(alpha(services, { restart: r }));
    const onCreate = warn(
      'spec.restart',
      'spec.restart must be unset on create; set spec.restart.id after creation to request a restart',
    );
    const sequential = warn('spec.restart', SEQUENTIAL_RESTART_WARNING);
    expect(restart({ id: '1' })).toEqual([onCreate, sequential]);
    expect(restart({ id: '1', strategy: { type: 'Parallel' } })).toEqual([onCreate]);
    expect(restart({ id: '1', strategy: { type: 'Sequential' } })).toEqual([
      onCreate,
      warn('spec.restart.strategy.type', SEQUENTIAL_RESTART_WARNING),
    ]);
    expect(restart({})).toEqual([onCreate, err('spec.restart.id', 'is required')]);
    expect(restart({ id: '1', strategy: { type: 'Parallel', order: ['A', 'B'] } })).toEqual([
      onCreate,
      err('spec.restart.strategy.order', 'cannot be specified when strategy is parallel'),
    ]);
    expect(restart({ id: '1', strategy: { order: ['A', 'A', 'C'] } })).toEqual([
      onCreate,
      sequential,
      err('spec.restart.strategy.order', 'must be unique'),
      err('spec.restart.strategy.order', 'contains unknown service: C'),
    ]);
    expect(restart({ id: '1', strategy: { order: ['A'] } })).toEqual([
      onCreate,
      sequential,
      err('spec.restart.strategy.order', 'must have the same number of unique services as the deployment'),
    ]);
    expect(restart({ id: '1', strategy: { type: 'Random' } })).toEqual([
      onCreate,
      err('spec.restart.strategy.type', 'Unsupported value: "Random": supported values: "Sequential", "Parallel"'),
    ]);
  });

  test('topology', () => {
    const grove = { groveAvailable: true };
    expect(problemsOf(alpha({ A: svc({ topologyConstraint: { packDomain: 'Rack' } }) }), grove)).toEqual([
      err(
        'spec.topologyConstraint',
        'with topologyProfile is required when any topology constraint is set (at spec or service level)',
      ),
      err(
        'spec.services[A].topologyConstraint.packDomain',
        '"Rack" is not a valid topology domain; must match ^[a-z0-9]([a-z0-9-]*[a-z0-9])?$',
      ),
    ]);
    expect(
      problemsOf(alpha({ A: svc({ topologyConstraint: {} }), B: svc() }, { topologyConstraint: {} }), grove),
    ).toEqual([
      err('spec.topologyConstraint.topologyProfile', 'is required when any topology constraint is set'),
      err('spec.services[A].topologyConstraint.packDomain', 'is required'),
      err(
        'spec.services[B].topologyConstraint',
        'is required because spec.topologyConstraint.packDomain is not set; set packDomain at spec level or on every service',
      ),
    ]);
    expect(
      problemsOf(beta([comp()], { topologyConstraint: { clusterTopologyName: 't', packDomain: 'rack' } }), grove),
    ).toEqual([]);
  });

  test('Grove name length only with Grove', () => {
    const long = alpha({ VeryLongFrontendServiceName: svc() }, {}, { name: 'a-rather-long-graph-name' });
    expect(problemsOf(long)).toEqual([]);
    expect(problemsOf(long, { groveAvailable: true })).toEqual([
      err(
        'spec.services[VeryLongFrontendServiceName]',
        'combined resource name length 51 exceeds 45-character limit required for pod naming. Shorten the DynamoGraphDeployment name or the service name',
      ),
    ]);
    expect(
      problemsOf(
        { ...long, metadata: { ...long.metadata, annotations: { 'nvidia.com/enable-grove': 'false' } } },
        { groveAvailable: true },
      ),
    ).toEqual([]);
  });
});

describe('Kubernetes rules', () => {
  test('graph name and namespace', () => {
    expect(problemsOf(alpha({ Fe: svc() }, {}, { name: 'Bad_Name', namespace: 'Ns' })).map((p) => p.path)).toEqual([
      'metadata.name',
      'metadata.namespace',
      'spec.services[Fe]',
    ]);
    expect(problemsOf(alpha({ Fe: svc() }, {}, { name: 'x'.repeat(64) }))).toContainEqual(
      err(
        'metadata.name',
        'must be no more than 63 characters: it is the value of the nvidia.com/dynamo-graph-deployment-name label',
      ),
    );
  });

  test('Service names are DNS-1123 labels of at most 63 characters', () => {
    expect(problemsOf(alpha({ ['F'.repeat(61)]: svc() }))).toEqual([]);
    expect(problemsOf(alpha({ ['F'.repeat(62)]: svc() }))).toEqual([
      err(
        `spec.services[${'F'.repeat(62)}]`,
        `object name "g-${'f'.repeat(62)}" is the value of the nvidia.com/selector label and must be no more than 63 characters`,
      ),
    ]);
  });

  test('labels, annotation keys, quantities, env names', () => {
    expect(
      problemsOf(
        alpha(
          {
            Fe: svc({
              labels: { 'bad key!': 'v' },
              extraPodMetadata: { labels: { ok: 'bad value!' }, annotations: { '/x': 'v' } },
              resources: { requests: { cpu: 'lots' }, limits: { custom: { 'example.com/fpga': '1x' } } },
              envs: [{ name: '9=X', value: '1' }],
            }),
          },
          { envs: [{ name: 'A=B', value: '1' }] },
          { labels: { a: 'x'.repeat(64) } },
        ),
      ).map((p) => `${p.path}: ${p.message.split(':')[0]}`),
    ).toEqual([
      'metadata.labels[a]: invalid label value "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"',
      'spec.envs[0].name: invalid value "A=B"',
      'spec.services[Fe].labels[bad key!]: invalid label key "bad key!"',
      'spec.services[Fe].extraPodMetadata.labels[ok]: invalid label value "bad value!"',
      'spec.services[Fe].extraPodMetadata.annotations[/x]: invalid annotation key "/x"',
      'spec.services[Fe].resources.requests.cpu: invalid quantity "lots"',
      'spec.services[Fe].resources.limits.custom[example.com/fpga]: invalid quantity "1x"',
      'spec.services[Fe].envs[0].name: invalid value "9=X"',
    ]);
  });

  test('component names are label values', () => {
    expect(problemsOf(alpha({ 'My Svc': svc() }))[0]).toEqual(
      err(
        'spec.services[My Svc]',
        "name \"My Svc\" is the value of the nvidia.com/dynamo-component label: a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
      ),
    );
  });

  test('v1alpha1 gpu resource path', () => {
    expect(
      problemsOf(alpha({ Fe: svc({ resources: { limits: { gpu: 'x', gpuType: 'amd.com/gpu' } } }) })).map(
        (p) => p.path,
      ),
    ).toEqual(['spec.services[Fe].resources.limits.gpu']);
  });

  test('pvc size quantity', () => {
    expect(problemsOf(alpha({ Fe: svc() }, { pvcs: [{ name: 'p', size: '10 GB' }] })).map((p) => p.path)).toEqual([
      'spec.pvcs[0].size',
    ]);
  });
});

test('every problem is reported at once', () => {
  const problems = problemsOf(
    alpha(
      {
        Fe: svc({ replicas: -1, ingress: { enabled: true }, dynamoNamespace: 'x' }),
        E: svc({ componentType: 'epp', replicas: 3 }),
      },
      { backendFramework: 'tgi', pvcs: [{}] },
      { annotations: { 'nvidia.com/dynamo-kube-discovery-mode': 'x' } },
    ),
  );
  expect(problems.map((p) => p.path)).toEqual([
    'spec.pvcs[0].name',
    'metadata.annotations[nvidia.com/dynamo-kube-discovery-mode]',
    'spec.backendFramework',
    'spec.services[Fe].replicas',
    'spec.services[Fe].ingress.host',
    'spec.services[Fe].dynamoNamespace',
    'spec.services[E].replicas',
    'spec.services[E].eppConfig',
  ]);
});

test('standalone DCD paths start at spec', () => {
  expect(
    problemsOf({
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoComponentDeployment',
      metadata: { name: 'dcd' },
      spec: { type: 'worker', replicas: -2, podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } } },
    }),
  ).toEqual([err('spec.replicas', 'must be non-negative')]);
});
