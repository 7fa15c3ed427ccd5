/**
 * Component fields that only map onto the pod: one declaration each (the prop with its TSDoc, and
 * the field's row), from which the CRD schema entry, the model type, the converter's reading, the
 * field paths, the validators' checks, the v1alpha1 field lists and the worker hash input are
 * derived. Adding such a field touches this file, its render and a test (docs/adding-a-field.md).
 *
 * A field is two adjacent entries here: its prop in `PodFieldsInput` (type and TSDoc, which
 * `ComponentSpec` inherits, so editors and docs/api show it) and its row in `POD_FIELDS` (value
 * kind, v1alpha1 location), which the compiler holds to the prop.
 */
import { bool, int32, JSONSchemaProps, Properties, quantity, str } from './schema';

/** The value kinds a pod field may have: each has one schema, one reader and one TS type. */
export interface PodFieldValues {
  /** resource.Quantity, read as its string form (a bare integer is accepted, as the API server does). */
  quantity: string;
  string: string;
  boolean: boolean;
  int32: number;
}
export type PodFieldValue = keyof PodFieldValues;

export interface PodFieldDeclaration {
  readonly value: PodFieldValue;
  /** A zero quantity means "off": the model holds `null` (its render then leaves the pod alone). */
  readonly zeroDisables?: boolean;
  /**
   * Where v1alpha1 holds it (`sharedMemory.size`): v1alpha1 is frozen upstream, so only fields older
   * than v1beta1 have it, each in a shape of its own that `shared-spec-v1alpha1.ts` types,
   * `convert-v1alpha1.ts` reads and `api/convert/graph-v1beta1.ts` converts by hand. Absent = v1beta1 only.
   */
  readonly v1alpha1?: string;
  /**
   * Upstream's worker hash takes it, after this field of its WorkerComponentHashInput (so a change
   * rolls the workers out as a new generation, docs/rollouts.md). Absent = a change updates the
   * workers in place, as upstream does for a field it does not hash.
   */
  readonly workerHash?: { readonly after: string };
}

const VALUE_SCHEMAS: Record<PodFieldValue, () => JSONSchemaProps> = {
  quantity: () => quantity(),
  string: () => str(),
  boolean: () => bool(),
  int32: () => int32(),
};

/**
 * The props of the pod fields, one TSDoc each: a sentence, `@default`, `@see` the upstream field.
 * (An interface, not a type mapped from the table below, so the TSDoc reaches docs/api.)
 */
export interface PodFieldsInput {
  /**
   * Size of the memory-backed volume mounted at `/dev/shm`; `"0"` disables it.
   * @default '8Gi'
   * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamocomponentdeployment_types.go
   */
  readonly sharedMemorySize?: string;
}

/** The value kinds whose TS type is `T` (the table's `value` must agree with the props' type). */
type KindsOf<T> = { [V in PodFieldValue]: PodFieldValues[V] extends T ? V : never }[PodFieldValue];

/** How each pod field is read, typed and placed; the compiler holds it to `PodFieldsInput`. */
export const POD_FIELDS = {
  sharedMemorySize: {
    value: 'quantity',
    zeroDisables: true,
    v1alpha1: 'sharedMemory.size',
    workerHash: { after: 'multinode' },
  },
} as const satisfies {
  readonly [K in keyof PodFieldsInput]-?: PodFieldDeclaration & {
    readonly value: KindsOf<NonNullable<PodFieldsInput[K]>>;
  };
};

export type PodFieldName = keyof typeof POD_FIELDS;
type Declared<K extends PodFieldName> = (typeof POD_FIELDS)[K];

/** The model type of the pod fields: `null` where a zero disables the field. */
export type PodFieldsModel = {
  readonly [K in PodFieldName]?:
    PodFieldValues[Declared<K>['value']] | (Declared<K> extends { zeroDisables: true } ? null : never);
};

export const POD_FIELD_NAMES = Object.keys(POD_FIELDS) as PodFieldName[];

export function podFieldDeclaration(name: PodFieldName): PodFieldDeclaration {
  return POD_FIELDS[name];
}

/** The v1beta1 component schema entries of the pod fields, in declaration order. */
export function podFieldSchemas(): Properties {
  return Object.fromEntries(POD_FIELD_NAMES.map((n) => [n, VALUE_SCHEMAS[podFieldDeclaration(n).value]()]));
}

/** The first key of each v1alpha1 location: the v1alpha1 service fields the pod fields occupy. */
export function podFieldV1alpha1Keys(): string[] {
  return POD_FIELD_NAMES.flatMap((n) => {
    const at = podFieldDeclaration(n).v1alpha1;
    return at ? [at.split('.')[0]] : [];
  });
}

/** The pod fields upstream's worker hash takes, with the field each comes after there. */
export function podFieldsInWorkerHash(): {
  readonly name: PodFieldName;
  readonly value: PodFieldValue;
  readonly after: string;
}[] {
  return POD_FIELD_NAMES.flatMap((name) => {
    const { value, workerHash } = podFieldDeclaration(name);
    return workerHash ? [{ name, value, after: workerHash.after }] : [];
  });
}
