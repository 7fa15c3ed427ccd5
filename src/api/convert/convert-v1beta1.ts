/** `nvidia.com/v1beta1` DGD / DCD → GraphModel. */
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';
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
import {
  readComponentExtras,
  readFailover,
  readGpuMemoryService,
  readGraphExtras,
  readProviderOverride,
} from './convert-experimental';
import { containersTakenByFields, readComponentFields } from './read-component-fields';
import { JsonObject, ResourceRequirements } from '../k8s-types';
import { ComponentModel, GraphModel, VolumeMountModel } from '../model';
import { fieldPath, InputReader, isObject, keyPath } from '../read';

const API_VERSION = 'nvidia.com/v1beta1';

export function convertGraphV1beta1(
  r: InputReader,
  doc: JsonObject,
  spec: JsonObject,
  opts: ConvertOptions,
): GraphModel {
  const components = (r.list(spec.components, 'spec.components') ?? []).map((c, i) =>
    convertComponent(r, c, keyPath('spec.components', i), undefined),
  );
  return {
    kind: 'DynamoGraphDeployment',
    apiVersion: API_VERSION,
    ...graphCommon(r, doc, spec, opts),
    labels: r.stringMap(spec.labels, 'spec.labels'),
    annotations: r.stringMap(spec.annotations, 'spec.annotations'),
    env: r.envList(spec.env, 'spec.env'),
    pvcs: [],
    components: components.filter((c): c is ComponentModel => c !== undefined),
    ...optional('restart', readRestart(r, spec.restart, 'spec.restart')),
    ...optional('topologyConstraint', readGraphTopology(r, spec.topologyConstraint)),
    ...readGraphExtras(r, spec),
  };
}

/** A standalone DCD is a graph of one component named `spec.name`, else `metadata.name`. */
export function convertComponentV1beta1(
  r: InputReader,
  doc: JsonObject,
  spec: JsonObject,
  opts: ConvertOptions,
): GraphModel {
  const component = convertComponent(r, spec, 'spec', opts.name);
  return standaloneComponentGraph(API_VERSION, graphCommon(r, doc, spec, opts), component);
}

function convertComponent(
  r: InputReader,
  v: unknown,
  path: string,
  defaultName: string | undefined,
): ComponentModel | undefined {
  const c = r.object(v, path);
  if (!c) return undefined;
  const at = (f: string) => fieldPath(path, f);
  const template = r.object(c.podTemplate, at('podTemplate')) ?? {};
  const meta = r.object(template.metadata, at('podTemplate.metadata')) ?? {};
  const spec = r.object(template.spec, at('podTemplate.spec')) ?? {};
  const containersPath = at('podTemplate.spec.containers');
  const containers = (r.list(spec.containers, containersPath) ?? []).filter(
    (x, i): x is JsonObject => r.object(x, keyPath(containersPath, i)) !== undefined,
  );
  const taken = containersTakenByFields(c);
  const main = containers.find((x) => x.name === MAIN_CONTAINER_NAME);
  const { env, resources, livenessProbe, readinessProbe, ...mainRest } = main ?? {};
  const mainPath = keyPath(containersPath, containers.indexOf(main ?? {}));
  const others = containers.filter((x) => x !== main && !(typeof x.name === 'string' && taken.has(x.name)));
  const { containers: _containers, ...podSpec } = spec;
  const experimental = r.object(c.experimental, at('experimental')) ?? {};
  return {
    name: r.string(c.name, at('name')) || defaultName || '',
    ...canonicalType(r.string(c.type, at('type')), undefined),
    ...optional('replicas', r.integer(c.replicas, at('replicas'))),
    globalDynamoNamespace: r.boolean(c.globalDynamoNamespace, at('globalDynamoNamespace')) ?? false,
    labels: {},
    annotations: {},
    podLabels: r.stringMap(meta.labels, at('podTemplate.metadata.labels')),
    podAnnotations: r.stringMap(meta.annotations, at('podTemplate.metadata.annotations')),
    podSpec: others.length ? { ...podSpec, containers: others } : podSpec,
    ...optional('mainContainer', main ? mainOverlay(mainRest) : undefined),
    env: r.envList(env, fieldPath(mainPath, 'env')),
    ...optional('resources', readResources(r, resources, fieldPath(mainPath, 'resources'))),
    ...optional('livenessProbe', r.object(livenessProbe, fieldPath(mainPath, 'livenessProbe'))),
    ...optional('readinessProbe', r.object(readinessProbe, fieldPath(mainPath, 'readinessProbe'))),
    volumeMounts: readCompilationCache(r, c.compilationCache, at('compilationCache')),
    ...optional('modelRef', readModelRef(r, c.modelRef, at('modelRef'))),
    ...readComponentFields(r, c, path, { containers, path: containersPath }),
    ...optional('multinode', readMultinode(r, c.multinode, at('multinode'))),
    scalingAdapter: r.object(c.scalingAdapter, at('scalingAdapter')) !== undefined,
    ...optional('eppConfig', readEppConfig(r, c.eppConfig, at('eppConfig'))),
    ...optional('topologyConstraint', readComponentTopology(r, c.topologyConstraint, at('topologyConstraint'))),
    ...optional('checkpoint', readComponentCheckpoint(r, experimental.checkpoint, at('experimental.checkpoint'))),
    ...optional(
      'gpuMemoryService',
      readGpuMemoryService(r, experimental.gpuMemoryService, at('experimental.gpuMemoryService'), false),
    ),
    ...optional('failover', readFailover(r, experimental.failover, at('experimental.failover'), false)),
    ...readComponentExtras(r, c, path),
    ...readProviderOverride(c),
  };
}

/** The main container's Kubernetes resources, unchanged apart from dropping empty sections. */
function readResources(r: InputReader, v: unknown, path: string): ResourceRequirements | undefined {
  const o = r.object(v, path);
  if (!o) return undefined;
  const requests = r.quantityMap(o.requests, fieldPath(path, 'requests'));
  const limits = r.quantityMap(o.limits, fieldPath(path, 'limits'));
  const claims = (r.list(o.claims, fieldPath(path, 'claims')) ?? []).filter(isObject);
  const out: ResourceRequirements = {
    ...optional('requests', Object.keys(requests).length ? requests : undefined),
    ...optional('limits', Object.keys(limits).length ? limits : undefined),
    ...optional('claims', claims.length ? claims : undefined),
  };
  return Object.keys(out).length ? out : undefined;
}

/** `compilationCache` is the v1beta1 spelling of a volume mount with `useAsCompilationCache`. */
function readCompilationCache(r: InputReader, v: unknown, path: string): VolumeMountModel[] {
  const o = r.object(v, path);
  if (!o) return [];
  const name = r.requiredString(o.pvcName, fieldPath(path, 'pvcName'));
  if (name === undefined) return [];
  return [
    {
      name,
      ...optional('mountPoint', r.string(o.mountPath, fieldPath(path, 'mountPath')) || undefined),
      useAsCompilationCache: true,
    },
  ];
}

function readGraphTopology(r: InputReader, v: unknown) {
  const o = r.object(v, 'spec.topologyConstraint');
  if (!o) return undefined;
  return {
    ...optional('topologyProfile', r.string(o.clusterTopologyName, 'spec.topologyConstraint.clusterTopologyName')),
    ...optional('packDomain', r.string(o.packDomain, 'spec.topologyConstraint.packDomain')),
  };
}
