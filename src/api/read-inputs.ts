/**
 * Reading manifest files by name (the CLI's FILE arguments): files and `-` (stdin). A file that cannot be read
 * is a problem of that file, like a YAML error, so every input is still checked
 * and all problems are reported in one run.
 */
import { MAX_MANIFEST_BYTES } from './parse';
import { SourcedProblem } from './problems';
import { ManifestInput } from './parse';
import { decodeText, IS_A_DIRECTORY, readBoundedFile, tooLarge } from './text-file';

export const STDIN = '-';

export interface ReadInputs {
  readonly inputs: ManifestInput[];
  readonly problems: SourcedProblem[];
}

/** `stdin` is read only for `-`: `process.stdin` is made on first use, and making it loads Node's streams. */
export async function readInputs(
  files: readonly string[],
  stdin: () => NodeJS.ReadableStream = () => process.stdin,
): Promise<ReadInputs> {
  const inputs: ManifestInput[] = [];
  const problems: SourcedProblem[] = [];
  const fail = (source: string, message: string) => problems.push({ source, path: '', message, severity: 'error' });
  // stdin can be read once; a second `-` would silently read nothing.
  if (files.filter((f) => f === STDIN).length > 1) fail(STDIN, 'stdin (-) can be given only once');
  for (const file of new Set(files)) {
    try {
      const bytes = file === STDIN ? await readStream(stdin()) : readBoundedFile(file);
      inputs.push({ source: file, text: decodeText(bytes) });
    } catch (e) {
      const message = (e as Error).message;
      fail(
        file,
        message === IS_A_DIRECTORY
          ? `${message}; pass the manifest files in it instead (e.g. ${file.replace(/\/$/, '')}/*.yaml)`
          : message,
      );
    }
  }
  return { inputs, problems };
}

/** Stops at the size limit instead of buffering an unbounded stream. */
async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += b.length;
    if (size > MAX_MANIFEST_BYTES) throw new Error(tooLarge(MAX_MANIFEST_BYTES, MAX_MANIFEST_BYTES, 'more than '));
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}
