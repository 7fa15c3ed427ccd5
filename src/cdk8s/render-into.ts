/**
 * What both graph constructs do: load a manifest through the same pipeline as
 * the CLI, surface problems through cdk8s validation (construct path + field
 * path), and add the rendered objects to the tree.
 */
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { loadGraph, validateGraph } from '../api';
import { KubeObject } from '../api/k8s-types';
import { GraphModel, Orchestrator } from '../api/model';
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
  /**
   * What renders multinode components: `lws` (a LeaderWorkerSet and Volcano PodGroup per replica,
   * Deployments for the rest) or `grove` (one PodCliqueSet for the whole graph).
   * @default - upstream's rule: `grove` when the platform settings have `groveAvailable` and the
   * graph's `nvidia.com/enable-grove` annotation is not "false", else `lws`
   */
  readonly orchestrator?: Orchestrator;
  /**
   * LWS path: gang-schedule each multinode group with a Volcano PodGroup (`schedulerName: volcano`).
   * @default true
   */
  readonly gangScheduling?: boolean;
  /**
   * Grove path: run pods under kai-scheduler, labelled with the queue named by the
   * `nvidia.com/kai-scheduler-queue` annotation.
   * @default false
   */
  readonly kaiScheduler?: boolean;
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
  const model = loaded.model && withPlacement(loaded.model, options);
  const problems: Problem[] = [...loaded.problems];
  if (model) problems.push(...validateGraph(model, settings));
  const errors = errorsOf(problems);
  const messages = errors.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
  let objects: KubeObject[] = [];
  if (model && errors.length === 0) {
    objects = renderGraph(model, settings, { includeGraphRecord: options.includeGraphRecord });
    messages.push(...addObjects(scope, objects));
  }
  for (const w of problems.filter((p) => p.severity === 'warning')) {
    scope.node.addMetadata('dynamo-iac:warning', `${w.path}: ${w.message}`);
  }
  // Reported by `app.synth()` / `cdk8s synth` together with every other construct's problems.
  scope.node.addValidation({ validate: () => messages });
  return { model, objects };
}

/** The placement props are explicit choices on the model; unset props leave upstream's rules in charge. */
function withPlacement(model: GraphModel, options: GraphRenderOptions): GraphModel {
  const { orchestrator, gangScheduling, kaiScheduler } = options;
  return {
    ...model,
    ...(orchestrator === undefined ? {} : { orchestrator }),
    ...(gangScheduling === undefined ? {} : { gangScheduling }),
    ...(kaiScheduler === undefined ? {} : { kaiScheduler }),
  };
}
