/**
 * Which pods need the node's topology label (`kvTransferPolicy.labelKey`), by upstream's rules:
 * a graph component's pod (graph-name and component labels set) carrying
 * `nvidia.com/topology-label-key`, scheduled (`spec.nodeName`), without that label yet. The
 * Downward API volume the render adds then projects the label into the worker's topology file.
 */
import { LABEL } from '../../../render';
import { TOPOLOGY_LABEL_KEY_ANNOTATION } from '../../../render/kv-transfer';
import { ServerObject } from '../../runtime/kube/objects';
import { Pod } from '../kinds';

/** The label to copy onto `pod`, when it needs one. */
export function topologyLabelToCopy(pod: Pod): string | undefined {
  const labels = pod.metadata.labels ?? {};
  if (!labels[LABEL.graphName] || !labels[LABEL.component]) return undefined;
  const key = pod.metadata.annotations?.[TOPOLOGY_LABEL_KEY_ANNOTATION];
  if (!key || key in labels || !pod.spec?.nodeName) return undefined;
  return key;
}

/**
 * Whether an update makes a copy needed (upstream's predicate): just scheduled, a changed label
 * key, or the copied label removed. Other updates of a pod that still needs one (e.g. its node
 * lacks the label) do not look again, so the warning is not repeated on every status change.
 */
export function copyBecameNeeded(pod: Pod, old: Pod): boolean {
  if (!topologyLabelToCopy(pod)) return false;
  const oldKey = old.metadata.annotations?.[TOPOLOGY_LABEL_KEY_ANNOTATION];
  if (!old.spec?.nodeName) return true;
  if (oldKey !== pod.metadata.annotations?.[TOPOLOGY_LABEL_KEY_ANNOTATION]) return true;
  return oldKey !== undefined && oldKey in (old.metadata.labels ?? {});
}

/** What the cache keeps of a pod: Pods are the most numerous objects the operator watches. */
export function podView(obj: ServerObject): ServerObject {
  const { name, namespace, uid, resourceVersion, labels, annotations, deletionTimestamp } = obj.metadata;
  const nodeName = (obj as Pod).spec?.nodeName;
  return {
    apiVersion: obj.apiVersion,
    kind: obj.kind,
    metadata: { name, namespace, uid, resourceVersion, labels, annotations, deletionTimestamp },
    ...(nodeName ? { spec: { nodeName } } : {}),
  } as ServerObject;
}
