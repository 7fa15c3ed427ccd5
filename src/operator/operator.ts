/**
 * One operator instance: shared informers, the controllers, and the namespace gate. `start`
 * begins watching; `stop` drains the controllers and closes the watches (SIGTERM path).
 */
import { Logger } from 'pino';
import { OperatorConfig } from './config';
import { CONTROLLERS, ControllerContext, ControllerDefinition } from './controllers';
import { Clock, systemClock } from './runtime/clock';
import { Runnable } from './runtime/controller';
import { EventRecorder } from './runtime/events';
import { ObjectApi } from './runtime/kube/api';
import { Resource } from './runtime/kube/resources';
import { NamespaceLeaseWatcher, NamespaceScopeLease } from './runtime/leases';
import { OperatorMetrics } from './runtime/metrics';
import { NamespaceGate, onlyNamespace } from './runtime/namespace-gate';
import { SharedInformers } from './runtime/shared-informers';
import { errorText } from './runtime/log';

export interface OperatorDeps {
  readonly api: ObjectApi;
  readonly config: OperatorConfig;
  readonly log: Logger;
  readonly metrics?: OperatorMetrics;
  readonly clock?: Clock;
  /** Cluster scope: which namespaces other operators hold. Default: a NamespaceLeaseWatcher. */
  readonly gate?: NamespaceGate;
  /** Namespace scope: the lease could not be renewed; stop and exit (main does). */
  readonly onFatal?: (err: Error) => void;
  /** Default: every controller (controllers/index.ts). */
  readonly controllers?: readonly ControllerDefinition[];
}

export class Operator {
  readonly metrics: OperatorMetrics;
  private informers?: SharedInformers;
  private readonly running: Runnable[] = [];
  private started = false;
  private leaseWatcher?: NamespaceLeaseWatcher;
  private gate?: NamespaceGate;
  private lease?: NamespaceScopeLease;

  constructor(private readonly deps: OperatorDeps) {
    this.metrics = deps.metrics ?? new OperatorMetrics();
  }

  /** Whether this instance currently acts in a namespace (false while another operator holds it). */
  allows(namespace: string): boolean {
    return this.gate?.allows(namespace) ?? false;
  }

  get ready(): boolean {
    return this.started && (this.informers?.synced ?? false);
  }

  async start(): Promise<void> {
    const { api, config, log } = this.deps;
    const clock = this.deps.clock ?? systemClock;
    const gate = (this.gate = this.deps.gate ?? (await this.scopeGate(clock)));
    const namespace = config.scope === 'namespace' ? config.namespace : undefined;
    const informers = (this.informers = new SharedInformers(api, log, { namespace, clock }));
    const served = new Map<string, Promise<boolean>>();
    const ctx: ControllerContext = {
      api,
      config,
      log,
      clock,
      metrics: this.metrics,
      events: new EventRecorder(api, clock, log),
      gate,
      informers,
      served: (r: Resource) => {
        const key = `${r.apiVersion}/${r.plural}`;
        let answer = served.get(key);
        if (!answer) served.set(key, (answer = api.served(r)));
        return answer;
      },
    };
    const enabled: string[] = [];
    for (const def of this.deps.controllers ?? CONTROLLERS) {
      const runnable = await def.setup(ctx);
      if (!runnable) continue;
      this.running.push(runnable);
      enabled.push(def.name);
    }
    await informers.start();
    for (const r of this.running) r.start();
    this.started = true;
    log.info({ scope: config.scope, namespace: namespace ?? '*', controllers: enabled }, 'operator started');
  }

  /** Work stops first; the namespace-scope lease goes last, so nobody else acts while we still do. */
  async stop(): Promise<void> {
    await Promise.all(this.running.map((r) => r.stop()));
    await this.informers?.stop();
    await this.leaseWatcher?.stop();
    await this.lease?.stop();
    this.started = false;
  }

  private async scopeGate(clock: Clock): Promise<NamespaceGate> {
    const { api, config, log } = this.deps;
    if (config.scope === 'namespace') {
      this.lease = new NamespaceScopeLease({
        api,
        namespace: config.namespace,
        version: config.version,
        timings: config.namespaceLease,
        log,
        clock,
        principal: config.serviceAccount
          ? `system:serviceaccount:${config.namespace}:${config.serviceAccount}`
          : undefined,
        onFatal: (err) => (this.deps.onFatal ?? ((e) => log.error({ err: errorText(e) }, 'fatal')))(err),
      });
      await this.lease.start();
      return onlyNamespace(config.namespace);
    }
    this.leaseWatcher = new NamespaceLeaseWatcher(api, log, clock);
    await this.leaseWatcher.start();
    return this.leaseWatcher;
  }
}
