/**
 * The converters' one reader for the declared pod fields (`crds/pod-fields.ts`): each value kind
 * has one typed read, so a new pod field needs no converter code in either version.
 */
import {
  POD_FIELD_NAMES,
  podFieldDeclaration,
  PodFieldName,
  PodFieldsModel,
  PodFieldValue,
} from '../../crds/pod-fields';
import { isZeroQuantity } from '../k8s-syntax';
import { JsonObject } from '../k8s-types';
import { fieldPath, InputReader } from '../read';

type Read = (r: InputReader, v: unknown, path: string) => string | boolean | number | undefined;

const READERS: Record<PodFieldValue, Read> = {
  quantity: (r, v, path) => r.quantity(v, path),
  string: (r, v, path) => r.string(v, path),
  boolean: (r, v, path) => r.boolean(v, path),
  int32: (r, v, path) => r.integer(v, path),
};

/** Where `version` holds a pod field under the component, when the generic read applies. */
export function podFieldKey(name: PodFieldName, version: 'v1alpha1' | 'v1beta1'): string | undefined {
  if (version === 'v1beta1') return name;
  const at = podFieldDeclaration(name).v1alpha1;
  return at && !at.custom ? at.path : undefined;
}

/** The pod fields set on component `c` (at `path`), as the model holds them. */
export function readPodFields(
  r: InputReader,
  c: JsonObject,
  path: string,
  version: 'v1alpha1' | 'v1beta1',
): PodFieldsModel {
  const out: Record<string, unknown> = {};
  for (const name of POD_FIELD_NAMES) {
    const key = podFieldKey(name, version);
    if (key === undefined) continue;
    const d = podFieldDeclaration(name);
    const value = READERS[d.value](r, c[key], fieldPath(path, key));
    if (value === undefined) continue;
    out[name] = d.zeroDisables && typeof value === 'string' && isZeroQuantity(value) ? null : value;
  }
  return out as PodFieldsModel;
}
