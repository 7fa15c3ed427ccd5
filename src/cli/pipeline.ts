/**
 * What `render` and `validate` share: settings file, inputs, then the same
 * manifest pipeline the cdk8s adopters use. `validate` renders too (and throws
 * the objects away), so it fails exactly when `render` would.
 */
import { KubeObject } from '../api/k8s-types';
import { SourcedProblem, ValidationError } from '../api/problems';
import { resolveSettings } from '../api/settings';
import type { GraphWithObjects } from '../render';
import { renderManifests } from '../pipeline/manifests';
import { DEFAULT_LOCK_FILE } from '../plan/lock';
import { readPlanLock } from '../plan/lock-file';
import { readInputs } from './read-inputs';
import { CliError, EXIT_USAGE } from './report';
import { readSettingsFile } from './settings-file';

export interface PipelineOptions {
  readonly namespace?: string;
  readonly settings?: string;
  /** The plan lock DynamoGraphDeploymentRequests render from. @default 'dynamo-plan.lock' */
  readonly lock?: string;
  /** commander's `--no-graph-record` sets this to false. */
  readonly graphRecord?: boolean;
}

export interface PipelineResult {
  /** Empty when any problem is an error. */
  readonly objects: KubeObject[];
  readonly problems: SourcedProblem[];
  /** Each graph with its own objects, what the GitOps layout splits by; set on success only. */
  readonly graphs?: GraphWithObjects[];
}

const NAMESPACE = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export async function runPipeline(files: readonly string[], options: PipelineOptions): Promise<PipelineResult> {
  if (options.namespace !== undefined && !NAMESPACE.test(options.namespace)) {
    throw new CliError(
      `--namespace: ${JSON.stringify(options.namespace)} is not a valid namespace name (lowercase letters, digits and '-', at most 63 characters)`,
      EXIT_USAGE,
    );
  }
  // Graph problems depend on the settings (e.g. lwsAvailable), so bad settings stop here.
  const settingsFile =
    options.settings === undefined ? { settings: {}, problems: [] } : readSettingsFile(options.settings);
  if (!settingsFile.settings) return { objects: [], problems: settingsFile.problems };

  const read = await readInputs(files);
  const plans = readPlanLock(options.lock ?? DEFAULT_LOCK_FILE);
  if ('problem' in plans) return { objects: [], problems: [...read.problems, plans.problem] };
  const renderOptions = { defaultNamespace: options.namespace, includeGraphRecord: options.graphRecord ?? true, plans };
  const settings = resolveSettings(settingsFile.settings);
  let rendered;
  try {
    rendered = renderManifests(read.inputs, settings, renderOptions);
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    // Conflicts between graphs are found after loading, without a single source to blame.
    const source = read.inputs.map((i) => i.source).join(', ');
    return { objects: [], problems: [...read.problems, ...e.problems.map((p) => ({ ...p, source }))] };
  }
  const problems = [...read.problems, ...rendered.problems];
  const failed = problems.some((p) => (p.severity ?? 'error') === 'error');
  if (failed) return { objects: [], problems };
  return { objects: rendered.objects, problems, graphs: rendered.graphs ?? [] };
}
