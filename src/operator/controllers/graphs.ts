/**
 * The caches a graph controller reads — graphs, their scaling adapters, the workloads they
 * render (Deployments, LeaderWorkerSets and DisaggregatedSets when those APIs are installed, and Grove's objects when
 * its three kinds are served) — and the rule mapping any of them to its graph's key, so a
 * change to any enqueues `<namespace>/<graph>`. Shared by the scaling-adapter and graph-status
 * controllers (the informers themselves are shared too).
 */
import { LABEL } from '../../render';
import { Controller, ReconcileOutcome } from '../runtime/controller';
import { Informer } from '../runtime/informer';
import { ServerObject, objectKey } from '../runtime/kube/objects';
import { Resource } from '../runtime/kube/resources';
import { InformerView } from '../runtime/shared-informers';
import { ControllerContext, ControllerDefinition, newController } from './context';
import type { WorkloadLookup } from './graph-status/graph-status';
import { graphKeyOfGroveObject } from './grove';
import { GraphDeployment, ScalingAdapter, TemplateMetadata, Workload } from './kinds';
import { RESOURCES } from './resources';

/** The labels a DisaggregatedSet puts on the LeaderWorkerSets it makes (LWS's own). */
const DISAGGREGATED_SET_LABEL = { name: 'disaggregatedset.x-k8s.io/name', role: 'disaggregatedset.x-k8s.io/role' };

export interface GroveInformers {
  readonly podCliqueSets: Informer<Workload>;
  readonly podCliques: Informer<Workload>;
  readonly scalingGroups: Informer<Workload>;
}

export interface GraphInformers {
  readonly graphs: Informer<GraphDeployment>;
  readonly adapters: Informer<ScalingAdapter>;
  readonly deployments: Informer<Workload>;
  /** Absent when the LeaderWorkerSet API is not installed. */
  readonly leaderWorkerSets?: Informer<Workload>;
  /** Absent when the DisaggregatedSet API (LWS >= v0.10.0) is not installed. */
  readonly disaggregatedSets?: Informer<Workload>;
  /** Absent when Grove is not installed. */
  readonly grove?: GroveInformers;
}

export async function graphInformers(ctx: ControllerContext): Promise<GraphInformers> {
  const { informers } = ctx;
  // Only workloads a graph rendered carry the graph-name label.
  const rendered = { labelSelector: LABEL.graphName };
  const workloads = <T extends Workload>(res: Resource, selector = {}) =>
    informers.for<T>(res, selector, WORKLOAD_VIEW);
  const leaderWorkerSets = (await ctx.served(RESOURCES.leaderWorkerSet))
    ? workloads(RESOURCES.leaderWorkerSet, rendered)
    : undefined;
  const disaggregatedSets = (await ctx.served(RESOURCES.disaggregatedSet))
    ? workloads(RESOURCES.disaggregatedSet, rendered)
    : undefined;
  const groveKinds = [RESOURCES.podCliqueSet, RESOURCES.podClique, RESOURCES.podCliqueScalingGroup];
  const groveServed = (await Promise.all(groveKinds.map((r) => ctx.served(r)))).every(Boolean);
  return {
    graphs: informers.for<GraphDeployment>(RESOURCES.dgdV1beta1),
    adapters: informers.for<ScalingAdapter>(RESOURCES.adapter),
    deployments: workloads(RESOURCES.deployment, rendered),
    leaderWorkerSets,
    disaggregatedSets,
    grove: groveServed
      ? {
          podCliqueSets: workloads(RESOURCES.podCliqueSet),
          podCliques: workloads(RESOURCES.podClique),
          scalingGroups: workloads(RESOURCES.podCliqueScalingGroup),
        }
      : undefined,
  };
}

/**
 * What the controllers read of a workload (the fields of `Workload`): its metadata, replicas,
 * pause, the annotations of its pod templates (and of each Grove clique, in order: a restart
 * patches a clique by its index), and its status. A thousand graphs' pod specs stay out of the
 * cache: most of a Deployment's bytes are its pod spec.
 */
export const WORKLOAD_VIEW: InformerView = {
  name: 'workload',
  transform: (obj: ServerObject): ServerObject => {
    const { spec, status } = obj as Workload;
    const { managedFields: _dropped, ...metadata } = obj.metadata;
    const view: Workload = { apiVersion: obj.apiVersion, kind: obj.kind, metadata, status };
    if (spec) {
      const { template, leaderWorkerTemplate: lwt, roles } = spec;
      view.spec = { replicas: spec.replicas, paused: spec.paused };
      if (roles) view.spec.roles = roles.map((r) => ({ name: r.name, spec: { replicas: r.spec?.replicas } }));
      if (template)
        view.spec.template = {
          metadata: templateMetadata(template),
          cliques: template.cliques?.map((c) => ({ name: c.name, annotations: c.annotations })),
        };
      if (lwt)
        view.spec.leaderWorkerTemplate = {
          leaderTemplate: lwt.leaderTemplate && { metadata: templateMetadata(lwt.leaderTemplate) },
          workerTemplate: lwt.workerTemplate && { metadata: templateMetadata(lwt.workerTemplate) },
        };
    }
    return view;
  },
};

const templateMetadata = (t: TemplateMetadata) => t.metadata && { annotations: t.metadata.annotations };

/** Finds a graph's workloads in the caches (graph-status.ts reads them through this). */
export function workloadLookup(sources: Omit<GraphInformers, 'graphs' | 'adapters'>): WorkloadLookup {
  return {
    deployment: (ns, n) => sources.deployments.get(ns, n),
    leaderWorkerSet: (ns, n) => sources.leaderWorkerSets?.get(ns, n),
    disaggregatedSet: (ns, n) => sources.disaggregatedSets?.get(ns, n),
    disaggregatedRoleSets: (ns, set, role) =>
      sources.leaderWorkerSets?.list(
        (l) =>
          l.metadata.namespace === ns &&
          l.metadata.labels?.[DISAGGREGATED_SET_LABEL.name] === set &&
          l.metadata.labels?.[DISAGGREGATED_SET_LABEL.role] === role,
      ) ?? [],
    podCliqueSet: (ns, n) => sources.grove?.podCliqueSets.get(ns, n),
    podClique: (ns, n) => sources.grove?.podCliques.get(ns, n),
    podCliqueScalingGroup: (ns, n) => sources.grove?.scalingGroups.get(ns, n),
  };
}

/** An adapter's graph: its graph-name label, else its `spec.dgdRef.name`. */
export function graphKeyOfAdapter(adapter: ScalingAdapter): string | undefined {
  const graph = adapter.metadata.labels?.[LABEL.graphName] ?? adapter.spec?.dgdRef?.name;
  return graph ? `${adapter.metadata.namespace}/${graph}` : undefined;
}

/** A rendered workload's graph: its graph-name label. */
export function graphKeyOfWorkload(workload: ServerObject): string | undefined {
  const graph = workload.metadata.labels?.[LABEL.graphName];
  return graph ? `${workload.metadata.namespace}/${graph}` : undefined;
}

/** Enqueues the graph of every change to a graph, an adapter or a workload; and a resumed namespace's graphs. */
export function enqueueGraphChanges(sources: GraphInformers, controller: Controller): void {
  const on = <T extends ServerObject>(informer: Informer<T> | undefined, keyOf: (o: T) => string | undefined) => {
    const fn = (o: T) => controller.enqueue(keyOf(o));
    informer?.addHandlers({ onAdd: fn, onUpdate: fn, onDelete: fn });
  };
  on(sources.graphs, objectKey);
  on(sources.adapters, graphKeyOfAdapter);
  on(sources.deployments, graphKeyOfWorkload);
  on(sources.leaderWorkerSets, graphKeyOfWorkload);
  on(sources.disaggregatedSets, graphKeyOfWorkload);
  for (const g of sources.grove ? Object.values(sources.grove) : []) on(g, graphKeyOfGroveObject);
}

/**
 * A controller keyed by graph (`<namespace>/<graph>`): woken by any change to the graph, its
 * adapters or its workloads, and by a namespace another operator released. `reconcilerOf` may
 * wire more sources to the controller it is given (e.g. the checkpoints a graph references).
 */
type GraphReconciler = { reconcile(key: string): Promise<ReconcileOutcome> };

export function graphController(
  name: string,
  resourceType: string,
  reconcilerOf: (
    ctx: ControllerContext,
    sources: GraphInformers,
    controller: Controller,
  ) => GraphReconciler | Promise<GraphReconciler>,
): ControllerDefinition {
  return {
    name,
    async setup(ctx) {
      const sources = await graphInformers(ctx);
      let reconcile: (key: string) => Promise<ReconcileOutcome> = async () => undefined;
      const controller = newController(ctx, {
        name,
        resourceType,
        reconcile: (key) => reconcile(key),
        onResume: (ns) => sources.graphs.list((g) => g.metadata.namespace === ns).map(objectKey),
      });
      const reconciler = await reconcilerOf(ctx, sources, controller);
      reconcile = (key) => reconciler.reconcile(key);
      enqueueGraphChanges(sources, controller);
      return controller;
    },
  };
}
