/**
 * The Dynamo kinds a document can be, one row each: the pipeline (src/pipeline/process-document.ts)
 * looks a document's row up here instead of branching on its kind. A kind's folder holds what is
 * its own above the API model: its row, its load and validation, its own render. Below them stay
 * what several kinds or the render share: the API model (src/api/), the CRD schemas (src/crds/,
 * which the schema step and the platform read) and the graph render (src/render/).
 *
 * DynamoGraphDeploymentScalingAdapter and DynamoWorkerMetadata are never read from input (the
 * runtime operator and Dynamo's runtime write them): they have a CRD and a controller, no row.
 */
import { DynamoKind } from '../api/convert/load';
import { candidateRow } from './candidate/row';
import { checkpointRow } from './checkpoint/row';
import { componentRow } from './component/row';
import type { KindRow } from './document-context';
import { graphRow } from './graph/row';
import { modelRow } from './model/row';
import { requestRow } from './request/row';
import { runRow } from './run/row';

/** What the pipeline takes from a kind beyond its row: the checks across a run's documents, `dynamo-iac plan`'s reading. */
export { unservedModelWarning } from './model/load';
export { loadRequestDoc } from './request/load';

export const KIND_ROWS: Readonly<Record<DynamoKind, KindRow>> = {
  DynamoGraphDeployment: graphRow,
  DynamoComponentDeployment: componentRow,
  DynamoModel: modelRow,
  DynamoCheckpoint: checkpointRow,
  DynamoGraphDeploymentRequest: requestRow,
  DynamoGraphDeploymentCandidate: candidateRow,
  DynamoGraphDeploymentRun: runRow,
};
