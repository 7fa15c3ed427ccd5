/**
 * DynamoCheckpoint controller: builds the checkpoint Job from the checkpoint's identity (the pure
 * builder in src/render), owns it, and moves the checkpoint through its phases as the Job runs.
 * The snapshot itself is taken by the privileged node agent, which watches the Job's pod; this
 * controller only reads the Job's outcome (and the agent's status annotation on it).
 */
import {
  artifactVersionOf,
  CHECKPOINT_ANNOTATION,
  CHECKPOINT_LABEL,
  checkpointIdentityHash,
  checkpointIdOf,
  CheckpointIdentityInput,
  CheckpointModel,
  errorsOf,
} from '../../../api';
import { loadCheckpoint } from '../../../kinds/checkpoint/load';
import { buildCheckpointJob, checkpointJobName, checkpointLocation, CheckpointStorage } from '../../../render';
import { ReconcileOutcome, ReconcilerContext, splitKey } from '../../runtime/controller';
import { Informer } from '../../runtime/informer';
import { isAlreadyExists } from '../../runtime/kube/errors';
import { controllerOf, ServerObject } from '../../runtime/kube/objects';
import { Checkpoint, CheckpointStatus, Job } from '../kinds';
import { RESOURCES } from '../resources';
import {
  CHECKPOINT_PHASES,
  creatingStatus,
  duplicateStatus,
  failedAsDuplicate,
  invalidStatus,
  jobCreatedStatus,
  owningCheckpoint,
  StatusChange,
} from './status';

export interface CheckpointDeps extends ReconcilerContext {
  readonly checkpoints: Informer<Checkpoint>;
  readonly jobs: Informer<Job>;
  readonly storage: CheckpointStorage;
}

/** Wait before looking again at a Job name still held by a Job another (deleted) checkpoint owned. */
const STALE_JOB_RETRY_MS = 5_000;

/** The checkpoint a Job belongs to (`<namespace>/<name>`), from its controller owner reference. */
export function checkpointKeyOfJob(job: ServerObject): string | undefined {
  const owner = controllerOf(job);
  return owner?.kind === RESOURCES.checkpoint.kind ? `${job.metadata.namespace}/${owner.name}` : undefined;
}

export class CheckpointReconciler {
  constructor(private readonly d: CheckpointDeps) {}

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const [namespace, name] = splitKey(key);
    if (!this.d.gate.allows(namespace)) return;
    let ckpt = this.d.checkpoints.get(namespace, name);
    // Deleting: the garbage collector removes the owned Job.
    if (!ckpt || ckpt.metadata.deletionTimestamp) return;
    const loaded = loadCheckpoint(ckpt);
    const errors = errorsOf(loaded.problems);
    if (errors.length || !loaded.model) {
      const change = invalidStatus(errors);
      if (ckpt.status?.phase !== 'Failed' || ckpt.status?.message !== change.status.message)
        await this.write(ckpt, change);
      return;
    }
    const model = loaded.model;
    const id = checkpointIdOf(model);
    const identity = { checkpointID: id, identityHash: id };
    if (ckpt.metadata.labels?.[CHECKPOINT_LABEL.checkpointId] !== id) {
      // Lets the agent and `kubectl get dckpt -l` find a checkpoint by ID, as upstream labels it.
      ckpt = await this.d.api.mergePatch<Checkpoint>(RESOURCES.checkpoint, namespace, name, {
        metadata: { labels: { [CHECKPOINT_LABEL.checkpointId]: id } },
      });
      this.d.checkpoints.remember(ckpt);
    }

    const owner = owningCheckpoint(
      this.d.checkpoints.list(
        (o) => o.metadata.namespace === namespace && !o.metadata.deletionTimestamp && idOf(o) === id,
      ),
    );
    if (owner && owner.metadata.name !== name) {
      const change = duplicateStatus(ckpt.status?.conditions, id, owner.metadata.name, this.now());
      if (ckpt.status?.phase !== 'Failed' || ckpt.status?.message !== change.status.message)
        await this.write(ckpt, change, identity);
      return;
    }

    const status: CheckpointStatus = ckpt.status ?? {};
    const jobName = checkpointJobName(id, artifactVersionOf(model));
    const location = checkpointLocation(this.d.storage, id, artifactVersionOf(model));
    let phase = status.phase !== undefined && CHECKPOINT_PHASES.includes(status.phase) ? status.phase : 'Pending';
    // A new artifact version re-captures; a duplicate whose owner went away takes over.
    if (phase !== 'Creating' && status.jobName && status.jobName !== jobName) phase = 'Pending';
    if (failedAsDuplicate(status)) phase = 'Pending';

    if (phase === 'Pending') {
      if (status.phase !== 'Pending')
        ckpt = await this.write(ckpt, { status: { phase: 'Pending', message: '' } }, identity);
      const job = await this.ensureJob(ckpt, model, jobName);
      if (!job) return { requeueAfterMs: STALE_JOB_RETRY_MS };
      await this.write(ckpt, jobCreatedStatus(ckpt.status?.conditions, jobName, location, this.now()), identity);
      return;
    }
    if (phase === 'Creating') {
      const job = status.jobName ? this.d.jobs.get(namespace, status.jobName) : undefined;
      const change = creatingStatus(
        status.conditions,
        job,
        location,
        this.now(),
        CHECKPOINT_ANNOTATION.checkpointStatus,
      );
      if (change) await this.write(ckpt, change, identity);
      return;
    }
    if (status.checkpointID !== id) await this.write(ckpt, { status: {} }, identity);
  }

  /** The checkpoint's Job, created if missing; undefined while a stale Job of the same name is in the way. */
  private async ensureJob(ckpt: Checkpoint, model: CheckpointModel, jobName: string): Promise<Job | undefined> {
    const { namespace, name, uid = '' } = ckpt.metadata;
    let job = this.d.jobs.get(namespace, jobName);
    if (!job) {
      const desired = buildCheckpointJob(model, this.d.storage, {
        owner: { apiVersion: ckpt.apiVersion, kind: ckpt.kind, name, uid },
      });
      try {
        job = await this.d.api.create<Job>(RESOURCES.job, desired);
        this.d.log.info({ checkpoint: `${namespace}/${name}`, job: jobName }, 'created checkpoint job');
      } catch (err) {
        if (!isAlreadyExists(err)) throw err;
        job = await this.d.api.get<Job>(RESOURCES.job, namespace, jobName);
      }
      this.d.jobs.remember(job);
    }
    const owner = controllerOf(job);
    if (owner && owner.uid !== uid) {
      this.d.log.info(
        { checkpoint: `${namespace}/${name}`, job: jobName, owner: owner.name },
        'checkpoint job name held by a job of an earlier checkpoint; waiting for it to go',
      );
      return undefined;
    }
    return job;
  }

  private async write(ckpt: Checkpoint, change: StatusChange, identity: CheckpointStatus = {}): Promise<Checkpoint> {
    const patched = await this.d.api.mergePatch<Checkpoint>(
      RESOURCES.checkpoint,
      ckpt.metadata.namespace,
      ckpt.metadata.name,
      { status: { ...identity, ...change.status } },
      'status',
    );
    this.d.checkpoints.remember(patched);
    if (change.status.phase && change.status.phase !== ckpt.status?.phase) {
      this.d.log.info(
        {
          checkpoint: `${ckpt.metadata.namespace}/${ckpt.metadata.name}`,
          phase: change.status.phase,
          message: change.status.message || undefined,
        },
        'checkpoint phase',
      );
    }
    if (change.event) await this.d.events.record(patched, change.event.type, change.event.reason, change.event.message);
    return patched;
  }

  private now(): string {
    return new Date(this.d.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
}

/** The ID a checkpoint object hashes to (undefined when it has no identity). */
function idOf(o: Checkpoint): string | undefined {
  const identity = o.spec?.identity;
  // Hashed as written, like upstream: the fields the hash reads are normalised by it.
  return typeof identity === 'object' && identity !== null
    ? checkpointIdentityHash(identity as CheckpointIdentityInput)
    : undefined;
}
