/**
 * Per-component rules of the upstream admission webhook and CEL (shared by DGD components and
 * standalone DCDs). Messages are upstream's, without the field path they start with (that is the
 * problem's `path`).
 */
import { detectBackendFramework } from '../backend-framework';
import { engineProfile } from '../engine-profile';
import { hasDeferredValue } from '../deferred-value';
import { hasSemverTag } from '../image-version';
import {
  COMPONENT_FIELD_NAMES,
  componentFieldDeclaration,
  componentFieldsOfValue,
  injectedContainer,
} from '../../crds/component-fields';
import { LEGACY_COMPONENT_TYPES, MAIN_CONTAINER_NAME } from '../../crds/vocabulary';
import { isNegativeQuantity } from '../k8s-syntax';
import { COMPONENT_TYPES, ComponentModel, DISAGG_ROLES, injectedContainersOf, isWorkerComponent } from '../model';
import { DGDR_LABEL } from '../input/deployment-request';
import { fieldPath, isObject, strings } from '../read';
import { validateGpuMemory } from './validate-gpu-memory';
import { validateMultinode } from './validate-multinode';
import { validateRoles } from './validate-roles';
import { ValidationContext } from './validation-context';

const COMPONENT_NAME = /^[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?$/;
/** Words in a component name that say which type was meant, most specific first (`VllmPrefillWorker` is a prefill worker). */
const TYPE_HINTS = ['frontend', 'planner', 'prefill', 'decode', 'worker'] as const;
export const VLLM_EXECUTOR_BACKEND = 'nvidia.com/vllm-distributed-executor-backend';
/** The values upstream takes for the vLLM executor annotation, in any case. */
export const isVllmExecutorBackend = (v: string) => ['mp', 'ray'].includes(v.toLowerCase());

export function validateComponent(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const p = ctx.paths;
  if (!p.v1alpha1) validateName(ctx, c, i);
  validateTypeValues(ctx, c, i);
  warnUntypedRoleName(ctx, c, i);
  if (c.replicas !== undefined && c.replicas < 0) ctx.error(p.at(i, 'replicas'), 'must be non-negative');
  else if (c.replicas !== undefined && c.scalingAdapter && !generatedByRequest(ctx))
    warnReplicasLeftToAdapter(ctx, c, i);
  if (c.multinode && c.multinode.nodeCount < 2)
    ctx.error(p.at(i, 'multinode.nodeCount'), 'should be greater than or equal to 2');
  if (c.ingress?.enabled && !c.ingress.host) ctx.error(p.at(i, 'ingress.host'), 'is required when ingress is enabled');
  if (c.deprecatedDynamoNamespace !== undefined) {
    ctx.warn(
      p.at(i, 'dynamoNamespace'),
      `is deprecated and ignored. Value '${c.deprecatedDynamoNamespace}' will be replaced with '${ctx.dynamoNamespace(c)}'. Remove this field from your configuration`,
    );
  }
  if (c.deprecatedAutoscaling) {
    ctx.warn(
      p.at(i, 'autoscaling'),
      'is deprecated and ignored. Use DynamoGraphDeploymentScalingAdapter with HPA, KEDA, or Planner for autoscaling instead. See docs/kubernetes/autoscaling.md',
    );
  }
  // Every quantity-valued component field is a size: the webhook refuses a negative one.
  for (const name of componentFieldsOfValue('quantity')) {
    const v = c[name];
    if (typeof v === 'string' && isNegativeQuantity(v)) ctx.error(p.componentField(i, name), 'must be non-negative');
  }
  const executor = c.annotations[VLLM_EXECUTOR_BACKEND];
  if (executor !== undefined && !isVllmExecutorBackend(executor)) {
    ctx.error(
      `${p.at(i, 'annotations')}[${VLLM_EXECUTOR_BACKEND}]`,
      `annotation ${VLLM_EXECUTOR_BACKEND} has invalid value "${executor}": must be "mp" or "ray"`,
    );
  }
  // Upstream's CEL rule on the pod template's annotations, which the launch rules read too.
  const podExecutor = c.podAnnotations[VLLM_EXECUTOR_BACKEND];
  if (podExecutor !== undefined && !isVllmExecutorBackend(podExecutor)) {
    ctx.error(
      fieldPath(p.podMetadata(i), 'annotations'),
      `Invalid value: "${podExecutor}": podTemplate backend annotation must be mp or ray, case-insensitively`,
    );
  }
  validateVolumeMounts(ctx, c, i);
  validateInjectedContainers(ctx, c, i);
  validateEpp(ctx, c, i);
  validateImages(ctx, c, i);
  if (isWorkerComponent(c.type)) validateBackend(ctx, c, i);
  validateMultinode(ctx, c, i);
  validateGpuMemory(ctx, c, i);
  validateRoles(ctx, c, i);
  for (const name of COMPONENT_FIELD_NAMES) {
    const refused = componentFieldDeclaration(name).refused;
    if (refused && c[name] !== undefined) ctx.error(p.componentField(i, name), refused);
  }
  validateRuntimeVersion(ctx, c, i);
}

/**
 * Upstream's DGD admission gates version-dependent defaults on the main image's tag, and requires
 * `runtimeVersionOverride` when the tag states no semantic version. A DCD is exempt (upstream's
 * controller generates them). We render one set of defaults, so the override itself is unused.
 */
function validateRuntimeVersion(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const p = ctx.paths;
  const image = c.mainContainer?.image;
  if (
    ctx.model.kind === 'DynamoGraphDeployment' &&
    typeof image === 'string' &&
    image !== '' &&
    c.runtimeVersionOverride === undefined &&
    !hasSemverTag(image) &&
    // Known at deploy time only: checked when the real value renders.
    !hasDeferredValue(image)
  ) {
    ctx.error(
      p.at(i, 'runtimeVersionOverride'),
      `Required value: is required when the specified main container image has no parseable semantic-version tag ("${image}"): set the image's Dynamo runtime version as MAJOR.MINOR.PATCH, e.g. "1.0.0"`,
    );
  } else if (c.runtimeVersionOverride !== undefined) {
    ctx.warn(
      p.at(i, 'runtimeVersionOverride'),
      'is not used: dynamo-iac renders one set of component defaults whatever the runtime version, where upstream gates some defaults on it (docs/deviations.md)',
    );
  }
}

function validateName(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const path = ctx.paths.at(i, 'name');
  if (c.name === '') ctx.error(path, 'Required value');
  else if (c.name.length > 63) ctx.error(path, 'may not be more than 63 characters');
  else if (!COMPONENT_NAME.test(c.name))
    ctx.error(path, `invalid value "${c.name}": should match '${COMPONENT_NAME.source}'`);
}

/**
 * v1beta1's CRD makes `type` an enum. v1alpha1's `componentType` and `subComponentType` are free
 * strings upstream, but a value outside the enum (`Worker`, `prefil`) renders a component without
 * its ports, probes and env, silently: one rule for both versions refuses it (docs/deviations.md),
 * except v1alpha1's legacy `main`, which upstream's own files use: it renders so, with a warning.
 * The model's `type` is v1beta1's, so a v1alpha1 `componentType: worker` + `subComponentType`
 * outside the disaggregated roles is caught on the sub-component type.
 */
function validateTypeValues(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const p = ctx.paths;
  const unsupported = (value: string, allowed: readonly string[]) =>
    `Unsupported value: "${value}": supported values: ${allowed.map((t) => `"${t}"`).join(', ')}`;
  if (p.v1alpha1 && (LEGACY_COMPONENT_TYPES as readonly string[]).includes(c.type)) {
    ctx.warn(
      p.at(i, 'componentType'),
      `"${c.type}" is a legacy (0.x) component type: it renders with the default rules (no frontend or worker ports, probes or env); set one of ${COMPONENT_TYPES.map((t) => `"${t}"`).join(', ')}`,
    );
  } else if (c.type !== '' && !(COMPONENT_TYPES as readonly string[]).includes(c.type)) {
    ctx.error(p.at(i, p.v1alpha1 ? 'componentType' : 'type'), unsupported(c.type, COMPONENT_TYPES));
  } else if (c.subComponentType !== undefined && !DISAGG_ROLES.includes(c.subComponentType)) {
    ctx.error(p.at(i, 'subComponentType'), unsupported(c.subComponentType, DISAGG_ROLES));
  }
}

/**
 * With a scaling adapter the rendered workload carries no replicas (src/render/replicas.ts): the
 * runtime operator sets them from the adapter, which starts at `replicas`. A user who wrote
 * `replicas: 2` and finds none in the output should be told why, not left to guess.
 */
function warnReplicasLeftToAdapter(ctx: ValidationContext, c: ComponentModel, i: number): void {
  ctx.warn(
    ctx.paths.at(i, 'replicas'),
    `${REPLICAS_LEFT_TO_ADAPTER}: the rendered workload carries no replicas; the runtime operator sets them from the DynamoGraphDeploymentScalingAdapter, which starts at ${c.replicas}`,
  );
}

const REPLICAS_LEFT_TO_ADAPTER = 'is left to the scaling adapter (scalingAdapter is set)';

/** A graph a DynamoGraphDeploymentRequest's plan generated: its replicas are the plan's, not the user's to fix. */
const generatedByRequest = (ctx: ValidationContext): boolean => DGDR_LABEL.name in ctx.model.metadataLabels;

/**
 * A component without a type renders with the default rules, as upstream does (a Service on the
 * system port, no frontend or worker ports, probes or env). A name such as `Frontend` or
 * `VllmDecodeWorker` then almost always means the type was forgotten, so say so.
 */
function warnUntypedRoleName(ctx: ValidationContext, c: ComponentModel, i: number): void {
  if (c.type !== '') return;
  const hint = TYPE_HINTS.find((t) => c.name.toLowerCase().includes(t));
  if (!hint) return;
  const p = ctx.paths;
  const field = p.v1alpha1 ? 'componentType' : 'type';
  const fix =
    p.v1alpha1 && (hint === 'prefill' || hint === 'decode')
      ? `componentType: worker and subComponentType: ${hint}`
      : `${field}: ${hint}`;
  ctx.warn(
    p.at(i, field),
    `not set, but the name "${c.name}" suggests a ${hint}: without a type the component renders with the default rules (no ${hint} ports, probes or env); set ${fix}`,
  );
}

/** A compilation cache needs a mount point unless the backend has a default one (only vLLM does). */
function validateVolumeMounts(ctx: ValidationContext, c: ComponentModel, i: number): void {
  c.volumeMounts.forEach((m, j) => {
    if (m.mountPoint) return;
    if (!m.useAsCompilationCache) {
      ctx.error(ctx.paths.volumeMount(i, j, 'mountPoint'), 'is required when useAsCompilationCache is false');
      return;
    }
    const backend = ctx.backendOf(c);
    if (engineProfile(backend)?.defaultCompilationCachePath === undefined) {
      ctx.error(
        ctx.paths.volumeMount(i, j, 'mountPoint'),
        `is required for a compilation cache when the backend is ${backend ?? 'not known'}: only vllm has a default cache path`,
      );
    }
  });
}

/** A `container` field's container needs an image, and its injected name must be free. */
function validateInjectedContainers(ctx: ValidationContext, c: ComponentModel, i: number): void {
  for (const [name, container] of injectedContainersOf(c)) {
    if (!container.image) ctx.error(ctx.paths.injectedContainer(i, name, 'image'), 'Required value');
    const injected = injectedContainer(name);
    const containers = Array.isArray(c.podSpec.containers) ? c.podSpec.containers : [];
    if (containers.some((x) => isObject(x) && x.name === injected.name)) {
      const where = ctx.paths.v1alpha1 ? 'extraPodSpec.containers' : 'podTemplate.spec.containers';
      ctx.error(
        fieldPath(ctx.paths.podSpec(i), 'containers'),
        `cannot inject ${injected.role}: a container named "${injected.name}" already exists in ${where}`,
      );
    }
  }
}

function validateEpp(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const p = ctx.paths;
  if (c.type !== 'epp') {
    if (c.eppConfig) ctx.error(p.at(i, 'eppConfig'), 'eppConfig may only be set when type is epp');
    return;
  }
  if (c.multinode) ctx.error(p.at(i, 'multinode'), 'EPP component cannot be multinode');
  const replicas = c.replicas ?? 1;
  if (replicas !== 1)
    ctx.error(p.at(i, 'replicas'), `EPP component must have exactly 1 replica (found ${replicas} replicas)`);
  const epp = c.eppConfig;
  if (!epp) {
    ctx.error(p.at(i, 'eppConfig'), 'is required for EPP components');
    return;
  }
  if (!epp.configMapRef === !epp.config) {
    // v1beta1 states this rule in CEL with one message; v1alpha1's webhook has one per case.
    const message = !p.v1alpha1
      ? 'exactly one of configMapRef or config must be specified'
      : epp.config
        ? 'configMapRef and config are mutually exclusive, only one can be specified'
        : 'either configMapRef or config must be specified (no default configuration provided)';
    ctx.error(p.at(i, 'eppConfig'), message);
  }
  if (epp.configMapRef && !epp.configMapRef.name) ctx.error(p.at(i, 'eppConfig.configMapRef.name'), 'is required');
}

/** No component type has a default image, so the render needs one on every container. */
function validateImages(ctx: ValidationContext, c: ComponentModel, i: number): void {
  if (!c.mainContainer?.image) {
    const main = ctx.paths.mainContainer(i);
    const containers = fieldPath(ctx.paths.podSpec(i), 'containers');
    // v1beta1 without a `main` container: InputPaths falls back to the containers list.
    if (main === containers)
      ctx.error(containers, `must contain a container named "${MAIN_CONTAINER_NAME}" with an image`);
    else ctx.error(fieldPath(main, 'image'), 'Required value: the main container needs an image');
  }
  const containers = Array.isArray(c.podSpec.containers) ? c.podSpec.containers : [];
  for (const x of containers) {
    if (isObject(x) && !x.image)
      ctx.error(fieldPath(ctx.paths.podContainer(i, String(x.name ?? '')), 'image'), 'Required value');
  }
}

function validateBackend(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const detected = detectBackendFramework(strings(c.mainContainer?.command), strings(c.mainContainer?.args));
  const path = ctx.paths.mainContainer(i);
  if (detected.length > 1) {
    ctx.error(path, `multiple backend frameworks detected from command and args: ${detected.join(', ')}`);
  } else if (detected.length === 1 && ctx.model.backendFramework && detected[0] !== ctx.model.backendFramework) {
    ctx.error(
      path,
      `backend framework mismatch: command and args run ${detected[0]} but spec.backendFramework is ${ctx.model.backendFramework}`,
    );
  }
}
