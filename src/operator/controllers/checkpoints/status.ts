/**
 * The DynamoCheckpoint lifecycle as pure decisions: from the checkpoint, its Job and the other
 * checkpoints of its identity to the next status (phases Pending → Creating → Ready | Failed,
 * with upstream's conditions, reasons and messages, reference §5). The reconciler only reads
 * the cluster and writes what these functions return.
 */
import { problemLine } from '../../../api/problems';
import { Condition, setCondition } from '../../runtime/conditions';
import { ServerObject } from '../../runtime/kube/objects';
import { CheckpointStatus, Job } from '../kinds';

export type CheckpointPhase = 'Pending' | 'Creating' | 'Ready' | 'Failed';
export const CHECKPOINT_PHASES: readonly string[] = ['Pending', 'Creating', 'Ready', 'Failed'];

/** `JobCreated=False` with this reason: no Job, because an earlier checkpoint owns the same ID. */
export const DUPLICATE_ID_REASON = 'DuplicateCheckpointID';

export interface CheckpointEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
}

/** A status change to write (merged over the current status), with the event that explains it. */
export interface StatusChange {
  readonly status: CheckpointStatus;
  readonly event?: CheckpointEvent;
}

export const JOB_STATUS_ANNOTATION_FAILED = 'failed';

/**
 * Among checkpoints with the same ID, the one created first (then by name) owns it: the owner
 * never changes once chosen, so a later duplicate cannot take over a running capture.
 */
export function owningCheckpoint<T extends ServerObject>(candidates: readonly T[]): T | undefined {
  const created = (o: T) => o.metadata.creationTimestamp ?? '';
  return [...candidates].sort((a, b) => cmp(created(a), created(b)) || cmp(a.metadata.name, b.metadata.name))[0];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function duplicateStatus(
  conditions: Condition[] | undefined,
  checkpointId: string,
  owner: string,
  now: string,
): StatusChange {
  const message = `checkpoint ID ${checkpointId} is already owned by ${owner}`;
  return {
    status: {
      phase: 'Failed',
      jobName: '',
      createdAt: null,
      message,
      conditions: setCondition(
        conditions,
        { type: 'JobCreated', status: 'False', reason: DUPLICATE_ID_REASON, message },
        now,
      ),
    },
    event: { type: 'Warning', reason: 'CheckpointFailed', message },
  };
}

/** Failed only because another checkpoint owned its ID (so it takes over when that one goes). */
export function failedAsDuplicate(status: CheckpointStatus): boolean {
  return (
    status.phase === 'Failed' && status.conditions?.find((c) => c.type === 'JobCreated')?.reason === DUPLICATE_ID_REASON
  );
}

export function jobCreatedStatus(
  conditions: Condition[] | undefined,
  jobName: string,
  location: string,
  now: string,
): StatusChange {
  return {
    status: {
      phase: 'Creating',
      jobName,
      location,
      storageType: 'pvc',
      createdAt: null,
      message: '',
      conditions: setCondition(
        conditions,
        { type: 'JobCreated', status: 'True', reason: 'JobCreated', message: `Checkpoint job ${jobName} created` },
        now,
      ),
    },
    event: { type: 'Normal', reason: 'JobCreated', message: `Created checkpoint job ${jobName}` },
  };
}

/** Creating: what the Job says now, or undefined while it runs. */
export function creatingStatus(
  conditions: Condition[] | undefined,
  job: Job | undefined,
  location: string,
  now: string,
  statusAnnotation: string,
): StatusChange | undefined {
  if (!job) {
    return {
      status: {
        phase: 'Failed',
        message: 'checkpoint job was deleted',
        conditions: setCondition(
          conditions,
          { type: 'JobCreated', status: 'False', reason: 'JobDeleted', message: 'Checkpoint job was deleted' },
          now,
        ),
      },
      event: { type: 'Warning', reason: 'CheckpointFailed', message: 'Checkpoint job was deleted' },
    };
  }
  const jobConditions = job.status?.conditions ?? [];
  const complete = jobConditions.some((c) => c.type === 'Complete' && c.status === 'True');
  const failed = jobConditions.some((c) => c.type === 'Failed' && c.status === 'True');
  const agentFailed = job.metadata.annotations?.[statusAnnotation] === JOB_STATUS_ANNOTATION_FAILED;
  if (agentFailed || (failed && !complete)) {
    const [reason, message] =
      agentFailed && complete
        ? ['CheckpointVerificationFailed', 'Checkpoint job completed but snapshot-agent reported checkpoint failure']
        : ['JobFailed', 'Checkpoint job failed'];
    return {
      status: {
        phase: 'Failed',
        message,
        conditions: setCondition(conditions, { type: 'JobCompleted', status: 'False', reason, message }, now),
      },
      event: {
        type: 'Warning',
        reason: 'CheckpointFailed',
        message: agentFailed ? message : 'Checkpoint creation failed',
      },
    };
  }
  if (complete) {
    return {
      status: {
        phase: 'Ready',
        createdAt: now,
        message: '',
        conditions: setCondition(
          conditions,
          {
            type: 'JobCompleted',
            status: 'True',
            reason: 'JobSucceeded',
            message: `Checkpoint job completed, available at ${location}`,
          },
          now,
        ),
      },
      event: { type: 'Normal', reason: 'CheckpointReady', message: 'Checkpoint creation completed successfully' },
    };
  }
  return undefined;
}

/** An invalid checkpoint never gets a Job; the message says which field to fix. */
export function invalidStatus(problems: { path: string; message: string }[]): StatusChange {
  const message = `invalid DynamoCheckpoint: ${problems.map((p) => problemLine(p)).join('; ')}`;
  return { status: { phase: 'Failed', message }, event: { type: 'Warning', reason: 'CheckpointFailed', message } };
}
