/** `nvidia.com/v1alpha1` DGD / DCD → GraphModel. */
import {
  canonicalType,
  ConvertOptions,
  graphCommon,
  mainOverlay,
  optional,
  readComponentCheckpoint,
  readComponentTopology,
  readEppConfig,
  readModelRef,
  readMultinode,
  readRestart,
  standaloneComponentGraph,
} from './convert-common';
import { readFailover, readGpuMemoryService, readGraphExtras, readProviderOverride } from './convert-experimental';
import { readV1alpha1ComponentFields } from './read-component-fields';
import { isZeroQuantity } from '../k8s-syntax';
import { JsonObject, ResourceRequirements } from '../k8s-types';
import { ComponentModel, GraphModel, IngressModel, PvcModel, VolumeMountModel } from '../model';
import { fieldPath, InputReader, keyPath } from '../read';

const API_VERSION = 'nvidia.com/v1alpha1';
const DEFAULT_GPU_RESOURCE = 'nvidia.com/gpu';

export function convertGraphV1alpha1(
  r: InputReader,
  doc: JsonObject,
  spec: JsonObject,
  opts: ConvertOptions,
): GraphModel {
  const services = r.object(spec.services, 'spec.services') ?? {};
  const components = Object.entries(services).map(([name, s]) =>
    convertService(r, s, keyPath('spec.services', name), name),
  );
  return {
    kind: 'DynamoGraphDeployment',
    apiVersion: API_VERSION,
    ...graphCommon(r, doc, spec, opts),
    labels: r.stringMap(spec.labels, 'spec.labels'),
    annotations: r.stringMap(spec.annotations, 'spec.annotations'),
    env: r.envList(spec.envs, 'spec.envs'),
    pvcs: readPvcs(r, spec.pvcs),
    components: components.filter((c): c is ComponentModel => c !== undefined),
    ...optional('restart', readRestart(r, spec.restart, 'spec.restart')),
    ...optional('topologyConstraint', readGraphTopology(r, spec.topologyConstraint)),
    ...readGraphExtras(r, spec),
  };
}

/** A standalone DCD is a graph of one component named `spec.serviceName`, else `metadata.name`. */
export function convertComponentV1alpha1(
  r: InputReader,
  doc: JsonObject,
  spec: JsonObject,
  opts: ConvertOptions,
): GraphModel {
  const name = r.string(spec.serviceName, 'spec.serviceName') || opts.name;
  const component = convertService(r, spec, 'spec', name);
  return standaloneComponentGraph(API_VERSION, graphCommon(r, doc, spec, opts), component);
}

function convertService(r: InputReader, v: unknown, path: string, name: string): ComponentModel | undefined {
  const s = r.object(v, path);
  if (!s) return undefined;
  const at = (f: string) => fieldPath(path, f);
  const extraPodSpec = r.object(s.extraPodSpec, at('extraPodSpec')) ?? {};
  const { mainContainer, ...podSpec } = extraPodSpec;
  const podMeta = r.object(s.extraPodMetadata, at('extraPodMetadata')) ?? {};
  const scalingAdapter = r.object(s.scalingAdapter, at('scalingAdapter'));
  return {
    name,
    ...canonicalType(
      r.string(s.componentType, at('componentType')),
      r.string(s.subComponentType, at('subComponentType')),
    ),
    ...optional('replicas', r.integer(s.replicas, at('replicas'))),
    globalDynamoNamespace: r.boolean(s.globalDynamoNamespace, at('globalDynamoNamespace')) ?? false,
    ...optional('deprecatedDynamoNamespace', r.string(s.dynamoNamespace, at('dynamoNamespace'))),
    ...optional('deprecatedAutoscaling', s.autoscaling === undefined || s.autoscaling === null ? undefined : true),
    labels: r.stringMap(s.labels, at('labels')),
    annotations: r.stringMap(s.annotations, at('annotations')),
    podLabels: r.stringMap(podMeta.labels, at('extraPodMetadata.labels')),
    podAnnotations: r.stringMap(podMeta.annotations, at('extraPodMetadata.annotations')),
    podSpec,
    ...optional('mainContainer', mainOverlay(r.object(mainContainer, at('extraPodSpec.mainContainer')))),
    env: r.envList(s.envs, at('envs')),
    ...optional('envFromSecret', r.string(s.envFromSecret, at('envFromSecret'))),
    ...optional('resources', readDynamoResources(r, s.resources, at('resources'))),
    ...optional('livenessProbe', r.object(s.livenessProbe, at('livenessProbe'))),
    ...optional('readinessProbe', r.object(s.readinessProbe, at('readinessProbe'))),
    volumeMounts: readVolumeMounts(r, s.volumeMounts, at('volumeMounts')),
    ...optional('ingress', readIngress(r, s.ingress, at('ingress'))),
    ...optional('modelRef', readModelRef(r, s.modelRef, at('modelRef'))),
    ...sharedMemory(r, s.sharedMemory, at('sharedMemory')),
    ...optional('multinode', readMultinode(r, s.multinode, at('multinode'))),
    scalingAdapter: r.boolean(scalingAdapter?.enabled, at('scalingAdapter.enabled')) ?? false,
    ...optional('eppConfig', readEppConfig(r, s.eppConfig, at('eppConfig'))),
    ...optional('topologyConstraint', readComponentTopology(r, s.topologyConstraint, at('topologyConstraint'))),
    ...optional('checkpoint', readComponentCheckpoint(r, s.checkpoint, at('checkpoint'))),
    ...readV1alpha1ComponentFields(r, s, path),
    ...optional('gpuMemoryService', readGpuMemoryService(r, s.gpuMemoryService, at('gpuMemoryService'), true)),
    ...optional('failover', readFailover(r, s.failover, at('failover'), true)),
    ...readProviderOverride(s),
  };
}

/**
 * Dynamo-form resources → Kubernetes ResourceRequirements: `gpu` goes under `gpuType` (default
 * `nvidia.com/gpu`), `custom` entries are used as given, an empty string means "not set".
 */
function readDynamoResources(r: InputReader, v: unknown, path: string): ResourceRequirements | undefined {
  const o = r.object(v, path);
  if (!o) return undefined;
  const section = (key: 'requests' | 'limits') => {
    const p = fieldPath(path, key);
    const items = r.object(o[key], p);
    if (!items) return undefined;
    const out: Record<string, string> = {};
    const set = (name: string, q: string | undefined) => {
      if (q) out[name] = q;
    };
    set('cpu', r.quantity(items.cpu, fieldPath(p, 'cpu')));
    set('memory', r.quantity(items.memory, fieldPath(p, 'memory')));
    const gpuType = r.string(items.gpuType, fieldPath(p, 'gpuType'));
    set(gpuType || DEFAULT_GPU_RESOURCE, r.quantity(items.gpu, fieldPath(p, 'gpu')));
    const custom = r.object(items.custom, fieldPath(p, 'custom')) ?? {};
    for (const [name, q] of Object.entries(custom)) set(name, r.quantity(q, keyPath(fieldPath(p, 'custom'), name)));
    return Object.keys(out).length ? out : undefined;
  };
  const claims = (r.list(o.claims, fieldPath(path, 'claims')) ?? []).filter(
    (c, i): c is JsonObject => r.object(c, keyPath(fieldPath(path, 'claims'), i)) !== undefined,
  );
  const out: ResourceRequirements = {
    ...optional('requests', section('requests')),
    ...optional('limits', section('limits')),
    ...optional('claims', claims.length ? claims : undefined),
  };
  return Object.keys(out).length ? out : undefined;
}

function readVolumeMounts(r: InputReader, v: unknown, path: string): VolumeMountModel[] {
  const out: VolumeMountModel[] = [];
  (r.list(v, path) ?? []).forEach((x, i) => {
    const p = keyPath(path, i);
    const m = r.object(x, p);
    if (!m) return;
    out.push({
      name: r.requiredString(m.name, fieldPath(p, 'name')) ?? '',
      ...optional('mountPoint', r.string(m.mountPoint, fieldPath(p, 'mountPoint')) || undefined),
      useAsCompilationCache: r.boolean(m.useAsCompilationCache, fieldPath(p, 'useAsCompilationCache')) ?? false,
    });
  });
  return out;
}

function readIngress(r: InputReader, v: unknown, path: string): IngressModel | undefined {
  const o = r.object(v, path);
  if (!o) return undefined;
  const s = (f: string) => r.string(o[f], fieldPath(path, f));
  const tls = r.object(o.tls, fieldPath(path, 'tls'));
  return {
    enabled: r.boolean(o.enabled, fieldPath(path, 'enabled')) ?? false,
    ...optional('host', s('host')),
    ...optional('hostPrefix', s('hostPrefix')),
    ...optional('hostSuffix', s('hostSuffix')),
    ...optional('useVirtualService', r.boolean(o.useVirtualService, fieldPath(path, 'useVirtualService'))),
    ...optional('virtualServiceGateway', s('virtualServiceGateway')),
    ...optional('ingressControllerClassName', s('ingressControllerClassName')),
    ...optional('tlsSecretName', r.string(tls?.secretName, fieldPath(path, 'tls.secretName'))),
    ...optional(
      'annotations',
      o.annotations === undefined ? undefined : r.stringMap(o.annotations, fieldPath(path, 'annotations')),
    ),
    ...optional('labels', o.labels === undefined ? undefined : r.stringMap(o.labels, fieldPath(path, 'labels'))),
  };
}

/** `disabled` → `null`; a size → that size; an enabled block without a usable size is a problem. */
function sharedMemory(r: InputReader, v: unknown, path: string): { sharedMemorySize?: string | null } {
  const o = r.object(v, path);
  if (!o) return {};
  if (r.boolean(o.disabled, fieldPath(path, 'disabled'))) return { sharedMemorySize: null };
  const size = r.quantity(o.size, fieldPath(path, 'size'));
  if (!size || isZeroQuantity(size)) {
    r.error(fieldPath(path, 'size'), 'is required when disabled is false');
    return {};
  }
  return { sharedMemorySize: size };
}

function readPvcs(r: InputReader, v: unknown): PvcModel[] {
  const out: PvcModel[] = [];
  (r.list(v, 'spec.pvcs') ?? []).forEach((x, i) => {
    const p = keyPath('spec.pvcs', i);
    const o = r.object(x, p);
    if (!o) return;
    out.push({
      name: r.string(o.name, fieldPath(p, 'name')) ?? '',
      create: r.boolean(o.create, fieldPath(p, 'create')) ?? false,
      ...optional('storageClass', r.string(o.storageClass, fieldPath(p, 'storageClass')) || undefined),
      ...optional('size', r.quantity(o.size, fieldPath(p, 'size')) || undefined),
      ...optional('volumeAccessMode', r.string(o.volumeAccessMode, fieldPath(p, 'volumeAccessMode')) || undefined),
    });
  });
  return out;
}

function readGraphTopology(r: InputReader, v: unknown) {
  const o = r.object(v, 'spec.topologyConstraint');
  if (!o) return undefined;
  return {
    ...optional('topologyProfile', r.string(o.topologyProfile, 'spec.topologyConstraint.topologyProfile')),
    ...optional('packDomain', r.string(o.packDomain, 'spec.topologyConstraint.packDomain')),
  };
}
