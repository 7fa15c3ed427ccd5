/**
 * What both graph constructs do: load a manifest through the same pipeline as
 * the CLI, surface problems through cdk8s validation (construct path + field
 * path), and add the rendered objects to the tree.
 */
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { KubeObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { GRAPH_PLACEMENT_SHAPE, GraphPlacement } from '../api/placement';
import { errorsOf, problemLine } from '../api/problems';
import { bool, PropsShape, shapeProblems } from '../api/props-shape';
import { PlatformSettings } from '../api/settings';
import { settingsProblems, settingsShape } from '../api/settings-check';
import { type CheckpointModel, checkpointRefKind } from '../api/checkpoint';
import { checkpointRefsOf } from '../api/validate/validate-checkpoint-ref';
import { objectKey } from '../render';
import { renderManifest, RenderedManifest } from '../pipeline/render-manifest';
import { ManifestSource } from '../pipeline/manifest-source';
import { DynamoCheckpoint } from './checkpoint';
import { addObjects } from './object-registry';
import { mergedSettingsOf, platformSettingsOf } from './settings';
import { addWarnings } from './warnings';

export interface GraphRenderOptions extends GraphPlacement {
  /**
   * Platform settings for this graph only, over those set with `setPlatformSettings`.
   * @default - the settings of the nearest scope, else upstream's defaults
   */
  readonly settings?: PlatformSettings;
  /**
   * Emit the DynamoGraphDeployment / DynamoComponentDeployment record itself
   * (needs the nvidia.com CRDs in the cluster).
   * @default true
   */
  readonly includeGraphRecord?: boolean;
}

/** The runtime check of GraphRenderOptions (props from JavaScript can be anything). */
export const GRAPH_RENDER_OPTIONS_SHAPE: PropsShape<GraphRenderOptions> = {
  ...GRAPH_PLACEMENT_SHAPE,
  settings: settingsShape,
  includeGraphRecord: bool,
};

export interface RenderedInto {
  readonly model?: GraphModel;
  readonly objects: KubeObject[];
}

export function renderInto(scope: Construct, source: ManifestSource, options: GraphRenderOptions): RenderedInto {
  // `fromManifest(m, null)`: the options' problems, not a TypeError; `fromManifest(undefined)` is
  // left to the pipeline, which says what it expected.
  const early = [...source.problems, ...shapeProblems(options, GRAPH_RENDER_OPTIONS_SHAPE, { what: 'options' })];
  if (early.length > 0) {
    const lines = early.map((p) => problemLine(p));
    scope.node.addValidation({ validate: () => lines });
    return { objects: [] };
  }
  const { settings: override, ...request } = options;
  // Checked as the CLI checks a settings file: `lwsAvailable: 'false'` is not false.
  const settingsErrors = settingsProblems(mergedSettingsOf(scope, override), 'settings').map((p) => problemLine(p));
  if (settingsErrors.length > 0) {
    scope.node.addValidation({ validate: () => settingsErrors });
    return { objects: [] };
  }
  const settings = platformSettingsOf(scope, override);
  const render = (checkpoints: CheckpointModel[]) =>
    renderManifest(source.manifest, settings, {
      ...request,
      defaultNamespace: Chart.of(scope).namespace,
      checkpoints,
      passThrough: source.passThrough,
    });
  const declared = DynamoCheckpoint.allIn(scope);
  let rendered = render(declared);
  // A DynamoCheckpoint declared after this graph exists only at synth: the graph renders with a
  // stand-in now (restoring adds no object, so the objects are known), and again at synth with
  // every checkpoint of the app, which fills in the restore or reports a reference still dangling.
  // From 1.7 a reference names a PodSnapshot, never a declared checkpoint: nothing to wait for.
  const later =
    rendered.model && checkpointRefKind(settings.dynamoVersion) === 'DynamoCheckpoint'
      ? undeclaredCheckpoints(rendered.model, declared)
      : [];
  if (later.length > 0) rendered = render([...declared, ...later]);
  const { model, objects, problems } = rendered;
  const messages = errorsOf(problems).map((p) => problemLine(p));
  messages.push(...addObjects(scope, objects));
  addWarnings(scope, problems);
  const atSynth =
    later.length > 0 ? once(() => restoreAtSynth(objects, render(DynamoCheckpoint.allIn(scope)))) : noMore;
  // Reported by `app.synth()` / `cdk8s synth` together with every other construct's problems.
  scope.node.addValidation({ validate: () => [...messages, ...atSynth()] });
  return { model, objects };
}

/** Stand-ins for the checkpoints the graph references that are not declared (yet). */
function undeclaredCheckpoints(model: GraphModel, declared: readonly CheckpointModel[]): CheckpointModel[] {
  const known = new Set(declared.filter((c) => c.namespace === model.namespace).map((c) => c.name));
  const names = [...new Set(checkpointRefsOf(model).map((r) => r.name))].filter((n) => !known.has(n));
  return names.map((name) => ({ name, namespace: model.namespace, labels: {}, annotations: {}, job: {}, source: {} }));
}

/**
 * The synth-time render's problems; without any, each object takes its synth-time content in place
 * (the construct's ApiObjects hold these very objects).
 */
function restoreAtSynth(objects: KubeObject[], final: RenderedManifest): string[] {
  const errors = errorsOf(final.problems).map((p) => problemLine(p));
  if (errors.length > 0) return errors;
  const byKey = new Map(final.objects.map((o) => [objectKey(o), o]));
  for (const o of objects) {
    const next = byKey.get(objectKey(o));
    if (!next || JSON.stringify(next.metadata) !== JSON.stringify(o.metadata))
      return [
        `${o.kind} "${o.metadata.name}" changed its identity when the checkpoints resolved at synth (a bug in dynamo-iac)`,
      ];
    for (const field of Object.keys(o)) if (!(field in next)) delete o[field];
    Object.assign(o, next);
  }
  return [];
}

const noMore = (): string[] => [];

/** cdk8s may validate more than once per synth: the synth-time render runs once. */
function once<T>(f: () => T): () => T {
  let done: { value: T } | undefined;
  return () => (done ??= { value: f() }).value;
}
