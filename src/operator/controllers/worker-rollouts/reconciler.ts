/**
 * Worker rollouts of `operator`-mode graphs (issue 28). For each worker component the
 * generations are its Deployments labelled with the graph, the component and a worker hash;
 * the current one is the record's `nvidia.com/current-worker-hash`. Each reconcile takes one
 * step (step.ts) and writes the replicas it asks for, with a non-controller ownerReference to
 * the record, by server-side apply under this controller's own field manager (so a re-apply of
 * the rendered output, which carries no worker replicas, leaves them alone). It writes
 * `status.rollingUpdate` (status.ts), and retires an old generation once every one of its
 * Deployments asks for 0 and has no pod left, unless the record still lists it in
 * `dynamo-iac.io/worker-hashes`: then it stays at 0, reported drained.
 *
 * Only replica counts change: a user's PodDisruptionBudget is not consulted, since nothing is
 * evicted (the Deployment controller removes the pods a lower count leaves over).
 */
import { ComponentModel, GraphModel } from '../../../api';
import { ANNOTATION, componentObjectName, LABEL, requestedReplicas, scalingAdapterOwnsReplicas } from '../../../render';
import { ReconcileOutcome, ReconcilerContext } from '../../runtime/controller';
import { Informer } from '../../runtime/informer';
import { isNotFound } from '../../runtime/kube/errors';
import { OwnerReference, ServerObject } from '../../runtime/kube/objects';
import { Resource } from '../../runtime/kube/resources';
import { liveGraph, recordResource, writtenAsV1alpha1 } from '../graph-record';
import { GraphInformers } from '../graphs';
import { GraphDeployment, Pod, RollingUpdateStatus, Workload } from '../kinds';
import { RESOURCES } from '../resources';
import { hasGenerations, listedGenerations, recordGeneration, workerHashOf } from '../worker-generations';
import { nextRollingUpdate, rollingUpdateChanged } from './status';
import { GenerationState, rolloutBounds, rolloutStep } from './step';

/** Its own manager: a server-side apply replaces the set of fields its manager owns. */
export const ROLLOUT_FIELD_MANAGER = 'dynamo-iac-operator-rollout';

export type WorkerRolloutDeps = ReconcilerContext &
  Pick<GraphInformers, 'graphs' | 'adapters' | 'deployments'> & {
    /** Generation Services (worker-hash label). */
    readonly services: Informer<ServerObject>;
    /** Generation pods (worker-hash label), reduced to their metadata. */
    readonly pods: Informer<Pod>;
  };

const BOUND_KEYS = {
  strategy: ANNOTATION.deploymentStrategy,
  maxSurge: ANNOTATION.maxSurge,
  maxUnavailable: ANNOTATION.maxUnavailable,
};

/** Oldest first (creation time, then name): the order the step drains in. */
const byAge = (a: Workload, b: Workload) =>
  (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') ||
  a.metadata.name.localeCompare(b.metadata.name);

/** `pods`: the generation's pods in the cache; its status may not count a terminating one. */
const stateOf = (d: Workload, hash: string, pods = 0): GenerationState => ({
  hash,
  replicas: d.spec?.replicas ?? 1,
  available: d.status?.availableReplicas ?? 0,
  pods: Math.max(d.status?.replicas ?? 0, pods),
});

export class WorkerRolloutReconciler {
  /** Listed generations already reported drained, so the event is recorded once per operator run. */
  private readonly reportedDrained = new Set<string>();
  /** Bound problems already reported, likewise. */
  private readonly reportedProblems = new Set<string>();

  constructor(private readonly d: WorkerRolloutDeps) {}

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const live = liveGraph(key, this.d.graphs, this.d.gate);
    if (!live) return;
    const { dgd, model } = live;
    const generation = recordGeneration(dgd);
    if (generation?.mode !== 'operator') return;
    const owner = ownerOf(dgd);
    const ours = (o: ServerObject) =>
      o.metadata.namespace === model.namespace &&
      o.metadata.labels?.[LABEL.graphName] === model.name &&
      workerHashOf(o) !== undefined;
    const deployments = this.d.deployments.list(ours).sort(byAge);
    const workers = model.components.filter(hasGenerations);
    const names = new Set(workers.map((c) => c.name));

    const updated: string[] = [];
    let serving = false;
    let currentMissing = false;
    for (const c of workers) {
      const gens = deployments.filter((d) => d.metadata.labels?.[LABEL.component] === c.name);
      const current = gens.find((d) => workerHashOf(d) === generation.hash);
      const previous = gens.filter((d) => d !== current);
      const desired = this.desiredReplicas(model, c);
      const { bounds, problems } = rolloutBounds({ ...model.annotations, ...c.annotations }, BOUND_KEYS, desired);
      await this.reportProblems(dgd, c, problems);
      const step = rolloutStep({
        desired,
        current: current && stateOf(current, generation.hash),
        previous: previous.map((d) => stateOf(d, workerHashOf(d) as string, this.podCount(d))),
        bounds,
      });
      if (step.done) updated.push(c.name);
      currentMissing ||= !current;
      serving ||= step.drained.length < previous.length;
      for (const d of gens) await this.write(dgd, d, step.replicas[workerHashOf(d) as string], owner);
    }
    // Generations of a worker component the graph no longer has: nothing serves through them.
    for (const d of deployments.filter((x) => !names.has(x.metadata.labels?.[LABEL.component] ?? ''))) {
      const s = stateOf(d, '', this.podCount(d));
      serving ||= s.replicas > 0 || s.pods > 0;
      await this.write(dgd, d, 0, owner);
    }
    for (const svc of this.d.services.list(ours)) await this.adopt(svc, owner);
    await this.retire(dgd, model, generation.hash);

    const next = nextRollingUpdate(
      dgd.status?.rollingUpdate,
      { oldGenerationsServing: serving, currentMissing, updated, components: workers.map((c) => c.name) },
      new Date(this.d.clock.now()).toISOString(),
      writtenAsV1alpha1(dgd),
    );
    await this.writeStatus(dgd, model, next, generation.hash);
  }

  /** Pods of a generation Deployment's component and hash in the cache. */
  private podCount(d: Workload): number {
    const want = d.metadata.labels ?? {};
    const keys = [LABEL.graphName, LABEL.component, LABEL.workerHash];
    return this.d.pods.list(
      (p) => p.metadata.namespace === d.metadata.namespace && keys.every((k) => p.metadata.labels?.[k] === want[k]),
    ).length;
  }

  /** The scaling adapter's count when the component has one (its start value until it exists), else the spec's. */
  private desiredReplicas(graph: GraphModel, c: ComponentModel): number {
    if (!scalingAdapterOwnsReplicas(c)) return requestedReplicas(c);
    const adapter = this.d.adapters.get(graph.namespace, componentObjectName(graph.name, c.name));
    return adapter?.spec?.replicas ?? requestedReplicas(c);
  }

  /** Replicas (undefined: leave them) and the ownerReference, in one apply, only when either is missing. */
  private async write(dgd: GraphDeployment, d: Workload, replicas: number | undefined, owner: OwnerReference) {
    const owned = hasOwner(d, owner);
    const from = d.spec?.replicas ?? 1;
    const to = replicas ?? from;
    if (owned && to === from) return;
    const applied = await this.d.api.apply<Workload>(
      RESOURCES.deployment,
      {
        apiVersion: RESOURCES.deployment.apiVersion,
        kind: RESOURCES.deployment.kind,
        metadata: { name: d.metadata.name, namespace: d.metadata.namespace, ownerReferences: [owner] },
        spec: { replicas: to },
      },
      { fieldManager: ROLLOUT_FIELD_MANAGER },
    );
    this.d.deployments.remember(applied);
    if (to === from) return;
    this.d.log.info(
      { deployment: `${d.metadata.namespace}/${d.metadata.name}`, from, to },
      'rollout: scaled generation',
    );
    await this.d.events.record(
      dgd,
      'Normal',
      'GenerationScaled',
      `Scaled worker generation ${d.metadata.name} from ${from} to ${to} replicas`,
    );
  }

  /** The ownerReference on a generation Service (it carries nothing else of ours). */
  private async adopt(svc: ServerObject, owner: OwnerReference): Promise<void> {
    if (hasOwner(svc, owner)) return;
    const applied = await this.d.api.apply<ServerObject>(
      RESOURCES.service,
      {
        apiVersion: RESOURCES.service.apiVersion,
        kind: RESOURCES.service.kind,
        metadata: { name: svc.metadata.name, namespace: svc.metadata.namespace, ownerReferences: [owner] },
      },
      { fieldManager: ROLLOUT_FIELD_MANAGER },
    );
    this.d.services.remember(applied);
  }

  /**
   * Deletes the objects of each old generation whose Deployments all ask for 0 and have no pod
   * left, unless the record lists it (then it is reported drained and kept).
   */
  private async retire(dgd: GraphDeployment, graph: GraphModel, current: string): Promise<void> {
    const listed = listedGenerations(dgd);
    const inGraph = (o: ServerObject) =>
      o.metadata.namespace === graph.namespace && o.metadata.labels?.[LABEL.graphName] === graph.name;
    const byHash = new Map<string, Workload[]>();
    for (const d of this.d.deployments.list((o) => inGraph(o) && workerHashOf(o) !== undefined)) {
      const h = workerHashOf(d) as string;
      if (h !== current) byHash.set(h, [...(byHash.get(h) ?? []), d]);
    }
    for (const [hash, deps] of [...byHash].sort(([a], [b]) => a.localeCompare(b))) {
      const drained = deps.every((d) => {
        const s = stateOf(d, hash);
        return s.replicas === 0 && s.pods === 0 && (d.status?.observedGeneration ?? 0) >= (d.metadata.generation ?? 0);
      });
      const pods = this.d.pods.list((p) => inGraph(p) && workerHashOf(p) === hash);
      if (!drained || pods.length > 0) continue;
      if (listed.has(hash)) {
        const key = `${graph.namespace}/${graph.name}/${hash}`;
        if (this.reportedDrained.has(key)) continue;
        this.reportedDrained.add(key);
        await this.d.events.record(
          dgd,
          'Normal',
          'GenerationDrained',
          `Worker generation ${hash} is drained; kept at 0 replicas while dynamo-iac.io/worker-hashes lists it`,
        );
        continue;
      }
      const services = this.d.services.list((s) => inGraph(s) && workerHashOf(s) === hash);
      for (const [res, obj] of [
        ...deps.map((o) => [RESOURCES.deployment, o] as const),
        ...services.map((o) => [RESOURCES.service, o] as const),
      ])
        await this.deleteObject(res, obj);
      this.d.log.info({ graph: `${graph.namespace}/${graph.name}`, hash }, 'rollout: retired drained generation');
      await this.d.events.record(
        dgd,
        'Normal',
        'GenerationRetired',
        `Deleted drained worker generation ${hash} (${[...deps, ...services].map((o) => `${o.kind}/${o.metadata.name}`).join(', ')})`,
      );
    }
  }

  private async deleteObject(res: Resource, obj: ServerObject): Promise<void> {
    try {
      await this.d.api.delete(res, obj.metadata.namespace, obj.metadata.name, { uid: obj.metadata.uid });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  private async writeStatus(
    dgd: GraphDeployment,
    graph: GraphModel,
    next: RollingUpdateStatus | undefined,
    hash: string,
  ): Promise<void> {
    const previous = dgd.status?.rollingUpdate;
    if (!next || !rollingUpdateChanged(next, previous)) return;
    // A merge patch merges maps: a field the next status drops (endTime) is sent as null.
    const rollingUpdate = { phase: null, startTime: null, endTime: null, ...next };
    const patched = await this.d.api.mergePatch<GraphDeployment>(
      recordResource(dgd),
      graph.namespace,
      graph.name,
      { status: { rollingUpdate } },
      'status',
    );
    this.d.graphs.remember({ ...patched, apiVersion: RESOURCES.dgdV1beta1.apiVersion });
    const started = next.phase !== 'Completed' && !(previous?.phase === 'Pending' || previous?.phase === 'InProgress');
    const list = (next.updatedComponents ?? next.updatedServices ?? []).join(', ');
    if (started) await this.d.events.record(dgd, 'Normal', 'RolloutStarted', `Rolling out worker generation ${hash}`);
    else if (next.phase === 'Completed')
      await this.d.events.record(
        dgd,
        'Normal',
        'RolloutCompleted',
        `Worker generation ${hash} serves every worker component (${list})`,
      );
  }

  private async reportProblems(dgd: GraphDeployment, c: ComponentModel, problems: string[]): Promise<void> {
    for (const p of problems) {
      const key = `${dgd.metadata.namespace}/${dgd.metadata.name}/${c.name}/${p}`;
      if (this.reportedProblems.has(key)) continue;
      this.reportedProblems.add(key);
      this.d.log.warn({ graph: key, problem: p }, 'rollout: bad rollout bound');
      await this.d.events.record(dgd, 'Warning', 'InvalidRolloutBound', `component ${c.name}: ${p}`);
    }
  }
}

function ownerOf(dgd: GraphDeployment): OwnerReference {
  return {
    apiVersion: RESOURCES.dgdV1beta1.apiVersion,
    kind: RESOURCES.dgdV1beta1.kind,
    name: dgd.metadata.name,
    uid: dgd.metadata.uid ?? '',
    controller: false,
    blockOwnerDeletion: false,
  };
}

const hasOwner = (o: ServerObject, owner: OwnerReference) =>
  (o.metadata.ownerReferences ?? []).some((r) => r.uid === owner.uid);
