/**
 * `spec.restart`: writes `status.restart` (restart-status.ts) and, for a Sequential restart,
 * stamps the restart id on the component in progress (restart-targets.ts). A component is done
 * when its workloads carry the id and are ready by the graph status's rules (generation
 * observed, every replica updated, ready and available); on Grove the set's generation must be
 * observed too, since Grove rolls the cliques only after that.
 */
import { ComponentModel, GraphModel } from '../../../api';
import { ReconcileOutcome, ReconcilerContext } from '../../runtime/controller';
import { liveGraph, recordResource } from '../graph-record';
import { componentReport } from '../graph-status/graph-status';
import { GraphInformers, workloadLookup } from '../graphs';
import { GraphDeployment, RestartStatus } from '../kinds';
import { RESOURCES } from '../resources';
import { canonical } from '../status-patch';
import { componentsToStamp, nextRestartStatus } from './restart-status';
import { restartTargets, stampKey, StampedVersions } from './restart-targets';

export type RestartDeps = ReconcilerContext & Omit<GraphInformers, 'adapters'>;

export class RestartReconciler {
  private readonly stamped: StampedVersions = new Map();

  constructor(private readonly d: RestartDeps) {}

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const live = liveGraph(key, this.d.graphs, this.d.gate);
    if (!live) return;
    const { dgd, model } = live;
    const current = dgd.status?.restart;
    const id = model.restart?.id;
    const byName = new Map(model.components.map((c) => [c.name, c]));
    // Without an id no component is done or stamped: the status only keeps or clears a finished run.
    const done = (component: string) => {
      const c = byName.get(component);
      return !!id && c !== undefined && this.restarted(model, c, id);
    };
    const next = nextRestartStatus(model, current, done);
    if (canonical(next ?? null) !== canonical(current ?? null)) await this.writeStatus(dgd, model, next);
    if (!id) return;
    for (const component of componentsToStamp(model, next)) {
      const c = byName.get(component);
      if (c) await this.stamp(model, c, id);
    }
  }

  private restarted(graph: GraphModel, c: ComponentModel, id: string): boolean {
    const targets = restartTargets(graph, c, this.d, this.stamped);
    return (
      targets.length > 0 &&
      targets.every((t) => t.stamped(id) && t.observed()) &&
      componentReport(graph, c, workloadLookup(this.d)).ready
    );
  }

  private async stamp(graph: GraphModel, c: ComponentModel, id: string): Promise<void> {
    for (const target of restartTargets(graph, c, this.d, this.stamped)) {
      if (target.stamped(id)) continue;
      const written = await target.write(this.d.api, id);
      if (written.kind === RESOURCES.leaderWorkerSet.kind && written.metadata.resourceVersion)
        this.stamped.set(stampKey(written), written.metadata.resourceVersion);
      // The next look must see the new generation, not the cached object that was already ready.
      const cache =
        written.kind === RESOURCES.podCliqueSet.kind
          ? this.d.grove?.podCliqueSets
          : written.kind === RESOURCES.deployment.kind
            ? this.d.deployments
            : this.d.leaderWorkerSets;
      cache?.remember(written);
      this.d.log.info(
        { graph: `${graph.namespace}/${graph.name}`, component: c.name, target: target.describe, restartAt: id },
        'restart: stamped component',
      );
    }
  }

  private async writeStatus(
    dgd: GraphDeployment,
    model: GraphModel,
    restart: RestartStatus | undefined,
  ): Promise<void> {
    // `inProgress` is a list: a merge patch replaces it whole; a finished run has none.
    const patch = { status: { restart: restart ? { ...restart, inProgress: restart.inProgress ?? null } : null } };
    const patched = await this.d.api.mergePatch<GraphDeployment>(
      recordResource(dgd),
      dgd.metadata.namespace,
      dgd.metadata.name,
      patch,
      'status',
    );
    this.d.graphs.remember({ ...patched, apiVersion: RESOURCES.dgdV1beta1.apiVersion });
    this.d.log.info({ graph: `${model.namespace}/${model.name}`, restart }, 'restart status');
  }
}
