/**
 * The DynamoCheckpoint lifecycle as pure decisions: from the checkpoint, its Job and the other
 * checkpoints of its identity to the next status (phases Pending → Creating → Ready | Failed,
 * with upstream's conditions, reasons and messages, reference §5). The reconciler only reads
 * the cluster and writes what these functions return.
 */
import { KubeObject } from '../kube/client';
import { Condition, setCondition } from '../conditions';

export type CheckpointPhase = 'Pending' | 'Creating' | 'Ready' | 'Failed';
export const CHECKPOINT_PHASES: readonly string[] = ['Pending', 'Creating', 'Ready', 'Failed'];

export interface CheckpointEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
}

/** A status change to write (merged over the current status), with the event that explains it. */
export interface StatusChange {
  readonly status: Record<string, unknown>;
  readonly event?: CheckpointEvent;
}

export const JOB_STATUS_ANNOTATION_FAILED = 'failed';

/**
 * Among checkpoints with the same ID, the one created first (then by name) owns it: the owner
 * never changes once chosen, so a later duplicate cannot take over a running capture.
 */
export function owningCheckpoint(candidates: readonly KubeObject[]): KubeObject | undefined {
  const created = (o: KubeObject) => String(o.metadata.creationTimestamp ?? '');
  return [...candidates].sort((a, b) => cmp(created(a), created(b)) || cmp(a.metadata.name, b.metadata.name))[0];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function duplicateStatus(checkpointId: string, owner: string): StatusChange {
  return {
    status: { phase: 'Failed', jobName: '', createdAt: null, message: `checkpoint ID ${checkpointId} is already owned by ${owner}` },
    event: { type: 'Warning', reason: 'CheckpointFailed', message: `checkpoint ID ${checkpointId} is already owned by ${owner}` },
  };
}

export function jobCreatedStatus(conditions: Condition[] | undefined, jobName: string, location: string, now: string): StatusChange {
  return {
    status: {
      phase: 'Creating',
      jobName,
      location,
      storageType: 'pvc',
      createdAt: null,
      message: '',
      conditions: setCondition(conditions, { type: 'JobCreated', status: 'True', reason: 'JobCreated', message: `Checkpoint job ${jobName} created` }, now),
    },
    event: { type: 'Normal', reason: 'JobCreated', message: `Created checkpoint job ${jobName}` },
  };
}

/** Creating: what the Job says now, or undefined while it runs. */
export function creatingStatus(conditions: Condition[] | undefined, job: KubeObject | undefined, location: string, now: string, statusAnnotation: string): StatusChange | undefined {
  if (!job) {
    return {
      status: {
        phase: 'Failed',
        message: 'checkpoint job was deleted',
        conditions: setCondition(conditions, { type: 'JobCreated', status: 'False', reason: 'JobDeleted', message: 'Checkpoint job was deleted' }, now),
      },
      event: { type: 'Warning', reason: 'CheckpointFailed', message: 'Checkpoint job was deleted' },
    };
  }
  const jobConditions: { type: string; status: string }[] = Array.isArray(job.status?.conditions) ? job.status.conditions : [];
  const complete = jobConditions.some((c) => c.type === 'Complete' && c.status === 'True');
  const failed = jobConditions.some((c) => c.type === 'Failed' && c.status === 'True');
  const agentFailed = job.metadata.annotations?.[statusAnnotation] === JOB_STATUS_ANNOTATION_FAILED;
  if (agentFailed || (failed && !complete)) {
    const [reason, message] = agentFailed && complete
      ? ['CheckpointVerificationFailed', 'Checkpoint job completed but snapshot-agent reported checkpoint failure']
      : ['JobFailed', 'Checkpoint job failed'];
    return {
      status: { phase: 'Failed', message, conditions: setCondition(conditions, { type: 'JobCompleted', status: 'False', reason, message }, now) },
      event: { type: 'Warning', reason: 'CheckpointFailed', message: agentFailed ? message : 'Checkpoint creation failed' },
    };
  }
  if (complete) {
    return {
      status: {
        phase: 'Ready',
        createdAt: now,
        message: '',
        conditions: setCondition(conditions, { type: 'JobCompleted', status: 'True', reason: 'JobSucceeded', message: `Checkpoint job completed, available at ${location}` }, now),
      },
      event: { type: 'Normal', reason: 'CheckpointReady', message: 'Checkpoint creation completed successfully' },
    };
  }
  return undefined;
}

/** An invalid checkpoint never gets a Job; the message says which field to fix. */
export function invalidStatus(problems: { path: string; message: string }[]): StatusChange {
  const message = `invalid DynamoCheckpoint: ${problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ')}`;
  return { status: { phase: 'Failed', message }, event: { type: 'Warning', reason: 'CheckpointFailed', message } };
}
