/**
 * Copies a node's topology label onto the scheduled worker pods that ask for it
 * (`kvTransferPolicy.labelKey`, pods.ts), as upstream's TopologyLabelReconciler does. A node
 * without the label gets a Warning event `TopologyLabelMissing` on the pod, with upstream's text.
 */
import { ReconcileOutcome, ReconcilerContext, splitKey } from '../../runtime/controller';
import { Informer } from '../../runtime/informer';
import { isForbidden, isNotFound } from '../../runtime/kube/errors';
import { ServerObject } from '../../runtime/kube/objects';
import { Pod } from '../kinds';
import { RESOURCES } from '../resources';
import { podView, topologyLabelToCopy } from './pods';

export const TOPOLOGY_LABEL_MISSING = 'TopologyLabelMissing';

export interface TopologyLabelDeps extends ReconcilerContext {
  readonly pods: Informer<Pod>;
}

export class TopologyLabelReconciler {
  constructor(private readonly d: TopologyLabelDeps) {}

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const [namespace, name] = splitKey(key);
    if (!this.d.gate.allows(namespace)) return;
    const pod = this.d.pods.get(namespace, name);
    if (!pod || pod.metadata.deletionTimestamp) return;
    const labelKey = topologyLabelToCopy(pod);
    const nodeName = pod.spec?.nodeName;
    // topologyLabelToCopy asks for a node too; the check here tells the compiler.
    if (!labelKey || !nodeName) return;
    let node: ServerObject;
    try {
      node = await this.d.api.get<ServerObject>(RESOURCES.node, undefined, nodeName);
    } catch (err) {
      if (!isForbidden(err)) throw err;
      // An install without the nodes ClusterRole (docs/operator.md): say so on the pod, do not retry forever.
      await this.d.events.record(
        pod,
        'Warning',
        TOPOLOGY_LABEL_MISSING,
        `Cannot read node "${nodeName}" for topology label "${labelKey}": the operator may not get nodes (its nodes ClusterRole is missing)`,
      );
      return;
    }
    const value = node.metadata.labels?.[labelKey];
    if (value === undefined) {
      this.d.log.info({ pod: key, node: nodeName, labelKey }, 'node has no topology label; skipped');
      await this.d.events.record(
        pod,
        'Warning',
        TOPOLOGY_LABEL_MISSING,
        `Node "${nodeName}" does not have required topology label "${labelKey}"; topology metadata will remain unavailable`,
      );
      return;
    }
    try {
      const patched = await this.d.api.mergePatch<Pod>(RESOURCES.pod, namespace, name, {
        metadata: { labels: { [labelKey]: value } },
      });
      this.d.pods.remember(podView(patched) as Pod);
    } catch (err) {
      // Gone meanwhile: nothing left to label.
      if (!isNotFound(err)) throw err;
      return;
    }
    this.d.log.info({ pod: key, node: nodeName, label: labelKey, value }, 'copied node topology label to pod');
  }
}
