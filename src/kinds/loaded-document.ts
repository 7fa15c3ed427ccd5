/**
 * What a document of any kind adds to a run after its loader: one shape for the Dynamo kinds'
 * rows (./registry.ts) and for documents passed through (src/pipeline/pass-through.ts).
 */
import { CheckpointModel } from '../api/checkpoint';
import { DynamoModelRecord } from '../api/dynamo-model';
import { JsonObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { Problem } from '../api/problems';

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
  /** A document of a kind dynamo-iac does not render, checked and passed through (src/pipeline/pass-through.ts). */
  readonly passedThrough?: JsonObject;
}
