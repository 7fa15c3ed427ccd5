/**
 * Writing a GitOps layout into a repository directory that holds other things too.
 *
 * - Only the layer directories the layout names (`crds/`, `platform/`, `graphs/`, `flux/`)
 *   are touched; nothing else under DIR is read, written or deleted.
 * - A layer directory that exists but was not written by dynamo-iac (its kustomization.yaml
 *   lacks our marker) is refused unless `force`.
 * - Every changed layer is built beside DIR's layers and all are swapped in as one transaction
 *   (src/output/transaction.ts): a layer is never seen half-written, a run killed midway is
 *   finished by the next, and two runs never write DIR at once. Unchanged files are hard-linked
 *   into the new layer: same inode, same mtime, so re-rendering an unchanged graph changes no
 *   file at all, and a layer with no change is not touched.
 * - `.yaml` files the layout no longer has are removed (that is what Flux then prunes); other
 *   files and directories in a layer (a README, a `.sourceignore`) are kept. A symbolic link in
 *   a layer is refused unless `keepSymlinks` (it is then kept as it is, never written through).
 * - A layout may be given as a function of the tree the last run wrote (worker generations,
 *   src/gitops/worker-generations.ts): it is read under the lock, after an interrupted run was
 *   finished, so it is always a whole tree and never one another run is writing.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseManifestText } from '../api/parse';
import { problemLine } from '../api/problems';
import { KubeObject } from '../api/k8s-types';
import { replaceEntries, TransactionError } from '../output/transaction';
import {
  GENERATED_MARKER,
  GitOpsLayout,
  GitOpsLayoutError,
  GitOpsLayoutInput,
  gitOpsLayout,
  isSafeSegment,
  KUSTOMIZATION_FILE,
  LAYERS,
  LayerName,
} from './layout';
import { CarryOptions, carryWorkerGenerations, GraphCarry, type PreviousGraphObjects } from './worker-generations';

export interface WriteLayoutOptions {
  /** Take over layer directories that dynamo-iac did not write. @default false */
  readonly force?: boolean;
  /**
   * Keep the symbolic links found inside a layer as they are (never written through). Without
   * it a layer holding one is refused: a link can point outside DIR. @default false
   */
  readonly keepSymlinks?: boolean;
}

export interface WriteLayoutResult {
  /** Files created or changed, relative to DIR, sorted. */
  readonly written: string[];
  /** Files removed because the layout no longer has them, sorted. */
  readonly removed: string[];
  /** Files left exactly as they were. */
  readonly unchanged: number;
}

/**
 * `input` laid out and written to `dir`, each graph carrying its previous worker generation from
 * what `dir` holds (./worker-generations.ts): how every front end writes a GitOps tree.
 */
export function writeCarryingGenerations(
  input: GitOpsLayoutInput,
  dir: string,
  options: WriteLayoutOptions & CarryOptions = {},
): { readonly result: WriteLayoutResult; readonly graphs: readonly GraphCarry[] } {
  let graphs: readonly GraphCarry[] = [];
  const result = writeGitOpsLayout(
    (previous) => {
      const carried = carryWorkerGenerations(input, previous, { retirePrevious: options.retirePrevious });
      graphs = carried.graphs;
      return gitOpsLayout(carried.input);
    },
    dir,
    { force: options.force, keepSymlinks: options.keepSymlinks },
  );
  return { result, graphs };
}

/** A layer directory that is not ours; the CLI reports it as a usage error. */
export class NotOurDirectoryError extends GitOpsLayoutError {}

/** `DIR/.dynamo-iac.lock` and `DIR/.dynamo-iac.tx/` while a run writes (src/output/transaction.ts). */
export const STATE_NAME = '.dynamo-iac';

/** The layout itself, or how to make it from the graphs the last run wrote. */
export type LayoutSource = GitOpsLayout | ((previous: PreviousGraphObjects) => GitOpsLayout);

export function writeGitOpsLayout(
  source: LayoutSource,
  dir: string,
  options: WriteLayoutOptions = {},
): WriteLayoutResult {
  const root = path.resolve(dir);
  if (fs.existsSync(root) && !fs.statSync(root).isDirectory())
    throw new NotOurDirectoryError(`${dir}: exists and is not a directory`);
  try {
    // Every layer is staged, then all are swapped in together: DIR never holds a new platform/
    // beside an old graphs/ once the run has finished or been cleaned up after.
    return replaceEntries(
      root,
      STATE_NAME,
      dir,
      (building) => {
        const layout = typeof source === 'function' ? source(previousGraphReader(root, dir)) : source;
        // Every check before the first write, and after an interrupted run was rolled forward.
        for (const layer of layout.layers) checkOwnership(root, dir, layer, options.force ?? false);
        const byLayer = new Map<LayerName, Map<string, string>>(layout.layers.map((l) => [l, new Map()]));
        for (const f of layout.files) {
          const [layer, ...rest] = f.path.split('/');
          byLayer.get(layer as LayerName)!.set(rest.join('/'), f.content);
        }
        const result = { written: [] as string[], removed: [] as string[], unchanged: 0 };
        for (const [layer, files] of byLayer) {
          const r = stageLayer(
            path.join(root, layer),
            path.join(building, layer),
            files,
            path.join(dir, layer),
            options.keepSymlinks ?? false,
          );
          // Loops, not push(...list): a spread of 100,000+ files overflows the stack.
          for (const f of r.written) result.written.push(`${layer}/${f}`);
          for (const f of r.removed) result.removed.push(`${layer}/${f}`);
          result.unchanged += r.unchanged;
        }
        result.written.sort();
        result.removed.sort();
        return result;
      },
      LAYERS,
    );
  } catch (e) {
    if (e instanceof TransactionError) throw new GitOpsLayoutError(e.message);
    // Reading DIR can fail too (EACCES, EIO): a message, not a crash.
    if (!(e instanceof GitOpsLayoutError) && (e as NodeJS.ErrnoException).code !== undefined)
      throw new GitOpsLayoutError(`${dir}: cannot write: ${(e as Error).message}`);
    throw e;
  }
}

function checkOwnership(root: string, dir: string, layer: string, force: boolean): void {
  const layerDir = path.join(root, layer);
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(layerDir);
  } catch {
    return;
  }
  const shown = path.join(dir, layer);
  if (stat.isSymbolicLink()) {
    throw new NotOurDirectoryError(
      `${shown}: is a symbolic link; a layer is replaced as a whole, which would replace the link: write to the directory it points to instead`,
    );
  }
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

/**
 * Reads `graphs/<namespace>/<graph>/*.yaml` as the last run wrote them. A graphs layer that is not
 * ours is not read (it is refused or, with force, replaced); a file we cannot read fails the run
 * rather than lose a generation that may still serve.
 */
function previousGraphReader(root: string, dir: string): PreviousGraphObjects {
  const layer = path.join(root, 'graphs');
  let ours = false;
  try {
    ours = fs.readFileSync(path.join(layer, KUSTOMIZATION_FILE), 'utf8').split('\n', 1)[0] === GENERATED_MARKER;
  } catch {
    // no graphs layer yet
  }
  return (namespace, graph) => {
    if (!ours || !isSafeSegment(namespace) || !isSafeSegment(graph)) return [];
    const graphDir = path.join(layer, namespace, graph);
    let names: string[];
    try {
      names = fs.readdirSync(graphDir).filter((f) => isYaml(f) && f !== KUSTOMIZATION_FILE);
    } catch {
      return [];
    }
    const objects: KubeObject[] = [];
    for (const name of names.sort()) {
      const shown = path.join(dir, 'graphs', namespace, graph, name);
      let text: string;
      try {
        if (!fs.lstatSync(path.join(graphDir, name)).isFile()) continue;
        text = fs.readFileSync(path.join(graphDir, name), 'utf8');
      } catch (e) {
        throw new GitOpsLayoutError(`${shown}: cannot read the previous output: ${(e as Error).message}`);
      }
      const parsed = parseManifestText(text, shown);
      if (parsed.problems.length > 0) {
        throw new GitOpsLayoutError(
          `${shown}: cannot read the previous output (a worker generation may be in it): ${parsed.problems.map((p) => problemLine(p)).join('; ')}`,
        );
      }
      for (const d of parsed.docs) if (isKubeObject(d)) objects.push(d);
    }
    return objects;
  };
}

const isKubeObject = (d: unknown): d is KubeObject =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as KubeObject).kind === 'string' &&
  typeof (d as KubeObject).apiVersion === 'string' &&
  typeof (d as KubeObject).metadata?.name === 'string';

interface LayerResult {
  written: string[];
  removed: string[];
  unchanged: number;
}

/** Builds the new layer in `staged` when anything in it changes; leaves `staged` absent otherwise. */
function stageLayer(
  layerDir: string,
  staged: string,
  files: Map<string, string>,
  shown: string,
  keepSymlinks: boolean,
): LayerResult {
  const existing = listEntries(layerDir);
  if (existing.links.length > 0 && !keepSymlinks) {
    const listed = existing.links.sort().map((l) => JSON.stringify(l));
    const more = listed.length > 5 ? ` and ${listed.length - 5} more` : '';
    throw new NotOurDirectoryError(
      `${shown}: holds symbolic links (${listed.slice(0, 5).join(', ')}${more}), which can point outside the directory; dynamo-iac neither writes through nor keeps them: remove them, or pass --keep-symlinks to keep them as they are`,
    );
  }
  const links = new Set(existing.links);
  const written = [...files]
    .filter(([f, content]) => !existing.files.has(f) || links.has(f) || !sameContent(path.join(layerDir, f), content))
    .map(([f]) => f);
  // A kept link is the user's, whatever its name: only our stale `.yaml` files go.
  const stale = (f: string) => isYaml(f) && !links.has(f);
  const removed = [...existing.files].filter((f) => !files.has(f) && stale(f));
  const unchanged = files.size - written.length;
  if (written.length === 0 && removed.length === 0 && fs.existsSync(layerDir)) return { written, removed, unchanged };

  try {
    fs.mkdirSync(staged);
    // The user's own empty directories stay (a directory left empty by removed files goes).
    for (const d of existing.emptyDirs) fs.mkdirSync(path.join(staged, d), { recursive: true });
    const changed = new Set(written);
    for (const [f, content] of files) {
      const target = path.join(staged, f);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (changed.has(f)) fs.writeFileSync(target, content);
      else keep(path.join(layerDir, f), target);
    }
    // The user's own non-YAML files and (kept) symbolic links stay where they were.
    for (const f of existing.files) {
      if (files.has(f) || stale(f)) continue;
      fs.mkdirSync(path.dirname(path.join(staged, f)), { recursive: true });
      keep(path.join(layerDir, f), path.join(staged, f));
    }
  } catch (e) {
    throw new GitOpsLayoutError(`${shown}: cannot write: ${(e as Error).message}`);
  }
  return { written, removed, unchanged };
}

/**
 * A hard link keeps inode and mtime (of a symbolic link too: link(2) does not follow it); where
 * links are not allowed, a copy with the same times.
 */
function keep(from: string, to: string): void {
  try {
    fs.linkSync(from, to);
  } catch {
    if (fs.lstatSync(from).isSymbolicLink()) {
      fs.symlinkSync(fs.readlinkSync(from), to);
      return;
    }
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

/**
 * Regular files and symbolic links under dir (relative, `/`-separated; the links also on their
 * own), and its empty directories; nothing when dir does not exist.
 */
function listEntries(dir: string): { files: Set<string>; emptyDirs: string[]; links: string[] } {
  const files = new Set<string>();
  const emptyDirs: string[] = [];
  const links: string[] = [];
  if (!fs.existsSync(dir)) return { files, emptyDirs, links };
  // By hand: readdir's `recursive` descends into linked directories, which are outside DIR.
  const walk = (rel: string) => {
    const entries = fs.readdirSync(path.join(dir, rel), { withFileTypes: true });
    if (entries.length === 0 && rel !== '') emptyDirs.push(rel);
    for (const entry of entries) {
      const r = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(r);
      else if (entry.isFile() || entry.isSymbolicLink()) {
        files.add(r);
        if (entry.isSymbolicLink()) links.push(r);
      }
    }
  };
  walk('');
  return { files, emptyDirs, links };
}
