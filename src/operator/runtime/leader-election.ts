/**
 * Leader election among the operator's own replicas, on a coordination Lease of its own
 * (not upstream's `dynamo.nvidia.com`: two different programs must not share one election).
 * As client-go does it: a candidate takes the Lease when its holder has not renewed it for a
 * full duration as seen by the candidate's own clock (so clock skew between nodes does not
 * matter), the leader renews every retry period and gives up leadership when it could not renew
 * for a whole duration, and a graceful stop releases the Lease for an immediate failover.
 */
import { Logger } from 'pino';
import { Clock, systemClock, TimerHandle } from './clock';
import { ObjectApi } from './kube/api';
import { ApiError, isNotFound } from './kube/errors';
import { Lease } from './kube/objects';
import { LEASES } from './kube/resources';
import { microTime } from './micro-time';
import { errorText } from './log';

export interface LeaderElectionConfig {
  readonly enabled: boolean;
  readonly leaseName: string;
  readonly namespace: string;
  readonly durationMs: number;
  /** How often the leader renews and a candidate retries. */
  readonly retryPeriodMs: number;
}

export interface LeaderCallbacks {
  onStartedLeading(): void;
  /** Leadership lost (not on a graceful stop): the process should stop work and exit. */
  onStoppedLeading(): void;
}

type LeaseApi = Pick<ObjectApi, 'get' | 'create' | 'replace'>;

export class LeaderElector {
  private readonly clock: Clock;
  private timer?: TimerHandle;
  private inFlight: Promise<void> = Promise.resolve();
  private leading = false;
  private stopped = false;
  /** The last holder record seen and when (local clock) it last changed. */
  private observed?: { record: string; at: number };
  private lastRenew = 0;
  /** Whether the last lease request got an answer from the API server (any status). */
  private reachable = false;
  /** The last failure logged at warn, so a retry every period does not repeat it. */
  private lastFailure?: string;

  constructor(
    private readonly api: LeaseApi,
    private readonly config: LeaderElectionConfig,
    private readonly identity: string,
    private readonly callbacks: LeaderCallbacks,
    private readonly log: Logger,
    clock?: Clock,
  ) {
    this.clock = clock ?? systemClock;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** False until the API server has answered a lease request, and while it does not: not ready. */
  get apiReachable(): boolean {
    return this.reachable;
  }

  start(): void {
    this.tick();
  }

  /** Stops campaigning; a leader releases the Lease so another replica takes over at once. */
  async stop(opts: { release?: boolean } = {}): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    await this.inFlight;
    if (this.leading && opts.release !== false) {
      try {
        const lease = await this.api.get<Lease>(LEASES, this.config.namespace, this.config.leaseName);
        if (lease.spec?.holderIdentity === this.identity) {
          await this.api.replace<Lease>(LEASES, {
            ...lease,
            spec: {
              ...lease.spec,
              holderIdentity: '',
              leaseDurationSeconds: 1,
              renewTime: microTime(this.clock.now()),
            },
          });
        }
      } catch (err) {
        this.log.warn({ err: errorText(err) }, 'could not release the leader lease');
      }
    }
    this.leading = false;
  }

  private tick(): void {
    if (this.stopped) return;
    this.inFlight = this.tryAcquireOrRenew().finally(() => {
      if (!this.stopped) this.timer = this.clock.setTimer(() => this.tick(), this.config.retryPeriodMs);
    });
  }

  private async tryAcquireOrRenew(): Promise<void> {
    const now = this.clock.now();
    let ok = false;
    try {
      ok = await this.acquireOrRenew(now);
      this.reachable = true;
      if (this.lastFailure !== undefined) this.log.info('leader lease: the API server answers again');
      this.lastFailure = undefined;
    } catch (err) {
      // An HTTP answer (403, 409, ...) means the API server was reached; anything else did not.
      this.reachable = err instanceof ApiError;
      const text = errorText(err);
      // Said at once, with its cause, and again only when it changes (a retry runs every period).
      if (text !== this.lastFailure) {
        const msg = this.reachable ? 'leader lease update failed' : 'cannot reach the API server';
        this.log.warn({ err: text, lease: `${this.config.namespace}/${this.config.leaseName}` }, msg);
      } else {
        this.log.debug({ err: text }, 'leader lease update failed');
      }
      this.lastFailure = text;
    }
    if (this.stopped) return;
    if (ok) {
      this.lastRenew = now;
      if (!this.leading) {
        this.leading = true;
        this.log.info(
          { identity: this.identity, lease: `${this.config.namespace}/${this.config.leaseName}` },
          'became leader',
        );
        this.callbacks.onStartedLeading();
      }
    } else if (this.leading && now - this.lastRenew >= this.config.durationMs) {
      this.leading = false;
      this.stopped = true;
      this.log.error({ identity: this.identity }, 'lost leadership: could not renew the leader lease');
      this.callbacks.onStoppedLeading();
    }
  }

  /** True when we hold the Lease after this call. */
  private async acquireOrRenew(now: number): Promise<boolean> {
    const { namespace, leaseName, durationMs } = this.config;
    const spec = {
      holderIdentity: this.identity,
      leaseDurationSeconds: Math.max(1, Math.ceil(durationMs / 1000)),
      renewTime: microTime(now),
    };
    let lease: Lease | undefined;
    try {
      lease = await this.api.get<Lease>(LEASES, namespace, leaseName);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (!lease) {
      await this.api.create<Lease>(LEASES, {
        apiVersion: LEASES.apiVersion,
        kind: LEASES.kind,
        metadata: { name: leaseName, namespace },
        spec: { ...spec, acquireTime: microTime(now), leaseTransitions: 0 },
      });
      return true;
    }
    const holder: string = lease.spec?.holderIdentity ?? '';
    const record = `${holder}|${lease.spec?.renewTime}|${lease.spec?.leaseDurationSeconds}`;
    if (this.observed?.record !== record) this.observed = { record, at: now };
    const heldByOther = holder !== '' && holder !== this.identity;
    const otherDuration = (lease.spec?.leaseDurationSeconds ?? 0) * 1000;
    if (heldByOther && this.observed.at + otherDuration > now) return false;
    const transition = holder !== this.identity;
    await this.api.replace<Lease>(LEASES, {
      ...lease,
      spec: {
        ...lease.spec,
        ...spec,
        acquireTime: transition ? microTime(now) : (lease.spec?.acquireTime ?? microTime(now)),
        leaseTransitions: (lease.spec?.leaseTransitions ?? 0) + (transition ? 1 : 0),
      },
    });
    return true;
  }
}
