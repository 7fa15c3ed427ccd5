/** The one YAML form of a CRD: sorted keys and no line folding, so files are byte-stable and diff cleanly. */
import { stringify } from 'yaml';
import { KubeObject } from '../api/k8s-types';

export function crdToYaml(crd: KubeObject): string {
  // No anchors: schema pieces shared in the source must be written out in full for kubectl and cdk8s import.
  return stringify(crd, { sortMapEntries: true, lineWidth: 0, aliasDuplicateObjects: false });
}
