/**
 * Upstream Dynamo's own YAML (third_party/dynamo-upstream, read-only): where it is, which files
 * the conformance suite reads, and the substitutions upstream's docs tell a user to make first.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * The upstream tree, found as test/infra/build.sh finds third_party: $DYNAMO_IAC_THIRD_PARTY, else
 * shared/third_party beside the checkout (or above a worktree's parent), else /work/shared/third_party.
 */
export function upstreamRoot(): string {
  const repo = resolve(__dirname, '..', '..');
  const candidates = [
    process.env.DYNAMO_IAC_THIRD_PARTY,
    join(repo, '..', 'shared', 'third_party'),
    join(repo, '..', '..', 'shared', 'third_party'),
    '/work/shared/third_party',
  ].filter((d): d is string => d !== undefined && d !== '');
  for (const dir of candidates) if (existsSync(join(dir, 'dynamo-upstream'))) return join(dir, 'dynamo-upstream');
  throw new Error(`dynamo-upstream not found in any of ${candidates.join(', ')}; set DYNAMO_IAC_THIRD_PARTY`);
}

/** The folder of upstream's controller golden tests, relative to the tree. */
export const GOLDEN_DIR = 'deploy/operator/internal/controller/testdata';

/**
 * Every YAML file a user could apply: examples, samples, fixtures and the golden tests' inputs;
 * not the CRD bases (our CRDs are checked elsewhere) nor the golden outputs (expected objects).
 * Relative paths, sorted.
 */
export function upstreamFiles(root: string): string[] {
  return walk(root)
    .map((f) => relative(root, f))
    .filter((f) => /\.ya?ml$/.test(f))
    .filter((f) => !f.startsWith('deploy/operator/config/crd/'))
    .filter((f) => !(f.startsWith(`${GOLDEN_DIR}/`) && f.endsWith('/output.yaml')))
    .sort();
}

/** The golden cases: `dgd/components`, `dcd/lws`, ... (folders with an input and an output). */
export function goldenCases(root: string): string[] {
  const base = join(root, GOLDEN_DIR);
  return readdirSync(base)
    .flatMap((kind) => readdirSync(join(base, kind)).map((c) => `${kind}/${c}`))
    .filter((c) => existsSync(join(base, c, 'input.yaml')) && existsSync(join(base, c, 'output.yaml')))
    .sort();
}

/** The Dynamo release a user puts in for upstream's `my-tag` placeholder (what our e2e suite runs is 1.6.x; any release tag does). */
export const RELEASE_TAG = '1.7.0';

/**
 * What upstream's instructions tell a user to put in before applying:
 * - `${VAR}` / `$VAR` of files whose header says `envsubst < file | kubectl apply` (global planner
 *   examples), with the values their header suggests; only those names (envsubst would replace
 *   `$PATH` inside shell scripts too, which the files do not intend);
 * - the image tag `my-tag` ("Replace `my-tag` below with the Dynamo release tag you deploy").
 */
export const ENVSUBST: Readonly<Record<string, string>> = {
  K8S_NAMESPACE: 'dynamo',
  DYNAMO_IMAGE: `nvcr.io/nvidia/ai-dynamo/dynamo-frontend:${RELEASE_TAG}`,
  DYNAMO_VLLM_IMAGE: `nvcr.io/nvidia/ai-dynamo/vllm-runtime:${RELEASE_TAG}`,
  STORAGE_CLASS_NAME: 'standard',
  MODEL_NAME: 'Qwen/Qwen3-0.6B',
  MODEL_A: 'meta-llama/Llama-3.1-8B-Instruct',
  MODEL_B: 'Qwen/Qwen3-8B',
  MAX_TOTAL_GPUS: '8',
};

export interface UserText {
  readonly text: string;
  /** The substitutions made, for the report: `envsubst`, `my-tag`. */
  readonly substituted: string[];
}

/** A file's text as a user following upstream's instructions applies it. */
export function asUserApplies(root: string, file: string): UserText {
  let text = readFileSync(join(root, file), 'utf8');
  const substituted: string[] = [];
  if (/^#.*envsubst\s*</m.test(text)) {
    const names = Object.keys(ENVSUBST).join('|');
    text = text.replace(new RegExp(`\\$\\{(${names})\\}|\\$(${names})\\b`, 'g'), (_, a, b) => ENVSUBST[a ?? b]);
    substituted.push('envsubst');
  }
  if (/:my-tag\b/.test(text)) {
    text = text.replace(/:my-tag\b/g, `:${RELEASE_TAG}`);
    substituted.push('my-tag');
  }
  return { text, substituted };
}

/** An upstream file as a user applies it, written to a temporary file (what `fromFile` takes), with its documents. */
export function upstreamExampleFile(rel: string): { file: string; docs: any[] } {
  const { text } = asUserApplies(upstreamRoot(), rel);
  const file = join(mkdtempSync(join(tmpdir(), 'upstream-')), basename(rel));
  writeFileSync(file, text);
  return { file, docs: parseAllDocuments(text).map((d) => d.toJS()) };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
  );
}
