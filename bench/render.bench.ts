/**
 * Render benchmark: what a user feels, as ratios measured in the same run (the machine may be
 * shared and slow; a ratio against a baseline timed alongside holds better than a time).
 *
 * - Cold starts: `dynamo-iac render` / `validate` of one graph and `--help`, each a whole
 *   process, paired run by run with `node -e 0` (A B A B ...; the ratio of each pair); and
 *   `kubectl kustomize` of a directory holding the same one file, paired the same way, the tool
 *   users already run on these files, whose ratio is the render and validate target; `kustomize
 *   build` beside it (both the binaries test/infra/build.sh built: kubectl in the node group,
 *   which builds last; never built here).
 * - The same cold starts counted in instructions (callgrind, bench/instructions.ts) where valgrind
 *   is installed: work done, stable on a busy machine, beside `kubectl kustomize`'s.
 * - 1,000 graphs x 5 components (14,000 objects) through the CLI (file in, YAML to /dev/null,
 *   whole process, with its peak RSS) against js-yaml dumping the same objects (dump only).
 * - `dynamo-iac gitops -o` with 3,000 graphs in one tree against 1,000: the time per graph.
 * - `npm run synth` of the example app, whole.
 * - In process: the cdk8s construct path against hand-made cdk8s ApiObjects of the same objects.
 *
 * A report, not a test: a missed target is marked ✗ but never fails the run; a benchmark that
 * cannot measure (kubectl, kustomize or the cluster binaries not built) makes the run exit 1.
 *
 *   npm run bench   (compiles, then node .bench/bench/render.bench.js)
 *
 * The operator benchmark (operator.bench.ts) runs after this one, from the same entry point.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart } from 'cdk8s';
import { dump } from 'js-yaml';
import { KubeObject } from '../src/api/k8s-types';
import { resolveSettings } from '../src/api/settings';
import type { ComponentSpec, DynamoGraphDeploymentSpec } from '../src/api/input/v1beta1';
import { DynamoGraphDeployment } from '../src/cdk8s';
import { renderManifests } from '../src/pipeline/manifests';
import { toYaml } from '../src/output/yaml';
import { activatorBench } from './activator.bench';
import { callgrindMissing, medianInstructions } from './instructions';
import { operatorBench } from './operator.bench';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'dynamo-iac');
const ONE_GRAPH = path.join(ROOT, 'test', 'fixtures', 'agg-v1beta1.yaml');
const GRAPHS = 1000;
const NAMESPACES = 10;
const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const COLD_PAIRS = 15;
const BULK_PAIRS = 3;
const SYNTH_RUNS = 3;
const CDK8S_PAIRS = 2;
const GITOPS_PAIRS = 2;

/** The row whose ratio to `node -e 0` is the cold render and validate target. */
const KUBECTL_KUSTOMIZE = 'kubectl kustomize (same 1 file)';

/** Cold render and validate: at most `kubectl kustomize`'s ratio to `node -e 0`, measured in the same run. */
const TARGETS = {
  help: 1.5,
  bulkVsJsYaml: 0.7,
  bulkRssMiB: 300,
  synthSeconds: 5,
  gitopsPerGraph: 1.2,
};

/** A v1beta1 graph: a frontend and four vLLM workers, like a real disaggregated deployment. */
function graph(i: number): { metadata: { name: string; namespace: string }; spec: DynamoGraphDeploymentSpec } {
  const worker = (name: string, args: string[]): ComponentSpec => ({
    name,
    type: 'worker',
    replicas: 2,
    podTemplate: {
      spec: {
        containers: [
          {
            name: 'main',
            image: IMAGE,
            command: ['python3', '-m', 'dynamo.vllm'],
            args: ['--model', 'Qwen/Qwen3-0.6B', ...args],
            resources: { limits: { 'nvidia.com/gpu': '1' } },
          },
        ],
      },
    },
  });
  return {
    metadata: { name: `graph-${i}`, namespace: `team-${i % NAMESPACES}` },
    spec: {
      backendFramework: 'vllm',
      components: [
        {
          name: 'Frontend',
          type: 'frontend',
          replicas: 1,
          podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
        },
        worker('PrefillA', ['--is-prefill-worker']),
        worker('PrefillB', ['--is-prefill-worker']),
        worker('DecodeA', []),
        worker('DecodeB', []),
      ],
    },
  };
}

const graphs = (from = 0) => Array.from({ length: GRAPHS }, (_, i) => graph(from + i));
/** The 1,000 graphs as a user writes them: one YAML file, a document per graph (from graph `from` on). */
const manifestText = (from = 0) =>
  graphs(from)
    .map((g) => toYaml({ apiVersion: 'nvidia.com/v1beta1', kind: 'DynamoGraphDeployment', ...g }))
    .join('---\n');

function renderedObjects(): KubeObject[] {
  const r = renderManifests([{ source: 'bench', text: manifestText() }], resolveSettings());
  if (r.problems.length) throw new Error(`bench input is invalid: ${r.problems[0].path}: ${r.problems[0].message}`);
  return r.objects;
}

// ---- child processes: one measurement each, printed as JSON on stdout ------------------------

interface InProcess {
  readonly ms: number;
  readonly cpuMs: number;
  readonly objects: number;
  readonly rssMiB: number;
  /** cdk8s runs: making the constructs (before synthYaml), and cdk8s's toJson of every object timed once more on its own. */
  readonly buildMs?: number;
  readonly toJsonMs?: number;
}

/**
 * Only the body of `run` is timed (wall and CPU); preparing its input and `count`ing what it made
 * are not. maxRSS covers the whole process.
 */
function timed<T>(run: () => T, count: (made: T) => number): InProcess {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const made = run();
  const used = process.cpuUsage(cpu);
  const objects = count(made);
  return {
    ms: Number(process.hrtime.bigint() - start) / 1e6,
    cpuMs: (used.user + used.system) / 1000,
    objects,
    rssMiB: process.resourceUsage().maxRSS / 1024,
  };
}

const msSince = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/**
 * One cdk8s app, timed whole (`build` adds the objects, then synthYaml), and two parts for the
 * table: the build, and cdk8s's toJson of every object (where the two paths differ at synth),
 * timed once more on its own after the run.
 */
function cdk8sApp(build: (chart: Chart) => void): InProcess {
  let buildMs = 0;
  let made: Chart | undefined;
  const whole = timed(
    () => {
      const start = process.hrtime.bigint();
      const app = new App();
      const chart = new Chart(app, 'bench');
      build(chart);
      buildMs = msSince(start);
      app.synthYaml();
      return (made = chart);
    },
    (chart) => chart.node.findAll().filter((c) => c instanceof ApiObject).length,
  );
  const start = process.hrtime.bigint();
  made!.toJson();
  return { ...whole, buildMs, toJsonMs: msSince(start) };
}

const CHILDREN: Record<string, () => InProcess> = {
  /** The baseline of the 1,000-graph run: js-yaml writing the rendered objects (sorted keys, no folding, no refs). */
  'js-yaml-dump': () => {
    const objects = renderedObjects();
    return timed(
      () => objects.map((o) => dump(o, { sortKeys: true, lineWidth: -1, noRefs: true })).join('---\n'),
      (yaml) => (yaml.length > 0 ? objects.length : 0),
    );
  },
  construct: () => {
    const input = graphs();
    return cdk8sApp((chart) =>
      input.forEach((g, i) => new DynamoGraphDeployment(chart, `g${i}`, { ...g.metadata, spec: g.spec })),
    );
  },
  handmade: () => {
    const objects = renderedObjects();
    return cdk8sApp((chart) => objects.forEach((o, i) => new ApiObject(chart, `o${i}`, o)));
  },
  'write-input': () => {
    fs.writeFileSync(process.argv[3], manifestText(Number(process.argv[4] ?? 0)));
    return { ms: 0, cpuMs: 0, objects: GRAPHS, rssMiB: 0 };
  },
};

function child(name: string, ...args: string[]): InProcess {
  return JSON.parse(
    execFileSync(process.execPath, [__filename, name, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 }),
  ) as InProcess;
}

// ---- whole processes ------------------------------------------------------------------------

interface Run {
  readonly ms: number;
  /** CPU time (user + system): of a `node` process from its exit hook, else of the whole process tree. */
  readonly cpuMs: number;
  readonly rssMiB?: number;
}

const NULL = fs.openSync('/dev/null', 'w');

/** CPU time of this process's waited-for children, from /proc (Linux; NaN elsewhere). */
function childrenCpuMs(): number {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // cutime and cstime (fields 16 and 17) in clock ticks, 100 per second on Linux.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * One whole process, stdout to /dev/null. `node` means this Node, run with a preloaded exit
 * hook that reports its CPU time and peak RSS (the hook costs both sides of a pair the same).
 */
function runProcess(command: string, args: string[]): Run {
  const node = command === 'node';
  const report = path.join(TMP, 'process.json');
  fs.rmSync(report, { force: true });
  const cpuBefore = childrenCpuMs();
  const start = process.hrtime.bigint();
  const r = spawnSync(node ? process.execPath : command, node ? ['--require', HOOK, ...args] : args, {
    cwd: ROOT,
    stdio: ['ignore', NULL, 'pipe'],
    env: { ...process.env, BENCH_REPORT: report },
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${r.stderr?.toString().split('\n')[0]}`);
  if (!node) return { ms, cpuMs: childrenCpuMs() - cpuBefore };
  const { cpuMs, rssMiB } = JSON.parse(fs.readFileSync(report, 'utf8')) as { cpuMs: number; rssMiB: number };
  return { ms, cpuMs, rssMiB };
}

const HOOK_SOURCE = `process.on('exit', () => {
  const cpu = process.cpuUsage();
  require('fs').writeFileSync(process.env.BENCH_REPORT, JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, rssMiB: process.resourceUsage().maxRSS / 1024 }));
});
`;

let TMP = '';
let HOOK = '';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const range = (xs: number[], digits = 2) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

interface Paired {
  readonly a: Run[];
  readonly b: Run[];
  readonly wall: number[];
  readonly cpu: number[];
}

/** A and B in turn after warm-ups of each; the ratios A/B of each pair, of wall and of CPU time. */
/** Two warm-ups by default: the CLI's code pack for a command is written in two runs (src/cli/code-cache.ts). */
function paired(a: () => Run, b: () => Run, pairs: number, warmups = 2): Paired {
  for (let i = 0; i < warmups; i++) {
    a();
    b();
  }
  const out: Paired = { a: [], b: [], wall: [], cpu: [] };
  for (let i = 0; i < pairs; i++) {
    const x = a();
    const y = b();
    out.a.push(x);
    out.b.push(y);
    out.wall.push(x.ms / y.ms);
    out.cpu.push(x.cpuMs / y.cpuMs);
  }
  return out;
}

function table(rows: string[][]): void {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  for (const row of rows)
    console.log(`  ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')}`);
}

function machine(): string {
  const [one, five] = os.loadavg();
  return `${os.cpus().length} cores, load average ${one.toFixed(1)} (1 min) / ${five.toFixed(1)} (5 min)`;
}

/** The render benchmark; false when part of it could not measure. */
function parent(): boolean {
  TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-bench-'));
  // The CLI's caches warm from this run's own warm-ups: a command's code pack holds every module any
  // of its runs loaded (code-cache.ts), so the user's, after the test suites, is not one user's.
  const userCache = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = path.join(TMP, 'cli-cache');
  HOOK = path.join(TMP, 'hook.js');
  fs.writeFileSync(HOOK, HOOK_SOURCE);
  const results: string[] = [];
  const target = (ok: boolean, text: string) => results.push(`  ${mark(ok)} ${text}`);
  const ms = (runs: Run[]) => median(runs.map((r) => r.ms));
  const unmeasured: string[] = [];
  const cpu = (runs: Run[]) => median(runs.map((r) => r.cpuMs));

  console.log(`dynamo-iac render benchmark: Node ${process.version}, ${machine()}`);
  console.log('Ratios are measured in this run, pair by pair (targets are judged on the median wall ratio);');
  console.log('times vary with machine load, CPU time much less.\n');

  // Cold starts.
  const node0 = () => runProcess('node', ['-e', '0']);
  const cli =
    (args: string[], env: Record<string, string> = {}) =>
    () => {
      const saved = { ...process.env };
      Object.assign(process.env, env);
      try {
        return runProcess('node', [BIN, ...args]);
      } finally {
        process.env = saved;
      }
    };
  // The same one file through kustomize: `kubectl kustomize`'s ratio to `node -e 0` is the render and validate target.
  const kustomization = path.join(TMP, 'kustomize');
  fs.mkdirSync(kustomization);
  fs.copyFileSync(ONE_GRAPH, path.join(kustomization, 'graph.yaml'));
  fs.writeFileSync(path.join(kustomization, 'kustomization.yaml'), 'resources:\n  - graph.yaml\n');
  const kustomize = cachedBinary('kustomize', 'kustomize');
  const kubectl = cachedBinary('node', 'kubectl');
  const kustomizeRuns: [string, () => Run][] = [
    ...(kustomize
      ? [
          ['kustomize build (same 1 file)', () => runProcess(kustomize, ['build', kustomization])] as [
            string,
            () => Run,
          ],
        ]
      : []),
    ...(kubectl
      ? [[KUBECTL_KUSTOMIZE, () => runProcess(kubectl, ['kustomize', kustomization])] as [string, () => Run]]
      : []),
  ];
  // The target is `kubectl kustomize`'s ratio (what the issue measured users running); `kustomize
  // build`, a much smaller Go binary than any Node process can be, is shown beside it.
  if (!kubectl)
    unmeasured.push(
      'kubectl is not built: `bash test/infra/build.sh node` (render and validate have no target without `kubectl kustomize`)',
    );
  if (!kustomize) unmeasured.push('kustomize is not built: `bash test/infra/build.sh kustomize`');
  console.log(
    `Cold start: whole processes, ${COLD_PAIRS} pairs with \`node -e 0\` after 2 warm-ups (the CLI's code caches warm unless said)`,
  );
  const coldRows = [['command', 'wall', 'node -e 0', 'ratio', 'pairs', 'CPU', 'node -e 0', 'ratio', 'target']];
  const coldRatio = new Map<string, number>();
  const coldRow = (label: string, run: () => Run, limit: number | undefined, targetText = '') => {
    const p = paired(run, node0, COLD_PAIRS);
    const ratio = median(p.wall);
    coldRatio.set(label, ratio);
    coldRows.push([
      label,
      `${ms(p.a).toFixed(0)} ms`,
      `${ms(p.b).toFixed(0)} ms`,
      `${ratio.toFixed(2)}x`,
      range(p.wall),
      `${cpu(p.a).toFixed(0)} ms`,
      `${cpu(p.b).toFixed(0)} ms`,
      `${median(p.cpu).toFixed(2)}x`,
      limit ? `<= ${limit.toFixed(2)}x ${mark(ratio <= limit)}` : '-',
    ]);
    if (limit)
      target(
        ratio <= limit,
        `cold ${label} <= ${limit.toFixed(2)}x node -e 0${targetText} (wall ${ratio.toFixed(2)}x, pairs ${range(p.wall)}; CPU ${median(p.cpu).toFixed(2)}x)`,
      );
  };
  for (const [label, run] of kustomizeRuns) coldRow(label, run, undefined);
  const kustomizeRatio = kubectl ? coldRatio.get(KUBECTL_KUSTOMIZE) : undefined;
  const against = `, kubectl kustomize's ratio in this run (${kustomizeRatio?.toFixed(2)}x)`;
  coldRow('render (1 graph, 2 components)', cli(['render', ONE_GRAPH]), kustomizeRatio, against);
  coldRow('validate (1 graph)', cli(['validate', ONE_GRAPH]), kustomizeRatio, against);
  coldRow('--help', cli(['--help']), TARGETS.help);
  coldRow('render, code caches off', cli(['render', ONE_GRAPH], { NODE_DISABLE_COMPILE_CACHE: '1' }), undefined);
  table(coldRows);

  // The same cold starts as work done: instruction counts, which the machine's load does not change.
  const noCallgrind = callgrindMissing();
  if (noCallgrind) console.log(`\nInstruction counts: skipped, ${noCallgrind}`);
  else {
    console.log(`\nInstruction counts (valgrind's callgrind, every thread; median of 3 runs, caches warm as above):`);
    const counted = (command: string, args: string[]) => medianInstructions(TMP, command, args, ROOT);
    const node0Count = counted(process.execPath, ['-e', '0']);
    const instructionRows = [['command', 'instructions', 'x node -e 0']];
    const countRow = (label: string, count: number) => {
      instructionRows.push([label, `${(count / 1e6).toFixed(0)} M`, `${(count / node0Count).toFixed(2)}x`]);
      return count / node0Count;
    };
    countRow('node -e 0', node0Count);
    const kubectlCount = kubectl
      ? countRow(KUBECTL_KUSTOMIZE, counted(kubectl, ['kustomize', kustomization]))
      : undefined;
    for (const [label, args] of [
      ['render (1 graph, 2 components)', ['render', ONE_GRAPH]],
      ['validate (1 graph)', ['validate', ONE_GRAPH]],
    ] as [string, string[]][]) {
      const ratio = countRow(label, counted(process.execPath, [BIN, ...args]));
      if (kubectlCount !== undefined)
        target(
          ratio <= kubectlCount,
          `cold ${label} <= kubectl kustomize in instructions (${ratio.toFixed(2)}x against ${kubectlCount.toFixed(2)}x node -e 0)`,
        );
    }
    countRow('--help', counted(process.execPath, [BIN, '--help']));
    table(instructionRows);
  }

  // 1,000 graphs through the CLI against js-yaml's dump of the same objects.
  const input = path.join(TMP, 'graphs.yaml');
  child('write-input', input);
  console.log(
    `\n${GRAPHS} graphs x 5 components (${(fs.statSync(input).size / 2 ** 20).toFixed(1)} MiB of YAML in): the CLI as a whole process against js-yaml dumping the same objects (dump only, in process), ${BULK_PAIRS} pairs`,
  );
  const bulk = paired(
    () => runProcess('node', [BIN, 'render', input]),
    () => child('js-yaml-dump'),
    BULK_PAIRS,
    1,
  );
  const bulkRatio = median(bulk.wall);
  const bulkRss = Math.max(...bulk.a.map((r) => r.rssMiB!));
  table([
    ['', 'wall', 'pairs', 'CPU', 'peak RSS'],
    [
      'dynamo-iac render (whole process)',
      `${ms(bulk.a).toFixed(0)} ms`,
      `${range(
        bulk.a.map((r) => r.ms),
        0,
      )} ms`,
      `${cpu(bulk.a).toFixed(0)} ms`,
      `${bulkRss.toFixed(0)} MiB`,
    ],
    [
      'js-yaml dump only',
      `${ms(bulk.b).toFixed(0)} ms`,
      `${range(
        bulk.b.map((r) => r.ms),
        0,
      )} ms`,
      `${cpu(bulk.b).toFixed(0)} ms`,
      '-',
    ],
    ['ratio', `${bulkRatio.toFixed(2)}x`, range(bulk.wall), `${median(bulk.cpu).toFixed(2)}x`, ''],
  ]);
  target(
    bulkRatio <= TARGETS.bulkVsJsYaml,
    `${GRAPHS} graphs through the CLI <= ${TARGETS.bulkVsJsYaml}x js-yaml's dump of the same objects (wall ${bulkRatio.toFixed(2)}x, pairs ${range(bulk.wall)}; CPU ${median(bulk.cpu).toFixed(2)}x)`,
  );
  target(
    bulkRss <= TARGETS.bulkRssMiB,
    `peak RSS for ${GRAPHS} graphs <= ${TARGETS.bulkRssMiB} MiB (${bulkRss.toFixed(0)} MiB)`,
  );

  // gitops -o: 3,000 graphs in one tree against 1,000, each into a fresh directory. A writer that
  // does linear work per graph takes 3x as long; the ratio per graph says how far from that it is.
  const more = [1, 2].map((k) => path.join(TMP, `graphs-${k}.yaml`));
  more.forEach((file, k) => child('write-input', file, String((k + 1) * GRAPHS)));
  const gitopsInto = (dir: string, files: string[]) => () => {
    fs.rmSync(dir, { recursive: true, force: true });
    return runProcess('node', [BIN, 'gitops', '-o', dir, ...files]);
  };
  const tree = paired(
    gitopsInto(path.join(TMP, 'tree-3000'), [input, ...more]),
    gitopsInto(path.join(TMP, 'tree-1000'), [input]),
    GITOPS_PAIRS,
    0,
  );
  const perGraph = median(tree.wall) / 3;
  console.log(
    `\ndynamo-iac gitops -o (whole process, fresh directory): ${3 * GRAPHS} graphs in one tree against ${GRAPHS}, ${GITOPS_PAIRS} pairs`,
  );
  table([
    ['', 'wall', 'CPU', 'peak RSS'],
    [
      `${3 * GRAPHS} graphs`,
      `${ms(tree.a).toFixed(0)} ms`,
      `${cpu(tree.a).toFixed(0)} ms`,
      `${Math.max(...tree.a.map((r) => r.rssMiB!)).toFixed(0)} MiB`,
    ],
    [
      `${GRAPHS} graphs`,
      `${ms(tree.b).toFixed(0)} ms`,
      `${cpu(tree.b).toFixed(0)} ms`,
      `${Math.max(...tree.b.map((r) => r.rssMiB!)).toFixed(0)} MiB`,
    ],
    ['ratio per graph', `${perGraph.toFixed(2)}x`, `${(median(tree.cpu) / 3).toFixed(2)}x`, ''],
  ]);
  target(
    perGraph <= TARGETS.gitopsPerGraph,
    `gitops -o with ${3 * GRAPHS} graphs <= ${TARGETS.gitopsPerGraph}x the time per graph of ${GRAPHS} (wall ${perGraph.toFixed(2)}x, pairs ${range(tree.wall.map((w) => w / 3))}; CPU ${(median(tree.cpu) / 3).toFixed(2)}x)`,
  );

  // npm run synth of the example app.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  runProcess(npm, ['run', '-s', 'synth']);
  const synth = Array.from({ length: SYNTH_RUNS }, () => runProcess(npm, ['run', '-s', 'synth']));
  const synthS = ms(synth) / 1000;
  console.log(
    `\nnpm run synth (example app, whole, npm and projen included): wall ${synthS.toFixed(1)} s (${range(
      synth.map((r) => r.ms / 1000),
      1,
    )} s over ${SYNTH_RUNS} runs after a warm-up), CPU ${(cpu(synth) / 1000).toFixed(1)} s`,
  );
  target(
    synthS <= TARGETS.synthSeconds,
    `npm run synth <= ${TARGETS.synthSeconds} s (wall ${synthS.toFixed(1)} s, CPU ${(cpu(synth) / 1000).toFixed(1)} s)`,
  );

  // The cdk8s construct path against hand-made ApiObjects (in process, one child each, in turn).
  const cdk8s = paired(
    () => child('construct'),
    () => child('handmade'),
    CDK8S_PAIRS,
    0,
  );
  const constructs = cdk8s.a as InProcess[];
  const handmade = cdk8s.b as InProcess[];
  const cdk8sRatio = median(cdk8s.wall);
  console.log(
    `\ncdk8s, ${GRAPHS} graphs in one process each (synthYaml included), ${CDK8S_PAIRS} pairs; of the wall time:` +
      ` making the constructs, and (timed again after the run) cdk8s's toJson of every object:`,
  );
  const row = (label: string, runs: InProcess[]) => [
    label,
    `${ms(runs).toFixed(0)} ms`,
    `${cpu(runs).toFixed(0)} ms`,
    `${median(runs.map((r) => r.buildMs ?? NaN)).toFixed(0)} ms`,
    `${median(runs.map((r) => r.toJsonMs ?? NaN)).toFixed(0)} ms`,
    String(runs[0].objects),
    `${Math.max(...runs.map((r) => r.rssMiB)).toFixed(0)} MiB`,
  ];
  table([
    ['', 'wall', 'CPU', 'build', 'toJson', 'objects', 'peak RSS'],
    row('DynamoGraphDeployment constructs', constructs),
    row('hand-made ApiObjects of the rendered objects', handmade),
    ['ratio', `${cdk8sRatio.toFixed(2)}x`, `${median(cdk8s.cpu).toFixed(2)}x`, '', '', '', ''],
  ]);
  target(
    cdk8sRatio <= 1,
    `cdk8s construct path <= hand-made cdk8s objects (wall ${cdk8sRatio.toFixed(2)}x, pairs ${range(cdk8s.wall)}; CPU ${median(cdk8s.cpu).toFixed(2)}x)`,
  );

  console.log(`\nTargets (reported, never enforced; machine at the end: ${machine()}):`);
  for (const line of results) console.log(line);
  for (const why of unmeasured) console.log(`  cannot measure: ${why}`);
  fs.rmSync(TMP, { recursive: true, force: true });
  if (userCache === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = userCache;
  return unmeasured.length === 0;
}

/**
 * A binary of test/infra/build.sh's `group`, if it is built (its "<name> <version>: cached at
 * <path>" line; read also when others of the group are not built yet); nothing is built here.
 */
function cachedBinary(group: string, name: string): string | undefined {
  const r = spawnSync('bash', [path.join(ROOT, 'test', 'infra', 'build.sh'), '--cached-only', group], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new RegExp(`\\] ${name} \\S+: cached at (\\S+)$`, 'm').exec(r.stderr ?? '')?.[1];
}

const name = process.argv[2];
if (name === undefined) {
  const measured = parent();
  void operatorBench().then(async (operatorMeasured) => {
    const activatorMeasured = await activatorBench();
    // A benchmark that could not measure fails the run, so CI shows it.
    if (!measured || !operatorMeasured || !activatorMeasured) {
      console.log('\nSome benchmarks could not measure (see above): exit 1.');
      process.exitCode = 1;
    }
  });
} else if (name in CHILDREN) {
  process.stdout.write(JSON.stringify(CHILDREN[name]()));
} else {
  throw new Error(`unknown child ${name}; expected one of ${Object.keys(CHILDREN).join(', ')}`);
}
