/**
 * Reading a `nvidia.com/v1beta2` DynamoGraphDeploymentRequest (Dynamo 1.7) into the hub our
 * planning works from (the v1beta1 shape), once, with upstream's CEL rules and messages checked
 * as it is read. What build-time planning cannot honour is refused (a trace replay) or warned
 * about with its field path (search budget, objective, candidates), never dropped silently.
 */
import { DGDR_DEFAULTS, DgdrBackend, GpuSku, RequestPaths } from '../../api/input/deployment-request';
import { JsonObject } from '../../api/k8s-types';
import { Problem } from '../../api/problems';
import { fieldPath, InputReader } from '../../api/read';
import {
  DGDR_V1BETA2_DEFAULTS,
  V1BETA2_BACKENDS,
  V1BETA2_RULES,
  specV1beta2,
} from '../../crds/deployment-request-v1beta2';
import { defined, dropUndefined, number, Read } from './read-helpers';

/** Where the hub's fields (v1beta1 paths) are written in v1beta2. */
const V1BETA2_PLACES: Record<string, string> = {
  model: 'spec.modelRef.name',
  backend: 'spec.backends',
  hardware: 'spec.hardware',
  'hardware.gpuSku': 'spec.hardware.gpu.sku',
  'hardware.totalGpus': 'spec.hardware.gpu.budget',
  workload: 'spec.workload.static',
  'workload.isl': 'spec.workload.static.isl',
  'workload.osl': 'spec.workload.static.osl',
  'workload.concurrency': 'spec.workload.static.concurrency',
  'workload.requestRate': 'spec.workload.static.requestRate',
  sla: 'spec.objective.sla',
  'sla.ttft': 'spec.objective.sla.ttftMs',
  'sla.itl': 'spec.objective.sla.itlMs',
  'sla.e2eLatency': 'spec.objective.sla.e2eMs',
  modelCache: 'spec.modelRef.cache.pvc',
  'modelCache.pvcName': 'spec.modelRef.cache.pvc.name',
  'modelCache.pvcModelPath': 'spec.modelRef.cache.pvc.modelPath',
  'modelCache.pvcMountPath': 'spec.modelRef.cache.pvc.mountPath',
  searchStrategy: 'spec',
};

const V1BETA2_PATHS: RequestPaths = { at: (field) => V1BETA2_PLACES[field] ?? fieldPath('spec', field) };

/** The spec fields v1beta2 declares; our CRD's schema also carries the other versions' (conversion: None). */
export const V1BETA2_SPEC_FIELDS: ReadonlySet<string> = new Set(Object.keys(specV1beta2().properties ?? {}));

/** The metric the rapid search maximizes (tokens/s per GPU within the SLA). */
const RAPID_METRIC = 'throughputPerGpu';

export function readV1beta2(r: InputReader, spec: JsonObject): Read {
  const problems: Problem[] = [];
  const error = (path: string, message: string) => problems.push({ path, message, severity: 'error' });
  const warn = (path: string, message: string) => problems.push({ path, message, severity: 'warning' });
  for (const key of Object.keys(spec)) {
    if (V1BETA2_SPEC_FIELDS.has(key)) continue;
    error(
      fieldPath('spec', key),
      key === 'v1beta1'
        ? 'Forbidden: a read-only conversion view the API server fills in; write the v1beta2 fields instead'
        : 'unknown field: not a nvidia.com/v1beta2 field (the v1beta1 shape has it)',
    );
  }
  const modelRef = r.object(spec.modelRef, 'spec.modelRef');
  const cache = r.object(modelRef?.cache, 'spec.modelRef.cache');
  const pvc = r.object(cache?.pvc, 'spec.modelRef.cache.pvc');
  const gpu = r.object(r.object(spec.hardware, 'spec.hardware')?.gpu, 'spec.hardware.gpu');
  const workload = r.object(spec.workload, 'spec.workload');
  const trace = r.object(workload?.trace, 'spec.workload.trace');
  const load = r.object(workload?.static, 'spec.workload.static');
  const objective = r.object(spec.objective, 'spec.objective');
  const sla = r.object(objective?.sla, 'spec.objective.sla');
  const overrides = r.object(spec.overrides, 'spec.overrides');
  const listed = r.stringList(spec.backends, 'spec.backends') ?? [];
  // A set list (`x-kubernetes-list-type: set`), which our schema check does not see: the API server's wording.
  listed.forEach((b, i) => {
    if (listed.indexOf(b) !== i) error(`spec.backends[${i}]`, `Duplicate value: ${JSON.stringify(b)}`);
  });
  const backends = listed.filter((b) => (V1BETA2_BACKENDS as readonly string[]).includes(b));

  // Upstream's CEL rules, at the node that carries each.
  const has = (o: JsonObject | undefined, k: string) => o !== undefined && o[k] !== undefined;
  const remoteCode = r.string(modelRef?.remoteCode, 'spec.modelRef.remoteCode') ?? DGDR_V1BETA2_DEFAULTS.remoteCode;
  if (modelRef && remoteCode === 'TrustCacheAndRevision' && !(has(modelRef, 'revision') && pvc))
    error('spec.modelRef', V1BETA2_RULES.remoteCode.message);
  if (workload && has(workload, 'trace') === has(workload, 'static'))
    error('spec.workload', V1BETA2_RULES.workload.message);
  const source = r.object(trace?.source, 'spec.workload.trace.source');
  if (source && has(source, 'pvc') === has(source, 'uri'))
    error('spec.workload.trace.source', V1BETA2_RULES.traceSource.message);
  if (load && ['requestRate', 'concurrency', 'kvLoadRatio'].filter((k) => has(load, k)).length !== 1)
    error('spec.workload.static', V1BETA2_RULES.staticLoad.message);
  if (sla && has(sla, 'e2eMs') === (has(sla, 'ttftMs') && has(sla, 'itlMs')))
    error('spec.objective.sla', V1BETA2_RULES.sla.message);
  const mode = r.string(objective?.mode, 'spec.objective.mode');
  const metric = r.string(objective?.metric, 'spec.objective.metric');
  if (
    objective &&
    mode !== undefined &&
    !((mode === 'optimize' && metric !== undefined && !has(objective, 'metrics')) || (mode === 'pareto' && !metric))
  )
    error('spec.objective', V1BETA2_RULES.objective.message);

  // What build-time planning (AIConfigurator's rapid search) cannot do or does not use.
  if (trace)
    error(
      'spec.workload.trace',
      'Forbidden: build-time planning replays no traces (the rapid search takes a static isl/osl shape); use spec.workload.static',
    );
  if (has(load, 'kvLoadRatio'))
    warn(
      'spec.workload.static.kvLoadRatio',
      'not used by the rapid search: with a GPU budget it maximizes throughput per GPU within the SLA',
    );
  if (has(load, 'numRequestRatio'))
    warn('spec.workload.static.numRequestRatio', 'not used by the rapid search: it simulates, it sends no requests');
  if (mode !== undefined && (mode !== 'optimize' || metric !== RAPID_METRIC))
    warn(
      'spec.objective',
      `the rapid search maximizes ${RAPID_METRIC} within the SLA and picks one configuration; mode ${mode}${metric ? ` metric ${metric}` : ''} is not searched for`,
    );
  if (spec.search !== undefined)
    warn(
      'spec.search',
      'not used: build-time planning runs the rapid search once, without rounds or parallel evaluations',
    );
  if (spec.recommendation !== undefined)
    warn('spec.recommendation', 'not used: build-time planning picks one configuration and publishes no candidates');
  if (spec.rerun !== undefined)
    warn('spec.rerun', 'not used: `dynamo-iac plan` searches again when the search inputs change or when asked to');
  if (has(modelRef, 'revision'))
    warn(
      'spec.modelRef.revision',
      'not used: the generated graph loads the model by name; pin the revision in overrides.dgd',
    );
  if (remoteCode !== DGDR_V1BETA2_DEFAULTS.remoteCode)
    warn(
      'spec.modelRef.remoteCode',
      `not used: the generated engine commands get no remote-code flag for ${remoteCode}`,
    );
  const written = new Set(backends);
  if (written.size > 1 && written.size < V1BETA2_BACKENDS.length)
    warn('spec.backends', 'the rapid search chooses among all backends; list one backend to fix the choice');

  return {
    paths: V1BETA2_PATHS,
    problems,
    spec: {
      model: r.string(modelRef?.name, 'spec.modelRef.name') ?? '',
      backend: (written.size === 1 ? backends[0] : DGDR_DEFAULTS.backend) as DgdrBackend,
      ...defined('image', r.string(spec.image, 'spec.image')),
      ...(pvc
        ? {
            modelCache: {
              ...defined('pvcName', r.string(pvc.name, 'spec.modelRef.cache.pvc.name')),
              ...defined('pvcModelPath', r.string(pvc.modelPath, 'spec.modelRef.cache.pvc.modelPath')),
              pvcMountPath: r.string(pvc.mountPath, 'spec.modelRef.cache.pvc.mountPath') || DGDR_DEFAULTS.pvcMountPath,
            },
          }
        : {}),
      hardware: dropUndefined({
        gpuSku: r.string(gpu?.sku, 'spec.hardware.gpu.sku') as GpuSku | undefined,
        totalGpus: r.integer(gpu?.budget, 'spec.hardware.gpu.budget'),
      }),
      workload: {
        isl: r.integer(load?.isl, 'spec.workload.static.isl') ?? DGDR_DEFAULTS.isl,
        osl: r.integer(load?.osl, 'spec.workload.static.osl') ?? DGDR_DEFAULTS.osl,
        ...defined('concurrency', number(r, load?.concurrency, 'spec.workload.static.concurrency')),
        ...defined('requestRate', number(r, load?.requestRate, 'spec.workload.static.requestRate')),
      },
      sla: dropUndefined({
        ttft: number(r, sla?.ttftMs, 'spec.objective.sla.ttftMs'),
        itl: number(r, sla?.itlMs, 'spec.objective.sla.itlMs'),
        e2eLatency: number(r, sla?.e2eMs, 'spec.objective.sla.e2eMs'),
      }),
      overrides: dropUndefined({
        profilingJob: r.object(overrides?.profilingJob, 'spec.overrides.profilingJob'),
        dgd: r.object(overrides?.dgd, 'spec.overrides.dgd'),
      }),
      features: {},
      // v1beta2's search is simulation-backed, as the rapid search is.
      searchStrategy: DGDR_DEFAULTS.searchStrategy,
      // Upstream publishes candidates for a person to copy into a graph: the plan is kept for review.
      autoApply: false,
    },
  };
}
