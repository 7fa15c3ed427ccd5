/**
 * What both graph constructs do: load a manifest through the same pipeline as
 * the CLI, surface problems through cdk8s validation (construct path + field
 * path), and add the rendered objects to the tree.
 */
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { loadGraph, validateGraph } from '../api';
import { KubeObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { errorsOf, Problem } from '../api/problems';
import { PlatformSettings } from '../api/settings';
import { renderGraph } from '../render';
import { ManifestSource } from './manifest-source';
import { addObjects } from './object-registry';
import { platformSettingsOf } from './settings';

export interface GraphRenderOptions {
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

export interface RenderedInto {
  readonly model?: GraphModel;
  readonly objects: KubeObject[];
}

export function renderInto(scope: Construct, source: ManifestSource, options: GraphRenderOptions): RenderedInto {
  if (source.manifest === undefined) {
    const early = source.problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
    scope.node.addValidation({ validate: () => early });
    return { objects: [] };
  }
  const manifest = source.manifest;
  const settings = platformSettingsOf(scope, options.settings);
  const defaultNamespace = Chart.of(scope).namespace;
  const loaded = loadGraph(manifest, { defaultNamespace });
  const problems: Problem[] = [...loaded.problems];
  if (loaded.model) problems.push(...validateGraph(loaded.model, settings));
  const errors = errorsOf(problems);
  const messages = errors.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
  let objects: KubeObject[] = [];
  if (loaded.model && errors.length === 0) {
    objects = renderGraph(loaded.model, settings, { includeGraphRecord: options.includeGraphRecord });
    messages.push(...addObjects(scope, objects));
  }
  for (const w of problems.filter((p) => p.severity === 'warning')) {
    scope.node.addMetadata('dynamo-iac:warning', `${w.path}: ${w.message}`);
  }
  // Reported by `app.synth()` / `cdk8s synth` together with every other construct's problems.
  scope.node.addValidation({ validate: () => messages });
  return { model: loaded.model, objects };
}
