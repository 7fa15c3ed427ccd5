/**
 * Our verdict on a field-fuzz case (the problems the front ends would report), and the objects the
 * renderer makes from the case whatever validation says: what the API server is asked about. A
 * refused case's objects come from the model the loader read, rendered without the validation
 * gate, so the server can say whether it refuses them too.
 */
import { errorsOf, loadGraph, Problem, resolveSettings, ResolvedSettings } from '../../src/api';
import { loadCheckpoint } from '../../src/kinds/checkpoint/load';
import { KubeObject } from '../../src/api/k8s-types';
import { ValidatedGraph } from '../../src/api/validated-graph';
import { buildCheckpointJob, renderCheckpointRecord, renderGraph } from '../../src/render';
import { renderDynamoModel } from '../../src/kinds/model/record';
import { platformOptionProblems } from '../../src/platform/platform-options';
import { platformObjects } from '../../src/platform/platform';
import { renderModelManifest, renderCheckpointManifest, renderManifest } from '../../src/pipeline/render-manifest';
import { FieldCase } from './fuzz-fields';

/**
 * Our rules that are not the server's, on purpose: the server takes the object, but what it would
 * do is not what the user means. Each one is named in docs/hostile-input.md. Shared by the field fuzz and the graph fuzz (fuzz.test.ts).
 */
export const PRODUCT_RULES: readonly [RegExp, string][] = [
  [/^checkpointStorage\.basePath: must be an absolute path/, 'the operator and agent join paths under it'],
  [/^spec\.(modelName|baseModelName): .* is required/, "upstream's DynamoModel rule"],
  [/^spec\.job\.targetContainerName: .*does not name a container/, 'the checkpoint needs its target container'],
  [/^image: must not be empty/, 'an image reference of spaces cannot be pulled'],
  [/^(imagePullSecrets\[\d+\]|checkpointStorage\.pvcName): /, 'names a Secret / PVC, which no object can be named so'],
  [/^spec\.job\.sharedMemory\.size: is required when disabled is false/, "upstream's DynamoCheckpoint rule"],
  [/^spec\.services\[\w+\]\.ingress\.host: is required when ingress is enabled/, "upstream's webhook rule"],
  [
    /^spec\.components\[\d+\]\.scalingAdapter\.\w+: unknown field/,
    'v1beta1 scalingAdapter has no fields: the server prunes them even under strict validation, so they would do nothing',
  ],
  [
    /: duplicate entries for key \[/,
    "upstream's CRD keys podTemplate's core/v1 lists (env by name, ports by containerPort and protocol): applying the graph refuses it; our render merges the main container's env",
  ],
  [
    /\.runtimeVersionOverride: Required value: is required when the specified main container image has no parseable semantic-version tag/,
    "upstream's admission webhook (no CRD rule): a main image without a semantic-version tag needs runtimeVersionOverride",
  ],
  [
    /^spec\.job\.podTemplateSpec\.spec\.restartPolicy: Unsupported value/,
    'an invalid value the Job replaces (Never) is still refused (docs/deviations.md #43)',
  ],
];
export const isProductRule = (problem: string) => PRODUCT_RULES.some(([re]) => re.test(problem));

export const FUZZ_SETTINGS: ResolvedSettings = resolveSettings({ discoveryBackend: 'kubernetes' });

export interface Verdict {
  /** Error-level problems we report. */
  readonly errors: Problem[];
  /** What we render when we accept; what the renderer makes anyway when we refuse (may be empty). */
  readonly objects: KubeObject[];
  /** Set when rendering a refused case threw: nothing to ask the server. */
  readonly unrenderable?: string;
}

/**
 * Our verdict on `c`, its objects placed in namespace `ns`; with `asWritten`, the manifest itself
 * is among the objects asked about.
 */
export function verdictOf(c: FieldCase, ns: string): Verdict {
  const v = renderedVerdict(c, ns);
  return c.asWritten ? { errors: v.errors, objects: [...v.objects, c.input] } : v;
}

function renderedVerdict(c: FieldCase, ns: string): Verdict {
  const input = c.input;
  if (c.kind === 'platform') {
    const opts = { ...input, namespace: ns };
    const errors = errorsOf(platformOptionProblems(opts));
    return { errors, ...anyway(() => platformObjects(opts)) };
  }
  input.metadata = { ...input.metadata, namespace: ns };
  if (c.kind === 'graph') {
    const r = renderManifest(input, FUZZ_SETTINGS);
    const errors = errorsOf(r.problems);
    if (errors.length === 0) return { errors, objects: r.objects };
    // A graph without a name is still checked under a stand-in name; nothing of it is ever rendered.
    if (!(input.metadata as { name?: unknown }).name) return { errors, objects: [], unrenderable: 'no metadata.name' };
    const model = loadGraph(input).model;
    return { errors, ...anyway(() => (model ? renderGraph(model as ValidatedGraph, FUZZ_SETTINGS) : [])) };
  }
  if (c.kind === 'checkpoint') {
    const errors = errorsOf(renderCheckpointManifest(input).problems);
    const model = loadCheckpoint(input).model;
    // The record is ours to render; the Job is what the runtime operator creates from it.
    return {
      errors,
      ...anyway(() =>
        model ? [renderCheckpointRecord(model), buildCheckpointJob(model, FUZZ_SETTINGS.checkpointStorage)] : [],
      ),
    };
  }
  const loaded = renderModelManifest(input);
  const model = loaded.model;
  return { errors: errorsOf(loaded.problems), ...anyway(() => (model ? [renderDynamoModel(model)] : [])) };
}

function anyway(render: () => KubeObject[]): { objects: KubeObject[]; unrenderable?: string } {
  try {
    return { objects: render() };
  } catch (e) {
    return { objects: [], unrenderable: (e as Error).message.split('\n')[0] };
  }
}
