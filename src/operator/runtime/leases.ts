/**
 * The namespace-scope Lease protocol shared with the upstream Dynamo operator.
 *
 * Namespace scope holds `dynamo-operator-namespace-scope` in its namespace: create-or-update on
 * start (failure = start-up fails), again every renew interval (so a deleted Lease heals),
 * a fatal stop after `max(1, floor(duration / renew) − 1)` consecutive failures (before the
 * Lease could expire and a cluster-wide operator move in), and a delete on shutdown.
 *
 * Cluster scope watches those Leases in every namespace and leaves a namespace alone while its
 * Lease is live. Unlike upstream, which notices expiry lazily, a timer at the expiry instant
 * resumes the namespace, and a delete resumes it at once.
 */
import { Logger } from 'pino';
import { Clock, systemClock, TimerHandle } from './clock';
import { Informer } from './informer';
import { ObjectApi } from './kube/api';
import { isAlreadyExists, isConflict, isNotFound } from './kube/errors';
import { Lease } from './kube/objects';
import { LEASES } from './kube/resources';
import { microTime, parseTime } from './micro-time';
import { NamespaceGate } from './namespace-gate';
import { retryOnConflict } from './retry';
import { errorText } from './log';

export const NAMESPACE_SCOPE_LEASE_NAME = 'dynamo-operator-namespace-scope';
export const ADMISSION_GATES_ANNOTATION = 'nvidia.com/dynamo-operator-admission-feature-gates';
export const PRINCIPAL_ANNOTATION = 'nvidia.com/dynamo-operator-principal';

export interface LeaseTimings {
  readonly durationMs: number;
  readonly renewIntervalMs: number;
}

/** Upstream's timings: a 30 s lease renewed every 10 s. */
export const NAMESPACE_SCOPE_LEASE: LeaseTimings = { durationMs: 30_000, renewIntervalMs: 10_000 };

export const holderIdentity = (version: string) => `namespace-restricted-operator-${version}`;

/** Consecutive renew failures that end the process, leaving one renew interval of margin. */
export function maxRenewFailures(t: LeaseTimings): number {
  return Math.max(1, Math.floor(t.durationMs / t.renewIntervalMs) - 1);
}

/** When a Lease stops counting: renewTime + duration; a Lease without either is expired. */
export function leaseExpiry(lease: Lease): number {
  const renew = parseTime(lease.spec?.renewTime);
  const seconds = lease.spec?.leaseDurationSeconds;
  return Number.isFinite(renew) && typeof seconds === 'number' ? renew + seconds * 1000 : -Infinity;
}

type LeaseApi = Pick<ObjectApi, 'get' | 'create' | 'replace' | 'delete'>;

export interface NamespaceScopeLeaseOptions {
  readonly api: LeaseApi;
  readonly namespace: string;
  readonly version: string;
  readonly timings: LeaseTimings;
  readonly log: Logger;
  /** Called once after too many consecutive renew failures; the caller stops work and exits. */
  readonly onFatal: (err: Error) => void;
  readonly clock?: Clock;
  /** `system:serviceaccount:<ns>:<name>`, for upstream's principal annotation. */
  readonly principal?: string;
}

export class NamespaceScopeLease {
  private readonly clock: Clock;
  private timer?: TimerHandle;
  private inFlight: Promise<void> = Promise.resolve();
  private failures = 0;
  private stopped = false;

  constructor(private readonly o: NamespaceScopeLeaseOptions) {
    this.clock = o.clock ?? systemClock;
  }

  /** The first create-or-update; throws when it fails (start-up must fail then). */
  async start(): Promise<void> {
    await this.createOrUpdate();
    this.o.log.info(
      { namespace: this.o.namespace, lease: NAMESPACE_SCOPE_LEASE_NAME },
      'holding namespace-scope lease',
    );
    this.schedule();
  }

  /** Stops renewing, waits for an in-flight renew, and deletes the Lease so others resume at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    await this.inFlight;
    try {
      await this.o.api.delete(LEASES, this.o.namespace, NAMESPACE_SCOPE_LEASE_NAME);
    } catch (err) {
      if (!isNotFound(err)) this.o.log.warn({ err: errorText(err) }, 'could not delete namespace-scope lease');
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimer(() => {
      this.inFlight = this.renew().finally(() => this.schedule());
    }, this.o.timings.renewIntervalMs);
  }

  private async renew(): Promise<void> {
    try {
      await this.createOrUpdate();
      this.failures = 0;
    } catch (err) {
      this.failures++;
      const max = maxRenewFailures(this.o.timings);
      if (this.failures >= max) {
        this.stopped = true;
        this.o.log.error(
          { failures: this.failures, err: errorText(err) },
          'namespace-scope lease renewals failed; stopping before it can expire',
        );
        this.o.onFatal(new Error(`namespace-scope lease: ${this.failures} consecutive renew failures: ${err}`));
      } else {
        this.o.log[this.failures === max - 1 ? 'warn' : 'info'](
          { failures: this.failures, max, err: errorText(err) },
          'namespace-scope lease renew failed',
        );
      }
    }
  }

  private createOrUpdate(): Promise<void> {
    const { api, namespace, version, timings, principal } = this.o;
    return retryOnConflict(
      async () => {
        const now = microTime(this.clock.now());
        const annotations = {
          [ADMISSION_GATES_ANNOTATION]: '{}',
          ...(principal ? { [PRINCIPAL_ANNOTATION]: principal } : {}),
        };
        const spec = {
          holderIdentity: holderIdentity(version),
          leaseDurationSeconds: Math.ceil(timings.durationMs / 1000),
          renewTime: now,
        };
        let current: Lease | undefined;
        try {
          current = await api.get<Lease>(LEASES, namespace, NAMESPACE_SCOPE_LEASE_NAME);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
        if (!current) {
          await api.create<Lease>(LEASES, {
            apiVersion: LEASES.apiVersion,
            kind: LEASES.kind,
            metadata: { name: NAMESPACE_SCOPE_LEASE_NAME, namespace, annotations },
            spec: { ...spec, acquireTime: now },
          });
          return;
        }
        const sameHolder = current.spec?.holderIdentity === spec.holderIdentity;
        await api.replace<Lease>(LEASES, {
          ...current,
          metadata: { ...current.metadata, annotations: { ...current.metadata.annotations, ...annotations } },
          spec: {
            ...current.spec,
            ...spec,
            acquireTime: sameHolder && current.spec?.acquireTime ? current.spec.acquireTime : now,
          },
        });
        // AlreadyExists: created meanwhile, so go round again as an update.
      },
      5,
      (err) => isConflict(err) || isAlreadyExists(err),
    );
  }
}

/**
 * Cluster scope's gate: namespaces whose namespace-scope Lease is live are held by another
 * operator. Resumes a namespace at the Lease's expiry instant or on its deletion.
 */
export class NamespaceLeaseWatcher implements NamespaceGate {
  readonly informer: Informer<Lease>;
  private readonly clock: Clock;
  private readonly held = new Map<string, { expiry: number; timer: TimerHandle }>();
  private readonly listeners: Array<(ns: string) => void> = [];

  constructor(
    api: Pick<ObjectApi, 'list' | 'watch'>,
    private readonly log: Logger,
    clock?: Clock,
  ) {
    this.clock = clock ?? systemClock;
    this.informer = new Informer<Lease>(api, LEASES, log, {
      fieldSelector: `metadata.name=${NAMESPACE_SCOPE_LEASE_NAME}`,
      clock: this.clock,
    });
    const seen = (lease: Lease) => this.observe(lease);
    this.informer.addHandlers({
      onAdd: seen,
      onUpdate: seen,
      onDelete: (lease) => this.release(lease.metadata.namespace ?? '', 'lease deleted'),
    });
  }

  async start(): Promise<void> {
    this.informer.start();
    await this.informer.waitForSync();
  }

  async stop(): Promise<void> {
    await this.informer.stop();
    for (const { timer } of this.held.values()) timer.cancel();
    this.held.clear();
  }

  allows(namespace: string): boolean {
    const h = this.held.get(namespace);
    return !h || h.expiry <= this.clock.now();
  }

  onResume(listener: (namespace: string) => void): void {
    this.listeners.push(listener);
  }

  private observe(lease: Lease): void {
    const ns = lease.metadata.namespace ?? '';
    const expiry = leaseExpiry(lease);
    const now = this.clock.now();
    if (expiry <= now) return this.release(ns, 'lease expired');
    const previous = this.held.get(ns);
    previous?.timer.cancel();
    const timer = this.clock.setTimer(() => this.release(ns, 'lease expired'), expiry - now);
    this.held.set(ns, { expiry, timer });
    if (!previous)
      this.log.info(
        { namespace: ns, holder: lease.spec?.holderIdentity },
        'namespace held by a namespace-scoped operator; leaving it alone',
      );
  }

  private release(ns: string, why: string): void {
    const h = this.held.get(ns);
    if (!h) return;
    h.timer.cancel();
    this.held.delete(ns);
    this.log.info({ namespace: ns, why }, 'resuming namespace');
    for (const l of this.listeners) l(ns);
  }
}
