/**
 * What both graph constructs do: load a manifest through the same pipeline as
 * the CLI, surface problems through cdk8s validation (construct path + field
 * path), and add the rendered objects to the tree.
 */
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { KubeObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { GraphPlacement } from '../api/placement';
import { errorsOf, problemLine } from '../api/problems';
import { PlatformSettings } from '../api/settings';
import { settingsProblems } from '../api/settings-check';
import { renderManifest } from '../pipeline/render-manifest';
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

export interface RenderedInto {
  readonly model?: GraphModel;
  readonly objects: KubeObject[];
}

export function renderInto(scope: Construct, source: ManifestSource, options: GraphRenderOptions): RenderedInto {
  if (source.manifest === undefined) {
    const early = source.problems.map((p) => problemLine(p));
    scope.node.addValidation({ validate: () => early });
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
  const { model, objects, problems } = renderManifest(source.manifest, settings, {
    ...request,
    defaultNamespace: Chart.of(scope).namespace,
    // Components resolve `checkpointRef` against the DynamoCheckpoint constructs declared before them.
    checkpoints: DynamoCheckpoint.allIn(scope),
  });
  const messages = errorsOf(problems).map((p) => problemLine(p));
  messages.push(...addObjects(scope, objects));
  addWarnings(scope, problems);
  // Reported by `app.synth()` / `cdk8s synth` together with every other construct's problems.
  scope.node.addValidation({ validate: () => messages });
  return { model, objects };
}
