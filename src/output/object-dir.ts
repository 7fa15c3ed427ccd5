/**
 * Rendered objects as one file per object under a directory that appears all at once or not at
 * all (`dynamo-iac render -o DIR`). Its errors are messages for the user; the CLI gives them
 * their exit code.
 */
import * as fs from 'fs';
import * as path from 'path';
import { KubeObject } from './kube-object';
import { replaceEntries, TransactionError } from './transaction';
import { toYaml } from './yaml';

/** The directory cannot be written, or an object cannot be named as a file. */
export class OutputDirError extends Error {}

/** The directory is not one to replace (not empty without `force`, or holding what must stay): choose another. */
export class RefusedDirError extends OutputDirError {}

/** Directory for objects without `metadata.namespace`; `_` cannot start a namespace name. */
export const NO_NAMESPACE_DIR = '_cluster';

/** Namespaces, kinds and names are DNS-style; anything else could escape DIR. */
const SAFE_SEGMENT = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/** `<namespace>/<kind>-<name>.yaml`, relative to the output directory. */
export function objectFileName(o: KubeObject): string {
  const dir = o.metadata.namespace ?? NO_NAMESPACE_DIR;
  const file = `${o.kind.toLowerCase()}-${o.metadata.name}`;
  for (const segment of [o.metadata.namespace ?? 'x', o.kind.toLowerCase(), o.metadata.name]) {
    if (!SAFE_SEGMENT.test(segment) || segment.includes('..')) {
      throw new OutputDirError(
        `cannot name a file for ${o.kind} ${JSON.stringify(o.metadata.name)}: ${JSON.stringify(segment)} is not a DNS-style name`,
      );
    }
  }
  return path.join(dir, `${file}.yaml`);
}

export interface WriteDirOptions {
  /** Replace a DIR that already holds files (all of them written by dynamo-iac). */
  readonly force?: boolean;
  /** The files read for this run; DIR must not hold any of them. */
  readonly inputs?: readonly string[];
  /** The directories among `inputs` are read with their subdirectories (`-R`): DIR must not be in one. */
  readonly inputsRecursive?: boolean;
}

/**
 * Writes every object into a directory built beside `dir` and swapped in as one transaction
 * (src/output/transaction.ts), so a failure never leaves a half-written `dir` behind. An
 * existing non-empty `dir` is refused unless `force`, which replaces it as a whole; and even
 * then only when every file in it is one dynamo-iac writes: nothing else is ever deleted.
 * Returns the number of files written.
 */
export function writeObjectsToDir(objects: readonly KubeObject[], dir: string, options: WriteDirOptions = {}): number {
  const files = new Map<string, string>();
  for (const o of objects) {
    const file = objectFileName(o);
    // Kinds from different API groups with one name would overwrite each other.
    if (files.has(file)) throw new OutputDirError(`two objects would be written to ${file}`);
    files.set(file, toYaml(o));
  }
  const target = linkTarget(dir);
  refuseReplacing(dir, [target], options.inputs ?? [], options.inputsRecursive);
  const base = path.basename(target);
  try {
    replaceEntries(
      path.dirname(target),
      `.${base}.dynamo-iac`,
      dir,
      (building) => {
        // After the lock: a run killed midway has been rolled forward by now.
        const existing = inspectDir(dir);
        if (existing === 'not-empty') {
          if (!options.force) throw new RefusedDirError(`${dir}: directory is not empty; pass --force to replace it`);
          refuseForeignFiles(dir);
        }
        const staged = path.join(building, base);
        for (const [file, text] of files) {
          fs.mkdirSync(path.join(staged, path.dirname(file)), { recursive: true });
          fs.writeFileSync(path.join(staged, file), text);
        }
        if (files.size === 0) fs.mkdirSync(staged);
      },
      [base],
    );
  } catch (e) {
    if (e instanceof OutputDirError) throw e;
    if (e instanceof TransactionError) throw new OutputDirError(e.message);
    throw new OutputDirError(`${dir}: cannot write: ${(e as Error).message}`);
  }
  return files.size;
}

/**
 * DIR itself, or what it points to when it is a symbolic link: the directory is replaced, the
 * link is kept.
 */
function linkTarget(dir: string): string {
  let link: string;
  try {
    link = fs.readlinkSync(dir);
  } catch {
    return path.resolve(dir);
  }
  try {
    return fs.realpathSync(dir);
  } catch {
    throw new RefusedDirError(`${dir}: is a symbolic link to ${link}, which does not exist`);
  }
}

function inspectDir(dir: string): 'missing' | 'empty' | 'not-empty' {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw new OutputDirError(`${dir}: cannot write: ${(e as Error).message}`);
  }
  if (!stat.isDirectory()) throw new RefusedDirError(`${dir}: exists and is not a directory`);
  return fs.readdirSync(dir).length === 0 ? 'empty' : 'not-empty';
}

/** What `-o` writes: `<namespace>/<kind>-<name>.yaml`, nothing else. */
const OUR_DIR = new RegExp(`^(${NO_NAMESPACE_DIR}|[a-z0-9]([-a-z0-9.]*[a-z0-9])?)$`);
const OUR_FILE = /^[a-z0-9][-a-z0-9.]*\.yaml$/;

/** `--force` replaces only what dynamo-iac wrote; anything else in DIR is listed and kept. */
function refuseForeignFiles(dir: string): void {
  const foreign: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !OUR_DIR.test(entry.name)) {
      foreign.push(entry.name);
      continue;
    }
    for (const inner of fs.readdirSync(path.join(dir, entry.name), { withFileTypes: true })) {
      if (!inner.isFile() || !OUR_FILE.test(inner.name)) foreign.push(`${entry.name}/${inner.name}`);
    }
  }
  if (foreign.length === 0) return;
  foreign.sort();
  const shown = foreign.slice(0, 5).map((f) => JSON.stringify(f));
  const more = foreign.length > 5 ? ` and ${foreign.length - 5} more` : '';
  throw new RefusedDirError(
    `${dir}: holds files dynamo-iac did not write (${shown.join(', ')}${more}); --force replaces only a directory dynamo-iac wrote: remove them or choose another directory`,
  );
}

/**
 * Directories about to be replaced must not hold the working directory, a Git repository or an
 * input: `render -o . --force graph.yaml` in a project must not take the project with it. Nor may
 * they be inside an input directory read with its subdirectories: the next run would read the
 * output as input.
 */
export function refuseReplacing(
  shown: string,
  dirs: readonly string[],
  inputs: readonly string[],
  inputsRecursive = false,
): void {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  const inside = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
  for (const d of dirs.map(real)) {
    if (inside(real(process.cwd()), d)) {
      throw new RefusedDirError(`${shown}: holds the working directory; write somewhere else`);
    }
    if (fs.existsSync(path.join(d, '.git'))) {
      throw new RefusedDirError(`${shown}: holds a Git repository (.git); write somewhere else`);
    }
    const input = inputs.find((f) => f !== '-' && fs.existsSync(f) && inside(real(f), d));
    if (input !== undefined) {
      throw new RefusedDirError(`${shown}: holds the input ${input}; write somewhere else`);
    }
    const reading = inputsRecursive ? inputs.find((f) => f !== '-' && isDirectory(f) && inside(d, real(f))) : undefined;
    if (reading !== undefined) {
      throw new RefusedDirError(
        `${shown}: is inside the input directory ${reading}, read with -R; write somewhere else`,
      );
    }
  }
}

const isDirectory = (p: string) => {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
};
