/**
 * Writing a GitOps layout into a repository directory that holds other things too.
 *
 * - Only the layer directories the layout names (`crds/`, `platform/`, `graphs/`, `flux/`)
 *   are touched; nothing else under DIR is read, written or deleted.
 * - A layer directory that exists but was not written by dynamo-iac (its kustomization.yaml
 *   lacks our marker) is refused unless `force`.
 * - Each changed layer is built in a temporary sibling and renamed into place, so a layer is
 *   never seen half-written. Unchanged files are hard-linked into it: same inode, same mtime,
 *   so re-rendering an unchanged graph changes no file at all, and a layer with no change is
 *   not touched.
 * - `.yaml` files the layout no longer has are removed (that is what Flux then prunes);
 *   other files in a layer directory (a README, a `.sourceignore`) are kept.
 */
import * as fs from 'fs';
import * as path from 'path';
import { swapInto } from '../output/swap-dir';
import { GENERATED_MARKER, GitOpsLayout, GitOpsLayoutError, KUSTOMIZATION_FILE, LayerName } from './layout';

export interface WriteLayoutOptions {
  /** Take over layer directories that dynamo-iac did not write. @default false */
  readonly force?: boolean;
}

export interface WriteLayoutResult {
  /** Files created or changed, relative to DIR, sorted. */
  readonly written: string[];
  /** Files removed because the layout no longer has them, sorted. */
  readonly removed: string[];
  /** Files left exactly as they were. */
  readonly unchanged: number;
}

/** A layer directory that is not ours; the CLI reports it as a usage error. */
export class NotOurDirectoryError extends GitOpsLayoutError {}

export function writeGitOpsLayout(
  layout: GitOpsLayout,
  dir: string,
  options: WriteLayoutOptions = {},
): WriteLayoutResult {
  const root = path.resolve(dir);
  if (fs.existsSync(root) && !fs.statSync(root).isDirectory())
    throw new NotOurDirectoryError(`${dir}: exists and is not a directory`);
  const byLayer = new Map<LayerName, Map<string, string>>(layout.layers.map((l) => [l, new Map()]));
  for (const f of layout.files) {
    const [layer, ...rest] = f.path.split('/');
    byLayer.get(layer as LayerName)!.set(rest.join('/'), f.content);
  }
  // Every check before the first write.
  for (const layer of layout.layers) checkOwnership(root, dir, layer, options.force ?? false);

  const result = { written: [] as string[], removed: [] as string[], unchanged: 0 };
  fs.mkdirSync(root, { recursive: true });
  for (const [layer, files] of byLayer) {
    const r = writeLayer(path.join(root, layer), files);
    result.written.push(...r.written.map((f) => `${layer}/${f}`));
    result.removed.push(...r.removed.map((f) => `${layer}/${f}`));
    result.unchanged += r.unchanged;
  }
  result.written.sort();
  result.removed.sort();
  return result;
}

function checkOwnership(root: string, dir: string, layer: string, force: boolean): void {
  const layerDir = path.join(root, layer);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(layerDir);
  } catch {
    return;
  }
  const shown = path.join(dir, layer);
  if (!stat.isDirectory()) throw new NotOurDirectoryError(`${shown}: exists and is not a directory`);
  if (force || fs.readdirSync(layerDir).length === 0) return;
  let first = '';
  try {
    first = fs.readFileSync(path.join(layerDir, KUSTOMIZATION_FILE), 'utf8').split('\n', 1)[0];
  } catch {
    // no kustomization.yaml: not ours
  }
  if (first !== GENERATED_MARKER) {
    throw new NotOurDirectoryError(
      `${shown}: exists and was not written by dynamo-iac (no generated ${KUSTOMIZATION_FILE}); pass --force to replace it`,
    );
  }
}

interface LayerResult {
  written: string[];
  removed: string[];
  unchanged: number;
}

function writeLayer(layerDir: string, files: Map<string, string>): LayerResult {
  const existing = listFiles(layerDir);
  const written = [...files]
    .filter(([f, content]) => !existing.has(f) || !sameContent(path.join(layerDir, f), content))
    .map(([f]) => f);
  const removed = [...existing].filter((f) => !files.has(f) && isYaml(f));
  const unchanged = files.size - written.length;
  if (written.length === 0 && removed.length === 0) return { written, removed, unchanged };

  const parent = path.dirname(layerDir);
  const staging = fs.mkdtempSync(path.join(parent, `.${path.basename(layerDir)}.tmp-`));
  try {
    const changed = new Set(written);
    for (const [f, content] of files) {
      const target = path.join(staging, f);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (changed.has(f)) fs.writeFileSync(target, content);
      else keep(path.join(layerDir, f), target);
    }
    // The user's own non-YAML files stay where they were.
    for (const f of existing) {
      if (files.has(f) || isYaml(f)) continue;
      fs.mkdirSync(path.dirname(path.join(staging, f)), { recursive: true });
      keep(path.join(layerDir, f), path.join(staging, f));
    }
    swapInto(staging, layerDir, existing.size > 0 || fs.existsSync(layerDir));
  } catch (e) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new GitOpsLayoutError(`${layerDir}: cannot write: ${(e as Error).message}`);
  }
  return { written, removed, unchanged };
}

/** A hard link keeps inode and mtime; where links are not allowed, a copy with the same times. */
function keep(from: string, to: string): void {
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
    const s = fs.statSync(from);
    fs.utimesSync(to, s.atime, s.mtime);
  }
}

function sameContent(file: string, content: string): boolean {
  try {
    return fs.readFileSync(file, 'utf8') === content;
  } catch {
    return false;
  }
}

const isYaml = (f: string) => /\.ya?ml$/.test(f);

/** Regular files under dir, relative, `/`-separated; empty when dir does not exist. */
function listFiles(dir: string): Set<string> {
  if (!fs.existsSync(dir)) return new Set();
  const out = new Set<string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.add(path.relative(dir, full).split(path.sep).join('/'));
  }
  return out;
}
