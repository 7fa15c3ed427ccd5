/**
 * DynamoCheckpoint rendering, pure: the checkpoint record, the restore wiring on pods of
 * components that reference a checkpoint by name, and the checkpoint Job the runtime operator
 * creates from the checkpoint (shaped the way the snapshot node agent expects, reference §5).
 */
import {
  artifactVersionOf,
  CHECKPOINT_ANNOTATION,
  CHECKPOINT_LABEL,
  CheckpointModel,
  checkpointIdOf,
  DEFAULT_CHECKPOINT_DEADLINE_SECONDS,
} from '../api/checkpoint';
import { gpuCount } from '../api/gpu';
import { Container, EnvVar, JsonObject, KubeObject } from '../api/k8s-types';
import { ResolvedSettings } from '../api/settings';
import { MAIN_CONTAINER_NAME } from '../crds/vocabulary';
import { setEnv } from './env';
import { clone, compact, isPlainObject } from './merge';
import { CheckpointRestore } from './context';
import { PodTemplate } from './pod-template';

/** Volume name of the checkpoint PVC in Job and restored pods. */
export const CHECKPOINT_VOLUME = 'checkpoint-storage';
/** Seccomp profile the node agent installs: CRIU cannot checkpoint io_uring mappings. */
export const CHECKPOINT_SECCOMP_PROFILE = 'profiles/block-iouring.json';
/** The engine writes this file once it is ready to be snapshotted; the Job's readiness probe reads it. */
export const READY_FOR_CHECKPOINT_FILE = '/tmp/ready-for-checkpoint';
/** Finished checkpoint Jobs are removed after this long (upstream's fixed TTL). */
export const CHECKPOINT_JOB_TTL_SECONDS = 300;
const STORAGE_TYPE = 'pvc';
const DEFAULT_SHARED_MEMORY = '8Gi';

export type CheckpointStorage = ResolvedSettings['checkpointStorage'];

export function checkpointRestoreOf(c: CheckpointModel): CheckpointRestore {
  return { checkpointId: checkpointIdOf(c), artifactVersion: artifactVersionOf(c) };
}

/** `checkpoint-job-<checkpointID>-<artifactVersion>`. */
export function checkpointJobName(checkpointId: string, artifactVersion: string): string {
  return `checkpoint-job-${checkpointId}-${artifactVersion}`;
}

/** `<basePath>/<checkpointID>/versions/<artifactVersion>`. */
export function checkpointLocation(storage: CheckpointStorage, checkpointId: string, artifactVersion: string): string {
  return `${basePathOf(storage)}/${checkpointId}/versions/${artifactVersion}`;
}

function basePathOf(storage: CheckpointStorage): string {
  return storage.basePath.replace(/\/+$/, '') || '/';
}

/** The DynamoCheckpoint as written, in its namespace; `status` is the operator's. */
export function renderCheckpointRecord(c: CheckpointModel): KubeObject {
  const { status: _status, ...doc } = clone(c.source);
  const metadata = isPlainObject(doc.metadata) ? doc.metadata : {};
  return { ...doc, metadata: { ...metadata, name: c.name, namespace: c.namespace } } as KubeObject;
}

/**
 * Restore wiring on a component's pod template: the restore-target and checkpoint-ID labels, the
 * artifact-version, storage and target-container annotations, the checkpoint PVC mounted at the
 * base path in the target container, the checkpoint env, and the io_uring-blocking seccomp profile.
 * It is static, so the rendered pods are the same before and after the checkpoint is Ready: the
 * node agent restores them once the artifact exists.
 */
export function applyCheckpointRestore(
  template: PodTemplate,
  restore: CheckpointRestore,
  storage: CheckpointStorage,
  targetContainer = MAIN_CONTAINER_NAME,
): void {
  template.metadata.labels = {
    ...template.metadata.labels,
    [CHECKPOINT_LABEL.restoreTarget]: 'true',
    [CHECKPOINT_LABEL.checkpointId]: restore.checkpointId,
  };
  template.metadata.annotations = {
    ...template.metadata.annotations,
    ...storageAnnotations(restore.artifactVersion, storage, targetContainer),
  };
  addCheckpointVolume(template.spec, storage);
  setLocalhostSeccomp(template.spec);
  const container = containerNamed(template.spec, targetContainer);
  if (!container) return; // validation rejects a target that names no container
  mountCheckpointVolume(container, storage);
  let env = (container.env ?? []) as EnvVar[];
  env = setEnv(env, { name: 'DYN_CHECKPOINT_PATH', value: basePathOf(storage) });
  env = setEnv(env, { name: 'DYN_CHECKPOINT_HASH', value: restore.checkpointId });
  container.env = env;
}

export interface CheckpointJobOptions {
  /** The DynamoCheckpoint that owns the Job (the operator passes the live object). */
  readonly owner?: { readonly apiVersion: string; readonly kind: string; readonly name: string; readonly uid: string };
}

/**
 * The checkpoint Job of a checkpoint: its pod template with the checkpoint-source labels, the
 * readiness-file contract (the probe waits for the engine's marker; liveness and startup probes
 * are dropped so a slow load is not restarted), the checkpoint PVC and env, shared memory, and
 * `cuda-checkpoint --launch-job` around multi-GPU engines. Single attempt, fixed TTL.
 */
export function buildCheckpointJob(
  c: CheckpointModel,
  storage: CheckpointStorage,
  opts: CheckpointJobOptions = {},
): KubeObject {
  const id = checkpointIdOf(c);
  const version = artifactVersionOf(c);
  const job = c.job;
  const source = isPlainObject(job.podTemplateSpec) ? clone(job.podTemplateSpec) : {};
  const meta = isPlainObject(source.metadata) ? source.metadata : {};
  const spec: JsonObject = isPlainObject(source.spec) ? source.spec : {};
  const target =
    typeof job.targetContainerName === 'string' && job.targetContainerName
      ? job.targetContainerName
      : MAIN_CONTAINER_NAME;
  const labels: Record<string, string> = {
    ...(isPlainObject(meta.labels) ? (meta.labels as Record<string, string>) : {}),
    [CHECKPOINT_LABEL.checkpointSource]: 'true',
    [CHECKPOINT_LABEL.checkpointId]: id,
  };
  delete labels[CHECKPOINT_LABEL.restoreTarget];
  const annotations = {
    ...(isPlainObject(meta.annotations) ? (meta.annotations as Record<string, string>) : {}),
    ...storageAnnotations(version, storage, target),
  };
  spec.restartPolicy = 'Never';
  addCheckpointVolume(spec, storage);
  setLocalhostSeccomp(spec);
  const container = containerNamed(spec, target);
  if (container) {
    mountCheckpointVolume(container, storage);
    let env = (container.env ?? []) as EnvVar[];
    const set = (name: string, value: string) => {
      env = setEnv(env, { name, value });
    };
    set('DYN_READY_FOR_CHECKPOINT_FILE', READY_FOR_CHECKPOINT_FILE);
    set('DYN_CHECKPOINT_STORAGE_TYPE', STORAGE_TYPE);
    set('DYN_CHECKPOINT_PATH', basePathOf(storage));
    set('DYN_CHECKPOINT_HASH', id);
    set('DYN_CHECKPOINT_LOCATION', checkpointLocation(storage, id, version));
    container.env = env;
    container.readinessProbe = {
      exec: { command: ['cat', READY_FOR_CHECKPOINT_FILE] },
      initialDelaySeconds: 15,
      periodSeconds: 2,
    };
    delete container.livenessProbe;
    delete container.startupProbe;
    const gpus = gpuCount(limitOf(container, 'nvidia.com/gpu'));
    if (gpus > 1 && Array.isArray(container.command))
      container.command = ['cuda-checkpoint', '--launch-job', ...container.command];
    applySharedMemory(spec, container, job.sharedMemory);
  }
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: compact({
      name: checkpointJobName(id, version),
      namespace: c.namespace,
      labels: { [CHECKPOINT_LABEL.checkpointId]: id },
      ownerReferences: opts.owner
        ? [
            {
              apiVersion: opts.owner.apiVersion,
              kind: opts.owner.kind,
              name: opts.owner.name,
              uid: opts.owner.uid,
              controller: true,
              blockOwnerDeletion: true,
            },
          ]
        : undefined,
    }) as KubeObject['metadata'],
    spec: {
      activeDeadlineSeconds:
        typeof job.activeDeadlineSeconds === 'number' ? job.activeDeadlineSeconds : DEFAULT_CHECKPOINT_DEADLINE_SECONDS,
      // A snapshot is taken once: a retry would race the agent's terminal status.
      backoffLimit: 0,
      ttlSecondsAfterFinished: CHECKPOINT_JOB_TTL_SECONDS,
      template: { metadata: { labels, annotations }, spec },
    },
  };
}

function storageAnnotations(version: string, storage: CheckpointStorage, target: string): Record<string, string> {
  return {
    [CHECKPOINT_ANNOTATION.artifactVersion]: version,
    [CHECKPOINT_ANNOTATION.storageType]: STORAGE_TYPE,
    [CHECKPOINT_ANNOTATION.storageBasePath]: basePathOf(storage),
    [CHECKPOINT_ANNOTATION.targetContainers]: target,
  };
}

function addCheckpointVolume(spec: JsonObject, storage: CheckpointStorage): void {
  const volumes = asArray(spec.volumes);
  if (!volumes.some((v) => v.name === CHECKPOINT_VOLUME)) {
    volumes.push({ name: CHECKPOINT_VOLUME, persistentVolumeClaim: { claimName: storage.pvcName } });
  }
  spec.volumes = volumes;
}

function mountCheckpointVolume(container: Container, storage: CheckpointStorage): void {
  const mounts = asArray(container.volumeMounts);
  if (!mounts.some((m) => m.name === CHECKPOINT_VOLUME))
    mounts.push({ name: CHECKPOINT_VOLUME, mountPath: basePathOf(storage) });
  container.volumeMounts = mounts;
}

function setLocalhostSeccomp(spec: JsonObject): void {
  const sc = isPlainObject(spec.securityContext) ? spec.securityContext : {};
  spec.securityContext = { ...sc, seccompProfile: { type: 'Localhost', localhostProfile: CHECKPOINT_SECCOMP_PROFILE } };
}

function applySharedMemory(spec: JsonObject, container: Container, shm: unknown): void {
  const o = isPlainObject(shm) ? shm : {};
  if (o.disabled === true) return;
  const size = o.size === undefined ? DEFAULT_SHARED_MEMORY : String(o.size);
  const volumes = asArray(spec.volumes).filter((v) => v.name !== 'shared-memory');
  volumes.push({ name: 'shared-memory', emptyDir: { medium: 'Memory', sizeLimit: size } });
  spec.volumes = volumes;
  container.volumeMounts = asArray(container.volumeMounts)
    .filter((m) => m.name !== 'shared-memory' && m.mountPath !== '/dev/shm')
    .concat([{ name: 'shared-memory', mountPath: '/dev/shm' }]);
}

function containerNamed(spec: JsonObject, name: string): Container | undefined {
  return asArray(spec.containers).find((c) => c.name === name) as Container | undefined;
}

function limitOf(container: Container, resource: string): string | undefined {
  const limits =
    isPlainObject(container.resources) && isPlainObject(container.resources.limits) ? container.resources.limits : {};
  const v = limits[resource];
  return v === undefined ? undefined : String(v);
}

function asArray(v: unknown): JsonObject[] {
  return Array.isArray(v) ? (v as JsonObject[]) : [];
}
