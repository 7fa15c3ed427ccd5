/**
 * `spec` of a `nvidia.com/v1beta2` DynamoGraphDeploymentRequest (Dynamo 1.7's search request), as
 * the TypeScript constructs take it. The CRD schema (src/crds/deployment-request-v1beta2.ts) holds
 * the constraints and the CEL rules; the loader checks them.
 * @see https://docs.nvidia.com/dynamo/v1.7.0/reference/api/kubernetes/dynamo-graph-deployment-request
 */
import type { ObjectiveMetric, RemoteCodePolicy, V1beta2Backend } from '../../crds/deployment-request-v1beta2';
import { JsonObject } from '../k8s-types';

export type { ObjectiveMetric, RemoteCodePolicy, V1beta2Backend } from '../../crds/deployment-request-v1beta2';

/** `spec.modelRef`: the model the searched configurations serve. */
export interface ModelRefV1beta2 {
  /** The model as the backend takes it, e.g. `Qwen/Qwen3-32B`. */
  readonly name: string;
  /** A repository revision to pin. @default - none */
  readonly revision?: string;
  /** Whether engine commands may run the repository's Python code. @default 'Never' */
  readonly remoteCode?: RemoteCodePolicy;
  /** Weights already on a PVC in the request's namespace. @default - downloaded */
  readonly cache?: {
    readonly pvc?: { readonly name: string; readonly modelPath: string; readonly mountPath: string };
  };
}

/** `spec.workload.static`: a synthetic shape; exactly one of `requestRate`, `concurrency`, `kvLoadRatio`. */
export interface StaticWorkloadV1beta2 {
  readonly isl: number;
  readonly osl: number;
  /** Requests relative to the chosen load. */
  readonly numRequestRatio: number;
  /** @default - none */
  readonly requestRate?: number;
  /** @default - none */
  readonly concurrency?: number;
  /** One ratio, or a [min, max] range. @default - none */
  readonly kvLoadRatio?: readonly number[];
}

/** `spec.workload.trace`: a recorded trace (refused by build-time planning, which has no replay). */
export interface TraceWorkloadV1beta2 {
  /** @default 'mooncake' */
  readonly format?: string;
  readonly source: {
    readonly pvc?: { readonly claimName: string; readonly path: string };
    readonly uri?: string;
  };
  /** @default - recorded timing */
  readonly replay?: { readonly arrivalSpeedupRatio?: number; readonly concurrency?: number };
}

/** `spec.objective`: `optimize` one metric, or a `pareto` front; the SLA goodput counts against. */
export interface ObjectiveV1beta2 {
  readonly mode: 'optimize' | 'pareto';
  /** Mode `optimize` only. @default - none */
  readonly metric?: ObjectiveMetric;
  /** Mode `pareto` only, two or more. @default - the search's pair */
  readonly metrics?: readonly ObjectiveMetric[];
  /** Milliseconds: `e2eMs`, or both `ttftMs` and `itlMs`. @default - none */
  readonly sla?: { readonly ttftMs?: number; readonly itlMs?: number; readonly e2eMs?: number };
}

/** The v1beta2 spec. */
export interface DynamoGraphDeploymentRequestV1beta2Spec {
  readonly modelRef: ModelRefV1beta2;
  /** One backend fixes the choice; several let the search choose. */
  readonly backends: readonly V1beta2Backend[];
  /** The versioned image of the search Job. */
  readonly image: string;
  /** The GPU system (`sku`) and the most GPUs one candidate may use (`budget`). */
  readonly hardware: { readonly gpu: { readonly sku: string; readonly budget: number } };
  /** Exactly one of `static` and `trace`. */
  readonly workload: { readonly static?: StaticWorkloadV1beta2; readonly trace?: TraceWorkloadV1beta2 };
  readonly objective: ObjectiveV1beta2;
  /** Rounds and parallel evaluations of upstream's search (not used at build time). */
  readonly search: {
    readonly budget: {
      readonly maxRounds: number;
      readonly candidatesPerRound?: number;
      readonly parallelEvaluations: number;
      readonly maxEvaluationDuration?: string;
    };
    readonly parameters?: JsonObject;
  };
  /** @default - maxCandidates 5 */
  readonly recommendation?: { readonly maxCandidates?: number };
  /** @default - none */
  readonly rerun?: { readonly reason: string };
  /** The search Job's spec and a partial DynamoGraphDeployment merged into the graph. @default - none */
  readonly overrides?: { readonly profilingJob?: JsonObject; readonly dgd?: JsonObject };
}
