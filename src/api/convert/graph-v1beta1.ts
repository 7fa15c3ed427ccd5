/**
 * A graph's `spec` in the nvidia.com/v1beta1 shape. The search tool (and upstream's profiler)
 * write `nvidia.com/v1alpha1` graphs while the graph a request generates is `nvidia.com/v1beta1`,
 * as upstream's controller creates it; the worker hash is defined on the v1beta1 view. This
 * converts the fields those tools write (reference §1.9) and reports anything else by name, so a
 * tool upgrade that writes a new field fails the plan instead of losing the field.
 */
import { canonicalType } from './convert-common';
import { JsonObject } from '../k8s-types';
import { isObject } from '../read';
import { componentFieldV1alpha1Keys } from '../../crds/component-fields';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';

export interface ConvertedGraph {
  readonly spec: JsonObject;
  readonly problems: string[];
}

/** v1alpha1 blocks that v1beta1 keeps under `experimental`, opted into by presence instead of `enabled`. */
const EXPERIMENTAL_FIELDS = ['gpuMemoryService', 'failover', 'checkpoint'];
const GRAPH_FIELDS = ['services', 'backendFramework', 'envs', 'labels', 'annotations'];
const SERVICE_FIELDS = [
  'componentType',
  'subComponentType',
  'replicas',
  'resources',
  'envFromSecret',
  'envs',
  'extraPodSpec',
  'extraPodMetadata',
  'livenessProbe',
  'readinessProbe',
  'scalingAdapter',
  'modelRef',
  'multinode',
  'labels',
  'annotations',
  'dynamoNamespace',
  ...EXPERIMENTAL_FIELDS,
  // The declared component fields' v1alpha1-only keys (`sharedMemory`, …).
  ...componentFieldV1alpha1Keys(),
];

/** The `spec` of `doc` as nvidia.com/v1beta1 (already-v1beta1 graphs pass through). */
export function graphSpecV1beta1(doc: JsonObject): ConvertedGraph {
  const spec = isObject(doc.spec) ? doc.spec : {};
  if (doc.apiVersion === 'nvidia.com/v1beta1')
    return { spec: JSON.parse(JSON.stringify(spec)) as JsonObject, problems: [] };
  const problems: string[] = [];
  for (const k of Object.keys(spec))
    if (!GRAPH_FIELDS.includes(k)) problems.push(`spec.${k}: not carried into the nvidia.com/v1beta1 graph`);
  const services = isObject(spec.services) ? spec.services : {};
  const out: JsonObject = {
    ...pick(spec, ['backendFramework', 'labels', 'annotations']),
    ...(Array.isArray(spec.envs) ? { env: spec.envs } : {}),
    components: Object.entries(services).map(([name, svc]) => component(name, isObject(svc) ? svc : {}, problems)),
  };
  return { spec: JSON.parse(JSON.stringify(out)) as JsonObject, problems };
}

function component(name: string, svc: JsonObject, problems: string[]): JsonObject {
  for (const k of Object.keys(svc))
    if (!SERVICE_FIELDS.includes(k))
      problems.push(`spec.services[${name}].${k}: not carried into the nvidia.com/v1beta1 graph`);
  const { type } = canonicalType(str(svc.componentType), str(svc.subComponentType));
  const extra = isObject(svc.extraPodSpec) ? { ...svc.extraPodSpec } : {};
  const main: JsonObject = { name: MAIN_CONTAINER_NAME, ...(isObject(extra.mainContainer) ? extra.mainContainer : {}) };
  delete extra.mainContainer;
  const resources = containerResources(svc.resources);
  if (resources) main.resources = resources;
  if (Array.isArray(svc.envs)) main.env = [...(Array.isArray(main.env) ? main.env : []), ...svc.envs];
  if (typeof svc.envFromSecret === 'string')
    main.envFrom = [...(Array.isArray(main.envFrom) ? main.envFrom : []), { secretRef: { name: svc.envFromSecret } }];
  for (const probe of ['livenessProbe', 'readinessProbe']) if (isObject(svc[probe])) main[probe] = svc[probe];
  const metadata = {
    ...(isObject(svc.extraPodMetadata) ? svc.extraPodMetadata : {}),
    ...pick(svc, ['labels', 'annotations']),
  };
  const shm = isObject(svc.sharedMemory) ? svc.sharedMemory : undefined;
  const experimental: JsonObject = {};
  for (const k of EXPERIMENTAL_FIELDS) {
    const block = svc[k];
    // GMS and failover opt in with `enabled: true`; a checkpoint block counts unless `enabled: false`.
    const on = isObject(block) && (k === 'checkpoint' ? block.enabled !== false : block.enabled === true);
    if (!on) continue;
    const { enabled: _enabled, ...rest } = block;
    experimental[k] = k === 'checkpoint' ? block : rest;
  }
  return {
    name,
    ...(type ? { type } : {}),
    ...pick(svc, ['replicas', 'modelRef', 'multinode']),
    ...(shm?.disabled === true
      ? { sharedMemorySize: '0' }
      : shm?.size !== undefined
        ? { sharedMemorySize: String(shm.size) }
        : {}),
    ...(isObject(svc.scalingAdapter) && svc.scalingAdapter.enabled === true ? { scalingAdapter: {} } : {}),
    ...(Object.keys(experimental).length ? { experimental } : {}),
    podTemplate: {
      ...(Object.keys(metadata).length ? { metadata } : {}),
      spec: { ...extra, containers: [main, ...(Array.isArray(extra.containers) ? extra.containers : [])] },
    },
  };
}

/** v1alpha1 `resources` (cpu, memory, gpu, gpuType, custom) as a container's ResourceRequirements. */
function containerResources(v: unknown): JsonObject | undefined {
  if (!isObject(v)) return undefined;
  const out: JsonObject = {};
  for (const section of ['requests', 'limits']) {
    const items = isObject(v[section]) ? v[section] : undefined;
    if (!items) continue;
    const list: Record<string, string> = {};
    if (items.cpu !== undefined) list.cpu = String(items.cpu);
    if (items.memory !== undefined) list.memory = String(items.memory);
    if (items.gpu !== undefined) list[str(items.gpuType) || 'nvidia.com/gpu'] = String(items.gpu);
    if (isObject(items.custom)) for (const [k, x] of Object.entries(items.custom)) list[k] = String(x);
    if (Object.keys(list).length) out[section] = list;
  }
  return Object.keys(out).length ? out : undefined;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function pick(o: JsonObject, keys: string[]): JsonObject {
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
}
