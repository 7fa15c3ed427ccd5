/**
 * The graph's own record (the DynamoGraphDeployment / DynamoComponentDeployment
 * as the user wrote it), so `kubectl get dgd` works and the runtime operator can
 * write its status. `status` is never rendered: the runtime owns it.
 */
import { JsonObject, KubeObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { ResolvedSettings } from '../api/settings';
import { clone, compact, isPlainObject } from './merge';
import { originVersionStamp } from './origin-version';
import { WorkerGeneration, workerGenerationAnnotations } from './worker-generation';

/**
 * The record, as upstream's webhook admits it (with the origin version stamped); with a worker
 * generation it declares it (hash and mode) for the runtime operator.
 */
export function renderGraphRecord(
  graph: GraphModel,
  settings: ResolvedSettings,
  generation?: WorkerGeneration,
): KubeObject {
  const source = graph.source;
  const sourceMeta = isPlainObject(source.metadata) ? source.metadata : {};
  const annotations = {
    ...originVersionStamp(graph, settings),
    ...(isPlainObject(sourceMeta.annotations) ? clone(sourceMeta.annotations) : {}),
    ...(generation ? workerGenerationAnnotations(generation) : {}),
  };
  const metadata = compact({
    name: graph.name,
    namespace: graph.namespace,
    labels: isPlainObject(sourceMeta.labels) ? clone(sourceMeta.labels) : undefined,
    annotations: Object.keys(annotations).length ? annotations : undefined,
  });
  return {
    apiVersion: graph.apiVersion,
    kind: graph.kind,
    metadata: metadata as KubeObject['metadata'],
    spec: clone(isPlainObject(source.spec) ? source.spec : ({} as JsonObject)),
  };
}
