/**
 * The pod template of a component: defaults per type, user overrides with the
 * upstream precedence, then the volumes and containers Dynamo adds.
 */
import { engineProfile } from '../api/engine-profile';
import { Container, EnvVar, JsonObject } from '../api/k8s-types';
import { COMPONENT_FIELDS } from '../crds/component-fields';
import { MAIN_CONTAINER_NAME } from '../crds/vocabulary';
import { gpuCount, gpuQuantity } from '../api/gpu';
import { restartInRenderedOutput } from '../api/model';
import { backendHooks } from './backends';
import { MultinodeLaunch } from './backends/hooks';
import { applyCheckpointRestore } from './checkpoint';
import { ComponentDefaults, defaultsFor, DefaultsContext } from './components';
import { frontendDefaults } from './components/frontend';
import { ComponentContext } from './context';
import { addInfrastructureEnv, commonEnv, envValue, mergeEnv, setEnv, WORKER_SUFFIX_ENV } from './env';
import { applyFailover } from './failover';
import { applyGpuMemoryService } from './gpu-memory-service';
import { applyKvTransferPolicy, kvTransferAnnotations } from './kv-transfer';
import { ANNOTATION, LABEL } from './labels';
import { clone, compact, isPlainObject, mergeMaps, overrideMerge } from './merge';
import { discoveryNames, EPP_CONFIG_KEY, eppConfigMapName, shortHash } from './naming';
import { MultinodeNode } from './multinode-roles';
import { waitLeaderConfigMapName } from './wait-leader';
import { PodTemplate } from './pod-template';
import { imagePullSecretsFor } from './pull-secrets';

const FRONTEND_SIDECAR = COMPONENT_FIELDS.frontendSidecar.injectedAs.name;
export const SHARED_MEMORY_VOLUME = 'shared-memory';
export const SHARED_MEMORY_PATH = '/dev/shm';
export const DEFAULT_SHARED_MEMORY_SIZE = '8Gi';
/** Pod fsGroup upstream sets when the user gives no securityContext: Dynamo images run as group 1000. */
const DEFAULT_FS_GROUP = 1000;

export function defaultsContext(cc: ComponentContext): DefaultsContext {
  const ref = cc.component.eppConfig?.configMapRef;
  return {
    graphName: cc.graph.name,
    namespace: cc.graph.namespace,
    dynamoNamespace: cc.dynamoNamespace,
    eppConfig: ref
      ? { name: ref.name, key: ref.key ?? EPP_CONFIG_KEY }
      : { name: eppConfigMapName(cc.graph.name), key: EPP_CONFIG_KEY },
  };
}

/** The pod template of a component, or of one node role (leader / worker) of a multinode component. */
export function buildPodTemplate(cc: ComponentContext, node?: MultinodeNode): PodTemplate {
  const defaults = defaultsFor(cc.component.type, defaultsContext(cc));
  const pvc = pvcVolumes(cc);
  const main = buildMainContainer(cc, defaults, pvc);
  const launch = node ? applyMultinodeLaunch(cc, node, main) : {};
  const spec = buildPodSpec(cc, defaults, main, pvc.volumes, launch);
  // Upstream's order: KV-transfer topology, then GMS (claim and sidecar), then failover clones `main`.
  applyKvTransferPolicy(cc, spec, main);
  const gms = cc.component.gpuMemoryService;
  if (gms) applyGpuMemoryService(cc, gms, spec, main);
  if (cc.component.failover) applyFailover(spec, main, node?.nodeCount ?? 1);
  const template: PodTemplate = {
    metadata: compact({ labels: podLabels(cc), annotations: podAnnotations(cc) }),
    spec,
  };
  if (cc.checkpoint) {
    applyCheckpointRestore(
      template,
      cc.checkpoint,
      cc.settings.checkpointStorage,
      cc.component.checkpoint?.targetContainerName,
    );
  }
  return template;
}

/** The engine's launch rules for one node, applied to `main`; returns what goes on the pod. */
function applyMultinodeLaunch(cc: ComponentContext, node: MultinodeNode, main: Container): MultinodeLaunch {
  const hooks = backendHooks(cc.backend);
  if (!hooks.multinode) return {};
  const launch = hooks.multinode({
    node,
    container: main,
    gpuLimit: gpuCount(gpuQuantity(cc.component.resources, 'limits')),
    gpuRequest: gpuCount(gpuQuantity(cc.component.resources, 'requests')),
    annotations: cc.podTemplateAnnotations,
    // A standalone component deployment has no graph to own the ConfigMap (upstream skips the wait too).
    waitLeaderConfigMap: cc.parentGraphName ? waitLeaderConfigMapName(cc.parentGraphName) : undefined,
    mpiSshSecretName: cc.settings.mpiSshSecretName,
  });
  if (launch.command) main.command = [...launch.command];
  if (launch.args) main.args = [...launch.args];
  // Backend env comes after everything else, as upstream appends it.
  let env = (main.env ?? []) as EnvVar[];
  for (const e of launch.env ?? []) env = setEnv(env, clone(e));
  main.env = env;
  if (launch.volumeMounts?.length)
    main.volumeMounts = [...asArray(main.volumeMounts), ...launch.volumeMounts.map(clone)];
  for (const probe of launch.removeProbes ?? []) delete main[probe];
  if (launch.readinessProbe) main.readinessProbe = clone(launch.readinessProbe);
  return launch;
}

function buildMainContainer(cc: ComponentContext, defaults: ComponentDefaults, pvc: PvcVolumes): Container {
  const c = cc.component;
  const { env: userEnv, startupProbe, name: _name, ...overlay } = c.mainContainer ?? { name: MAIN_CONTAINER_NAME };
  const container: Container = overrideMerge(defaults.container, overlay);
  container.name = MAIN_CONTAINER_NAME;
  if (startupProbe) container.startupProbe = clone(startupProbe);
  // Precedence, lowest first: defaults < mainContainer.env < graph env < component env.
  let env = mergeEnv(
    dynamoEnv(cc, c.type, MAIN_CONTAINER_NAME),
    defaults.env,
    userEnv as EnvVar[] | undefined,
    cc.graph.env,
    c.env,
  );
  if (c.livenessProbe) container.livenessProbe = clone(c.livenessProbe);
  if (c.readinessProbe) container.readinessProbe = clone(c.readinessProbe);
  applyResources(container, cc);
  if (c.envFromSecret) {
    container.envFrom = [...asArray(container.envFrom), { secretRef: { name: c.envFromSecret } }];
  }
  env = addInfrastructureEnv(env, cc.settings);
  env.push(...pvc.env);
  container.env = env;
  const userMounts = asArray(container.volumeMounts);
  container.volumeMounts = [...userMounts, ...defaults.volumeMounts.map(clone), ...pvc.mounts];
  return container;
}

function applyResources(container: Container, cc: ComponentContext): void {
  const r = cc.component.resources;
  if (!r) return;
  const current = isPlainObject(container.resources) ? container.resources : {};
  const next: JsonObject = { ...current };
  if (r.requests) next.requests = { ...(current.requests as object), ...r.requests };
  if (r.limits) next.limits = { ...(current.limits as object), ...r.limits };
  if (r.claims?.length) next.claims = [...asArray(current.claims), ...r.claims.map(clone)];
  container.resources = next;
}

interface PvcVolumes {
  volumes: JsonObject[];
  mounts: JsonObject[];
  env: EnvVar[];
}

/** `volumeMounts` entries: one PVC volume and mount each; compilation caches get the engine's default path. */
function pvcVolumes(cc: ComponentContext): PvcVolumes {
  const hooks = backendHooks(cc.backend);
  const out: PvcVolumes = { volumes: [], mounts: [], env: [] };
  for (const vm of cc.component.volumeMounts) {
    const mountPath =
      vm.mountPoint || (vm.useAsCompilationCache ? engineProfile(cc.backend)?.defaultCompilationCachePath : undefined);
    if (!mountPath) continue; // rejected by validation before rendering
    out.volumes.push({ name: vm.name, persistentVolumeClaim: { claimName: vm.name } });
    out.mounts.push({ name: vm.name, mountPath });
    if (vm.useAsCompilationCache && hooks.compilationCacheEnv) out.env.push(...hooks.compilationCacheEnv(mountPath));
  }
  return out;
}

function buildPodSpec(
  cc: ComponentContext,
  defaults: ComponentDefaults,
  main: Container,
  pvcVols: JsonObject[],
  launch: MultinodeLaunch,
): JsonObject {
  const { containers: userContainers, volumes: userVolumes, ...overlay } = cc.component.podSpec;
  const spec: JsonObject = overrideMerge(
    { restartPolicy: 'Always', terminationGracePeriodSeconds: defaults.terminationGracePeriodSeconds },
    overlay,
  );
  // Upstream adds fsGroup only when the user gave no securityContext at all.
  if (!isPlainObject(overlay.securityContext)) spec.securityContext = { fsGroup: DEFAULT_FS_GROUP };
  const sa =
    overlay.serviceAccountName ||
    defaults.serviceAccountName ||
    (cc.kubernetesDiscovery ? discoveryNames(cc.graph.name).serviceAccount : undefined);
  if (sa) spec.serviceAccountName = sa;

  let volumes = [...asArray(userVolumes).map(clone), ...defaults.volumes.map(clone), ...pvcVols];
  const containers: JsonObject[] = [...asArray(userContainers).map(clone), main];
  if (cc.component.sharedMemorySize !== null) {
    volumes = volumes.filter((v) => v.name !== SHARED_MEMORY_VOLUME);
    volumes.push({
      name: SHARED_MEMORY_VOLUME,
      emptyDir: { medium: 'Memory', sizeLimit: cc.component.sharedMemorySize ?? DEFAULT_SHARED_MEMORY_SIZE },
    });
    main.volumeMounts = asArray(main.volumeMounts)
      .filter((m) => m.name !== SHARED_MEMORY_VOLUME && m.mountPath !== SHARED_MEMORY_PATH)
      .concat([{ name: SHARED_MEMORY_VOLUME, mountPath: SHARED_MEMORY_PATH }]);
  }
  // Backend volumes (SSH keys, the wait-for-leader script) come after shared memory, as upstream.
  volumes.push(...(launch.volumes ?? []).map(clone));
  if (launch.initContainers?.length)
    spec.initContainers = [...asArray(spec.initContainers), ...launch.initContainers.map(clone)];
  if (asArray(main.volumeMounts).length === 0) delete main.volumeMounts;
  const sidecar = buildFrontendSidecar(cc);
  if (sidecar) containers.push(sidecar);
  spec.containers = containers;
  if (volumes.length) spec.volumes = volumes;

  const pullSecrets = mergePullSecrets(
    asArray(spec.imagePullSecrets),
    imagePullSecretsFor(cc, sidecar ? [main, sidecar] : [main]),
  );
  if (pullSecrets.length) spec.imagePullSecrets = pullSecrets;
  return spec;
}

/** The auto-configured frontend container injected next to `main` (`frontendSidecar`). */
function buildFrontendSidecar(cc: ComponentContext): Container | undefined {
  const sc = cc.component.frontendSidecar;
  if (!sc) return undefined;
  const fe = frontendDefaults(defaultsContext(cc));
  const container: Container = { ...clone(fe.container), name: FRONTEND_SIDECAR };
  if (sc.image) container.image = sc.image;
  if (sc.args?.length) container.args = [...sc.args];
  if (sc.envFromSecret) container.envFrom = [{ secretRef: { name: sc.envFromSecret } }];
  const env = mergeEnv(dynamoEnv(cc, 'frontend', FRONTEND_SIDECAR), fe.env, sc.env);
  container.env = addInfrastructureEnv(env, cc.settings);
  return container;
}

/** The env every Dynamo container of the component gets, for one container and the role it runs as. */
function dynamoEnv(cc: ComponentContext, componentType: string, containerName: string): EnvVar[] {
  const env = commonEnv({
    dynamoNamespace: cc.dynamoNamespace,
    componentType,
    // A standalone component deployment is its own parent, as upstream names it.
    graphName: cc.graph.name,
    namespace: cc.graph.namespace,
    discoveryBackend: cc.discoveryBackend,
    kubeDiscoveryMode: cc.annotations[ANNOTATION.kubeDiscoveryMode],
    containerName,
  });
  // Each worker spec's workers register in `<Dynamo namespace>-<hash>`, so they only pair with
  // workers of their own spec; the frontend finds them all by prefix (DYN_NAMESPACE_PREFIX).
  if (cc.workerHash && containerName === MAIN_CONTAINER_NAME) env.push(envValue(WORKER_SUFFIX_ENV, cc.workerHash));
  return env;
}

function mergePullSecrets(user: JsonObject[], discovered: string[]): JsonObject[] {
  const out = user.map(clone);
  for (const name of discovered) if (!out.some((s) => s.name === name)) out.push({ name });
  return out;
}

/** Pod labels in upstream's order of precedence; system labels are written last so users cannot override them. */
export function podLabels(cc: ComponentContext): Record<string, string> {
  const c = cc.component;
  const system: Record<string, string> = { [LABEL.dynamoNamespace]: cc.dynamoNamespace };
  if (cc.parentGraphName) system[LABEL.graphName] = cc.parentGraphName;
  if (c.type) system[LABEL.componentType] = c.type;
  if (cc.workerHash) system[LABEL.workerHash] = cc.workerHash;
  const labels = mergeMaps(cc.labels);
  if (cc.annotations[ANNOTATION.enableMetrics] !== 'false') labels[LABEL.metricsEnabled] = 'true';
  if (c.subComponentType) labels[LABEL.subComponentType] = c.subComponentType;
  labels[LABEL.selector] = cc.objectName;
  if (cc.kubernetesDiscovery) Object.assign(labels, discoveryLabels());
  if (c.modelRef) labels[LABEL.baseModelHash] = shortHash(c.modelRef.name);
  const out = mergeMaps(labels, c.podLabels, system);
  // A standalone component deployment's pods carry no graph-name label, as upstream's (its
  // workloads keep an empty one, which the runtime operator's component-status watch selects).
  if (!cc.parentGraphName) delete out[LABEL.graphName];
  return out;
}

export function discoveryLabels(): Record<string, string> {
  return { [LABEL.discoveryBackend]: 'kubernetes', [LABEL.discoveryEnabled]: 'true' };
}

function podAnnotations(cc: ComponentContext): Record<string, string> | undefined {
  const out = mergeMaps(cc.component.podAnnotations);
  // LATEST upstream puts the readable base-model name on the pods too.
  if (cc.component.modelRef) out[ANNOTATION.baseModel] = cc.component.modelRef.name;
  // A Sequential restart's annotation belongs to the runtime operator (ownership contract).
  const restartId = cc.graph.restart?.id;
  if (restartId && restartInRenderedOutput(cc.graph.restart)) out[ANNOTATION.restartAt] = restartId;
  Object.assign(out, kvTransferAnnotations(cc));
  return Object.keys(out).length ? out : undefined;
}

function asArray(v: unknown): JsonObject[] {
  return Array.isArray(v) ? (v as JsonObject[]) : [];
}
