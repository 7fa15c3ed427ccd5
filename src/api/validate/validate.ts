/**
 * `validateGraph`: every rule upstream's admission webhooks and CEL enforce on a DGD / DCD, plus
 * the Kubernetes rules the rendered objects must pass, reported all at once with field paths in
 * the version the user wrote.
 */
import { MAX_COMPONENTS, MAX_PVCS } from '../../crds/vocabulary';
import { BACKEND_FRAMEWORKS, GraphModel } from '../model';
import { disaggregatedSetChoice, effectiveOrchestrator, ENABLE_DISAGGREGATED_SET_ANNOTATION } from '../orchestrator';
import { Problem } from '../problems';
import { dns1123Label, dns1123Subdomain } from '../k8s-syntax';
import { fieldPath, keyPath } from '../read';
import { ResolvedSettings } from '../settings';
import { workerRolloutWarning } from '../worker-rollout';
import { validateComponentCheckpoint } from './validate-checkpoint-ref';
import { validateCelRules } from './validate-cel-rules';
import { isVllmExecutorBackend, validateComponent, VLLM_EXECUTOR_BACKEND } from './validate-component';
import { KUBE_DISCOVERY_MODE_ANNOTATION, validateFailoverDiscoveryMode } from './validate-gpu-memory';
import { validateGroveFields } from './validate-grove-fields';
import { validateKubernetes } from './validate-k8s';
import { validateKvTransferPolicy } from './validate-kv-transfer';
import { validateRestart } from './validate-restart';
import { validateScaleToZero } from './validate-scale-to-zero';
import { validateTopology } from './validate-topology';
import { ValidationContext } from './validation-context';
import { isSemanticVersion } from '../image-version';

const GROVE_NAME_LIMIT = 45;
/** A PersistentVolumeClaim's access modes, as the API server takes them. */
const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];

export function validateGraph(model: GraphModel, settings: ResolvedSettings): Problem[] {
  const ctx = new ValidationContext(model, settings);
  if (model.kind === 'DynamoGraphDeployment') validateComponentList(ctx);
  validatePvcs(ctx);
  validateGraphAnnotations(ctx);
  validateBackendFramework(ctx);
  model.components.forEach((c, i) => validateComponent(ctx, c, i));
  model.components.forEach((_c, i) => validateComponentCheckpoint(ctx, i));
  validateFailoverDiscoveryMode(ctx);
  validateRestart(ctx);
  validateScaleToZero(ctx);
  validateTopology(ctx);
  validateGroveFields(ctx);
  validateKvTransferPolicy(ctx);
  validateGroveNames(ctx);
  validateDisaggregatedSet(ctx);
  validateKubernetes(ctx);
  validateCelRules(ctx);
  const rollout = workerRolloutWarning(model, settings);
  if (rollout) ctx.problems.push(rollout);
  if (model.gangScheduling !== undefined) ctx.warn('gangScheduling', GANG_SCHEDULING_IGNORED);
  return ctx.problems;
}

const GANG_SCHEDULING_IGNORED =
  'has no effect: a multinode component is one LeaderWorkerSet whose groups LeaderWorkerSet itself gang-schedules when its controller is set up for it (Volcano), as upstream; no PodGroup or schedulerName is rendered (docs/deviations.md)';

function validateComponentList(ctx: ValidationContext): void {
  const { model, paths } = ctx;
  const n = model.components.length;
  if (n === 0) ctx.error(paths.components, `must have at least one ${paths.noun}`);
  if (n > MAX_COMPONENTS) ctx.error(paths.components, `Too many: ${n}: must have at most ${MAX_COMPONENTS} items`);
  // Say which: in a graph of many components "must be unique" alone leaves the user to search.
  const byLower = new Map<string, string[]>();
  for (const c of model.components)
    byLower.set(c.name.toLowerCase(), [...(byLower.get(c.name.toLowerCase()) ?? []), c.name]);
  const clashes = [...byLower.values()].filter((names) => names.length > 1);
  if (clashes.length > 0) {
    const named = clashes.map((names) => names.map((name) => JSON.stringify(name)).join(' and ')).join('; ');
    ctx.error(paths.components, `${paths.noun} names must be unique case-insensitively: ${named}`);
  }
  if (model.components.filter((c) => c.type === 'epp').length > 1) {
    ctx.error(
      paths.components,
      paths.v1alpha1 ? 'at most one service may have componentType epp' : 'at most one component may have type epp',
    );
  }
}

function validatePvcs(ctx: ValidationContext): void {
  const pvcs = ctx.model.pvcs;
  if (pvcs.length > MAX_PVCS) ctx.error('spec.pvcs', `Too many: ${pvcs.length}: must have at most ${MAX_PVCS} items`);
  pvcs.forEach((pvc, i) => {
    const at = (f: string) => fieldPath(keyPath('spec.pvcs', i), f);
    if (!pvc.name) ctx.error(at('name'), 'is required');
    // The PVC's own name (create) or the one its volume refers to: the API server takes no other.
    else {
      const subdomain = dns1123Subdomain(pvc.name);
      for (const m of subdomain) ctx.error(at('name'), `Invalid value: "${pvc.name}": ${m}`);
      // It also names the claim's volume in the pods that mount it, and volume names are DNS labels.
      if (!subdomain.length)
        for (const m of dns1123Label(pvc.name))
          ctx.error(at('name'), `Invalid value: "${pvc.name}": ${m} (it is also the name of the claim's volume)`);
    }
    if (!pvc.create) return;
    for (const f of ['storageClass', 'size', 'volumeAccessMode'] as const) {
      if (!pvc[f]) ctx.error(at(f), 'is required when create is true');
    }
    if (pvc.volumeAccessMode && !ACCESS_MODES.includes(pvc.volumeAccessMode))
      ctx.error(
        at('volumeAccessMode'),
        `Unsupported value: "${pvc.volumeAccessMode}": supported values: ${ACCESS_MODES.map((m) => `"${m}"`).join(', ')}`,
      );
    // The created claim's storageClassName.
    if (pvc.storageClass)
      for (const m of dns1123Subdomain(pvc.storageClass))
        ctx.error(at('storageClass'), `Invalid value: "${pvc.storageClass}": ${m}`);
  });
}

function validateGraphAnnotations(ctx: ValidationContext): void {
  const a = ctx.model.metadataAnnotations;
  const check = (key: string, ok: (v: string) => boolean, expected: string) => {
    const v = a[key];
    if (v !== undefined && !ok(v))
      ctx.error(keyPath('metadata.annotations', key), `annotation ${key} has invalid value "${v}": ${expected}`);
  };
  check('nvidia.com/dynamo-operator-origin-version', isSemanticVersion, 'must be valid semver');
  check(VLLM_EXECUTOR_BACKEND, isVllmExecutorBackend, 'must be "mp" or "ray"');
  check(KUBE_DISCOVERY_MODE_ANNOTATION, (v) => ['pod', 'container'].includes(v), 'must be "pod" or "container"');
}

function validateBackendFramework(ctx: ValidationContext): void {
  const b = ctx.model.backendFramework;
  if (b !== undefined && !(BACKEND_FRAMEWORKS as readonly string[]).includes(b)) {
    ctx.error(
      'spec.backendFramework',
      `unsupported backend framework "${b}": must be one of ${BACKEND_FRAMEWORKS.join(', ')}`,
    );
  }
}

/**
 * Upstream accepts a graph that opts in to a DisaggregatedSet but is not eligible (its status says
 * so): it renders as LeaderWorkerSets, and the user hears why.
 */
function validateDisaggregatedSet(ctx: ValidationContext): void {
  const choice = disaggregatedSetChoice(ctx.model, ctx.settings);
  if (choice && 'ineligible' in choice)
    ctx.warn(
      keyPath('metadata.annotations', ENABLE_DISAGGREGATED_SET_ANNOTATION),
      `no DisaggregatedSet is rendered: ${choice.ineligible}; its multinode components render as LeaderWorkerSets`,
    );
}

/**
 * Grove builds pod names from the graph, scaling-group and clique names and limits their combined
 * length; only relevant when Grove renders the graph.
 */
function validateGroveNames(ctx: ValidationContext): void {
  const { model, settings } = ctx;
  if (effectiveOrchestrator(model, settings) !== 'grove') return;
  model.components.forEach((c, i) => {
    const svc = c.name.toLowerCase();
    const length = c.multinode ? model.name.length + svc.length + `${svc}-ldr`.length : model.name.length + svc.length;
    if (length > GROVE_NAME_LIMIT) {
      ctx.error(
        ctx.paths.component(i),
        `combined resource name length ${length} exceeds ${GROVE_NAME_LIMIT}-character limit required for pod naming. Shorten the DynamoGraphDeployment name or the ${ctx.paths.noun} name`,
      );
    }
  });
}
