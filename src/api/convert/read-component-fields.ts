/**
 * The converters' one reader for the declared component fields (`crds/component-fields.ts`): each
 * value kind has one typed read per version, so a new field needs no converter code.
 */
import {
  COMPONENT_FIELD_NAMES,
  componentFieldDeclaration,
  ComponentFieldName,
  componentFieldsOfValue,
  ComponentFieldValue,
  sameKeyInV1alpha1,
} from '../../crds/component-fields';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';
import { isZeroQuantity } from '../k8s-syntax';
import { JsonObject } from '../k8s-types';
import { ComponentFieldsModel, InjectedContainerModel } from '../model';
import { fieldPath, InputReader, isObject, keyPath } from '../read';
import { optional } from './convert-common';

/** The v1beta1 pod's containers, which a `container` field names one of. */
export interface PodContainers {
  readonly containers: JsonObject[];
  readonly path: string;
}

type ScalarValue = Exclude<ComponentFieldValue, 'container'>;

/** The scalar value kinds read the same in both versions; a `container` field differs by version. */
const SCALAR_READERS: Record<ScalarValue, (r: InputReader, v: unknown, path: string) => unknown> = {
  quantity: (r, v, path) => r.quantity(v, path),
  string: (r, v, path) => r.string(v, path),
  boolean: (r, v, path) => r.boolean(v, path),
  int32: (r, v, path) => r.integer(v, path),
};

/** The declared fields set on v1beta1 component `c` (at `path`), as the model holds them. */
export function readComponentFields(
  r: InputReader,
  c: JsonObject,
  path: string,
  pod: PodContainers,
): ComponentFieldsModel {
  const out: Record<string, unknown> = {};
  for (const name of COMPONENT_FIELD_NAMES) {
    const d = componentFieldDeclaration(name);
    const at = fieldPath(path, name);
    const value =
      d.value === 'container' ? readNamedContainerField(r, c[name], at, pod) : SCALAR_READERS[d.value](r, c[name], at);
    if (value === undefined) continue;
    out[name] = d.zeroDisables && typeof value === 'string' && isZeroQuantity(value) ? null : value;
  }
  return out as ComponentFieldsModel;
}

/**
 * The declared fields v1alpha1 service `s` holds under their own name. (A location of a shape of
 * its own, `sharedMemory.size`, is read by `convert-v1alpha1.ts`.)
 */
export function readV1alpha1ComponentFields(r: InputReader, s: JsonObject, path: string): ComponentFieldsModel {
  const out: Record<string, unknown> = {};
  for (const name of COMPONENT_FIELD_NAMES.filter(sameKeyInV1alpha1)) {
    const at = fieldPath(path, name);
    const kind = componentFieldDeclaration(name).value;
    const value = kind === 'container' ? readSpelledOutContainer(r, s[name], at) : SCALAR_READERS[kind](r, s[name], at);
    if (value !== undefined) out[name] = value;
  }
  return out as ComponentFieldsModel;
}

/** The names of the containers v1beta1 component `c`'s `container` fields take out of its pod. */
export function containersTakenByFields(c: JsonObject): Set<string> {
  return new Set(
    componentFieldsOfValue('container')
      .map((name: ComponentFieldName) => c[name])
      .filter((v): v is string => typeof v === 'string'),
  );
}

/** v1beta1 names a `container` field's container: it becomes the field's model (and leaves the pod's user containers). */
function readNamedContainerField(
  r: InputReader,
  v: unknown,
  path: string,
  pod: PodContainers,
): InjectedContainerModel | undefined {
  const name = r.string(v, path);
  return name === undefined ? undefined : readNamedContainer(r, pod, name, path);
}

function readNamedContainer(
  r: InputReader,
  pod: PodContainers,
  name: string,
  path: string,
): InjectedContainerModel | undefined {
  if (name === MAIN_CONTAINER_NAME) {
    r.error(path, `must name a sidecar container, not "${MAIN_CONTAINER_NAME}"`);
    return undefined;
  }
  const c = pod.containers.find((x) => x.name === name);
  if (!c) {
    r.error(path, `must name a container in podTemplate.spec.containers: no container named "${name}"`);
    return undefined;
  }
  const secret = Array.isArray(c.envFrom)
    ? c.envFrom
        .map((e) => (isObject(e) && isObject(e.secretRef) ? e.secretRef.name : undefined))
        .find((n) => typeof n === 'string')
    : undefined;
  return {
    ...optional('image', typeof c.image === 'string' && c.image ? c.image : undefined),
    ...optional('args', Array.isArray(c.args) ? c.args.filter((a): a is string => typeof a === 'string') : undefined),
    ...optional('envFromSecret', secret as string | undefined),
    ...optional(
      'env',
      Array.isArray(c.env)
        ? r.envList(c.env, fieldPath(keyPath(pod.path, pod.containers.indexOf(c)), 'env'))
        : undefined,
    ),
  };
}

/** v1alpha1 spells a `container` field out: `image`, `args`, `envFromSecret`, `envs`. */
function readSpelledOutContainer(r: InputReader, v: unknown, path: string): InjectedContainerModel | undefined {
  const o = r.object(v, path);
  if (!o) return undefined;
  return {
    ...optional('image', r.string(o.image, fieldPath(path, 'image')) || undefined),
    ...optional('args', r.stringList(o.args, fieldPath(path, 'args'))),
    ...optional('envFromSecret', r.string(o.envFromSecret, fieldPath(path, 'envFromSecret'))),
    ...optional('env', o.envs === undefined ? undefined : r.envList(o.envs, fieldPath(path, 'envs'))),
  };
}
