/**
 * A PlatformSettings file (the CLI's `--settings FILE`), YAML or JSON, checked field by field
 * so a typo or a wrong type is reported at its path instead of silently ignored.
 */
import { parseManifestText } from './parse';
import { readTextFile } from './text-file';
import { PlatformSettings } from './settings';
import { SourcedProblem } from './problems';
import { settingsProblems } from './settings-check';

export interface SettingsFile {
  readonly settings?: PlatformSettings;
  readonly problems: SourcedProblem[];
}

/** The settings of `file`; no file is all defaults, as an empty one is. */
export function readSettingsFile(file: string | undefined): SettingsFile {
  if (file === undefined) return { settings: {}, problems: [] };
  const fail = (path: string, message: string): SettingsFile => ({
    problems: [{ source: file, path, message, severity: 'error' }],
  });
  let text: string;
  try {
    text = readTextFile(file);
  } catch (e) {
    return fail('', (e as Error).message);
  }
  const parsed = parseManifestText(text, file);
  if (parsed.problems.length) return { problems: parsed.problems.map((p) => ({ ...p, source: file })) };
  // An empty file is "all defaults", the same as no file.
  if (parsed.docs.length === 0) return { settings: {}, problems: [] };
  if (parsed.docs.length > 1) return fail('', `expected one settings document, found ${parsed.docs.length}`);
  const found = settingsProblems(parsed.docs[0]);
  if (found.length) return { problems: found.map((p) => ({ ...p, source: file })) };
  return { settings: parsed.docs[0] as PlatformSettings, problems: [] };
}
