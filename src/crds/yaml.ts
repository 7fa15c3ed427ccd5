/** The one YAML form of a CRD: sorted keys and no line folding, so files are byte-stable and diff cleanly. */
import { stringify } from 'yaml';
import { KubeObject } from '../api/k8s-types';

export function crdToYaml(crd: KubeObject): string {
  return stringify(crd, { sortMapEntries: true, lineWidth: 0 });
}
