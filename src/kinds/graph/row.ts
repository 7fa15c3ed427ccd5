/**
 * DynamoGraphDeployment's row: loaded (v1alpha1 converted to v1beta1 in api/convert/, the hub that
 * a DCD and a request's generated graph share), placed and checked; rendered with the run.
 */
import type { KindRow } from '../document-context';
import { graphDocument } from '../document-checks';

export const graphRow: KindRow = graphDocument;
