/**
 * The manifest files of a directory input, chosen as `kubectl apply -f DIR` chooses them: the
 * `.yaml`, `.yml` and `.json` files directly in it (and in its subdirectories with `recursive`),
 * in lexical order, a subdirectory's files at its place in that order.
 */
import * as fs from 'fs';
import * as path from 'path';

export const MANIFEST_EXTENSIONS = ['.yaml', '.yml', '.json'];

/** What a directory holds for the reader: its manifest files, or the one-line reason it holds none. */
export type ManifestDir = { readonly files: string[] } | { readonly problem: string };

/**
 * Hidden entries are skipped (`.git`, an editor's `.swp`, dynamo-iac's own `.<dir>.dynamo-iac.tx`),
 * and so is anything but a regular file: a FIFO would block the read. A symbolic link to a file
 * counts; one to a directory is not followed, so a link cannot make the walk loop.
 */
export function manifestFiles(dir: string, recursive: boolean): ManifestDir {
  let files: string[];
  try {
    files = walk(dir, recursive);
  } catch (e) {
    return { problem: `cannot read: ${(e as Error).message}` };
  }
  if (files.length > 0) return { files };
  const kinds = `${MANIFEST_EXTENSIONS.slice(0, -1).join(', ')} or ${MANIFEST_EXTENSIONS.at(-1)}`;
  const deeper = !recursive && hasSubdirectory(dir) ? ' (-R also reads its subdirectories)' : '';
  return { problem: `is a directory with no ${kinds} files${deeper}` };
}

function walk(dir: string, recursive: boolean): string[] {
  const names = fs
    .readdirSync(dir)
    .filter((n) => !n.startsWith('.'))
    // Byte order, as kubectl's walk sorts: the same on every machine and locale.
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const files: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const entry = fs.lstatSync(file);
    if (entry.isDirectory()) {
      if (recursive) files.push(...walk(file, recursive));
    } else if (MANIFEST_EXTENSIONS.includes(path.extname(name)) && isFile(file)) {
      files.push(file);
    }
  }
  return files;
}

const isFile = (file: string) => {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false; // a dangling link
  }
};

function hasSubdirectory(dir: string): boolean {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).some((e) => e.isDirectory() && !e.name.startsWith('.'));
  } catch {
    return false;
  }
}
