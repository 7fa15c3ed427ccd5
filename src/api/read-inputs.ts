/**
 * Reading manifest files by name (the CLI's FILE arguments): files, directories and `-` (stdin).
 * A directory is read as `kubectl apply -f DIR` reads it (src/api/manifest-dir.ts), each of its
 * files a source of its own, so problems name the file inside it. A file that cannot be read is
 * a problem of that file, like a YAML error, so every input is still checked and all problems
 * are reported in one run.
 */
import * as fs from 'fs';
import * as path from 'path';
import { manifestFiles } from './manifest-dir';
import { MAX_MANIFEST_BYTES } from './parse';
import { SourcedProblem } from './problems';
import { ManifestInput } from './parse';
import { decodeText, readBoundedFile, tooLarge, TooLargeError } from './text-file';

export const STDIN = '-';

export interface ReadInputs {
  readonly inputs: ManifestInput[];
  readonly problems: SourcedProblem[];
}

export interface ReadInputsOptions {
  /** Read the subdirectories of a directory input too (`-R`, as kubectl's). @default false */
  readonly recursive?: boolean;
}

export async function readInputs(
  files: readonly string[],
  stdin: NodeJS.ReadableStream = process.stdin,
  options: ReadInputsOptions = {},
): Promise<ReadInputs> {
  const inputs: ManifestInput[] = [];
  const problems: SourcedProblem[] = [];
  const fail = (source: string, message: string) => problems.push({ source, path: '', message, severity: 'error' });
  const seen = new Set<string>();
  // A file named twice, or in a directory and by itself, is read once: its problems are said once.
  const read = (file: string, limit = MAX_MANIFEST_BYTES) => {
    const key = path.resolve(file);
    if (seen.has(key)) return 0;
    seen.add(key);
    const bytes = readBoundedFile(file, limit);
    inputs.push({ source: file, text: decodeText(bytes) });
    return bytes.length;
  };
  // stdin can be read once; a second `-` would silently read nothing.
  if (files.filter((f) => f === STDIN).length > 1) fail(STDIN, 'stdin (-) can be given only once');
  for (const file of new Set(files)) {
    if (file !== STDIN && isDirectory(file)) {
      readDirectory(file, options.recursive ?? false, read, fail);
      continue;
    }
    try {
      if (file === STDIN) {
        inputs.push({ source: file, text: decodeText(await readStream(stdin)) });
      } else read(file);
    } catch (e) {
      fail(file, (e as Error).message);
    }
  }
  return { inputs, problems };
}

/** The directory's files are bounded together as one file is: a directory is one input. */
function readDirectory(
  dir: string,
  recursive: boolean,
  read: (file: string, limit: number) => number,
  fail: (source: string, message: string) => void,
): void {
  const listed = manifestFiles(dir, recursive);
  if ('problem' in listed) return fail(dir, listed.problem);
  let left = MAX_MANIFEST_BYTES;
  for (const file of listed.files) {
    try {
      left -= read(file, left);
    } catch (e) {
      if (e instanceof TooLargeError && left < MAX_MANIFEST_BYTES) {
        const limit = MAX_MANIFEST_BYTES;
        return fail(
          dir,
          `its manifest files are more than ${limit} bytes together; the limit is ${limit} bytes (${limit / (1024 * 1024)} MiB)`,
        );
      }
      fail(file, (e as Error).message);
    }
  }
}

const isDirectory = (file: string) => {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false; // reading it says why
  }
};

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
