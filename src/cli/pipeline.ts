/**
 * The flags `render`, `validate` and `gitops` share, mapped onto the options of the step they
 * run (src/pipeline/files.ts); a bad flag value is a usage error here, before anything is read.
 */
import { DynamoVersion } from '../api/settings';
import { dynamoVersionProblem } from '../api/settings-check';
import type { RenderFilesOptions } from '../pipeline/files';
import { CliError, EXIT_USAGE } from './report';

export interface PipelineFlags {
  readonly namespace?: string;
  readonly settings?: string;
  readonly dynamoVersion?: DynamoVersion;
  readonly lock?: string;
  /** commander's `--no-graph-record` sets this to false. */
  readonly graphRecord?: boolean;
  readonly onlyDynamo?: boolean;
  readonly recursive?: boolean;
}

const NAMESPACE = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** What is wrong with a default namespace given as an option; undefined when it is a valid name. */
export function namespaceProblem(namespace: string): string | undefined {
  if (NAMESPACE.test(namespace)) return undefined;
  return `${JSON.stringify(namespace)} is not a valid namespace name (lowercase letters, digits and '-', at most 63 characters)`;
}

/** `--dynamo-version` as given, or a usage error naming the releases. */
export function dynamoVersionFlag(value: string | undefined): DynamoVersion | undefined {
  const problem = dynamoVersionProblem(value);
  if (problem !== undefined) throw new CliError(`--dynamo-version: ${problem}`, EXIT_USAGE);
  return value as DynamoVersion | undefined;
}

export function renderFilesOptions(flags: PipelineFlags): RenderFilesOptions {
  const invalid = flags.namespace === undefined ? undefined : namespaceProblem(flags.namespace);
  if (invalid !== undefined) throw new CliError(`--namespace: ${invalid}`, EXIT_USAGE);
  dynamoVersionFlag(flags.dynamoVersion);
  return {
    defaultNamespace: flags.namespace,
    settingsFile: flags.settings,
    dynamoVersion: flags.dynamoVersion,
    lockFile: flags.lock,
    includeGraphRecord: flags.graphRecord,
    onlyDynamoKinds: flags.onlyDynamo,
    recursive: flags.recursive,
  };
}
