/** DynamoCheckpoint's row: loaded and checked; its record and what graphs restore from come after every document. */
import { CHECKPOINT_API_VERSION, checkpointKindGoneMessage, checkpointRefKind } from '../../api/checkpoint';
import { JsonObject } from '../../api/k8s-types';
import type { KindRow } from '../document-context';
import { failed, withDefaultNamespace, withSchemaProblems } from '../document-checks';
import { loadCheckpoint } from './load';

/** DynamoCheckpoint is served as v1alpha1 only (upstream registers no v1beta1 for it). */
function loadCheckpointDoc(doc: JsonObject, defaultNamespace: string) {
  if (doc.apiVersion !== CHECKPOINT_API_VERSION) {
    return {
      problems: [
        {
          path: 'apiVersion',
          message: `unsupported apiVersion ${JSON.stringify(doc.apiVersion)} for DynamoCheckpoint: expected ${CHECKPOINT_API_VERSION}`,
          severity: 'error' as const,
        },
      ],
    };
  }
  return loadCheckpoint(doc, { defaultNamespace });
}

export const checkpointRow: KindRow = (doc, { defaultNamespace, settings }) => {
  const loaded = loadCheckpointDoc(doc, defaultNamespace);
  const problems = withSchemaProblems(doc, loaded.problems);
  // Records may load without settings (a construct given none): the release is then not known.
  const release = settings.dynamoVersion;
  if (release && checkpointRefKind(release) === 'PodSnapshot')
    problems.unshift({ path: 'kind', message: checkpointKindGoneMessage(release), severity: 'error' });
  const checkpoint = 'model' in loaded ? loaded.model : undefined;
  if (failed(problems)) return { problems, objects: [], asLoaded: { checkpoint } };
  return checkpoint
    ? { problems, checkpoint, objects: [] }
    : { problems, objects: [withDefaultNamespace(doc, defaultNamespace)] };
};
