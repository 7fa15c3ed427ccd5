/** DynamoModel's row: loaded with upstream's rules, the CRD schema, then emitted as its record. */
import type { KindRow } from '../document-context';
import { failed, withDefaultNamespace, withSchemaProblems } from '../document-checks';
import { loadDynamoModel } from './load';
import { renderDynamoModel } from './record';

export const modelRow: KindRow = (doc, { defaultNamespace }) => {
  const loaded = loadDynamoModel(doc, { defaultNamespace });
  const problems = withSchemaProblems(doc, loaded.problems);
  if (failed(problems)) return { problems, objects: [], asLoaded: { dynamoModel: loaded.model } };
  if (!loaded.model) return { problems, objects: [withDefaultNamespace(doc, defaultNamespace)] };
  return { problems, dynamoModel: loaded.model, objects: [renderDynamoModel(loaded.model)] };
};
