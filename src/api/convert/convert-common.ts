/** Conversion pieces that read the same way in both input versions. */
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';
import { Container, JsonObject } from '../k8s-types';
import {
  ApiVersion,
  ComponentCheckpointModel,
  ComponentModel,
  DISAGG_ROLES,
  EppConfigModel,
  GraphModel,
  RestartModel,
} from '../model';
import { fieldPath, InputReader } from '../read';

/** The graph-wide fields every converter reads from `metadata`. */
export interface ConvertOptions {
  readonly name: string;
  readonly namespace: string;
  readonly metadataLabels: Record<string, string>;
  readonly metadataAnnotations: Record<string, string>;
}

/**
 * The main-container overlay, or `undefined` when nothing but its name is left, so that "no
 * overlay" has one representation in both versions.
 */
export function mainOverlay(fields: JsonObject | undefined): Container | undefined {
  if (!fields) return undefined;
  const { name: _name, ...rest } = fields;
  return Object.keys(rest).length ? { name: MAIN_CONTAINER_NAME, ...rest } : undefined;
}

export function readEppConfig(r: InputReader, v: unknown, path: string): EppConfigModel | undefined {
  const o = r.object(v, path);
  if (!o) return undefined;
  const refPath = fieldPath(path, 'configMapRef');
  const ref = r.object(o.configMapRef, refPath);
  const config = r.object(o.config, fieldPath(path, 'config'));
  return {
    ...(ref
      ? {
          configMapRef: {
            name: r.string(ref.name, fieldPath(refPath, 'name')) ?? '',
            ...optional('key', r.string(ref.key, fieldPath(refPath, 'key'))),
          },
        }
      : {}),
    ...optional('config', config),
  };
}

export function readModelRef(r: InputReader, v: unknown, path: string) {
  const o = r.object(v, path);
  if (!o) return undefined;
  const name = r.requiredString(o.name, fieldPath(path, 'name'));
  return name === undefined
    ? undefined
    : { name, ...optional('revision', r.string(o.revision, fieldPath(path, 'revision'))) };
}

/** `nodeCount` defaults to 2 here because the model's multinode block always carries a count. */
export function readMultinode(r: InputReader, v: unknown, path: string) {
  const o = r.object(v, path);
  if (!o) return undefined;
  return { nodeCount: r.integer(o.nodeCount, fieldPath(path, 'nodeCount')) ?? 2 };
}

export function readComponentCheckpoint(
  r: InputReader,
  v: unknown,
  path: string,
): ComponentCheckpointModel | undefined {
  const o = r.object(v, path);
  if (!o) return undefined;
  const at = (f: string) => fieldPath(path, f);
  return {
    enabled: r.boolean(o.enabled, at('enabled')) ?? false,
    ...optional('checkpointRef', r.string(o.checkpointRef, at('checkpointRef')) || undefined),
    ...optional('targetContainerName', r.string(o.targetContainerName, at('targetContainerName')) || undefined),
    hasIdentity: r.object(o.identity, at('identity')) !== undefined,
    hasJob: r.object(o.job, at('job')) !== undefined,
    ...optional('startupPolicy', r.string(o.startupPolicy, at('startupPolicy'))),
    ...optional('deletionPolicy', r.string(o.deletionPolicy, at('deletionPolicy'))),
    ...optional('mode', r.string(o.mode, at('mode'))),
  };
}

export function readComponentTopology(r: InputReader, v: unknown, path: string) {
  const o = r.object(v, path);
  if (!o) return undefined;
  return optional('packDomain', r.string(o.packDomain, fieldPath(path, 'packDomain')));
}

export function readRestart(r: InputReader, v: unknown, path: string): RestartModel | undefined {
  const o = r.object(v, path);
  if (!o) return undefined;
  const sPath = fieldPath(path, 'strategy');
  const s = r.object(o.strategy, sPath);
  const strategy = s
    ? {
        ...optional('type', r.string(s.type, fieldPath(sPath, 'type'))),
        ...optional('order', r.stringList(s.order, fieldPath(sPath, 'order'))),
      }
    : undefined;
  return { ...optional('id', r.string(o.id, fieldPath(path, 'id'))), ...optional('strategy', strategy) };
}

/** `{ [key]: value }` when the value is set, else `{}`: keeps unset fields out of the model. */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/**
 * One canonical (type, subComponentType) pair for both versions. Upstream's conversion folds
 * v1alpha1 `componentType: worker` + `subComponentType: prefill|decode` into v1beta1
 * `type: prefill|decode` (reference §1.9), so the model's `type` is the v1beta1 value. The
 * sub-component type is kept equal to it so the `nvidia.com/dynamo-sub-component-type` pod label
 * that v1alpha1 graphs always had is rendered the same for both versions.
 */
export function canonicalType(componentType: string | undefined, subComponentType: string | undefined) {
  const type =
    componentType === 'worker' && subComponentType && DISAGG_ROLES.includes(subComponentType)
      ? subComponentType
      : (componentType ?? '');
  if (DISAGG_ROLES.includes(type)) return { type, subComponentType: type };
  return { type, ...optional('subComponentType', subComponentType) };
}

/** The graph fields every version reads the same way. */
export function graphCommon(r: InputReader, doc: JsonObject, spec: JsonObject, opts: ConvertOptions) {
  return {
    name: opts.name,
    namespace: opts.namespace,
    metadataLabels: opts.metadataLabels,
    metadataAnnotations: opts.metadataAnnotations,
    ...optional('backendFramework', r.string(spec.backendFramework, 'spec.backendFramework')),
    source: doc,
  };
}

/** A standalone DCD: a graph of one component, without graph-level labels, env or PVCs. */
export function standaloneComponentGraph(
  apiVersion: ApiVersion,
  common: ReturnType<typeof graphCommon>,
  component: ComponentModel | undefined,
): GraphModel {
  return {
    kind: 'DynamoComponentDeployment',
    apiVersion,
    ...common,
    labels: {},
    annotations: {},
    env: [],
    pvcs: [],
    components: component ? [component] : [],
  };
}
