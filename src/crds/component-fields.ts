/**
 * Component fields declared once each: the prop with its TSDoc, and the field's row. From them
 * come the CRD schema entries (both versions), their CEL rules and messages, the model type, the
 * converters' reading, the field paths, the validators' checks, the v1alpha1 field lists, the
 * Grove-only refusal and the worker hash input. Adding such a field touches this file, its render
 * and a test (docs/adding-a-field.md).
 *
 * A field is two adjacent entries here: its prop in `ComponentFieldsInput` (type and TSDoc, which
 * `ComponentSpec` and the Pulumi args inherit, so editors and docs/api show it) and its row in
 * `COMPONENT_FIELDS` (value kind, constraints, v1alpha1 location), which the compiler holds to the prop.
 */
import { envVars } from './core';
import { arr, bool, int32, JSONSchemaProps, obj, Properties, quantity, str, ValidationRule } from './schema';

/** The value kinds a component field may have: each has one schema, one reader and one TS type. */
export interface ComponentFieldValues {
  /** resource.Quantity, read as its string form (a bare integer is accepted, as the API server does). */
  quantity: string;
  string: string;
  boolean: boolean;
  int32: number;
  /**
   * A container of the pod that the render injects under a name of its own: v1beta1 names one of
   * `podTemplate.spec.containers`; v1alpha1 spells it out (`image`, `args`, `envFromSecret`, `envs`).
   */
  container: string;
}
export type ComponentFieldValue = keyof ComponentFieldValues;

/** A CEL rule on the component object a field adds, with the check the validators run on the document as written. */
export interface ComponentFieldRule extends ValidationRule {
  readonly message: string;
  /** True when component `c` (as written, v1beta1) breaks the rule. */
  readonly brokenBy: (c: Readonly<Record<string, unknown>>) => boolean;
}

export interface ComponentFieldDeclaration {
  readonly value: ComponentFieldValue;
  /** Schema constraints: a minimum (int32), a pattern (string). */
  readonly min?: number;
  readonly pattern?: string;
  /** Upstream's CRD refuses changing it once set (`self == oldSelf`). */
  readonly immutable?: boolean;
  /** A zero quantity means "off": the model holds `null` (its render then leaves the pod alone). */
  readonly zeroDisables?: boolean;
  /** Only the Grove pathway renders it: upstream's webhook refuses it on any other. */
  readonly groveOnly?: boolean;
  /** Not rendered by dynamo-iac: set, it is refused with this reason (and a docs/deviations.md row). */
  readonly refused?: string;
  /** CEL rules across the component's fields that this field brings. */
  readonly rules?: readonly ComponentFieldRule[];
  /** `container` fields: the name the render gives the injected container, and what the messages call it. */
  readonly injectedAs?: { readonly name: string; readonly role: string };
  /**
   * Where v1alpha1 holds it. The field's own name = the same key (its v1alpha1 spelling derived from
   * the value kind). A dotted path (`sharedMemory.size`) = a shape of its own, which
   * `shared-spec-v1alpha1.ts`, `convert-v1alpha1.ts` and `api/convert/graph-v1beta1.ts` handle by
   * hand. Absent = v1beta1 only (upstream froze v1alpha1).
   */
  readonly v1alpha1?: string;
  /**
   * Upstream's worker hash takes it, after this field of its WorkerComponentHashInput (so a change
   * rolls the workers out as a new generation, docs/rollouts.md). Absent = a change updates the
   * workers in place, as upstream does for a field it does not hash.
   */
  readonly workerHash?: { readonly after: string };
}

/** `runtimeVersionOverride`: the canonical MAJOR.MINOR.PATCH, each part at most 4 digits (upstream's CRD pattern). */
export const RUNTIME_VERSION_PATTERN = '^(0|[1-9][0-9]{0,3})\\.(0|[1-9][0-9]{0,3})\\.(0|[1-9][0-9]{0,3})$';

/**
 * The props of the component fields, one TSDoc each: a sentence, `@default`, `@see` the upstream field.
 * (An interface, not a type mapped from the table below, so the TSDoc reaches docs/api.)
 */
export interface ComponentFieldsInput {
  /**
   * `X.Y.Z`: the runtime version upstream gates version-dependent defaults on (not used here; warned).
   * @default - from the image tag
   */
  readonly runtimeVersionOverride?: string;
  /**
   * Grove only: pods of the clique that must be available (gang minimum), at most `replicas`. Immutable.
   * @default 1 on Grove
   */
  readonly minAvailable?: number;
  /**
   * Size of the memory-backed volume mounted at `/dev/shm`; `"0"` disables it.
   * @default '8Gi'
   * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamocomponentdeployment_types.go
   */
  readonly sharedMemorySize?: string;
  /**
   * Name of a container in `podTemplate.spec.containers` to run as the auto-configured frontend sidecar.
   * @default - none
   */
  readonly frontendSidecar?: string;
  /**
   * Refused: upstream's Dynamo sidecar mode (the engine in `main`, the Dynamo runtime in the named
   * restartable init container) is not rendered.
   * @default - none
   */
  readonly dynamoSidecar?: string;
}

/** The value kinds whose TS type is `T` (the table's `value` must agree with the props' type). */
type KindsOf<T> = { [V in ComponentFieldValue]: ComponentFieldValues[V] extends T ? V : never }[ComponentFieldValue];

/** How each component field is read, typed, checked and placed; the compiler holds it to `ComponentFieldsInput`. */
export const COMPONENT_FIELDS = {
  runtimeVersionOverride: { value: 'string', pattern: RUNTIME_VERSION_PATTERN, v1alpha1: 'runtimeVersionOverride' },
  minAvailable: {
    value: 'int32',
    min: 1,
    immutable: true,
    groveOnly: true,
    rules: [
      {
        rule: '!has(self.minAvailable) || (has(self.replicas) && self.replicas == 0) || self.minAvailable <= (has(self.replicas) ? self.replicas : 1)',
        message: 'minAvailable must be less than or equal to replicas unless replicas is 0',
        brokenBy: ({ minAvailable, replicas }) => {
          if (typeof minAvailable !== 'number' || replicas === 0) return false;
          const effective =
            typeof replicas === 'number' ? replicas : replicas === undefined || replicas === null ? 1 : undefined;
          return effective !== undefined && minAvailable > effective;
        },
      },
    ],
  },
  sharedMemorySize: {
    value: 'quantity',
    zeroDisables: true,
    v1alpha1: 'sharedMemory.size',
    workerHash: { after: 'multinode' },
  },
  frontendSidecar: {
    value: 'container',
    injectedAs: { name: 'sidecar-frontend', role: 'frontend sidecar' },
    v1alpha1: 'frontendSidecar',
    workerHash: { after: 'sharedMemorySize' },
  },
  dynamoSidecar: {
    value: 'string',
    refused:
      "is not rendered by dynamo-iac: upstream's Dynamo sidecar mode (the runtime in an init container next to the engine) is still changing between releases (docs/deviations.md)",
  },
} as const satisfies {
  readonly [K in keyof ComponentFieldsInput]-?: ComponentFieldDeclaration & {
    readonly value: KindsOf<NonNullable<ComponentFieldsInput[K]>>;
  };
};

export type ComponentFieldName = keyof typeof COMPONENT_FIELDS;
/** The row of field `K`, as declared (its literal types). */
export type DeclaredField<K extends ComponentFieldName> = (typeof COMPONENT_FIELDS)[K];

export const COMPONENT_FIELD_NAMES = Object.keys(COMPONENT_FIELDS) as ComponentFieldName[];

export function componentFieldDeclaration(name: ComponentFieldName): ComponentFieldDeclaration {
  return COMPONENT_FIELDS[name];
}

/** The declared fields of value kind `value`. */
export function componentFieldsOfValue(value: ComponentFieldValue): ComponentFieldName[] {
  return COMPONENT_FIELD_NAMES.filter((n) => componentFieldDeclaration(n).value === value);
}

/** A v1alpha1 container spelled out: the frontend sidecar's shape there. */
function v1alpha1Container(): JSONSchemaProps {
  return obj({ image: str(), args: arr(str()), envFromSecret: str(), envs: envVars() }, { required: ['image'] });
}

function valueSchema(d: ComponentFieldDeclaration): JSONSchemaProps {
  switch (d.value) {
    case 'quantity':
      return quantity();
    case 'boolean':
      return bool();
    case 'int32':
      return int32(d.min === undefined ? {} : { min: d.min });
    case 'string':
    case 'container':
      return str(d.pattern === undefined ? {} : { pattern: d.pattern });
  }
}

function fieldSchema(name: ComponentFieldName): JSONSchemaProps {
  const d = componentFieldDeclaration(name);
  const schema = valueSchema(d);
  if (!d.immutable) return schema;
  return {
    ...schema,
    'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: `${name} is immutable after creation` }],
  };
}

/** The v1beta1 component schema entries of the declared fields. */
export function componentFieldSchemas(): Properties {
  return Object.fromEntries(COMPONENT_FIELD_NAMES.map((n) => [n, fieldSchema(n)]));
}

/** Whether v1alpha1 holds the field under its own name (not in a shape of its own). */
export function sameKeyInV1alpha1(name: ComponentFieldName): boolean {
  return componentFieldDeclaration(name).v1alpha1 === name;
}

/** The v1alpha1 service schema entries of the fields v1alpha1 holds under their own name. */
export function componentFieldV1alpha1Schemas(): Properties {
  return Object.fromEntries(
    COMPONENT_FIELD_NAMES.filter(sameKeyInV1alpha1).map((n) => {
      const d = componentFieldDeclaration(n);
      return [n, d.value === 'container' ? v1alpha1Container() : valueSchema(d)];
    }),
  );
}

/** The CEL rules the declared fields bring to the component object, each with its field, in declaration order. */
export function componentFieldRules(): { readonly field: ComponentFieldName; readonly rule: ComponentFieldRule }[] {
  return COMPONENT_FIELD_NAMES.flatMap((field) =>
    (componentFieldDeclaration(field).rules ?? []).map((rule) => ({ field, rule })),
  );
}

/** The container a `container` field injects: its name in the pod and what messages call it. */
export function injectedContainer(name: ComponentFieldName): { readonly name: string; readonly role: string } {
  const injected = componentFieldDeclaration(name).injectedAs;
  if (!injected) throw new Error(`component field ${name}: a container field declares injectedAs`);
  return injected;
}

/**
 * The first key of each v1alpha1 location that v1beta1 does not have (`sharedMemory`): the keys
 * that mark a service as written in v1alpha1 and that v1alpha1 → v1beta1 conversion must know.
 */
export function componentFieldV1alpha1Keys(): string[] {
  return COMPONENT_FIELD_NAMES.flatMap((n) => {
    const at = componentFieldDeclaration(n).v1alpha1;
    return at && !sameKeyInV1alpha1(n) ? [at.split('.')[0]] : [];
  });
}

/** The component fields upstream's worker hash takes, with the field each comes after there. */
export function componentFieldsInWorkerHash(): {
  readonly name: ComponentFieldName;
  readonly value: ComponentFieldValue;
  readonly after: string;
}[] {
  return COMPONENT_FIELD_NAMES.flatMap((name) => {
    const { value, workerHash } = componentFieldDeclaration(name);
    return workerHash ? [{ name, value, after: workerHash.after }] : [];
  });
}
