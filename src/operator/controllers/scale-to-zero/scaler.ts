/**
 * The activator's hands: it scales a graph's scale-to-zero workers by writing their scaling
 * adapters' `/scale` subresource, exactly as HPA, KEDA or `kubectl scale` would; the
 * scaling-adapter and worker-rollout controllers carry the count to the workloads.
 */
import { Logger } from 'pino';
import { ActivatorTarget, WorkerScaler } from '../../activator/activator';
import { EventRecorder } from '../../runtime/events';
import { Informer } from '../../runtime/informer';
import { ObjectApi } from '../../runtime/kube/api';
import { isNotFound } from '../../runtime/kube/errors';
import { ServerObject } from '../../runtime/kube/objects';
import { GraphDeployment, ScalingAdapter } from '../kinds';
import { RESOURCES } from '../resources';

export interface AdapterScalerDeps {
  readonly api: ObjectApi;
  readonly log: Logger;
  readonly events: EventRecorder;
  readonly graphs: Informer<GraphDeployment>;
  readonly adapters: Informer<ScalingAdapter>;
}

/** Whether every scale-to-zero worker's adapter (in the cache) asks for 0 replicas. */
export function adaptersAtZero(
  adapters: Pick<Informer<ScalingAdapter>, 'get'>,
  target: Pick<ActivatorTarget, 'namespace' | 'workers'>,
): boolean {
  return (
    target.workers.length > 0 &&
    target.workers.every((w) => adapters.get(target.namespace, w.adapter)?.spec?.replicas === 0)
  );
}

export class AdapterScaler implements WorkerScaler {
  constructor(private readonly d: AdapterScalerDeps) {}

  atZero(target: ActivatorTarget): boolean {
    return adaptersAtZero(this.d.adapters, target);
  }

  async activate(target: ActivatorTarget): Promise<boolean> {
    const moved: string[] = [];
    for (const w of target.workers) {
      // Read fresh: only a worker at 0 is raised, never one an autoscaler has set higher or lower.
      const current = await this.replicasOf(target.namespace, w.adapter);
      if (current !== 0) continue;
      await this.scale(target.namespace, w.adapter, w.replicas);
      moved.push(`${w.adapter}=${w.replicas}`);
    }
    if (moved.length)
      await this.event(target, 'Activated', `Request held: scaled workers up from zero (${moved.join(', ')})`);
    return moved.length > 0;
  }

  async deactivate(target: ActivatorTarget): Promise<void> {
    const moved: string[] = [];
    for (const w of target.workers) {
      const current = await this.replicasOf(target.namespace, w.adapter);
      if (current === undefined || current === 0) continue;
      await this.scale(target.namespace, w.adapter, 0);
      moved.push(w.adapter);
    }
    if (moved.length) {
      const idle = Math.round(target.settings.idleAfterMs / 1000);
      await this.event(target, 'ScaledToZero', `No request for ${idle}s: scaled workers to zero (${moved.join(', ')})`);
    }
  }

  private async replicasOf(namespace: string, adapter: string): Promise<number | undefined> {
    try {
      const a = await this.d.api.get<ScalingAdapter>(RESOURCES.adapter, namespace, adapter);
      return a.spec?.replicas ?? 1;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  private async scale(namespace: string, adapter: string, replicas: number): Promise<void> {
    await this.d.api.mergePatch<ServerObject>(RESOURCES.adapter, namespace, adapter, { spec: { replicas } }, 'scale');
    this.d.log.info({ adapter: `${namespace}/${adapter}`, replicas }, 'scale to zero: scaled adapter');
  }

  private async event(target: ActivatorTarget, reason: string, message: string): Promise<void> {
    const dgd = this.d.graphs.get(target.namespace, target.name);
    if (dgd) await this.d.events.record(dgd, 'Normal', reason, message);
  }
}
