/**
 * The flags `render`, `validate` and `gitops` share, mapped onto the options of the step they
 * run (src/pipeline/files.ts); a bad flag value is a usage error here, before anything is read.
 */
import type { RenderFilesOptions } from '../pipeline/files';
import { CliError, EXIT_USAGE } from './report';

export interface PipelineFlags {
  readonly namespace?: string;
  readonly settings?: string;
  readonly lock?: string;
  /** commander's `--no-graph-record` sets this to false. */
  readonly graphRecord?: boolean;
  readonly onlyDynamo?: boolean;
}

const NAMESPACE = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export function renderFilesOptions(flags: PipelineFlags): RenderFilesOptions {
  if (flags.namespace !== undefined && !NAMESPACE.test(flags.namespace)) {
    throw new CliError(
      `--namespace: ${JSON.stringify(flags.namespace)} is not a valid namespace name (lowercase letters, digits and '-', at most 63 characters)`,
      EXIT_USAGE,
    );
  }
  return {
    defaultNamespace: flags.namespace,
    settingsFile: flags.settings,
    lockFile: flags.lock,
    includeGraphRecord: flags.graphRecord,
    onlyDynamoKinds: flags.onlyDynamo,
  };
}
