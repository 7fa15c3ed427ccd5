/**
 * What a document of any kind adds to a run after its loader: one shape for the Dynamo kinds'
 * rows (./kind-loaders.ts) and for documents passed through (./pass-through.ts).
 */
import { CheckpointModel } from '../api';
import { DynamoModelRecord } from '../api/dynamo-model';
import { JsonObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { Problem } from '../api/problems';
import type { ResolvedRequest } from '../plan/resolve-request';

/** One document after its kind's rules; everything but `problems` is set only without errors. */
export interface LoadedDocument {
  readonly problems: Problem[];
  /** A graph to validate across inputs and render (a DGD, a DCD, or what a request generates). */
  readonly graph?: GraphModel;
  /**
   * What the document loaded into, also with errors: a one-document front end names its outputs
   * after it, and reports every problem of a graph at once (its checkpoint references too).
   */
  readonly asLoaded?: {
    readonly graph?: GraphModel;
    readonly dynamoModel?: DynamoModelRecord;
    readonly checkpoint?: CheckpointModel;
  };
  readonly dynamoModel?: DynamoModelRecord;
  readonly checkpoint?: CheckpointModel;
  /** Objects emitted as they are (records, a request's planner ConfigMap or profiling Job). */
  readonly objects: JsonObject[];
  /** A request as its plan resolved it (set with errors too): what the request front ends build on. */
  readonly request?: ResolvedRequest;
  /** A document of a kind dynamo-iac does not render, checked and passed through (./pass-through.ts). */
  readonly passedThrough?: JsonObject;
}
