/**
 * DynamoModel controller. For a LoRA model, loads the adapter into every pod serving its base
 * model (found through the model Service's EndpointSlices) and reports per-endpoint readiness;
 * base and adapter models only report the endpoints. A finalizer unloads the adapter when the
 * model is deleted, without ever blocking the deletion. Mirrors upstream's DynamoModel
 * reconciler, including its events, condition reasons and the requeue after a partial failure.
 */
import { DynamoModelSpec, isLoRA, validateDynamoModelSpec } from '../../api/dynamo-model';
import { errorsOf } from '../../api/problems';
import { LABEL, shortHash } from '../../render';
import { ReconcileOutcome, ReconcilerContext } from '../controller';
import { KubeObject } from '../kube/client';
import { isNotFound } from '../kube/errors';
import { RESOURCES } from '../kube/resources';
import { Informer } from '../watch';
import { extractCandidates, slicesFor } from './discovery';
import { EndpointClient } from './endpoint-client';
import { ModelEndpointConfig } from './endpoint-config';
import { Condition, setCondition } from '../conditions';
import { CONDITION, modelStatus, noEndpointsStatus } from './model-status';

/** Upstream's common finalizer name. */
export const MODEL_FINALIZER = 'nvidia.com/finalizer';

export interface ModelReconcilerDeps extends ReconcilerContext {
  readonly models: Informer<KubeObject>;
  readonly slices: Informer<KubeObject>;
  readonly endpoints: ModelEndpointConfig;
}

/** Model keys (`<namespace>/<name>`) to reconcile when an EndpointSlice changes. */
export function modelKeysOfSlice(slice: KubeObject, models: Informer<KubeObject>): string[] {
  const hash = slice.metadata.labels?.[LABEL.baseModelHash];
  if (!hash) return [];
  return models
    .list((m) => m.metadata.namespace === slice.metadata.namespace && typeof m.spec?.baseModelName === 'string' && shortHash(m.spec.baseModelName) === hash)
    .map((m) => `${m.metadata.namespace}/${m.metadata.name}`);
}

/** Spec changes and deletion matter; status writes (ours) do not (upstream's GenerationChangedPredicate). */
export function modelChangeMatters(obj: KubeObject, old: KubeObject): boolean {
  return obj.metadata.generation !== old.metadata.generation || !!obj.metadata.deletionTimestamp !== !!old.metadata.deletionTimestamp;
}

export class DynamoModelReconciler {
  private readonly client: EndpointClient;

  constructor(private readonly d: ModelReconcilerDeps) {
    this.client = new EndpointClient(d.endpoints);
  }

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const [namespace, name] = key.split('/');
    if (!this.d.gate.allows(namespace)) return;
    const model = this.d.models.get(namespace, name);
    if (!model) return;
    const finalizers: string[] = (model.metadata.finalizers as string[] | undefined) ?? [];
    if (model.metadata.deletionTimestamp) {
      if (finalizers.includes(MODEL_FINALIZER)) await this.finalize(model, finalizers);
      return;
    }
    if (!finalizers.includes(MODEL_FINALIZER)) {
      const patched = await this.patchFinalizers(model, [...finalizers, MODEL_FINALIZER]);
      if (!patched) return;
      // Our own write does not come back as an event (the cache already has it): go on with it.
      this.d.models.remember(patched);
      return this.sync(patched);
    }
    return this.sync(model);
  }

  private async sync(model: KubeObject): Promise<ReconcileOutcome> {
    const spec = (model.spec ?? {}) as DynamoModelSpec;
    const now = new Date(this.d.clock.now()).toISOString();
    const generation = model.metadata.generation;
    let conditions: Condition[] = model.status?.conditions ?? [];
    // We run no admission webhooks, so the controller checks the spec, as upstream does without them.
    const invalid = errorsOf(validateDynamoModelSpec(spec));
    if (invalid.length) {
      const message = `Validation failed: ${invalid.map((p) => p.message).join('; ')}`;
      conditions = setCondition(conditions, { type: CONDITION.valid, status: 'False', reason: 'ValidationFailed', message, observedGeneration: generation }, now);
      await this.writeStatus(model, { ...(model.status ?? {}), readyEndpoints: model.status?.readyEndpoints ?? 0, totalEndpoints: model.status?.totalEndpoints ?? 0, conditions });
      await this.d.events.record(model, 'Warning', 'ValidationFailed', invalid.map((p) => p.message).join('; '));
      return;
    }
    conditions = setCondition(conditions, { type: CONDITION.valid, status: 'True', reason: 'ValidationPassed', message: 'DynamoModel spec is valid', observedGeneration: generation }, now);

    const { candidates, serviceNames } = this.discover(model);
    if (candidates.length === 0) {
      const r = noEndpointsStatus(spec.baseModelName, generation, conditions, now);
      await this.d.events.record(model, r.event!.type, r.event!.reason, r.event!.message);
      await this.writeStatus(model, r.status);
      return; // the slice watch brings us back when endpoints appear
    }

    const lora = isLoRA(spec);
    let failed = 0;
    let firstError: string | undefined;
    let endpoints = candidates.map((c) => ({ address: c.address, podName: c.podName, ready: false }));
    if (lora) {
      const results = await this.client.loadLoRA(candidates.map((c) => c.address), spec.modelName, spec.source!.uri);
      endpoints = endpoints.map((e, i) => ({ ...e, ready: !results[i].error }));
      const failures = results.filter((r) => r.error);
      failed = failures.length;
      firstError = failures[0]?.error;
      if (failed) {
        this.d.log.warn({ model: `${model.metadata.namespace}/${model.metadata.name}`, failed, total: results.length, failures }, 'LoRA load failed on some endpoints');
        await this.d.events.record(model, 'Warning', 'PartialEndpointFailure', `Some endpoints failed to load LoRA: ${failed} task(s) failed (first: ${firstError})`);
      }
    }
    const r = modelStatus({ lora, baseModelName: spec.baseModelName, generation, endpoints, serviceNames, previous: conditions, now });
    await this.writeStatus(model, r.status);
    if (r.event) await this.d.events.record(model, r.event.type, r.event.reason, r.event.message);
    return failed > 0 ? { requeueAfterMs: this.d.endpoints.retryAfterMs } : undefined;
  }

  /** Unload from every current endpoint (LoRA only); failures are reported and never block the deletion. */
  private async finalize(model: KubeObject, finalizers: string[]): Promise<void> {
    const spec = (model.spec ?? {}) as DynamoModelSpec;
    if (isLoRA(spec) && spec.modelName) {
      const { candidates } = this.discover(model);
      if (candidates.length > 0) {
        const results = await this.client.unloadLoRA(candidates.map((c) => c.address), spec.modelName);
        const failures = results.filter((r) => r.error);
        if (failures.length) {
          this.d.log.warn({ model: `${model.metadata.namespace}/${model.metadata.name}`, failures }, 'LoRA unload failed on some endpoints; deleting anyway');
          await this.d.events.record(model, 'Warning', 'LoRAUnloadFailed', `Failed to unload LoRA from some endpoints: ${failures.length} task(s) failed (first: ${failures[0].error})`);
        } else {
          await this.d.events.record(model, 'Normal', 'LoRAUnloaded', `Unloaded LoRA from ${candidates.length} endpoint(s)`);
        }
      }
    }
    await this.patchFinalizers(model, finalizers.filter((f) => f !== MODEL_FINALIZER));
  }

  private discover(model: KubeObject) {
    const hash = shortHash(String(model.spec?.baseModelName ?? ''));
    return extractCandidates(slicesFor(this.d.slices.list(), model.metadata.namespace!, hash), this.d.endpoints.port, this.d.endpoints.hostOverride);
  }

  /** resourceVersion makes it a compare-and-swap: a stale view fails with 409 and is retried. */
  private async patchFinalizers(model: KubeObject, finalizers: string[]): Promise<KubeObject | undefined> {
    try {
      return await this.d.api.mergePatch<KubeObject>(RESOURCES.dynamoModel, model.metadata.namespace, model.metadata.name, {
        metadata: { finalizers, resourceVersion: model.metadata.resourceVersion },
      });
    } catch (err) {
      if (!isNotFound(err)) throw err;
      return undefined;
    }
  }

  private async writeStatus(model: KubeObject, status: Record<string, unknown>): Promise<void> {
    try {
      const patched = await this.d.api.mergePatch<KubeObject>(RESOURCES.dynamoModel, model.metadata.namespace, model.metadata.name, { status }, 'status');
      this.d.models.remember(patched);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
}
