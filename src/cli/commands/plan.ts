/** What `dynamo-iac plan` does (its options and help are a row of ../commands.ts). */
import * as path from 'path';
import { resolveSettings } from '../../api/settings';
import { readSettingsFile } from '../../api/settings-file';
import { SearchToolError } from '../../plan/aiconfigurator/install';
import { PLAN_ARTIFACT_DIR } from '../../plan/lock-names';
import { planRequests } from '../../pipeline/plan-requests';
import { stderrProgress } from '../../plan/progress';
import { readInputs } from '../../api/read-inputs';
import { CliError, EXIT_INVALID, EXIT_OK, oneLine, reportProblems } from '../report';
import { writeStderr } from '../stdio';

export interface PlanCommandOptions {
  readonly lock: string;
  readonly refresh?: boolean;
  readonly import?: string[];
  readonly namespace?: string;
  readonly settings?: string;
}

export async function run(files: string[], options: PlanCommandOptions): Promise<number> {
  const settingsFile = readSettingsFile(options.settings);
  if (!settingsFile.settings) return reportProblems(settingsFile.problems);
  const read = await readInputs(files);
  const imports = await readInputs(options.import ?? []);
  const readProblems = [...read.problems, ...imports.problems];
  if (readProblems.length) return reportProblems(readProblems);
  let result;
  try {
    result = await planRequests(read.inputs, {
      lockFile: options.lock,
      refresh: options.refresh,
      imports: imports.inputs,
      defaultNamespace: options.namespace,
      settings: resolveSettings(settingsFile.settings),
      progress: stderrProgress(),
    });
  } catch (e) {
    // The tool missing, not installable or crashing: one message, nothing written.
    if (e instanceof SearchToolError)
      throw new CliError(`dynamo-iac plan: ${e.message}\nnothing was written`, EXIT_INVALID);
    throw e;
  }
  const code = reportProblems(result.problems);
  if (code !== EXIT_OK) {
    writeStderr('nothing was written\n');
    return code;
  }
  for (const p of result.planned) writeStderr(`${oneLine(`${p.request}: ${p.status}: ${p.detail}`)}\n`);
  const lockDir = path.dirname(options.lock);
  writeStderr(
    result.written.length
      ? `wrote ${result.written.map((f) => path.relative(lockDir, f) || f).join(', ')}\n`
      : `${options.lock} and ${PLAN_ARTIFACT_DIR}/ are up to date\n`,
  );
  return EXIT_OK;
}
