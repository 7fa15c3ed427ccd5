/**
 * DynamoGraphDeploymentRun's row (Dynamo 1.7): refused. Upstream's operator writes a Run for each
 * search of a v1beta2 DynamoGraphDeploymentRequest, a frozen copy of the request's spec with the
 * search's status; nobody authors one, so a Run in the input is a copy taken from a cluster.
 */
import { missingSearchKind } from '../../api/search-kinds';
import type { KindRow } from '../document-context';

const KIND = 'DynamoGraphDeploymentRun';

const RUN_NOT_AUTHORED =
  "Forbidden: a DynamoGraphDeploymentRun is written by upstream's operator for each search of a v1beta2 DynamoGraphDeploymentRequest and is never authored: give the DynamoGraphDeploymentRequest instead";

export const runRow: KindRow = (_doc, { settings }) => ({
  problems: [
    missingSearchKind(KIND, settings.dynamoVersion) ?? { path: 'kind', message: RUN_NOT_AUTHORED, severity: 'error' },
  ],
  objects: [],
});
