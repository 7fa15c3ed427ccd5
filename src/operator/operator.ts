/**
 * One operator instance: shared informers, the controllers, and the namespace gate. `start`
 * begins watching; `stop` drains the controllers and closes the watches (SIGTERM path).
 */
import { Logger } from 'pino';
import { LABEL } from '../render';
import { Clock, systemClock } from './clock';
import { OperatorConfig } from './config';
import { Controller } from './controller';
import { GraphStatusReconciler } from './graph-status-reconciler';
import { graphKeyOfGroveObject } from './grove';
import { GroveInformers } from './grove-informers';
import { EventRecorder } from './events';
import { KubeApi, KubeObject } from './kube/client';
import { Inventory } from './inventory';
import { isNotFound } from './kube/errors';
import { NamespaceLeaseWatcher, NamespaceScopeLease } from './leases';
import { Resource, RESOURCES } from './kube/resources';
import { OperatorMetrics } from './metrics';
import { NamespaceGate, onlyNamespace } from './namespace-gate';
import { createModelController, modelInventoryStatus } from './models/controller';
import { graphKeyOfAdapter, graphKeyOfWorkload, ScalingAdapterReconciler } from './scaling-adapters';
import { checkpointController } from './checkpoints';
import { Informer, objectKey } from './watch';
import { WorkQueue } from './work-queue';

export interface OperatorDeps {
  readonly api: KubeApi;
  readonly config: OperatorConfig;
  readonly log: Logger;
  readonly metrics?: OperatorMetrics;
  readonly clock?: Clock;
  /** Cluster scope: which namespaces other operators hold. Default: a NamespaceLeaseWatcher. */
  readonly gate?: NamespaceGate;
  /** Namespace scope: the lease could not be renewed; stop and exit (main does). */
  readonly onFatal?: (err: Error) => void;
}

export class Operator {
  readonly metrics: OperatorMetrics;
  private readonly informers: Informer<KubeObject>[] = [];
  private readonly controllers: Controller[] = [];
  private started = false;
  private leaseWatcher?: NamespaceLeaseWatcher;
  private gate?: NamespaceGate;
  private inventory?: Inventory;
  private lease?: NamespaceScopeLease;

  constructor(private readonly deps: OperatorDeps) {
    this.metrics = deps.metrics ?? new OperatorMetrics();
  }

  /** Whether this instance currently acts in a namespace (false while another operator holds it). */
  allows(namespace: string): boolean {
    return this.gate?.allows(namespace) ?? false;
  }

  get ready(): boolean {
    return this.started && this.informers.every((i) => i.hasSynced);
  }

  async start(): Promise<void> {
    const { api, config, log } = this.deps;
    const clock = this.deps.clock ?? systemClock;
    const gate = (this.gate = this.deps.gate ?? (await this.scopeGate(clock)));
    const namespace = config.scope === 'namespace' ? config.namespace : undefined;
    const informer = (resource: Resource, labelSelector?: string) => {
      const inf = new Informer<KubeObject>(api, resource, log, { namespace, labelSelector, clock });
      this.informers.push(inf);
      return inf;
    };
    const graphs = informer(RESOURCES.dgdV1beta1);
    const adapters = informer(RESOURCES.adapter);
    // Only workloads a graph rendered carry the graph-name label.
    const deployments = informer(RESOURCES.deployment, LABEL.graphName);
    const leaderWorkerSets = (await this.served(RESOURCES.leaderWorkerSet)) ? informer(RESOURCES.leaderWorkerSet, LABEL.graphName) : undefined;
    const groveServed = await Promise.all([RESOURCES.podCliqueSet, RESOURCES.podClique, RESOURCES.podCliqueScalingGroup].map((r) => this.served(r)));
    const grove: GroveInformers | undefined = groveServed.every(Boolean)
      ? { podCliqueSets: informer(RESOURCES.podCliqueSet), podCliques: informer(RESOURCES.podClique), scalingGroups: informer(RESOURCES.podCliqueScalingGroup) }
      : undefined;

    const queue = new WorkQueue({ clock });
    const statusQueue = new WorkQueue({ clock });
    const scaling = new ScalingAdapterReconciler({ api, log, clock, events: new EventRecorder(api, clock, log), gate, graphs, adapters, deployments, leaderWorkerSets, grove });
    const status = new GraphStatusReconciler({ api, clock, gate, graphs, deployments, leaderWorkerSets, grove });
    const enqueue = (key: string | undefined) => {
      if (!key || !gate.allows(key.split('/')[0])) return;
      queue.add(key);
      statusQueue.add(key);
    };
    graphs.addHandlers(handlersFor((o) => enqueue(objectKey(o))));
    adapters.addHandlers(handlersFor((o) => enqueue(graphKeyOfAdapter(o))));
    for (const w of [deployments, leaderWorkerSets]) w?.addHandlers(handlersFor((o) => enqueue(graphKeyOfWorkload(o))));
    for (const g of grove ? Object.values(grove) : []) g.addHandlers(handlersFor((o) => enqueue(graphKeyOfGroveObject(o))));
    gate.onResume((ns) => graphs.list((g) => g.metadata.namespace === ns).forEach((g) => enqueue(objectKey(g))));

    this.controllers.push(
      new Controller({ name: 'scaling-adapters', resourceType: RESOURCES.adapter.kind, reconcile: (k) => scaling.reconcile(k), queue, log, metrics: this.metrics, workers: config.workers }),
      new Controller({ name: 'graph-status', resourceType: RESOURCES.dgdV1beta1.kind, reconcile: (k) => status.reconcile(k), queue: statusQueue, log, metrics: this.metrics, workers: config.workers }),
    );
    // DynamoModel: LoRA loading into the pods that serve a base model (skipped without the CRD).
    const models = (await this.served(RESOURCES.dynamoModel))
      ? createModelController({ api, log, clock, gate, metrics: this.metrics, endpoints: config.models, workers: config.workers, informer })
      : undefined;
    if (models) this.controllers.push(models.controller);
    this.controllers.push(checkpointController({ api, log, clock, gate, metrics: this.metrics, storage: config.checkpointStorage, workers: config.workers, informer }));
    for (const i of this.informers) i.start();
    await Promise.all(this.informers.map((i) => i.waitForSync()));
    for (const c of this.controllers) c.start();
    this.inventory = new Inventory(this.metrics, gate, graphs, adapters, clock);
    if (models) this.inventory.track(RESOURCES.dynamoModel.kind, models.models, modelInventoryStatus);
    this.inventory.start();
    this.started = true;
    log.info({ scope: config.scope, namespace: namespace ?? '*', lws: !!leaderWorkerSets, grove: !!grove }, 'operator started');
  }

  /** Work stops first; the namespace-scope lease goes last, so nobody else acts while we still do. */
  async stop(): Promise<void> {
    this.inventory?.stop();
    await Promise.all(this.controllers.map((c) => c.stop()));
    await Promise.all(this.informers.map((i) => i.stop()));
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
        principal: config.serviceAccount ? `system:serviceaccount:${config.namespace}:${config.serviceAccount}` : undefined,
        onFatal: (err) => (this.deps.onFatal ?? ((e) => log.error({ err: String(e) }, 'fatal')))(err),
      });
      await this.lease.start();
      return onlyNamespace(config.namespace);
    }
    this.leaseWatcher = new NamespaceLeaseWatcher(api, log, clock);
    await this.leaseWatcher.start();
    return this.leaseWatcher;
  }

  /** Whether the API server serves a kind (an optional CRD such as LeaderWorkerSet). */
  private async served(resource: Resource): Promise<boolean> {
    try {
      const list = await this.deps.api.request<{ resources: Array<{ name: string }> }>('GET', `/apis/${resource.apiVersion}`);
      return list.resources.some((r) => r.name === resource.plural);
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }
}

function handlersFor(fn: (obj: KubeObject) => void) {
  return { onAdd: fn, onUpdate: fn, onDelete: fn };
}
