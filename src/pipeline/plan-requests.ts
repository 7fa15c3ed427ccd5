/**
 * `dynamo-iac plan`: every DynamoGraphDeploymentRequest of the inputs searched (or imported from
 * a finished profiling Job) and recorded in the lock, with a picture, a table and the generated
 * graph per request next to it. A request whose inputs are in the lock already is not searched
 * again unless asked. All problems of all requests are collected first; on any error nothing is
 * written.
 */
import * as fs from 'fs';
import * as path from 'path';
import { toYamlStream } from '../output/yaml';
import { DGDR_KIND, DeploymentRequestModel } from '../api/input/deployment-request';
import { JsonObject } from '../api/k8s-types';
import { parseManifestText } from '../api/parse';
import { errorsOf, Problem } from '../api/problems';
import { isObject } from '../api/read';
import { ResolvedSettings } from '../api/settings';
import { renderManifest } from './render-manifest';
import { SourcedProblem } from '../api/problems';
import { ManifestInput } from '../api/parse';
import { ensureTool } from '../plan/aiconfigurator/install';
import { runSearch, searchPreflight } from '../plan/aiconfigurator/search';
import { generateGraph, graphName } from '../plan/generate';
import { importProfile, isOutputOf } from '../plan/import-profile';
import { emptyLock, findPlan, PLAN_ARTIFACT_DIR, PlanEntry, PlanLock, serializeLock, withPlans } from '../plan/lock';
import { readPlanLock } from '../plan/lock-file';
import { paretoSvg } from '../plan/pareto-svg';
import { layoutText, planReport } from '../plan/plan-report';
import { Progress } from '../plan/progress';
import { loadRequestDoc } from '../kinds/registry';
import { inputHash, requestKey, SearchInputs, searchInputsOf } from '../plan/search-inputs';

export interface PlanOptions {
  readonly lockFile: string;
  /** Search again even when the lock has the inputs. */
  readonly refresh?: boolean;
  /** Output ConfigMaps of finished profiling Jobs (thorough requests). */
  readonly imports?: readonly ManifestInput[];
  readonly defaultNamespace?: string;
  /** For validating the generated graphs the way render will. */
  readonly settings: ResolvedSettings;
  readonly progress: Progress;
  readonly env?: NodeJS.ProcessEnv;
}

export type PlanStatus = 'searched' | 'up to date' | 'imported' | 'waiting for its profiling Job';

export interface PlanResult {
  readonly problems: SourcedProblem[];
  /** One line per request, for the summary. */
  readonly planned: { readonly request: string; readonly status: PlanStatus; readonly detail: string }[];
  /** Files written (empty on errors). */
  readonly written: string[];
}

interface Found {
  readonly source: string;
  readonly request: DeploymentRequestModel;
  readonly inputs: SearchInputs;
  readonly hash: string;
}

export async function planRequests(inputs: readonly ManifestInput[], opts: PlanOptions): Promise<PlanResult> {
  const problems: SourcedProblem[] = [];
  const add = (source: string, ps: readonly Problem[]) => problems.push(...ps.map((p) => ({ ...p, source })));
  const found: Found[] = [];
  for (const input of inputs) {
    const parsed = parseManifestText(input.text, input.source);
    add(input.source, parsed.problems);
    for (const doc of parsed.docs.filter((d): d is JsonObject => isObject(d) && d.kind === DGDR_KIND)) {
      const loaded = loadRequestDoc(doc, { defaultNamespace: opts.defaultNamespace });
      add(input.source, loaded.problems);
      if (loaded.request && errorsOf(loaded.problems).length === 0) {
        const searchInputs = searchInputsOf(loaded.request);
        found.push({
          source: input.source,
          request: loaded.request,
          inputs: searchInputs,
          hash: inputHash(searchInputs),
        });
      }
    }
  }
  if (inputs.length > 0 && found.length === 0 && errorsOf(problems).length === 0) {
    add(inputs.map((i) => i.source).join(', '), [
      { path: '', message: `no ${DGDR_KIND} in the inputs: nothing to plan`, severity: 'error' },
    ]);
  }
  const read = readPlanLock(opts.lockFile);
  if ('problem' in read) problems.push(read.problem);
  const lock = 'lock' in read ? read.lock : undefined;
  const imports = readImports(opts.imports ?? [], problems);
  if (errorsOf(problems).length) return { problems, planned: [], written: [] };

  const planned: PlanResult['planned'] = [];
  const entries = new Map<string, Omit<PlanEntry, 'requests'>>();
  const toSearch: Found[] = [];
  for (const f of found) {
    const existing = findPlan(lock, f.hash);
    const key = requestKey(f.request);
    if (f.request.spec.searchStrategy === 'thorough') {
      const output = imports.find((i) => isOutputOf(i.doc, f.request));
      if (output) {
        const imported = importProfile(f.request, output.doc);
        add(output.source, imported.problems);
        if (imported.entry) {
          entries.set(f.hash, imported.entry);
          planned.push({
            request: key,
            status: 'imported',
            detail: `from ${output.source}: ${layoutText(imported.entry.chosen.layout)}`,
          });
        }
      } else if (existing) {
        planned.push({ request: key, status: 'up to date', detail: `profiled, ${layoutText(existing.chosen.layout)}` });
      } else {
        planned.push({
          request: key,
          status: 'waiting for its profiling Job',
          detail: `render deploys Job profile-${f.request.name}; when it has finished, run \`kubectl get configmap dgdr-output-${f.request.name} -n ${f.request.namespace} -o yaml > output.yaml\` and \`dynamo-iac plan --import output.yaml ${f.source}\``,
        });
      }
      continue;
    }
    if (existing && !opts.refresh) {
      planned.push({ request: key, status: 'up to date', detail: chosenText(existing) });
      continue;
    }
    add(f.source, searchPreflight(f.request, f.inputs));
    if (!toSearch.some((s) => s.hash === f.hash)) toSearch.push(f);
  }
  if (errorsOf(problems).length) return { problems, planned: [], written: [] };

  if (toSearch.length) {
    // Python is started only here, and only when something needs a search.
    const tool = await ensureTool(opts.progress, opts.env);
    for (const f of toSearch) {
      const outcome = await runSearch(f.request, f.inputs, f.hash, tool, opts.progress);
      add(f.source, outcome.problems);
      if (outcome.entry) entries.set(f.hash, outcome.entry);
    }
    for (const f of found.filter((x) => toSearch.some((s) => s.hash === x.hash) && entries.has(x.hash))) {
      planned.push({ request: requestKey(f.request), status: 'searched', detail: chosenText(entries.get(f.hash)!) });
    }
  }
  if (errorsOf(problems).length) return { problems, planned: [], written: [] };

  const next = nextLock(lock ?? emptyLock(), found, entries);
  const files = artifacts(found, next, opts, problems);
  if (errorsOf(problems).length) return { problems, planned: [], written: [] };
  files.push({ file: opts.lockFile, content: serializeLock(next) });
  return { problems, planned, written: writeAll(files.filter((f) => !unchanged(f))) };
}

function chosenText(e: Pick<PlanEntry, 'chosen' | 'inputs'>): string {
  const p = e.chosen.predicted;
  const sla = e.inputs.sla;
  const latency = p
    ? `, TTFT ${p.ttftMs} ms${sla.ttftMs !== undefined ? ` (≤ ${sla.ttftMs})` : ''}, ITL ${p.itlMs} ms${sla.itlMs !== undefined ? ` (≤ ${sla.itlMs})` : ''}, ${p.tokensPerSecondPerGpu} tokens/s/GPU`
    : '';
  return `${e.chosen.mode} on ${e.chosen.backend}: ${layoutText(e.chosen.layout)}${latency}`;
}

function readImports(
  inputs: readonly ManifestInput[],
  problems: SourcedProblem[],
): { source: string; doc: JsonObject }[] {
  return inputs.flatMap((input) => {
    const parsed = parseManifestText(input.text, input.source);
    problems.push(...parsed.problems.map((p) => ({ ...p, source: input.source })));
    const configMaps = parsed.docs
      .flatMap((d) => (isObject(d) && d.kind === 'List' && Array.isArray(d.items) ? d.items : [d]))
      .filter((d): d is JsonObject => isObject(d) && d.kind === 'ConfigMap');
    if (!parsed.problems.length && !configMaps.length)
      problems.push({
        source: input.source,
        path: '',
        message: "no ConfigMap to import (expected the profiling Job's dgdr-output-<name> ConfigMap)",
        severity: 'error',
      });
    return configMaps.map((doc) => ({ source: input.source, doc }));
  });
}

/** The lock after this run: each planned request listed under the entry of its current inputs only. */
function nextLock(
  lock: PlanLock,
  found: readonly Found[],
  entries: Map<string, Omit<PlanEntry, 'requests'>>,
): PlanLock {
  const keys = new Set(found.map((f) => requestKey(f.request)));
  const usedBy = new Map<string, Set<string>>();
  for (const f of found) usedBy.set(f.hash, (usedBy.get(f.hash) ?? new Set()).add(requestKey(f.request)));
  const updated: PlanEntry[] = [];
  for (const old of lock.plans) {
    const requests = new Set([...old.requests.filter((r) => !keys.has(r)), ...(usedBy.get(old.inputHash) ?? [])]);
    // An entry no request uses any more is dropped; one a request outside this run uses is kept.
    if (requests.size && !entries.has(old.inputHash)) updated.push({ ...old, requests: [...requests].sort() });
  }
  for (const [hash, entry] of entries) {
    const requests = new Set([
      ...(lock.plans.find((p) => p.inputHash === hash)?.requests.filter((r) => !keys.has(r)) ?? []),
      ...(usedBy.get(hash) ?? []),
    ]);
    updated.push({ ...entry, requests: [...requests].sort() });
  }
  return withPlans({ ...lock, plans: [] }, updated);
}

interface PlannedFile {
  readonly file: string;
  readonly content: string;
}

/** Per planned request: `<lock dir>/dynamo-plan/<namespace>/<name>/{plan.md, pareto.svg, dynamo-graph-deployment.yaml}`. */
function artifacts(
  found: readonly Found[],
  lock: PlanLock,
  opts: PlanOptions,
  problems: SourcedProblem[],
): PlannedFile[] {
  const out: PlannedFile[] = [];
  const root = path.join(path.dirname(opts.lockFile), PLAN_ARTIFACT_DIR);
  for (const f of found) {
    const entry = findPlan(lock, f.hash);
    if (!entry) continue;
    const generated = generateGraph(f.request, entry);
    problems.push(...generated.problems.map((p) => ({ ...p, source: f.source })));
    // The generated graph must render the way `render` will render it.
    const rendered = renderManifest(generated.manifest, opts.settings);
    const name = graphName(f.request);
    problems.push(
      ...rendered.problems.map((p) => ({
        ...p,
        source: f.source,
        path: `generated DynamoGraphDeployment ${name}: ${p.path}`,
      })),
    );
    const dir = path.join(root, f.request.namespace, f.request.name);
    const title = `${f.request.namespace}/${f.request.name}: ${entry.inputs.model} on ${entry.inputs.totalGpus} × ${entry.inputs.system}`;
    out.push({
      file: path.join(dir, 'plan.md'),
      content: planReport(entry, { ...f.request, graphName: name, autoApply: f.request.spec.autoApply }),
    });
    if (entry.modes) out.push({ file: path.join(dir, 'pareto.svg'), content: paretoSvg(entry, title) });
    out.push({
      file: path.join(dir, 'dynamo-graph-deployment.yaml'),
      content: toYamlStream([generated.manifest, ...generated.objects]),
    });
  }
  return out;
}

const unchanged = (f: PlannedFile) => fs.existsSync(f.file) && fs.readFileSync(f.file, 'utf8') === f.content;

/** Every file written next to its final name first, then renamed: an error leaves nothing half-written. */
function writeAll(files: readonly PlannedFile[]): string[] {
  const staged: [string, string][] = [];
  try {
    for (const f of files) {
      fs.mkdirSync(path.dirname(f.file), { recursive: true });
      const tmp = `${f.file}.tmp-${process.pid}`;
      fs.writeFileSync(tmp, f.content);
      staged.push([tmp, f.file]);
    }
  } catch (e) {
    for (const [tmp] of staged) fs.rmSync(tmp, { force: true });
    throw e;
  }
  for (const [tmp, file] of staged) fs.renameSync(tmp, file);
  return files.map((f) => f.file);
}
