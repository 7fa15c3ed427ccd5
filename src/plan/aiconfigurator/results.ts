/**
 * Reading what `aiconfigurator cli default --save-dir DIR` wrote: per serving mode a Pareto
 * frontier (`pareto.csv`), the best configurations under the SLA (`best_config_topn.csv`, ranked
 * by tokens/s/gpu) and a complete graph for each (`topN/k8s_deploy.yaml`).
 *
 * The CSV rows are per replica of a configuration; the graph holds as many replicas as fit the
 * GPU budget, so whole-graph throughput is the row's times the replicas.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseManifestText } from '../../api/parse';
import { JsonObject } from '../../api/k8s-types';
import { isObject } from '../../api/read';
import { FrontierPoint, ModeBest, ModeResult, ServingMode, WorkerLayout } from '../lock';

export interface SearchResults {
  readonly modes: { readonly agg: ModeResult; readonly disagg: ModeResult };
  readonly chosen: ServingMode;
  readonly perfDatabase: { readonly system: string; readonly backend: string; readonly version: string };
  /** The chosen configuration's graph, as the tool wrote it. */
  readonly graph: JsonObject;
}

export class ResultsError extends Error {}

/** Reads DIR; `stdout` tells which mode the tool chose ("Best Experiment Chosen: disagg at ..."). */
export function readResults(saveDir: string, stdout: string, totalGpus: number): SearchResults {
  const run = findRunDir(saveDir);
  if (!run) throw new ResultsError(`no results under ${saveDir} (expected <model>/<run>/{agg,disagg}/pareto.csv)`);
  const modes = {
    agg: readMode(path.join(run, 'agg'), 'agg', totalGpus),
    disagg: readMode(path.join(run, 'disagg'), 'disagg', totalGpus),
  };
  const said = /Best Experiment Chosen:\s*(agg|disagg)\b/.exec(stdout)?.[1] as ServingMode | undefined;
  const chosen = said ?? (perGpu(modes.agg.best) >= perGpu(modes.disagg.best) ? 'agg' : 'disagg');
  const best = modes[chosen].best;
  if (!best) throw new ResultsError(`the tool chose ${chosen}, but ${chosen}/best_config_topn.csv is empty`);
  const graphFile = path.join(run, chosen, 'top1', 'k8s_deploy.yaml');
  if (!fs.existsSync(graphFile)) throw new ResultsError(`${graphFile} is missing`);
  const parsed = parseManifestText(fs.readFileSync(graphFile, 'utf8'), graphFile);
  if (parsed.problems.length || parsed.docs.length !== 1 || !isObject(parsed.docs[0]))
    throw new ResultsError(`${graphFile}: ${parsed.problems[0]?.message ?? 'expected one YAML document, a graph'}`);
  const graph = parsed.docs[0];
  const top = rows(path.join(run, chosen, 'best_config_topn.csv'))[0];
  const perfDatabase = {
    system: top.system ?? top['(d)system'] ?? '',
    backend: top.backend ?? top['(d)backend'] ?? best.backend,
    version: top.version ?? top['(d)version'] ?? '',
  };
  return { modes, chosen, perfDatabase, graph };
}

const perGpu = (b: ModeBest | undefined) => b?.predicted.tokensPerSecondPerGpu ?? -1;

/** The run directory under a save dir: the one holding agg/ or disagg/. */
export function findRunDir(dir: string, depth = 0): string | undefined {
  if (!fs.existsSync(dir) || depth > 3) return undefined;
  if (['agg', 'disagg'].some((m) => fs.existsSync(path.join(dir, m, 'pareto.csv')))) return dir;
  for (const e of fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((x) => x.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const found = findRunDir(path.join(dir, e.name), depth + 1);
    if (found) return found;
  }
  return undefined;
}

function readMode(dir: string, mode: ServingMode, totalGpus: number): ModeResult {
  const frontier = rows(path.join(dir, 'pareto.csv')).map((r) => point(r, mode));
  const top = rows(path.join(dir, 'best_config_topn.csv'))[0];
  return { frontier, ...(top ? { best: modeBest(top, mode, totalGpus) } : {}) };
}

function point(r: Row, mode: ServingMode): FrontierPoint {
  return {
    tokensPerSecondPerGpu: num(r['tokens/s/gpu']),
    tokensPerSecondPerUser: num(r['tokens/s/user']),
    ttftMs: num(r.ttft),
    itlMs: num(r.tpot),
    concurrency: num(r.concurrency),
    parallel:
      mode === 'agg'
        ? shortParallel(r.parallel)
        : `p:${shortParallel(r['(p)parallel'])} d:${shortParallel(r['(d)parallel'])}`,
    backend: r.backend ?? r['(p)backend'] ?? '',
  };
}

function modeBest(r: Row, mode: ServingMode, totalGpus: number): ModeBest {
  const gpusPerReplica = num(r.num_total_gpus);
  const replicas = gpusPerReplica > 0 ? Math.max(1, Math.floor(totalGpus / gpusPerReplica)) : 1;
  const layout: WorkerLayout[] =
    mode === 'agg'
      ? [
          {
            role: 'agg',
            workers: replicas,
            gpusPerWorker: gpusPerReplica,
            parallel: shortParallel(r.parallel),
            batchSize: num(r.bs),
          },
        ]
      : (['prefill', 'decode'] as const).map((role) => {
          const p = role === 'prefill' ? '(p)' : '(d)';
          return {
            role,
            workers: num(r[`${p}workers`]) * replicas,
            gpusPerWorker: num(r[`${p}tp`]) * num(r[`${p}pp`]) * Math.max(1, num(r[`${p}dp`])),
            parallel: shortParallel(r[`${p}parallel`]),
            batchSize: num(r[`${p}bs`]),
          };
        });
  return {
    backend: r.backend ?? r['(p)backend'] ?? '',
    gpusUsed: gpusPerReplica * replicas,
    layout,
    predicted: {
      ttftMs: num(r.ttft),
      itlMs: num(r.tpot),
      requestLatencyMs: num(r.request_latency),
      tokensPerSecond: round(num(r['tokens/s']) * replicas),
      tokensPerSecondPerGpu: num(r['tokens/s/gpu']),
      tokensPerSecondPerUser: num(r['tokens/s/user']),
      requestsPerSecond: round(num(r['seq/s']) * replicas),
      concurrency: round(num(r.concurrency) * replicas),
    },
  };
}

/** `tp4pp1dp1etp1ep1` → `tp4`; parallelism degrees of 1 say nothing (tp is always shown). */
export function shortParallel(v: string | undefined): string {
  const parts = [...(v ?? '').matchAll(/([a-z]+)(\d+)/g)].filter(([, k, n]) => k === 'tp' || n !== '1');
  return parts.map(([, k, n]) => `${k}${n}`).join('') || (v ?? '');
}

type Row = Record<string, string>;

/** A CSV file as rows keyed by the header (quoted fields allowed); no file, no rows. */
export function rows(file: string): Row[] {
  if (!fs.existsSync(file)) return [];
  const lines = fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  if (lines.length === 0) return [];
  const header = splitCsv(lines[0]);
  return lines.slice(1).map((l) => {
    const cells = splitCsv(l);
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

function splitCsv(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function num(v: string | undefined): number {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
