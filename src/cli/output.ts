/**
 * Writing rendered objects: one multi-document YAML stream on stdout, or one file per object
 * under a directory (src/output/object-dir.ts), whose errors become the CLI's exit codes here.
 */
import { DEFAULT_LOCK_FILE } from '../plan/lock-names';
import * as objectDir from '../output/object-dir';
import { toYaml } from '../output/yaml';
import { CliError, EXIT_USAGE } from './report';

/** About 1 MiB: few writes, and the whole stream (~25 MiB for 1,000 graphs) never exists as one string. */
const CHUNK_CHARS = 1 << 20;

/**
 * The multi-document stream of `toYamlStream`, written in chunks as it is produced. Stops once
 * the reader has gone (`dynamo-iac render … | head`).
 */
export function writeYamlStream(objects: readonly unknown[], out: NodeJS.WriteStream = process.stdout): void {
  let chunk = '';
  for (let i = 0; i < objects.length; i++) {
    chunk += i === 0 ? toYaml(objects[i]) : `---\n${toYaml(objects[i])}`;
    if (chunk.length < CHUNK_CHARS) continue;
    if (out.destroyed) return;
    out.write(chunk);
    chunk = '';
  }
  if (chunk && !out.destroyed) out.write(chunk);
}

/** `-o DIR`: returns the number of files written. */
export function writeObjectsToDir(
  objects: Parameters<typeof objectDir.writeObjectsToDir>[0],
  dir: string,
  options: objectDir.WriteDirOptions,
): number {
  return asCliError(() => objectDir.writeObjectsToDir(objects, dir, options));
}

/** See src/output/object-dir.ts: directories about to be replaced that must not be. */
export function refuseReplacing(
  shown: string,
  dirs: readonly string[],
  inputs: readonly string[],
  inputsRecursive?: boolean,
): void {
  asCliError(() => objectDir.refuseReplacing(shown, dirs, inputs, inputsRecursive));
}

/** A directory refused is the user's choice to change (exit 2); one that cannot be written is exit 1. */
function asCliError<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof objectDir.RefusedDirError) throw new CliError(e.message, EXIT_USAGE);
    if (e instanceof objectDir.OutputDirError) throw new CliError(e.message);
    throw e;
  }
}

/** Every file a run reads: its manifests, settings and plan lock. */
export function inputsOf(files: readonly string[], options: { settings?: string; lock?: string }): string[] {
  return [...files, ...(options.settings === undefined ? [] : [options.settings]), options.lock ?? DEFAULT_LOCK_FILE];
}
