/**
 * DynamoComponentDeployment's row: a DCD loads as a graph of its one component
 * (api/convert/load.ts), so it is checked and rendered as every graph is.
 */
import type { KindRow } from '../document-context';
import { graphDocument } from '../document-checks';

export const componentRow: KindRow = graphDocument;
