/**
 * The converter's one reader for the declared pod fields (`crds/pod-fields.ts`): each value kind
 * has one typed read, so a new pod field needs no converter code.
 */
import { POD_FIELD_NAMES, podFieldDeclaration, PodFieldsModel, PodFieldValue } from '../../crds/pod-fields';
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

/**
 * The pod fields set on v1beta1 component `c` (at `path`), as the model holds them. (A v1alpha1
 * location has a shape of its own, read by `convert-v1alpha1.ts`.)
 */
export function readPodFields(r: InputReader, c: JsonObject, path: string): PodFieldsModel {
  const out: Record<string, unknown> = {};
  for (const name of POD_FIELD_NAMES) {
    const d = podFieldDeclaration(name);
    const value = READERS[d.value](r, c[name], fieldPath(path, name));
    if (value === undefined) continue;
    out[name] = d.zeroDisables && typeof value === 'string' && isZeroQuantity(value) ? null : value;
  }
  return out as PodFieldsModel;
}
