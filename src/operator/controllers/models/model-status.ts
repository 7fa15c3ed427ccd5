/**
 * The DynamoModel status upstream writes: endpoints, counts, and the `EndpointsReady` /
 * `ServicesFound` conditions with upstream's reasons and messages. Pure; the reconciler writes it.
 */
import { Condition, setCondition } from '../../runtime/conditions';
import { DynamoModel } from '../kinds';

export interface EndpointInfo {
  address: string;
  podName: string;
  ready: boolean;
}

export const CONDITION = { endpointsReady: 'EndpointsReady', servicesFound: 'ServicesFound', valid: 'Valid' } as const;

export interface ModelStatusInput {
  readonly lora: boolean;
  readonly baseModelName: string;
  readonly generation?: number;
  readonly endpoints: EndpointInfo[];
  readonly serviceNames: string[];
  readonly previous: Condition[];
  readonly now: string;
}

export interface ModelStatusResult {
  readonly status: Record<string, unknown>;
  /** The event upstream records for this outcome. */
  readonly event?: ModelEvent;
}

export interface ModelEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
}

/** `dynamo_operator_resources_total` status of a DynamoModel: its `EndpointsReady` condition. */
export function modelInventoryStatus(model: DynamoModel): string {
  const c = model.status?.conditions?.find((x) => x.type === CONDITION.endpointsReady);
  return c ? (c.status === 'True' ? 'ready' : 'not_ready') : 'unknown';
}

export function noEndpointsStatus(
  baseModelName: string,
  generation: number | undefined,
  previous: Condition[],
  now: string,
): ModelStatusResult & { event: ModelEvent } {
  const message = `No endpoint slices found for base model ${baseModelName}`;
  let conditions = setCondition(
    previous,
    {
      type: CONDITION.servicesFound,
      status: 'False',
      reason: 'NoServicesFound',
      message,
      observedGeneration: generation,
    },
    now,
  );
  conditions = setCondition(
    conditions,
    { type: CONDITION.endpointsReady, status: 'False', reason: 'NoEndpoints', message, observedGeneration: generation },
    now,
  );
  return {
    // null: a merge patch removes the list, as upstream leaves it unset.
    status: { endpoints: null, readyEndpoints: 0, totalEndpoints: 0, conditions },
    event: { type: 'Warning', reason: 'NoEndpointsFound', message },
  };
}

export function modelStatus(i: ModelStatusInput): ModelStatusResult {
  const total = i.endpoints.length;
  const ready = i.endpoints.filter((e) => e.ready).length;
  const gen = i.generation;
  let conditions =
    i.serviceNames.length > 0
      ? setCondition(
          i.previous,
          {
            type: CONDITION.servicesFound,
            status: 'True',
            reason: 'ServicesFound',
            message: `Found ${i.serviceNames.length} service(s)`,
            observedGeneration: gen,
          },
          i.now,
        )
      : setCondition(
          i.previous,
          {
            type: CONDITION.servicesFound,
            status: 'False',
            reason: 'NoServicesFound',
            message: 'No services associated with endpoint slices',
            observedGeneration: gen,
          },
          i.now,
        );
  let event: ModelStatusResult['event'];
  const endpointsReady = (status: 'True' | 'False', reason: string, message: string) =>
    (conditions = setCondition(
      conditions,
      { type: CONDITION.endpointsReady, status, reason, message, observedGeneration: gen },
      i.now,
    ));
  if (total === 0) {
    endpointsReady('False', 'NoEndpoints', 'No endpoints found');
  } else if (!i.lora) {
    endpointsReady('True', 'EndpointsDiscovered', `Found ${total} endpoint(s) for base model`);
    event = {
      type: 'Normal',
      reason: 'EndpointsDiscovered',
      message: `Discovered ${total} endpoints for base model ${i.baseModelName}`,
    };
  } else if (ready === total) {
    endpointsReady('True', 'AllEndpointsReady', `All ${total} endpoint(s) are ready`);
    event = {
      type: 'Normal',
      reason: 'EndpointsReady',
      message: `All ${total} endpoints ready for base model ${i.baseModelName}`,
    };
  } else {
    endpointsReady('False', 'NotReady', `Found ${ready} ready endpoint(s) out of ${total} total`);
    event = {
      type: 'Warning',
      reason: 'NotReady',
      message: `Only ${ready} of ${total} endpoints ready for base model ${i.baseModelName}`,
    };
  }
  return { status: { endpoints: i.endpoints, readyEndpoints: ready, totalEndpoints: total, conditions }, event };
}
