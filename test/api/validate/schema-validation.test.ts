/**
 * The schema half of validation (CRD schema, core/v1 pass-through content, the server's Go rules
 * on pod content), the three CEL rules on fields the model does not carry, and the checks on
 * rendered pod specs: exact messages at the input's field paths.
 */
import { loadGraph, Problem, resolveSettings, schemaProblems, validateGraph } from '../../../src/api';
import { renderManifest } from '../../../src/pipeline/render-manifest';
import { findRendered } from '../../render/helpers';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';

/** What every front end reports: loader, validator, then schema problems not already reported. */
function problemsOf(doc: object, settings = resolveSettings({})): Problem[] {
  const loaded = loadGraph(doc);
  const found = [...loaded.problems, ...(loaded.model ? validateGraph(loaded.model, settings) : [])];
  return [...found, ...schemaProblems(doc, found)].filter(notRolloutWarning);
}

// The worker-rollout warning of Grove and multinode graphs is worker-generation.test.ts's subject.
const notRolloutWarning = (p: Problem) => !p.message.startsWith('workerRollout ');

const err = (path: string, message: string): Problem => ({ path, message, severity: 'error' });

const beta = (components: object[], spec: object = {}) => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g' },
  spec: { components, ...spec },
});
const comp = (pod: object = {}, over: object = {}) => ({
  name: 'Frontend',
  type: 'frontend',
  podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }], ...pod } },
  ...over,
});
const mainWith = (fields: object) => comp({ containers: [{ name: 'main', image: IMAGE, ...fields }] });
const alpha = (service: object, spec: object = {}) => ({
  apiVersion: 'nvidia.com/v1alpha1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g' },
  spec: {
    services: { Fe: { componentType: 'frontend', extraPodSpec: { mainContainer: { image: IMAGE } }, ...service } },
    ...spec,
  },
});

describe('CRD schema', () => {
  test('valid graphs have no schema problems', () => {
    expect(schemaProblems(beta([comp()]))).toEqual([]);
    expect(schemaProblems(alpha({}))).toEqual([]);
  });

  test('unknown fields, with map keys and list indexes in the path', () => {
    expect(problemsOf(beta([comp({}, { replica: 2 })], { environment: [] }))).toEqual([
      err('spec.environment', 'unknown field "environment"'),
      err('spec.components[0].replica', 'unknown field "replica"; did you mean "replicas"?'),
    ]);
    // Every version's schema also knows the other versions' fields (conversion: None), as the server does.
    expect(problemsOf(beta([comp()], { envs: [] }))).toEqual([]);
    // An object whose schema lists no field (v1beta1 `scalingAdapter: {}`) takes none: the server
    // prunes it (strict field validation refuses it), and it would reach the graph record doing nothing.
    expect(schemaProblems(beta([comp({}, { scalingAdapter: { minReplicas: 1 } })]))).toEqual([
      err('spec.components[0].scalingAdapter.minReplicas', 'unknown field "minReplicas"'),
    ]);
    expect(problemsOf(alpha({ scalingAdapter: { enabled: true, min: 1 } }))).toEqual([
      err('spec.services[Fe].scalingAdapter.min', 'unknown field "min"'),
    ]);
  });

  test('types and bounds the loader does not read', () => {
    expect(problemsOf(alpha({ resources: { requests: { cpu: 2 } }, ingress: { enabled: 'yes' } }))).toEqual([
      err('spec.services[Fe].ingress.enabled', 'must be a boolean'),
      err('spec.services[Fe].resources.requests.cpu', 'must be a string (quote it: "2")'),
    ]);
    expect(
      problemsOf(beta([comp({}, { runtimeVersionOverride: 'v1' })])).filter((p) => p.severity === 'error'),
    ).toEqual([
      err(
        'spec.components[0].runtimeVersionOverride',
        'invalid value "v1": should match \'^(0|[1-9][0-9]{0,3})\\.(0|[1-9][0-9]{0,3})\\.(0|[1-9][0-9]{0,3})$\'',
      ),
    ]);
  });

  test('a problem the loader or validator already reported at a path is not repeated', () => {
    expect(problemsOf(beta([comp({}, { replicas: 'two' })]))).toEqual([
      err('spec.components[0].replicas', 'must be an integer'),
    ]);
  });

  test('DynamoModel and DynamoCheckpoint are checked too; other kinds are not', () => {
    const model = {
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoModel',
      metadata: { name: 'm' },
      spec: { modelName: 'm', baseModelName: 'b', modelType: 'full' },
    };
    expect(schemaProblems(model)).toEqual([
      err('spec.modelType', 'Unsupported value: "full": supported values: "base", "lora", "adapter"'),
    ]);
    expect(schemaProblems({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: 1 })).toEqual([]);
  });
});

describe('core/v1 pass-through content', () => {
  test('unknown fields in the pod template, a container and a probe', () => {
    expect(problemsOf(beta([mainWith({ envs: [], livenessProbe: { httpGet: { port: 8000, paht: '/' } } })]))).toEqual([
      err('spec.components[0].podTemplate.spec.containers[0].envs', 'unknown field "envs"; did you mean "env"?'),
      err(
        'spec.components[0].podTemplate.spec.containers[0].livenessProbe.httpGet.paht',
        'unknown field "paht"; did you mean "path"?',
      ),
    ]);
    expect(
      problemsOf(alpha({ extraPodSpec: { nodeSelectr: {}, mainContainer: { image: IMAGE, cmd: ['x'] } } })),
    ).toEqual([
      err('spec.services[Fe].extraPodSpec.nodeSelectr', 'unknown field "nodeSelectr"; did you mean "nodeSelector"?'),
      err('spec.services[Fe].extraPodSpec.mainContainer.cmd', 'unknown field "cmd"'),
    ]);
  });

  test('types, enum values, int-or-string, with map keys in brackets', () => {
    expect(
      problemsOf(
        beta([
          mainWith({
            command: ['python3', 1.5],
            args: 'serve',
            imagePullPolicy: 'Sometimes',
            ports: [{ containerPort: '8000' }],
            readinessProbe: { httpGet: { port: true } },
          }),
        ]),
      ),
    ).toEqual([
      err('spec.components[0].podTemplate.spec.containers[0].args', 'must be a list'),
      err('spec.components[0].podTemplate.spec.containers[0].command[1]', 'must be a string (quote it: "1.5")'),
      err(
        'spec.components[0].podTemplate.spec.containers[0].imagePullPolicy',
        'Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
      ),
      err('spec.components[0].podTemplate.spec.containers[0].ports[0].containerPort', 'must be an integer'),
      err(
        'spec.components[0].podTemplate.spec.containers[0].readinessProbe.httpGet.port',
        'must be an integer or a string',
      ),
    ]);
    expect(problemsOf(beta([comp({ nodeSelector: { 'kubernetes.io/os': 1 } })]))).toEqual([
      err('spec.components[0].podTemplate.spec.nodeSelector[kubernetes.io/os]', 'must be a string (quote it: "1")'),
    ]);
  });

  test('int32 ranges, date-times and required fields of nested types', () => {
    expect(
      problemsOf(
        beta([
          comp(
            {},
            {
              podTemplate: {
                metadata: { creationTimestamp: 'yesterday' },
                spec: {
                  containers: [
                    {
                      name: 'main',
                      image: IMAGE,
                      livenessProbe: { periodSeconds: 3000000000, timeoutSeconds: 1.5, grpc: {} },
                      env: [{ value: 'x' }],
                    },
                  ],
                },
              },
            },
          ),
        ]),
      ),
    ).toEqual([
      // The server's Go rule for an EnvVar's name is a structural check, found first.
      err('spec.components[0].podTemplate.spec.containers[0].env[0].name', 'Required value'),
      err(
        'spec.components[0].podTemplate.metadata.creationTimestamp',
        'invalid value "yesterday": must be a valid date-time',
      ),
      err('spec.components[0].podTemplate.spec.containers[0].livenessProbe.grpc.port', 'Required value'),
      err(
        'spec.components[0].podTemplate.spec.containers[0].livenessProbe.periodSeconds',
        'invalid value 3000000000: must be a valid int32',
      ),
      err('spec.components[0].podTemplate.spec.containers[0].livenessProbe.timeoutSeconds', 'must be an integer'),
    ]);
  });

  test("values the server's OpenAPI lists but its validation refuses here", () => {
    expect(
      problemsOf(
        beta([
          comp({
            tolerations: [{ key: 'gpu', operator: 'Gt', value: '5', effect: 'NoSchedule' }],
            containers: [{ name: 'main', image: IMAGE, securityContext: { procMount: 'Unmasked' } }],
          }),
        ]),
      ),
    ).toEqual([
      err(
        'spec.components[0].podTemplate.spec.tolerations[0].operator',
        'Unsupported value: "Gt": supported values: "Equal", "Exists"',
      ),
      err(
        'spec.components[0].podTemplate.spec.containers[0].securityContext.procMount',
        'Invalid value: "Unmasked": `hostUsers` must be false to use `Unmasked`',
      ),
    ]);
    expect(
      problemsOf(
        beta([
          comp({
            hostUsers: false,
            tolerations: [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }],
            containers: [{ name: 'main', image: IMAGE, securityContext: { procMount: 'Unmasked' } }],
          }),
        ]),
      ),
    ).toEqual([]);
  });

  test('duplicate list-map keys', () => {
    const mount = { name: 'cache', mountPath: '/cache' };
    expect(
      problemsOf(
        beta([
          comp({
            volumes: [{ name: 'cache', emptyDir: {} }],
            containers: [{ name: 'main', image: IMAGE, volumeMounts: [mount, mount] }],
          }),
        ]),
      ),
    ).toEqual([
      err(
        'spec.components[0].podTemplate.spec.containers[0].volumeMounts',
        'duplicate entries for key [mountPath="/cache"]',
      ),
    ]);
  });

  test('resources: names the server knows, valid non-negative quantities, in every container', () => {
    const sidecar = {
      name: 'side',
      image: IMAGE,
      resources: { requests: { cpu: '-1' }, limits: { gpus: '1', memory: 'lots' } },
    };
    expect(
      problemsOf(
        beta([
          comp({ containers: [{ name: 'main', image: IMAGE, resources: { requests: { cpu: '-500m' } } }, sidecar] }),
        ]),
      ),
    ).toEqual([
      err(
        'spec.components[0].podTemplate.spec.containers[0].resources.requests[cpu]',
        'Invalid value: "-500m": must be greater than or equal to 0',
      ),
      err(
        'spec.components[0].podTemplate.spec.containers[1].resources.requests[cpu]',
        'Invalid value: "-1": must be greater than or equal to 0',
      ),
      err(
        'spec.components[0].podTemplate.spec.containers[1].resources.limits[gpus]',
        'Invalid value: "gpus": must be a standard resource type or fully qualified',
      ),
      err(
        'spec.components[0].podTemplate.spec.containers[1].resources.limits[memory]',
        'invalid quantity "lots": quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'',
      ),
    ]);
    expect(problemsOf(alpha({ resources: { limits: { cpu: '-1Gi', custom: { gpus: '1' } } } }))).toEqual([
      err('spec.services[Fe].resources.limits.cpu', 'Invalid value: "-1Gi": must be greater than or equal to 0'),
      err(
        'spec.services[Fe].resources.limits.custom[gpus]',
        'Invalid value: "gpus": must be a standard resource type or fully qualified',
      ),
    ]);
  });

  test('names and volume sources the server requires', () => {
    expect(
      problemsOf(
        beta([
          comp({
            volumes: [
              { name: 'Data', configMap: {} },
              { name: 'creds', secret: { secretName: '' } },
            ],
            containers: [
              { name: 'main', image: IMAGE },
              { name: 'Side Car', image: IMAGE, volumeMounts: [{ name: 'creds', mountPath: '' }] },
            ],
          }),
        ]),
      ),
    ).toEqual([
      err('spec.components[0].podTemplate.spec.containers[1].volumeMounts[0].mountPath', 'Required value'),
      err(
        'spec.components[0].podTemplate.spec.containers[1].name',
        "Invalid value: \"Side Car\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      ),
      err('spec.components[0].podTemplate.spec.volumes[0].configMap.name', 'Required value'),
      err(
        'spec.components[0].podTemplate.spec.volumes[0].name',
        "Invalid value: \"Data\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      ),
      err('spec.components[0].podTemplate.spec.volumes[1].secret.secretName', 'Required value'),
    ]);
  });

  test('env lists: graph-level and v1alpha1 service envs', () => {
    expect(
      problemsOf(
        alpha({ envs: [{ name: 'A', valueFrom: { secretKeyRef: { key: 1 } } }] }, { envs: [{ name: 'B', val: 'x' }] }),
      ),
    ).toEqual([
      err('spec.envs[0].val', 'unknown field "val"; did you mean "value"?'),
      // The server checks a missing Secret name as the name "".
      err(
        'spec.services[Fe].envs[0].valueFrom.secretKeyRef.name',
        "Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      ),
      err('spec.services[Fe].envs[0].valueFrom.secretKeyRef.key', 'must be a string (quote it: "1")'),
    ]);
  });

  test('v1alpha1 service-level probes are core/v1 Probes', () => {
    expect(problemsOf(alpha({ livenessProbe: { periodSeconds: '10' } }))).toEqual([
      err('spec.services[Fe].livenessProbe.periodSeconds', 'must be an integer'),
    ]);
  });

  test('v1alpha1 component types are label values', () => {
    expect(problemsOf(alpha({ componentType: '-bad' }))).toContainEqual(
      err(
        'spec.services[Fe].componentType',
        "invalid value \"-bad\": it is the value of a label: a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
      ),
    );
  });
});

describe('CEL rules on fields the model does not carry', () => {
  test('minAvailable <= replicas (unset replicas counts as 1) unless replicas is 0 (on Grove, where minAvailable applies)', () => {
    const rule = 'minAvailable must be less than or equal to replicas unless replicas is 0';
    const grove = resolveSettings({ groveAvailable: true });
    expect(problemsOf(beta([comp({}, { replicas: 2, minAvailable: 3 })]), grove)).toEqual([
      err('spec.components[0].minAvailable', rule),
    ]);
    expect(problemsOf(beta([comp({}, { minAvailable: 2 })]), grove)).toEqual([
      err('spec.components[0].minAvailable', rule),
    ]);
    expect(problemsOf(beta([comp({}, { replicas: 0, minAvailable: 2 })]), grove)).toEqual([]);
    expect(problemsOf(beta([comp({}, { replicas: 3, minAvailable: 3 })]), grove)).toEqual([]);
  });

  test('kvTransferPolicy: exactly one of labelKey or clusterTopologyName; domain required', () => {
    const rule = 'exactly one of labelKey or clusterTopologyName is required';
    const errors = (doc: object) => problemsOf(doc).filter((p) => p.severity === 'error');
    expect(
      errors(
        beta([comp()], {
          experimental: {
            kvTransferPolicy: { labelKey: 'topology.kubernetes.io/zone', clusterTopologyName: 't', domain: 'zone' },
          },
        }),
      ),
    ).toContainEqual(err('spec.experimental.kvTransferPolicy', rule));
    expect(errors(beta([comp()], { experimental: { kvTransferPolicy: { domain: 'zone' } } }))).toEqual([
      err('spec.experimental.kvTransferPolicy', rule),
    ]);
    expect(
      errors(beta([comp()], { experimental: { kvTransferPolicy: { labelKey: 'topology.kubernetes.io/zone' } } })),
    ).toEqual([err('spec.experimental.kvTransferPolicy.domain', 'Required value')]);
    expect(
      errors(
        beta([comp()], {
          experimental: { kvTransferPolicy: { labelKey: 'topology.kubernetes.io/zone', domain: 'zone' } },
        }),
      ),
    ).toEqual([]);
  });

  test('checkpoint: job and checkpointRef are exclusive', () => {
    const checkpoint = (c: object) => beta([comp({}, { experimental: { checkpoint: { enabled: true, ...c } } })]);
    // A DynamoCheckpoint reference (Dynamo 1.6): in 1.7 it names a PodSnapshot, with a warning.
    const v16 = resolveSettings({ dynamoVersion: '1.6' });
    expect(problemsOf(checkpoint({ checkpointRef: 'c', job: { podTemplate: {} } }), v16)).toEqual([
      err('spec.components[0].experimental.checkpoint', 'checkpoint.job cannot be set when checkpointRef is specified'),
    ]);
    expect(problemsOf(checkpoint({ checkpointRef: 'c' }), v16)).toEqual([]);
  });
});

describe('rendered pod specs', () => {
  const settings = resolveSettings({});

  test('a mount of a volume the pod does not define', () => {
    const r = renderManifest(beta([mainWith({ volumeMounts: [{ name: 'data', mountPath: '/data' }] })]), settings);
    expect(r.objects).toEqual([]);
    expect(r.problems).toEqual([
      err(
        'spec.components[0].podTemplate.spec.containers[0].volumeMounts[0].name',
        'Not found: "data": no volume of the pod has this name',
      ),
    ]);
  });

  test('a mount of a volume the render adds (a compilation cache PVC) is valid, with or without the graph record', () => {
    const graph = beta(
      [
        comp(),
        comp(
          { containers: [{ name: 'main', image: IMAGE, volumeMounts: [{ name: 'cache', mountPath: '/extra' }] }] },
          { name: 'Worker', type: 'worker', compilationCache: { pvcName: 'cache', mountPath: '/cache' } },
        ),
      ],
      { backendFramework: 'vllm' },
    );
    // The record carries the input pod template, which does not define the PVC volume: it is not a pod.
    for (const includeGraphRecord of [true, false]) {
      const r = renderManifest(graph, settings, { includeGraphRecord });
      expect(r.problems).toEqual([]);
      const worker = findRendered(r.objects, 'Deployment', 'g-worker');
      expect(worker.spec.template.spec.volumes.map((v: any) => v.name)).toContain('cache');
    }
  });

  test('a mount at a path the rendered container already uses (here: the vLLM compilation cache)', () => {
    const r = renderManifest(
      beta(
        [
          comp(),
          comp(
            {
              volumes: [{ name: 'other', emptyDir: {} }],
              containers: [
                { name: 'main', image: IMAGE, volumeMounts: [{ name: 'other', mountPath: '/root/.cache/vllm' }] },
              ],
            },
            { name: 'Worker', type: 'worker', compilationCache: { pvcName: 'cache' } },
          ),
        ],
        { backendFramework: 'vllm' },
      ),
      settings,
    );
    expect(r.objects).toEqual([]);
    expect(r.problems).toEqual([
      err(
        'spec.components[1].podTemplate.spec.containers[0].volumeMounts[0].mountPath',
        'Invalid value: "/root/.cache/vllm": must be unique: the rendered container already mounts a volume here',
      ),
    ]);
  });
});
