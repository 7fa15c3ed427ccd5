/**
 * Loading a DynamoGraphDeploymentRequest (v1beta1, or the deprecated v1alpha1 converted the way
 * upstream's conversion maps it) and upstream's admission rules with their messages. The CRD
 * schema (required `model`, the enums, types) is checked by `schemaProblems` like every kind.
 */
import { DEFAULT_NAMESPACE } from '../../output/kube-object';
import {
  DEPRECATED_GPU_SKUS,
  DeploymentRequestModel,
  DGDR_API_VERSIONS,
  DGDR_DEFAULTS,
  DGDR_KIND,
  DgdrBackend,
  GpuSku,
  RequestPaths,
  ResolvedRequestSpec,
  SearchStrategy,
} from '../../api/input/deployment-request';
import { dns1123Subdomain } from '../../api/k8s-syntax';
import { JsonObject } from '../../api/k8s-types';
import { Problem } from '../../api/problems';
import { schemaProblems } from '../../api/validate/schema-validation';
import { fieldPath, InputReader, isObject } from '../../api/read';
import { POSITIVE_MESSAGE } from '../../crds/deployment-request-v1beta2';
import { readV1beta2 } from './load-v1beta2';
import { defined, dropUndefined, number, Read } from './read-helpers';

export interface DeploymentRequestLoad {
  /** Set when the document reads as a request, also when there are problems. */
  readonly model?: DeploymentRequestModel;
  readonly problems: Problem[];
}

/** Upstream's admission message when no hardware is given and GPU discovery is off (always, at build time). */
export const HARDWARE_REQUIRED = 'GPU hardware configuration is required when GPU discovery is disabled';

export function loadDeploymentRequest(doc: unknown, opts: { defaultNamespace?: string } = {}): DeploymentRequestLoad {
  const r = new InputReader();
  if (!isObject(doc)) {
    r.error('', 'expected a Kubernetes object (a map with apiVersion and kind)');
    return { problems: r.problems };
  }
  if (doc.kind !== DGDR_KIND) r.error('kind', `expected ${DGDR_KIND}, got ${JSON.stringify(doc.kind ?? null)}`);
  const apiVersion = doc.apiVersion as DeploymentRequestModel['apiVersion'];
  if (!(DGDR_API_VERSIONS as readonly unknown[]).includes(apiVersion)) {
    r.error(
      'apiVersion',
      `unsupported apiVersion ${JSON.stringify(apiVersion ?? null)}: expected one of ${DGDR_API_VERSIONS.join(', ')}`,
    );
    return { problems: r.problems };
  }
  const metadata = r.object(doc.metadata, 'metadata');
  const name = r.requiredString(metadata?.name, 'metadata.name');
  if (name) for (const m of dns1123Subdomain(name)) r.error('metadata.name', `Invalid value: "${name}": ${m}`);
  const spec = r.object(doc.spec, 'spec');
  if (!spec) {
    r.error('spec', 'Required value');
    return { problems: r.problems };
  }
  const read =
    apiVersion === 'nvidia.com/v1beta2'
      ? readV1beta2(r, spec)
      : apiVersion === 'nvidia.com/v1beta1'
        ? readV1beta1(r, spec)
        : readV1alpha1(r, spec);
  const model: DeploymentRequestModel = {
    apiVersion,
    name: name ?? '',
    namespace: r.string(metadata?.namespace, 'metadata.namespace') || opts.defaultNamespace || DEFAULT_NAMESPACE,
    labels: r.stringMap(metadata?.labels, 'metadata.labels'),
    annotations: r.stringMap(metadata?.annotations, 'metadata.annotations'),
    spec: read.spec,
    ...(read.deploymentOverrides ? { deploymentOverrides: read.deploymentOverrides } : {}),
    paths: read.paths,
    source: doc,
  };
  r.problems.push(...(read.problems ?? []), ...validateDeploymentRequest(model));
  return { model, problems: r.problems };
}

const V1BETA1_PATHS: RequestPaths = { at: (field) => fieldPath('spec', field) };

function readV1beta1(r: InputReader, spec: JsonObject): Read {
  const at = V1BETA1_PATHS.at;
  const hardware = r.object(spec.hardware, at('hardware'));
  const workload = r.object(spec.workload, at('workload'));
  const sla = r.object(spec.sla, at('sla'));
  const cache = r.object(spec.modelCache, at('modelCache'));
  const overrides = r.object(spec.overrides, at('overrides'));
  const features = r.object(spec.features, at('features'));
  const mocker = r.object(features?.mocker, at('features.mocker'));
  return {
    paths: V1BETA1_PATHS,
    spec: {
      model: r.string(spec.model, at('model')) ?? '',
      backend: (r.string(spec.backend, at('backend')) ?? DGDR_DEFAULTS.backend) as DgdrBackend,
      ...defined('image', r.string(spec.image, at('image'))),
      ...(cache ? { modelCache: readModelCache(r, cache, (f) => at(`modelCache.${f}`)) } : {}),
      hardware: dropUndefined({
        gpuSku: r.string(hardware?.gpuSku, at('hardware.gpuSku')) as GpuSku | undefined,
        vramMb: number(r, hardware?.vramMb, at('hardware.vramMb')),
        totalGpus: r.integer(hardware?.totalGpus, at('hardware.totalGpus')),
        numGpusPerNode: r.integer(hardware?.numGpusPerNode, at('hardware.numGpusPerNode')),
        interconnect: r.string(hardware?.interconnect, at('hardware.interconnect')),
        rdma: r.boolean(hardware?.rdma, at('hardware.rdma')),
      }),
      workload: {
        isl: r.integer(workload?.isl, at('workload.isl')) ?? DGDR_DEFAULTS.isl,
        osl: r.integer(workload?.osl, at('workload.osl')) ?? DGDR_DEFAULTS.osl,
        ...defined('concurrency', number(r, workload?.concurrency, at('workload.concurrency'))),
        ...defined('requestRate', number(r, workload?.requestRate, at('workload.requestRate'))),
      },
      sla: dropUndefined({
        ttft: number(r, sla?.ttft, at('sla.ttft')),
        itl: number(r, sla?.itl, at('sla.itl')),
        e2eLatency: number(r, sla?.e2eLatency, at('sla.e2eLatency')),
      }),
      overrides: dropUndefined({
        profilingJob: r.object(overrides?.profilingJob, at('overrides.profilingJob')),
        dgd: r.object(overrides?.dgd, at('overrides.dgd')),
      }),
      features: dropUndefined({
        planner: r.object(features?.planner, at('features.planner')),
        mocker: mocker
          ? dropUndefined({ enabled: r.boolean(mocker.enabled, at('features.mocker.enabled')) })
          : undefined,
      }),
      searchStrategy: (r.string(spec.searchStrategy, at('searchStrategy')) ??
        DGDR_DEFAULTS.searchStrategy) as SearchStrategy,
      autoApply: r.boolean(spec.autoApply, at('autoApply')) ?? DGDR_DEFAULTS.autoApply,
    },
  };
}

/** v1alpha1 places of the fields upstream's conversion maps from its `profilingConfig.config` blob. */
const V1ALPHA1_PLACES: Record<string, string> = {
  image: 'spec.profilingConfig.profilerImage',
  'sla.ttft': 'spec.profilingConfig.config.sla.ttft',
  'sla.itl': 'spec.profilingConfig.config.sla.itl',
  'workload.isl': 'spec.profilingConfig.config.sla.isl',
  'workload.osl': 'spec.profilingConfig.config.sla.osl',
  'modelCache.pvcName': 'spec.profilingConfig.config.deployment.modelCache.pvcName',
  'modelCache.pvcModelPath': 'spec.profilingConfig.config.deployment.modelCache.modelPathInPvc',
  'modelCache.pvcMountPath': 'spec.profilingConfig.config.deployment.modelCache.pvcMountPath',
  'features.mocker': 'spec.useMocker',
  'features.mocker.enabled': 'spec.useMocker',
};

const V1ALPHA1_PATHS: RequestPaths = { at: (field) => V1ALPHA1_PLACES[field] ?? fieldPath('spec', field) };

/** The deprecated shape: SLA, workload and model cache inside the free-form `profilingConfig.config`. */
function readV1alpha1(r: InputReader, spec: JsonObject): Read {
  const at = V1ALPHA1_PATHS.at;
  const profiling = r.object(spec.profilingConfig, 'spec.profilingConfig');
  const config = r.object(profiling?.config, 'spec.profilingConfig.config');
  const sla = r.object(config?.sla, 'spec.profilingConfig.config.sla');
  const deployment = r.object(config?.deployment, 'spec.profilingConfig.config.deployment');
  const cache = r.object(deployment?.modelCache, 'spec.profilingConfig.config.deployment.modelCache');
  const overrides = r.object(spec.deploymentOverrides, 'spec.deploymentOverrides');
  const useMocker = r.boolean(spec.useMocker, 'spec.useMocker');
  const cacheFields = cache
    ? { pvcName: cache.pvcName, pvcModelPath: cache.modelPathInPvc, pvcMountPath: cache.pvcMountPath }
    : undefined;
  return {
    paths: V1ALPHA1_PATHS,
    spec: {
      model: r.string(spec.model, 'spec.model') ?? '',
      backend: (r.string(spec.backend, 'spec.backend') ?? DGDR_DEFAULTS.backend) as DgdrBackend,
      ...defined('image', r.string(profiling?.profilerImage, at('image'))),
      ...(cacheFields ? { modelCache: readModelCache(r, cacheFields, (f) => at(`modelCache.${f}`)) } : {}),
      // v1alpha1 has no hardware: upstream discovers it in the cluster.
      hardware: {},
      workload: {
        isl: number(r, sla?.isl, at('workload.isl')) ?? DGDR_DEFAULTS.isl,
        osl: number(r, sla?.osl, at('workload.osl')) ?? DGDR_DEFAULTS.osl,
      },
      sla: dropUndefined({ ttft: number(r, sla?.ttft, at('sla.ttft')), itl: number(r, sla?.itl, at('sla.itl')) }),
      overrides: {},
      features: useMocker === undefined ? {} : { mocker: { enabled: useMocker } },
      searchStrategy: DGDR_DEFAULTS.searchStrategy,
      // v1alpha1's default: the generated graph waits for review.
      autoApply: r.boolean(spec.autoApply, 'spec.autoApply') ?? false,
    },
    ...(overrides
      ? {
          deploymentOverrides: dropUndefined({
            name: r.string(overrides.name, 'spec.deploymentOverrides.name'),
            labels:
              overrides.labels === undefined
                ? undefined
                : r.stringMap(overrides.labels, 'spec.deploymentOverrides.labels'),
            annotations:
              overrides.annotations === undefined
                ? undefined
                : r.stringMap(overrides.annotations, 'spec.deploymentOverrides.annotations'),
            workersImage: r.string(overrides.workersImage, 'spec.deploymentOverrides.workersImage'),
          }),
        }
      : {}),
  };
}

function readModelCache(
  r: InputReader,
  o: JsonObject,
  at: (field: string) => string,
): ResolvedRequestSpec['modelCache'] {
  return {
    ...defined('pvcName', r.string(o.pvcName, at('pvcName'))),
    ...defined('pvcModelPath', r.string(o.pvcModelPath, at('pvcModelPath'))),
    pvcMountPath: r.string(o.pvcMountPath, at('pvcMountPath')) || DGDR_DEFAULTS.pvcMountPath,
  };
}

/**
 * Upstream's admission rules (webhook and controller), every one reported. Build time has no GPU
 * discovery, so the hardware the request runs on must be written down.
 */
export function validateDeploymentRequest(m: DeploymentRequestModel): Problem[] {
  const out: Problem[] = [];
  const error = (path: string, message: string) => out.push({ path, message, severity: 'error' });
  const warn = (path: string, message: string) => out.push({ path, message, severity: 'warning' });
  const { spec, paths } = m;
  const at = paths.at;
  if (m.apiVersion === 'nvidia.com/v1alpha1') out.push(...v1alpha1Rules(m.source));
  const hw = spec.hardware;
  if (hw.gpuSku === undefined && hw.vramMb === undefined && hw.numGpusPerNode === undefined) {
    error(
      m.apiVersion === 'nvidia.com/v1alpha1' ? 'spec' : at('hardware'),
      `Required value: ${HARDWARE_REQUIRED} (dynamo-iac plans at build time, without a cluster to discover GPUs in${m.apiVersion === 'nvidia.com/v1alpha1' ? '; v1alpha1 has no spec.hardware: write the request as nvidia.com/v1beta1' : ''})`,
    );
  } else {
    if (hw.gpuSku === undefined)
      error(at('hardware.gpuSku'), 'Required value: the GPU system to plan for (GPU discovery needs a cluster)');
    if (hw.totalGpus === undefined) {
      error(
        at('hardware.totalGpus'),
        'Required value: the GPU budget of the graph (upstream counts GPUs on discovered nodes; at build time there is no cluster)',
      );
    }
  }
  if (hw.gpuSku !== undefined && DEPRECATED_GPU_SKUS[hw.gpuSku]) {
    warn(at('hardware.gpuSku'), `${hw.gpuSku} is deprecated; use ${DEPRECATED_GPU_SKUS[hw.gpuSku]}`);
  }
  for (const [field, v] of [
    ['hardware.totalGpus', hw.totalGpus],
    ['hardware.numGpusPerNode', hw.numGpusPerNode],
    ['hardware.vramMb', hw.vramMb],
    ['workload.isl', spec.workload.isl],
    ['workload.osl', spec.workload.osl],
    ['workload.concurrency', spec.workload.concurrency],
    ['workload.requestRate', spec.workload.requestRate],
    ['sla.e2eLatency', spec.sla.e2eLatency],
  ] as const) {
    if (v !== undefined && v <= 0) error(at(field), `Invalid value: ${v}: must be positive`);
  }
  const v1beta2 = m.apiVersion === 'nvidia.com/v1beta2';
  // The v1beta1 controller's own wording for these two; v1beta2 bounds them in its schema.
  for (const f of ['ttft', 'itl'] as const) {
    const v = spec.sla[f];
    if (v !== undefined && v <= 0) error(at(`sla.${f}`), v1beta2 ? POSITIVE_MESSAGE : `sla.${f} must be positive`);
  }
  // v1beta2 words these two as CEL rules of its own (load-v1beta2.ts).
  if (!v1beta2 && spec.sla.e2eLatency !== undefined && (spec.sla.ttft !== undefined || spec.sla.itl !== undefined)) {
    error(at('sla'), 'Invalid value: e2eLatency is an alternative to ttft + itl; set one or the other');
  }
  if (!v1beta2 && spec.workload.concurrency !== undefined && spec.workload.requestRate !== undefined) {
    error(at('workload'), 'Invalid value: concurrency and requestRate are mutually exclusive; set at most one');
  }
  if (spec.searchStrategy === 'thorough' && spec.backend === 'auto') {
    error(
      at('searchStrategy'),
      'Invalid value: "thorough": is incompatible with spec.backend "auto"; set spec.backend to a specific backend (sglang, trtllm, or vllm)',
    );
  }
  if (spec.searchStrategy === 'thorough' && !spec.image) {
    error(
      at('image'),
      "Required value: the profiler image of the profiling Job, e.g. nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.0 (upstream's defaulting webhook derives it from the operator version; dynamo-iac runs no webhook)",
    );
  }
  if (spec.features.mocker?.enabled) {
    error(
      at('features.mocker'),
      'Forbidden: mocker graphs are generated from a template inside the profiler image, which build-time planning does not have; render a mocker graph as a DynamoGraphDeployment instead',
    );
  }
  if (spec.modelCache && !spec.modelCache.pvcName)
    error(at('modelCache.pvcName'), 'Required value: the PVC that holds the model');
  const dgd = spec.overrides.dgd;
  if (dgd) {
    if (dgd.kind !== 'DynamoGraphDeployment')
      error(
        at('overrides.dgd.kind'),
        `Invalid value: ${JSON.stringify(dgd.kind ?? null)}: must be DynamoGraphDeployment`,
      );
    if (dgd.apiVersion !== 'nvidia.com/v1beta1' && dgd.apiVersion !== 'nvidia.com/v1alpha1') {
      error(
        at('overrides.dgd.apiVersion'),
        `Invalid value: ${JSON.stringify(dgd.apiVersion ?? null)}: must be nvidia.com/v1beta1 or nvidia.com/v1alpha1`,
      );
    }
  }
  if (spec.searchStrategy === 'rapid') {
    // Inputs the offline search has no use for: said out loud rather than dropped.
    for (const f of ['vramMb', 'numGpusPerNode', 'interconnect', 'rdma'] as const) {
      if (hw[f] !== undefined)
        warn(
          at(`hardware.${f}`),
          `not used by the rapid search: it takes the GPU's memory, node size and links from its data for ${hw.gpuSku ?? 'the GPU system'}`,
        );
    }
    for (const f of ['concurrency', 'requestRate'] as const) {
      if (spec.workload[f] !== undefined)
        warn(
          at(`workload.${f}`),
          'not used by the rapid search: with a GPU budget it maximizes throughput per GPU within the SLA and takes no load target',
        );
    }
    if (spec.overrides.profilingJob)
      warn(
        at('overrides.profilingJob'),
        'not used: the rapid search runs at build time (dynamo-iac plan), not in a profiling Job',
      );
  }
  return out;
}

/** Upstream's v1alpha1 webhook rules. */
function v1alpha1Rules(source: JsonObject): Problem[] {
  const out: Problem[] = [];
  const spec = isObject(source.spec) ? source.spec : {};
  const profiling = isObject(spec.profilingConfig) ? spec.profilingConfig : {};
  if (spec.enableGpuDiscovery !== undefined) {
    out.push({
      path: 'spec.enableGpuDiscovery',
      severity: 'warning',
      message:
        'spec.enableGpuDiscovery is deprecated and will be removed in v1beta1. GPU discovery is now always attempted automatically. This field has no effect.',
    });
  }
  if (!profiling.profilerImage)
    out.push({
      path: 'spec.profilingConfig.profilerImage',
      severity: 'error',
      message: 'spec.profilingConfig.profilerImage is required',
    });
  const config = profiling.config;
  if (!isObject(config) || Object.keys(config).length === 0) {
    out.push({
      path: 'spec.profilingConfig.config',
      severity: 'error',
      message: 'spec.profilingConfig.config is required and must not be empty',
    });
    return out;
  }
  // The profiler config's copies of spec fields lose to them.
  const overwritten: [string, unknown, string, unknown][] = [
    ['engine.backend', isObject(config.engine) ? config.engine.backend : undefined, 'spec.backend', spec.backend],
    ['deployment.model', isObject(config.deployment) ? config.deployment.model : undefined, 'spec.model', spec.model],
  ];
  for (const [field, value, by, winner] of overwritten) {
    if (typeof value !== 'string' || !value || value === winner) continue;
    const path = `spec.profilingConfig.config.${field}`;
    out.push({
      path,
      severity: 'warning',
      message: `${path} (${value}) will be overwritten by ${by} (${String(winner ?? '')})`,
    });
  }
  return out;
}

/** A request document read and checked: upstream's rules first, then our CRD's schema. */
export function loadRequestDoc(
  doc: unknown,
  opts: { defaultNamespace?: string } = {},
): { request?: DeploymentRequestModel; problems: Problem[] } {
  const loaded = loadDeploymentRequest(doc, opts);
  const problems = [...loaded.problems];
  problems.push(...schemaProblems(doc, problems));
  return { request: loaded.model, problems };
}
