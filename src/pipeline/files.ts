/**
 * From files to rendered objects: the plan lock, the settings file and the inputs, then the
 * manifest pipeline the cdk8s adopters use. What `render`, `validate` and `gitops` run; the
 * options are named for this step, and the CLI maps its flags onto them (src/cli/pipeline.ts).
 */
import { KubeObject } from '../api/k8s-types';
import { SourcedProblem, ValidationError } from '../api/problems';
import { ReadInputs, readInputs } from '../api/read-inputs';
import { DynamoVersion, PlatformSettings, resolveSettings } from '../api/settings';
import { readSettingsFile } from '../api/settings-file';
import { DEFAULT_LOCK_FILE } from '../plan/lock';
import { readPlanLock } from '../plan/lock-file';
import type { GraphWithObjects } from '../render';
import { renderManifests } from './manifests';

export interface RenderFilesOptions {
  /** Namespace for inputs without one. @default 'default' */
  readonly defaultNamespace?: string;
  /** PlatformSettings, YAML or JSON; some rules depend on them. @default - every setting's default */
  readonly settingsFile?: string;
  /** The Dynamo release to render as, over the settings file's `dynamoVersion`. @default - the settings' */
  readonly dynamoVersion?: DynamoVersion;
  /** The plan lock DynamoGraphDeploymentRequests render from. @default 'dynamo-plan.lock' */
  readonly lockFile?: string;
  /** Render the DynamoGraphDeployment / DynamoComponentDeployment records. @default true */
  readonly includeGraphRecord?: boolean;
  /** Refuse documents that are not Dynamo kinds instead of passing them through. @default false */
  readonly onlyDynamoKinds?: boolean;
  /** Read the subdirectories of a directory input too, as `kubectl apply -R -f DIR`. @default false */
  readonly recursive?: boolean;
}

export interface RenderedFiles {
  /** Empty when any problem is an error. */
  readonly objects: KubeObject[];
  readonly problems: SourcedProblem[];
  /** Each graph with its own objects, what the GitOps layout splits by; set on success only. */
  readonly graphs?: GraphWithObjects[];
  /** The objects of other kinds among `objects`, passed through; set on success only. */
  readonly passedThrough?: KubeObject[];
  /** The Dynamo release the graphs rendered for (settings and flag); set on success only. */
  readonly release?: DynamoVersion;
}

/** Renders every file (`-` is stdin, a directory its manifest files); `validate` renders too, so it fails exactly when `render` would. */
export async function renderFiles(files: readonly string[], options: RenderFilesOptions = {}): Promise<RenderedFiles> {
  // Graph problems depend on the settings (e.g. lwsAvailable), so bad settings stop here.
  const settingsFile = readSettingsFile(options.settingsFile);
  if (!settingsFile.settings) return { objects: [], problems: settingsFile.problems };
  return renderInputs(
    await readInputs(files, () => process.stdin, { recursive: options.recursive }),
    options.dynamoVersion === undefined
      ? settingsFile.settings
      : { ...settingsFile.settings, dynamoVersion: options.dynamoVersion },
    options,
  );
}

/**
 * Renders inputs already read (the KRM function's items) with settings already checked; the plan
 * lock is read here. What renderFiles runs once it has read its files.
 */
export function renderInputs(
  read: ReadInputs,
  platformSettings: PlatformSettings,
  options: RenderFilesOptions = {},
): RenderedFiles {
  const plans = readPlanLock(options.lockFile ?? DEFAULT_LOCK_FILE);
  if ('problem' in plans) return { objects: [], problems: [...read.problems, plans.problem] };
  const renderOptions = {
    defaultNamespace: options.defaultNamespace,
    includeGraphRecord: options.includeGraphRecord ?? true,
    onlyDynamoKinds: options.onlyDynamoKinds,
    plans,
  };
  const settings = resolveSettings(platformSettings);
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
  return {
    objects: rendered.objects,
    problems,
    graphs: rendered.graphs ?? [],
    passedThrough: rendered.passedThrough ?? [],
    release: settings.dynamoVersion,
  };
}
