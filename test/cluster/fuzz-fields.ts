/**
 * Seeded mutations of the fields the API server checks, in every kind we render: pod templates of
 * graphs (main container, sidecars, init containers, v1alpha1 frontend sidecar), of checkpoint
 * Jobs and of the platform's operator Deployment; Services and Ingresses (names, hosts), PVCs
 * (names, sizes, classes), RBAC and Namespaces (the platform's names), DynamoModels, and metadata
 * (name lengths, label and annotation keys and values, the total size of annotations). Each value
 * pool sits on both sides of a server rule. `test/cluster/fuzz-apiserver.test.ts` compares our
 * verdict on each case with the server's; `test/api/fuzz-fields.test.ts` runs the same cases
 * through validation alone (no crash, every problem has a path and is one line).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';
import { Rng } from './fuzz-mutate';

export type FieldCaseKind = 'graph' | 'checkpoint' | 'platform' | 'model';

export interface FieldCase {
  readonly kind: FieldCaseKind;
  /** A manifest (graph, checkpoint, model) or platform options. */
  readonly input: any;
  /** What was mutated, for the report. */
  readonly what: string;
  /**
   * The mutated field reaches no rendered object as written (`metadata.uid`, unknown fields): the
   * server is asked about the manifest itself too, as `kubectl apply` would send it.
   */
  readonly asWritten?: true;
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const fixture = (f: string) => parse(readFileSync(join(__dirname, '..', 'fixtures', f), 'utf8'));
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';

/**
 * A v1beta1 graph whose worker has a sidecar and an init container with resources and ports, and
 * a planner (its ServiceAccount, Role and RoleBinding are named after the graph).
 */
function v1beta1Base(): any {
  const doc = fixture('agg-v1beta1.yaml');
  doc.spec.components.push(
    fixture('disagg-v1beta1.yaml').spec.components.find((c: { type: string }) => c.type === 'planner'),
  );
  const spec = doc.spec.components[1].podTemplate.spec;
  spec.containers.push({
    name: 'sidecar',
    image: IMAGE,
    resources: { requests: { cpu: '100m' }, limits: { cpu: '1' } },
    ports: [{ name: 'metrics', containerPort: 9100 }],
  });
  spec.initContainers = [{ name: 'init', image: IMAGE, resources: { limits: { memory: '1Gi' } } }];
  doc.spec.components[0].podTemplate.metadata = { labels: { team: 'a' }, annotations: { note: 'x' } };
  return doc;
}

/** A v1alpha1 graph with an ingress, a created PVC and a frontend sidecar. */
function v1alpha1Base(): any {
  const doc = fixture('agg-v1alpha1.yaml');
  doc.spec.pvcs = [
    { name: 'model-cache', create: true, storageClass: 'standard', size: '10Gi', volumeAccessMode: 'ReadWriteMany' },
  ];
  const fe = doc.spec.services.Frontend;
  fe.ingress = { enabled: true, host: 'chat', hostPrefix: 'api-', ingressControllerClassName: 'nginx' };
  fe.frontendSidecar = { image: IMAGE, args: ['--x'], envs: [{ name: 'A', value: '1' }] };
  const worker = doc.spec.services.VllmDecodeWorker;
  worker.volumeMounts = [{ name: 'model-cache', mountPoint: '/models' }];
  worker.extraPodSpec.containers = [{ name: 'sidecar', image: IMAGE, resources: { limits: { cpu: '1' } } }];
  return doc;
}

function checkpointBase(): any {
  return {
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoCheckpoint',
    metadata: { name: 'llama' },
    spec: {
      identity: { model: 'meta-llama/Llama-2-7b-hf', backendFramework: 'vllm' },
      job: {
        podTemplateSpec: {
          metadata: { labels: { team: 'a' } },
          spec: {
            containers: [
              { name: 'main', image: IMAGE, command: ['python3', '-m', 'dynamo.vllm'] },
              { name: 'helper', image: IMAGE, resources: { requests: { cpu: '1' } } },
            ],
            initContainers: [{ name: 'init', image: IMAGE }],
          },
        },
      },
    },
  };
}

function modelBase(): any {
  return {
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoModel',
    metadata: { name: 'lora', labels: { team: 'a' } },
    spec: { modelName: 'my-lora', baseModelName: 'Qwen/Qwen3-0.6B', modelType: 'lora', source: { uri: 's3://b/k' } },
  };
}

function platformBase(): any {
  return {
    namespace: 'dynamo-system',
    scope: 'namespace',
    crds: false,
    createNamespace: false,
    image: 'registry.example/operator:1',
    imagePullSecrets: ['regcred'],
    replicas: 1,
    nats: { storage: '1Gi', storageClassName: 'standard' },
    etcd: { replicas: 1, storage: '1Gi' },
    checkpointStorage: { pvcName: 'snapshot-pvc', basePath: '/checkpoints' },
  };
}

// ---- value pools: each on both sides of a server rule ----

const RESOURCE_NAMES = [
  'cpu',
  'memory',
  'ephemeral-storage',
  'nvidia.com/gpu',
  'example.com/foo',
  'hugepages-2Mi',
  'hugepages-1Gi',
  'kubernetes.io/x',
  'storage',
  'pods',
  'bad name',
  'a/b/c',
];
const QUANTITIES: readonly unknown[] = [
  '0',
  '1',
  '2',
  '500m',
  '1500m',
  '1.5',
  '-1',
  '1Gi',
  '2Gi',
  '0.5',
  '1e3',
  'x',
  '',
  1,
  2,
  2.5,
  0,
];

function resources(rng: Rng): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const section of ['requests', 'limits']) {
    if (rng() < 0.25) continue;
    const items: Record<string, unknown> = {};
    const n = 1 + Math.floor(rng() * 3);
    for (let i = 0; i < n; i++) items[pick(rng, RESOURCE_NAMES)] = pick(rng, QUANTITIES);
    out[section] = items;
  }
  // Often the same names in both sections, so request ≤ limit and request = limit are exercised.
  if (out.requests && out.limits && rng() < 0.6)
    for (const k of Object.keys(out.requests)) out.limits[k] = pick(rng, QUANTITIES);
  return out;
}

const dnsChars = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A DNS-ish string of length n; sometimes with a character the rules refuse. */
function dnsName(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += dnsChars[Math.floor(rng() * dnsChars.length)];
  if (n > 2 && rng() < 0.3) s = s.slice(0, 1) + pick(rng, ['-', '.', '_', 'A', ' ', '-.']) + s.slice(2);
  if (n > 0 && rng() < 0.1) s = '-' + s.slice(1);
  return s;
}
const LENGTHS = [0, 1, 5, 20, 40, 45, 52, 53, 62, 63, 64, 70, 253, 254];
const name = (rng: Rng) => dnsName(rng, pick(rng, LENGTHS));

function labelKey(rng: Rng): string {
  const base = pick(rng, [
    () => dnsName(rng, pick(rng, [1, 10, 63, 64])),
    () => `${dnsName(rng, pick(rng, [3, 20, 253, 254]))}/${dnsName(rng, pick(rng, [1, 10, 63, 64]))}`,
    () => 'example.com/Team_Name.v1',
    () => 'a/b/c',
    () => '/x',
    () => 'x/',
    () => '',
    () => 'UPPER.com/x',
  ])();
  return base;
}
function labelValue(rng: Rng): string {
  return pick(rng, [
    () => '',
    () => 'Ok_value.1',
    () => dnsName(rng, pick(rng, [1, 63, 64])),
    () => '-x',
    () => 'a b',
    () => 'ünïcode',
  ])();
}

function metadataMaps(rng: Rng, meta: any, what: string[]): void {
  const field = pick(rng, ['labels', 'annotations']);
  meta[field] = { ...(meta[field] ?? {}) };
  if (field === 'annotations' && rng() < 0.3) {
    // The API server limits the total size of all annotations of an object to 256 KiB.
    const size = pick(rng, [100_000, 200_000, 262_000, 262_144, 270_000]);
    meta.annotations['example.com/big'] = 'x'.repeat(size);
    what.push(`annotations: ${size} bytes`);
    return;
  }
  const k = labelKey(rng);
  const v = field === 'labels' ? labelValue(rng) : pick(rng, ['', 'any value', '{"json": true}']);
  meta[field][k] = v;
  what.push(
    `${field}[${JSON.stringify(k.length > 30 ? `${k.slice(0, 20)}…(${k.length})` : k)}]=${JSON.stringify(v.length > 30 ? `${v.slice(0, 10)}…(${v.length})` : v)}`,
  );
}

/**
 * One ObjectMeta field of a document's `metadata`, of the right or a wrong type, or a field
 * ObjectMeta does not have. (No valid `uid` or `resourceVersion`: the server takes them as
 * preconditions of the apply.)
 */
function objectMeta(rng: Rng, meta: any, what: string[]): void {
  const [field, value] = pick(rng, [
    ['uid', 123],
    ['generation', pick(rng, [1, 'x'])],
    ['bogus', 'x'],
    ['finalizers', pick(rng, [['example.com/keep'], 'x'])],
    ['generateName', pick(rng, ['x-', 5])],
    [
      'ownerReferences',
      [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'o', uid: 'u', ...(rng() < 0.5 ? { bogus: 1 } : {}) }],
    ],
    ['labels', pick(rng, [{ a: 1 }, ['x'], { a: 'b' }])],
  ] as const);
  meta[field] = value;
  what.push(`metadata.${field}=${JSON.stringify(value)}`);
}

/** A change to one container: resources, ports, image, name or env. */
function mutateContainer(rng: Rng, c: any, what: string[], at: string): void {
  const op = pick(rng, [
    'resources',
    'resources',
    'resources',
    'ports',
    'portList',
    'image',
    'name',
    'env',
    'envList',
    'envFrom',
    'valueFrom',
    'securityContext',
    'pullPolicy',
  ]);
  if (op === 'resources') {
    c.resources = resources(rng);
    what.push(`${at}.resources=${JSON.stringify(c.resources)}`);
  } else if (op === 'ports') {
    c.ports = [
      {
        containerPort: pick(rng, [0, 1, 8080, 65535, 65536, -1]),
        ...(rng() < 0.5 ? { hostPort: pick(rng, [0, 80, 65536]) } : {}),
        ...(rng() < 0.5 ? { name: pick(rng, ['http', 'HTTP', 'a-long-port-name', '1abc', 'x--y', '']) } : {}),
        ...(rng() < 0.3 ? { protocol: pick(rng, ['TCP', 'UDP', 'SCTP', 'tcp']) } : {}),
      },
    ];
    what.push(`${at}.ports=${JSON.stringify(c.ports)}`);
  } else if (op === 'portList') {
    // Two ports: names unique per container, and the list-map key (containerPort, protocol defaulted to TCP).
    const port = () => ({
      containerPort: pick(rng, [8000, 8001]),
      ...(rng() < 0.6 ? { name: pick(rng, ['http', 'metrics', 'http']) } : {}),
      ...(rng() < 0.5 ? { protocol: pick(rng, ['TCP', 'UDP']) } : {}),
    });
    c.ports = [port(), port()];
    what.push(`${at}.ports=${JSON.stringify(c.ports)}`);
  } else if (op === 'envList') {
    c.env = [
      { name: 'A', value: '1' },
      { name: pick(rng, ['A', 'B']), value: '2' },
    ];
    what.push(`${at}.env=${JSON.stringify(c.env)}`);
  } else if (op === 'envFrom') {
    const source = pick(rng, [
      () => ({ secretRef: { name: secretName(rng) } }),
      () => ({ configMapRef: { name: secretName(rng) } }),
      () => ({ prefix: pick(rng, ['P_', 'A=', '1x']), secretRef: { name: 'hf-token' } }),
      () => ({}),
      () => ({ secretRef: { name: 'a' }, configMapRef: { name: 'b' } }),
    ])();
    c.envFrom = [source];
    what.push(`${at}.envFrom=${JSON.stringify(c.envFrom)}`);
  } else if (op === 'valueFrom') {
    const ref = { name: secretName(rng), key: pick(rng, ['token', '.token', 'a/b', '..x', '.', '', 'A_b-1.c']) };
    c.env = [{ name: 'T', valueFrom: { [pick(rng, ['secretKeyRef', 'configMapKeyRef'])]: ref } }];
    what.push(`${at}.env=${JSON.stringify(c.env)}`);
  } else if (op === 'securityContext') {
    c.securityContext = { [pick(rng, ['runAsUser', 'runAsGroup'])]: pick(rng, ID_VALUES) };
    what.push(`${at}.securityContext=${JSON.stringify(c.securityContext)}`);
  } else if (op === 'image') {
    c.image = pick(rng, ['', ' ', ' leading', 'trailing ', IMAGE, 'registry.example/x@sha256:abc']);
    what.push(`${at}.image=${JSON.stringify(c.image)}`);
  } else if (op === 'name') {
    c.name = pick(rng, ['main', 'sidecar', 'init', 'Side', 'a'.repeat(64), 'x.y', '']);
    what.push(`${at}.name=${JSON.stringify(c.name)}`);
  } else if (op === 'env') {
    c.env = [{ name: pick(rng, ['A', '1A', 'a.b', 'a b', '', 'A=B']), value: 'v' }];
    what.push(`${at}.env=${JSON.stringify(c.env)}`);
  } else {
    c.imagePullPolicy = pick(rng, ['Always', 'IfNotPresent', 'Never', 'Sometimes', '']);
    what.push(`${at}.imagePullPolicy=${JSON.stringify(c.imagePullPolicy)}`);
  }
}

/** User and group IDs on both sides of the server's 0..2^31-1. */
const ID_VALUES = [-1, 0, 1000, 2147483647, 2147483648];

/** The name of a Secret or ConfigMap a pod refers to; on both sides of the DNS-1123 subdomain rule. */
const secretName = (rng: Rng) =>
  pick(rng, ['hf-token', 'other-ns/hf token', 'Hf_Token', 'token-', 'a.b', '', 'x'.repeat(254)]);

/** A change to a pod spec as a whole. */
function mutatePodSpec(rng: Rng, spec: any, what: string[], at: string): void {
  const op = pick(rng, [
    'restartPolicy',
    'activeDeadlineSeconds',
    'terminationGracePeriodSeconds',
    'volume',
    'hostname',
    'securityContext',
    'secretVolume',
    'imagePullSecrets',
    'tolerations',
    'procMount',
  ]);
  if (op === 'restartPolicy') spec.restartPolicy = pick(rng, ['Always', 'Never', 'OnFailure', 'Sometimes']);
  else if (op === 'activeDeadlineSeconds') spec.activeDeadlineSeconds = pick(rng, [0, 1, 600]);
  else if (op === 'terminationGracePeriodSeconds') spec.terminationGracePeriodSeconds = pick(rng, [-1, 0, 30]);
  else if (op === 'hostname') spec.hostname = pick(rng, ['ok', 'Not_Ok', 'a'.repeat(64)]);
  else if (op === 'securityContext')
    spec.securityContext = {
      [pick(rng, ['runAsUser', 'runAsGroup', 'fsGroup'])]: pick(rng, ID_VALUES),
      ...(rng() < 0.3 ? { supplementalGroups: [pick(rng, ID_VALUES)] } : {}),
    };
  else if (op === 'secretVolume') {
    const volume = pick(rng, [
      () => ({ secret: { secretName: secretName(rng) } }),
      () => ({ configMap: { name: secretName(rng) } }),
      () => ({ projected: { sources: [{ secret: { name: secretName(rng) } }] } }),
    ])();
    spec.volumes = [...(spec.volumes ?? []), { name: pick(rng, ['creds', 'creds']), ...volume }];
    if (rng() < 0.3) spec.volumes.push({ name: 'creds', emptyDir: {} });
  } else if (op === 'imagePullSecrets') spec.imagePullSecrets = [{ name: secretName(rng) }];
  else if (op === 'tolerations') {
    // Gt and Lt: in the server's OpenAPI enum, refused by its validation (an alpha feature gate).
    const operator = pick(rng, ['Equal', 'Exists', 'Gt', 'Lt']);
    spec.tolerations = [
      { key: 'gpu', operator, ...(operator === 'Exists' ? {} : { value: '5' }), effect: 'NoSchedule' },
    ];
  } else if (op === 'procMount') {
    // Unmasked /proc only with hostUsers: false.
    const hostUsers = pick(rng, [undefined, false, true]);
    if (hostUsers !== undefined) spec.hostUsers = hostUsers;
    spec.containers[0].securityContext = { procMount: pick(rng, ['Default', 'Unmasked']) };
  } else spec.volumes = [...(spec.volumes ?? []), { name: pick(rng, ['data', 'Data', 'a'.repeat(64)]), emptyDir: {} }];
  const shown =
    op === 'volume'
      ? spec.volumes.at(-1)
      : op === 'secretVolume'
        ? spec.volumes
        : op === 'procMount'
          ? { hostUsers: spec.hostUsers, procMount: spec.containers[0].securityContext.procMount }
          : spec[op];
  what.push(`${at}.${op}=${JSON.stringify(shown)}`);
}

function mutateV1beta1(rng: Rng): FieldCase {
  const doc = v1beta1Base();
  const what: string[] = [];
  const op = pick(rng, [
    'container',
    'container',
    'container',
    'pod',
    'meta',
    'podMeta',
    'graphName',
    'componentName',
    'objectMeta',
    'scalingAdapter',
  ]);
  const i = Math.floor(rng() * 2);
  const spec = doc.spec.components[i].podTemplate.spec;
  if (op === 'container') {
    const lists = [
      ['containers', spec.containers],
      ...(spec.initContainers ? [['initContainers', spec.initContainers]] : []),
    ];
    const [list, items] = pick(rng, lists) as [string, any[]];
    const j = Math.floor(rng() * items.length);
    mutateContainer(rng, items[j], what, `components[${i}].${list}[${j}]`);
  } else if (op === 'pod') mutatePodSpec(rng, spec, what, `components[${i}].podTemplate.spec`);
  else if (op === 'meta') metadataMaps(rng, doc.metadata, what);
  else if (op === 'podMeta') {
    metadataMaps(rng, (doc.spec.components[i].podTemplate.metadata ??= {}), what);
    what.unshift(`components[${i}].podTemplate.metadata`);
  } else if (op === 'graphName') {
    doc.metadata.name = name(rng);
    what.push(`metadata.name=${JSON.stringify(doc.metadata.name)}`);
  } else if (op === 'objectMeta') {
    objectMeta(rng, doc.metadata, what);
    return { kind: 'graph', input: doc, what: `v1beta1 ${what.join('; ')}`, asWritten: true };
  } else if (op === 'scalingAdapter') {
    doc.spec.components[i].scalingAdapter = pick(rng, [{}, { enabled: true }, { minReplicas: 1 }]);
    what.push(`components[${i}].scalingAdapter=${JSON.stringify(doc.spec.components[i].scalingAdapter)}`);
    return { kind: 'graph', input: doc, what: `v1beta1 ${what.join('; ')}`, asWritten: true };
  } else {
    doc.spec.components[i].name = pick(rng, [
      'Frontend2',
      'a'.repeat(pick(rng, [30, 50, 54, 60])),
      'w_x',
      'W.x',
      'ok-1',
    ]);
    what.push(`components[${i}].name=${JSON.stringify(doc.spec.components[i].name)}`);
  }
  return { kind: 'graph', input: doc, what: `v1beta1 ${what.join('; ')}` };
}

function mutateV1alpha1(rng: Rng): FieldCase {
  const doc = v1alpha1Base();
  const what: string[] = [];
  const fe = doc.spec.services.Frontend;
  const worker = doc.spec.services.VllmDecodeWorker;
  const op = pick(rng, [
    'ingress',
    'pvc',
    'resources',
    'resources',
    'sidecar',
    'frontendSidecar',
    'mainContainer',
    'labels',
  ]);
  if (op === 'ingress') {
    const f = pick(rng, ['host', 'hostPrefix', 'hostSuffix']);
    fe.ingress[f] = pick(rng, ['chat', 'Chat', 'a_b', '*.x', 'x.', 'ok-', '', dnsName(rng, pick(rng, [63, 64, 250]))]);
    what.push(`ingress.${f}=${JSON.stringify(fe.ingress[f])}`);
  } else if (op === 'pvc') {
    const f = pick(rng, ['name', 'size', 'storageClass', 'volumeAccessMode']);
    const value =
      f === 'name'
        ? name(rng)
        : f === 'size'
          ? pick(rng, ['1Gi', '0', '-1Gi', '1.5Gi', 'x', '500m'])
          : f === 'storageClass'
            ? pick(rng, ['standard', 'Fast_SSD', 'a'.repeat(254), 'x.y'])
            : pick(rng, ['ReadWriteOnce', 'ReadWriteMany', 'ReadOnlyMany', 'ReadWriteOncePod', 'Sometimes']);
    doc.spec.pvcs[0][f] = value;
    if (f === 'name') worker.volumeMounts[0].name = value;
    what.push(`pvcs[0].${f}=${JSON.stringify(value)}`);
  } else if (op === 'resources') {
    const section = pick(rng, ['requests', 'limits']);
    const f = pick(rng, ['cpu', 'memory', 'gpu', 'custom']);
    worker.resources[section] ??= {};
    worker.resources[section][f] =
      f === 'custom' ? { [pick(rng, RESOURCE_NAMES)]: String(pick(rng, QUANTITIES)) } : String(pick(rng, QUANTITIES));
    what.push(`resources.${section}.${f}=${JSON.stringify(worker.resources[section][f])}`);
  } else if (op === 'sidecar')
    mutateContainer(rng, worker.extraPodSpec.containers[0], what, 'extraPodSpec.containers[0]');
  else if (op === 'mainContainer') mutateContainer(rng, worker.extraPodSpec.mainContainer, what, 'mainContainer');
  else if (op === 'frontendSidecar') {
    const f = pick(rng, ['image', 'envs']);
    fe.frontendSidecar[f] =
      f === 'image' ? pick(rng, ['', ' x', IMAGE]) : [{ name: pick(rng, ['A', '1A', '']), value: 'v' }];
    what.push(`frontendSidecar.${f}=${JSON.stringify(fe.frontendSidecar[f])}`);
  } else {
    const target = pick(rng, ['labels', 'annotations']);
    fe[target] = { [labelKey(rng)]: labelValue(rng) };
    what.push(`Frontend.${target}=${JSON.stringify(fe[target]).slice(0, 120)}`);
  }
  return { kind: 'graph', input: doc, what: `v1alpha1 ${what.join('; ')}` };
}

function mutateCheckpoint(rng: Rng): FieldCase {
  const doc = checkpointBase();
  const what: string[] = [];
  const template = doc.spec.job.podTemplateSpec;
  const op = pick(rng, ['container', 'container', 'container', 'pod', 'meta', 'podMeta', 'name', 'job', 'objectMeta']);
  if (op === 'container') {
    const lists = [
      ['containers', template.spec.containers],
      ['initContainers', template.spec.initContainers],
    ] as const;
    const [list, items] = pick(rng, lists);
    const j = Math.floor(rng() * items.length);
    mutateContainer(rng, items[j], what, `${list}[${j}]`);
  } else if (op === 'pod') mutatePodSpec(rng, template.spec, what, 'podTemplateSpec.spec');
  else if (op === 'meta') metadataMaps(rng, doc.metadata, what);
  else if (op === 'podMeta') {
    metadataMaps(rng, template.metadata, what);
    what.unshift('podTemplateSpec.metadata');
  } else if (op === 'name') {
    doc.metadata.name = name(rng);
    what.push(`metadata.name=${JSON.stringify(doc.metadata.name)}`);
  } else if (op === 'objectMeta') {
    objectMeta(rng, doc.metadata, what);
    return { kind: 'checkpoint', input: doc, what: `checkpoint ${what.join('; ')}`, asWritten: true };
  } else {
    const f = pick(rng, ['activeDeadlineSeconds', 'sharedMemory', 'targetContainerName']);
    doc.spec.job[f] =
      f === 'activeDeadlineSeconds'
        ? pick(rng, [0, 1, 3600])
        : f === 'sharedMemory'
          ? { size: pick(rng, ['1Gi', '0', '-1Gi', 'x']) }
          : pick(rng, ['main', 'helper', 'Main', 'nope']);
    what.push(`job.${f}=${JSON.stringify(doc.spec.job[f])}`);
  }
  return { kind: 'checkpoint', input: doc, what: `checkpoint ${what.join('; ')}` };
}

function mutateModel(rng: Rng): FieldCase {
  const doc = modelBase();
  const what: string[] = [];
  const op = pick(rng, ['meta', 'name', 'spec', 'objectMeta']);
  if (op === 'meta') metadataMaps(rng, doc.metadata, what);
  else if (op === 'objectMeta') {
    objectMeta(rng, doc.metadata, what);
    return { kind: 'model', input: doc, what: `model ${what.join('; ')}`, asWritten: true };
  } else if (op === 'name') {
    doc.metadata.name = name(rng);
    what.push(`metadata.name=${JSON.stringify(doc.metadata.name)}`);
  } else {
    const f = pick(rng, ['modelName', 'baseModelName', 'modelType']);
    doc.spec[f] = pick(rng, ['', 'x', 'lora', 'base', 'adapter', 'a'.repeat(300)]);
    what.push(`spec.${f}=${JSON.stringify(doc.spec[f]).slice(0, 40)}`);
  }
  return { kind: 'model', input: doc, what: `model ${what.join('; ')}` };
}

function mutatePlatform(rng: Rng): FieldCase {
  const opts = platformBase();
  const f = pick(rng, [
    'image',
    'imagePullSecrets',
    'replicas',
    'nats.storage',
    'nats.storageClassName',
    'etcd.storage',
    'etcd.replicas',
    'checkpointStorage.pvcName',
    'checkpointStorage.basePath',
    'checkpointAgent',
  ]);
  const values: Record<string, readonly unknown[]> = {
    image: ['', ' ', ' x', 'x ', 'registry.example/op:2', 'a b'],
    imagePullSecrets: [['regcred'], ['Reg_Cred'], [''], ['a'.repeat(254)], ['x.y']],
    replicas: [0, 1, 3],
    'nats.storage': ['1Gi', '0', '-1Gi', '1.5Gi', '500m', 'x'],
    'nats.storageClassName': ['standard', 'Fast_SSD', 'x.y'],
    'etcd.storage': ['1Gi', '0', '-1Gi'],
    'etcd.replicas': [1, 3],
    'checkpointStorage.pvcName': ['snapshot-pvc', 'Snap', 'a'.repeat(254), 'x.y'],
    'checkpointStorage.basePath': ['/checkpoints', '/a:b', '/a/../b', '/', 'rel'],
    checkpointAgent: [
      { image: 'registry.example/agent:1' },
      { image: ' agent' },
      { image: 'registry.example/agent:1', runtimeSocket: '/run/../x.sock' },
      { image: 'registry.example/agent:1', namespace: 'a'.repeat(63) },
    ],
  };
  const v = clone(pick(rng, values[f]));
  const [a, b] = f.split('.');
  if (b) opts[a] = { ...(opts[a] ?? {}), [b]: v };
  else opts[a] = v;
  return { kind: 'platform', input: opts, what: `platform ${f}=${JSON.stringify(v).slice(0, 60)}` };
}

/** `n` cases from `seed`, the kinds in a fixed proportion (graphs most). */
export function fieldCases(rng: Rng, n: number): FieldCase[] {
  const makers = [
    mutateV1beta1,
    mutateV1beta1,
    mutateV1beta1,
    mutateV1alpha1,
    mutateV1alpha1,
    mutateCheckpoint,
    mutateCheckpoint,
    mutateModel,
    mutatePlatform,
  ];
  const out: FieldCase[] = [];
  for (let i = 0; i < n; i++) out.push(makers[i % makers.length](rng));
  return out;
}
