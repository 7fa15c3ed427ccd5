/**
 * Scaling adapters. For each DGD component with `scalingAdapter`, the adapter
 * `<graph>-<lower(component)>` exists, starting at the component's replicas; from then on the
 * adapter's `spec.replicas` (written by HPA, KEDA, the Planner or `kubectl scale`) is the
 * source of truth for the workload's replicas. The rendered workload carries no replicas, and
 * the operator sets them with server-side apply under its own field manager, so it owns that
 * one field and a re-apply of the rendered output (Flux) leaves it alone. On Grove the
 * workload is the PodClique / PodCliqueScalingGroup Grove made from the rendered set, written
 * through its `/scale` subresource (see grove.ts).
 */
import { ComponentModel, GraphModel } from '../../../api';
import {
  componentObjectName,
  componentWorkloadName,
  isMultinode,
  LABEL,
  leaderWorkerSetName,
  renderedWorkerGeneration,
  requestedReplicas,
  scalingAdapterOwnsReplicas,
  workerRolloutOwnsReplicas,
} from '../../../render';
import { ReconcileOutcome, ReconcilerContext, splitKey } from '../../runtime/controller';
import { Informer } from '../../runtime/informer';
import { isAlreadyExists, isNotFound } from '../../runtime/kube/errors';
import { ServerObject } from '../../runtime/kube/objects';
import { Resource } from '../../runtime/kube/resources';
import { graphModelOf } from '../graph-record';
import { GraphInformers, graphKeyOfAdapter } from '../graphs';
import { groveObjectName, groveResourceOf, isGroveGraph } from '../grove';
import { GraphDeployment, ScalingAdapter, Workload } from '../kinds';
import { RESOURCES } from '../resources';
import { recordGeneration } from '../worker-generations';

export type ScalingAdapterDeps = ReconcilerContext & GraphInformers;

/** Upstream's HPA selector string: the component and graph labels, keys in alphabetical order. */
export function adapterSelector(graphName: string, componentName: string): string {
  return `${LABEL.component}=${componentName},${LABEL.graphName}=${graphName}`;
}

export function desiredAdapter(graph: GraphModel, component: ComponentModel): ScalingAdapter {
  return {
    apiVersion: RESOURCES.adapter.apiVersion,
    kind: RESOURCES.adapter.kind,
    metadata: {
      name: componentObjectName(graph.name, component.name),
      namespace: graph.namespace,
      labels: { [LABEL.graphName]: graph.name, [LABEL.component]: component.name },
    },
    spec: { replicas: requestedReplicas(component), dgdRef: { name: graph.name, serviceName: component.name } },
  };
}

export class ScalingAdapterReconciler {
  constructor(private readonly d: ScalingAdapterDeps) {}

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const [namespace, name] = splitKey(key);
    if (!this.d.gate.allows(namespace)) return;
    const dgd = this.d.graphs.get(namespace, name);
    const existing = this.d.adapters.list((a) => a.metadata.namespace === namespace && graphKeyOfAdapter(a) === key);
    const model = dgd && !dgd.metadata.deletionTimestamp ? graphModelOf(dgd) : undefined;
    if (dgd && !model) {
      // Being deleted: the garbage collector removes the adapters it owns. An invalid record:
      // leave its adapters alone rather than delete what an autoscaler uses.
      if (!dgd.metadata.deletionTimestamp)
        this.d.log.warn({ graph: key }, 'graph record does not load; scaling adapters left as they are');
      return;
    }
    const wanted = model?.kind === 'DynamoGraphDeployment' ? model.components.filter(scalingAdapterOwnsReplicas) : [];
    const wantedNames = new Set(wanted.map((c) => componentObjectName(name, c.name)));

    for (const adapter of existing) {
      if (wantedNames.has(adapter.metadata.name)) continue;
      await this.deleteAdapter(adapter, dgd);
    }
    if (!dgd || !model) return;
    const generation = recordGeneration(dgd);
    for (const component of wanted) {
      const adapter = await this.ensureAdapter(model, component, dgd);
      // A worker generation's replicas are the rollout controller's (it reads this adapter).
      await this.syncWorkload(model, component, adapter, !workerRolloutOwnsReplicas(component, generation));
    }
  }

  private async ensureAdapter(
    graph: GraphModel,
    component: ComponentModel,
    dgd: GraphDeployment,
  ): Promise<ScalingAdapter> {
    const desired = desiredAdapter(graph, component);
    const cached = this.d.adapters.get(graph.namespace, desired.metadata.name);
    if (cached) return cached;
    // The DGD owns its adapters, so the garbage collector removes them with it.
    desired.metadata.ownerReferences = [
      {
        apiVersion: dgd.apiVersion,
        kind: dgd.kind,
        name: dgd.metadata.name,
        uid: dgd.metadata.uid ?? '',
        controller: true,
        blockOwnerDeletion: false,
      },
    ];
    try {
      const created = await this.d.api.create(RESOURCES.adapter, desired);
      this.d.adapters.remember(created);
      this.d.log.info(
        { adapter: `${graph.namespace}/${desired.metadata.name}`, replicas: desired.spec?.replicas },
        'created scaling adapter',
      );
      return created;
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
      return this.d.api.get<ScalingAdapter>(RESOURCES.adapter, graph.namespace, desired.metadata.name);
    }
  }

  private async deleteAdapter(adapter: ScalingAdapter, dgd: GraphDeployment | undefined): Promise<void> {
    try {
      await this.d.api.delete(RESOURCES.adapter, adapter.metadata.namespace, adapter.metadata.name, {
        uid: adapter.metadata.uid,
      });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    this.d.log.info(
      { adapter: `${adapter.metadata.namespace}/${adapter.metadata.name}` },
      'deleted orphaned scaling adapter',
    );
    if (dgd)
      await this.d.events.record(
        dgd,
        'Normal',
        'AdapterDeleted',
        `Deleted orphaned scaling adapter ${adapter.metadata.name}`,
      );
  }

  /** Workload replicas ← adapter spec (unless `writeWorkload` is false); then the adapter status says what was done. */
  private async syncWorkload(
    graph: GraphModel,
    component: ComponentModel,
    adapter: ScalingAdapter,
    writeWorkload: boolean,
  ): Promise<void> {
    const desired = adapter.spec?.replicas ?? requestedReplicas(component);
    const target = writeWorkload ? this.workloadOf(graph, component) : undefined;
    const workload = target?.informer.get(graph.namespace, target.name);
    const previous = adapter.status?.replicas;
    if (target && workload && workload.spec?.replicas !== desired) {
      await this.setReplicas(target, workload, desired);
      if (previous === desired) {
        // The adapter did not change, so someone edited the workload directly: put it back.
        this.d.log.info(
          { workload: `${graph.namespace}/${target.name}`, from: workload.spec?.replicas, to: desired },
          'restored adapter-managed replicas',
        );
        await this.d.events.record(
          adapter,
          'Normal',
          'ReplicasRestored',
          `Restored ${target.resource.kind} ${target.name} from ${workload.spec?.replicas} to ${desired} replicas (managed by this adapter)`,
        );
      }
    }
    const selector = adapterSelector(graph.name, component.name);
    const scaled = previous !== undefined && previous !== desired;
    if (previous === desired && adapter.status?.selector === selector) return;
    const now = new Date(this.d.clock.now()).toISOString();
    const status = { replicas: desired, selector, ...(scaled ? { lastScaleTime: now } : {}) };
    const patched = await this.d.api.mergePatch<ScalingAdapter>(
      RESOURCES.adapter,
      graph.namespace,
      adapter.metadata.name,
      { status },
      'status',
    );
    this.d.adapters.remember(patched);
    if (scaled) {
      this.d.log.info(
        {
          component: `${graph.namespace}/${componentObjectName(graph.name, component.name)}`,
          from: previous,
          to: desired,
        },
        'scaled',
      );
      await this.d.events.record(
        patched,
        'Normal',
        'Scaled',
        `Scaled component ${component.name} from ${previous} to ${desired} replicas`,
      );
    }
  }

  private async setReplicas(target: WorkloadTarget, workload: Workload, replicas: number): Promise<void> {
    const { resource, informer, name } = target;
    if (target.viaScale) {
      // Grove's objects carry required fields we do not own: write only the scale subresource.
      const scale = await this.d.api.mergePatch<ServerObject>(
        resource,
        workload.metadata.namespace,
        name,
        { spec: { replicas } },
        'scale',
      );
      informer.remember({
        ...workload,
        metadata: { ...workload.metadata, resourceVersion: scale.metadata.resourceVersion },
        spec: { ...workload.spec, replicas },
      });
      return;
    }
    const applied = await this.d.api.apply<Workload>(resource, {
      apiVersion: resource.apiVersion,
      kind: resource.kind,
      metadata: { name, namespace: workload.metadata.namespace },
      spec: { replicas },
    });
    informer.remember(applied);
  }

  private workloadOf(graph: GraphModel, component: ComponentModel): WorkloadTarget | undefined {
    const grove = this.d.grove;
    if (grove && isGroveGraph(graph, (ns, n) => grove.podCliqueSets.get(ns, n))) {
      const resource = groveResourceOf(component);
      const informer = resource === RESOURCES.podClique ? grove.podCliques : grove.scalingGroups;
      return { resource, informer, name: groveObjectName(graph.name, component.name), viaScale: true };
    }
    // A worker generation's workload carries the hash the record declares (the current generation).
    const name = componentWorkloadName(graph, component.name, renderedWorkerGeneration(graph.metadataAnnotations));
    if (!isMultinode(component)) return { resource: RESOURCES.deployment, informer: this.d.deployments, name };
    return this.d.leaderWorkerSets
      ? { resource: RESOURCES.leaderWorkerSet, informer: this.d.leaderWorkerSets, name: leaderWorkerSetName(name) }
      : undefined;
  }
}

interface WorkloadTarget {
  readonly resource: Resource;
  readonly informer: Informer<Workload>;
  readonly name: string;
  /** Write `spec.replicas` through the `/scale` subresource rather than server-side apply. */
  readonly viaScale?: boolean;
}
