/**
 * DynamoModel controller. For a LoRA model, loads the adapter into every pod serving its base
 * model (found through the model Service's EndpointSlices) and reports per-endpoint readiness;
 * base and adapter models only report the endpoints. A finalizer unloads the adapter when the
 * model is deleted, without ever blocking the deletion. Mirrors upstream's DynamoModel
 * reconciler, including its events, condition reasons and the requeue after a partial failure.
 */
import { isLoRA } from '../../../api/dynamo-model';
import { validateDynamoModelSpec } from '../../../kinds/model/load';
import { errorsOf } from '../../../api/problems';
import { LABEL, shortHash } from '../../../render';
import { Condition, setCondition } from '../../runtime/conditions';
import { ReconcileOutcome, ReconcilerContext, splitKey } from '../../runtime/controller';
import { Informer } from '../../runtime/informer';
import { isNotFound } from '../../runtime/kube/errors';
import { DynamoModel, EndpointSlice } from '../kinds';
import { RESOURCES } from '../resources';
import { Discovered, extractCandidates, slicesFor } from './discovery';
import { EndpointClient } from './endpoint-client';
import { ModelEndpointConfig } from './endpoint-config';
import { CONDITION, modelStatus, noEndpointsStatus } from './model-status';

/** Upstream's common finalizer name. */
export const MODEL_FINALIZER = 'nvidia.com/finalizer';

export interface ModelReconcilerDeps extends ReconcilerContext {
  readonly models: Informer<DynamoModel>;
  readonly slices: Informer<EndpointSlice>;
  readonly endpoints: ModelEndpointConfig;
}

/** Model keys (`<namespace>/<name>`) to reconcile when an EndpointSlice changes. */
export function modelKeysOfSlice(slice: EndpointSlice, models: Informer<DynamoModel>): string[] {
  const hash = slice.metadata.labels?.[LABEL.baseModelHash];
  if (!hash) return [];
  return models
    .list(
      (m) =>
        m.metadata.namespace === slice.metadata.namespace &&
        typeof m.spec?.baseModelName === 'string' &&
        shortHash(m.spec.baseModelName) === hash,
    )
    .map((m) => `${m.metadata.namespace}/${m.metadata.name}`);
}

/** Spec changes and deletion matter; status writes (ours) do not (upstream's GenerationChangedPredicate). */
export function modelChangeMatters(obj: DynamoModel, old: DynamoModel): boolean {
  return (
    obj.metadata.generation !== old.metadata.generation ||
    !!obj.metadata.deletionTimestamp !== !!old.metadata.deletionTimestamp
  );
}

export class DynamoModelReconciler {
  private readonly client: EndpointClient;

  constructor(private readonly d: ModelReconcilerDeps) {
    this.client = new EndpointClient(d.endpoints);
  }

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const [namespace, name] = splitKey(key);
    if (!this.d.gate.allows(namespace)) return;
    const model = this.d.models.get(namespace, name);
    if (!model) return;
    const finalizers = model.metadata.finalizers ?? [];
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

  private async sync(model: DynamoModel): Promise<ReconcileOutcome> {
    const spec = model.spec ?? {};
    const now = new Date(this.d.clock.now()).toISOString();
    const generation = model.metadata.generation;
    let conditions: Condition[] = model.status?.conditions ?? [];
    // We run no admission webhooks, so the controller checks the spec, as upstream does without them.
    const invalid = errorsOf(validateDynamoModelSpec(spec));
    if (invalid.length) {
      const message = `Validation failed: ${invalid.map((p) => p.message).join('; ')}`;
      conditions = setCondition(
        conditions,
        { type: CONDITION.valid, status: 'False', reason: 'ValidationFailed', message, observedGeneration: generation },
        now,
      );
      await this.writeStatus(model, {
        ...(model.status ?? {}),
        readyEndpoints: model.status?.readyEndpoints ?? 0,
        totalEndpoints: model.status?.totalEndpoints ?? 0,
        conditions,
      });
      await this.d.events.record(model, 'Warning', 'ValidationFailed', invalid.map((p) => p.message).join('; '));
      return;
    }
    conditions = setCondition(
      conditions,
      {
        type: CONDITION.valid,
        status: 'True',
        reason: 'ValidationPassed',
        message: 'DynamoModel spec is valid',
        observedGeneration: generation,
      },
      now,
    );

    const { candidates, serviceNames } = this.discover(model);
    if (candidates.length === 0) {
      const r = noEndpointsStatus(spec.baseModelName ?? '', generation, conditions, now);
      await this.d.events.record(model, r.event.type, r.event.reason, r.event.message);
      await this.writeStatus(model, r.status);
      return; // the slice watch brings us back when endpoints appear
    }

    const lora = isLoRA(spec);
    const modelName = spec.modelName ?? '';
    let failed = 0;
    let firstError: string | undefined;
    let endpoints = candidates.map((c) => ({ address: c.address, podName: c.podName, ready: false }));
    if (lora) {
      const results = await this.client.loadLoRA(
        candidates.map((c) => c.address),
        modelName,
        spec.source?.uri ?? '',
      );
      endpoints = endpoints.map((e, i) => ({ ...e, ready: !results[i].error }));
      const failures = results.filter((r) => r.error);
      failed = failures.length;
      firstError = failures[0]?.error;
      if (failed) {
        this.d.log.warn(
          { model: `${model.metadata.namespace}/${model.metadata.name}`, failed, total: results.length, failures },
          'LoRA load failed on some endpoints',
        );
        await this.d.events.record(
          model,
          'Warning',
          'PartialEndpointFailure',
          `Some endpoints failed to load LoRA: ${failed} task(s) failed (first: ${firstError})`,
        );
      }
    }
    const r = modelStatus({
      lora,
      baseModelName: spec.baseModelName ?? '',
      generation,
      endpoints,
      serviceNames,
      previous: conditions,
      now,
    });
    await this.writeStatus(model, r.status);
    if (r.event) await this.d.events.record(model, r.event.type, r.event.reason, r.event.message);
    return failed > 0 ? { requeueAfterMs: this.d.endpoints.retryAfterMs } : undefined;
  }

  /** Unload from every current endpoint (LoRA only); failures are reported and never block the deletion. */
  private async finalize(model: DynamoModel, finalizers: string[]): Promise<void> {
    const spec = model.spec ?? {};
    if (isLoRA(spec) && spec.modelName) {
      const { candidates } = this.discover(model);
      if (candidates.length > 0) {
        const results = await this.client.unloadLoRA(
          candidates.map((c) => c.address),
          spec.modelName,
        );
        const failures = results.filter((r) => r.error);
        if (failures.length) {
          this.d.log.warn(
            { model: `${model.metadata.namespace}/${model.metadata.name}`, failures },
            'LoRA unload failed on some endpoints; deleting anyway',
          );
          await this.d.events.record(
            model,
            'Warning',
            'LoRAUnloadFailed',
            `Failed to unload LoRA from some endpoints: ${failures.length} task(s) failed (first: ${failures[0].error})`,
          );
        } else {
          await this.d.events.record(
            model,
            'Normal',
            'LoRAUnloaded',
            `Unloaded LoRA from ${candidates.length} endpoint(s)`,
          );
        }
      }
    }
    await this.patchFinalizers(
      model,
      finalizers.filter((f) => f !== MODEL_FINALIZER),
    );
  }

  private discover(model: DynamoModel): Discovered {
    const hash = shortHash(String(model.spec?.baseModelName ?? ''));
    return extractCandidates(
      slicesFor(this.d.slices.list(), model.metadata.namespace ?? '', hash),
      this.d.endpoints.port,
      this.d.endpoints.hostOverride,
    );
  }

  /** resourceVersion makes it a compare-and-swap: a stale view fails with 409 and is retried. */
  private async patchFinalizers(model: DynamoModel, finalizers: string[]): Promise<DynamoModel | undefined> {
    try {
      return await this.d.api.mergePatch<DynamoModel>(
        RESOURCES.dynamoModel,
        model.metadata.namespace,
        model.metadata.name,
        {
          metadata: { finalizers, resourceVersion: model.metadata.resourceVersion },
        },
      );
    } catch (err) {
      if (!isNotFound(err)) throw err;
      return undefined;
    }
  }

  private async writeStatus(model: DynamoModel, status: Record<string, unknown>): Promise<void> {
    try {
      const patched = await this.d.api.mergePatch<DynamoModel>(
        RESOURCES.dynamoModel,
        model.metadata.namespace,
        model.metadata.name,
        { status },
        'status',
      );
      this.d.models.remember(patched);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
}
