/**
 * Writing rendered objects: one multi-document YAML stream, or one file per
 * object under a directory that appears all at once or not at all.
 */
import * as fs from 'fs';
import * as path from 'path';
import { KubeObject } from '../api/k8s-types';
import { swapInto } from '../output/swap-dir';
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
      throw new CliError(
        `cannot name a file for ${o.kind} ${JSON.stringify(o.metadata.name)}: ${JSON.stringify(segment)} is not a DNS-style name`,
      );
    }
  }
  return path.join(dir, `${file}.yaml`);
}

export interface WriteDirOptions {
  /** Replace a DIR that already holds files. */
  readonly force?: boolean;
}

/**
 * Writes every object into a temporary sibling of `dir` and renames it into
 * place, so a failure never leaves a half-written `dir` behind. An existing
 * non-empty `dir` is refused unless `force`, which replaces it as a whole.
 * Returns the number of files written.
 */
export function writeObjectsToDir(objects: readonly KubeObject[], dir: string, options: WriteDirOptions = {}): number {
  const files = new Map<string, string>();
  for (const o of objects) {
    const file = objectFileName(o);
    // Kinds from different API groups with one name would overwrite each other.
    if (files.has(file)) throw new CliError(`two objects would be written to ${file}`);
    files.set(file, toYaml(o));
  }
  const existing = inspectDir(dir);
  if (existing === 'not-empty' && !options.force) {
    throw new CliError(`${dir}: directory is not empty; pass --force to replace it`, EXIT_USAGE);
  }
  const target = path.resolve(dir);
  let staging: string | undefined;
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    staging = fs.mkdtempSync(path.join(path.dirname(target), `.${path.basename(target)}.tmp-`));
    for (const [file, text] of files) {
      fs.mkdirSync(path.join(staging, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(staging, file), text);
    }
    swapInto(staging, target, existing !== 'missing');
  } catch (e) {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
    throw new CliError(`${dir}: cannot write: ${(e as Error).message}`);
  }
  return files.size;
}

function inspectDir(dir: string): 'missing' | 'empty' | 'not-empty' {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw new CliError(`${dir}: cannot write: ${(e as Error).message}`);
  }
  if (!stat.isDirectory()) throw new CliError(`${dir}: exists and is not a directory`, EXIT_USAGE);
  return fs.readdirSync(dir).length === 0 ? 'empty' : 'not-empty';
}
