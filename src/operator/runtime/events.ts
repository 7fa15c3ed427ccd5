/** Kubernetes Events about the objects the operator acts on (`kubectl describe` shows them). */
import { randomBytes } from 'crypto';
import { Logger } from 'pino';
import { Clock } from './clock';
import { ObjectApi } from './kube/api';
import { ServerObject } from './kube/objects';
import { EVENTS } from './kube/resources';
import { errorText } from './log';

export class EventRecorder {
  constructor(
    private readonly api: Pick<ObjectApi, 'create'>,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Best effort: a lost event must not fail a reconcile. */
  async record(about: ServerObject, type: 'Normal' | 'Warning', reason: string, message: string): Promise<void> {
    const now = new Date(this.clock.now()).toISOString();
    const namespace = about.metadata.namespace ?? 'default';
    try {
      await this.api.create(EVENTS, {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: `${about.metadata.name}.${randomBytes(8).toString('hex')}`, namespace },
        involvedObject: {
          apiVersion: about.apiVersion,
          kind: about.kind,
          name: about.metadata.name,
          namespace,
          uid: about.metadata.uid,
          resourceVersion: about.metadata.resourceVersion,
        },
        reason,
        message,
        type,
        source: { component: 'dynamo-iac-operator' },
        firstTimestamp: now,
        lastTimestamp: now,
        count: 1,
      });
    } catch (err) {
      this.log.warn(
        { reason, object: `${namespace}/${about.metadata.name}`, err: errorText(err) },
        'could not record event',
      );
    }
  }
}
