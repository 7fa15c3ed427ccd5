/**
 * Operator benchmark, run after the render benchmark by `npm run bench`: against a real
 * kube-apiserver + etcd + controller manager (test/cluster/harness.ts, from the binaries
 * test/infra/build.sh cached; never built here), the operator runs as its own child process
 * (`bin/dynamo-iac operator`), watching 100 and then 1,000 graphs with a scaling adapter each
 * (a fresh operator for each size; the graphs are rendered with worker generations, so the
 * adapter's worker Deployment is `<graph>-decode-<hash>`, found by its labels as the operator
 * finds it). Reported: the time from a `/scale` write on an adapter to the Deployment's new
 * `spec.replicas`, seen on a watch (p50 / p99 over 200 sequential scales), and the operator's
 * resident memory. A missed target is marked ✗ and does not fail the run; a benchmark that
 * cannot measure (binaries not built, a step timed out) does: `operatorBench` returns false.
 */
import type { ValidatedGraph } from '../src/api/validated-graph';
import { ChildProcess, execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { loadGraph, resolveSettings } from '../src/api';
import { crdManifests } from '../src/crds';
import { ScalingAdapter, Workload } from '../src/operator/controllers/kinds';
import { RESOURCES } from '../src/operator/controllers/resources';
import { KubeApi, WatchHandle } from '../src/operator/runtime/kube/api';
import { LABEL } from '../src/render/labels';
import { loadKubeConfig } from '../src/operator/runtime/kube/kubeconfig';
import { ServerObject } from '../src/operator/runtime/kube/objects';
import { resource, Resource } from '../src/operator/runtime/kube/resources';
import { renderGraph } from '../src/render';
import { OPERATOR_MALLOC_ARENA_MAX, OPERATOR_NODE_OPTIONS } from '../src/platform/platform';

const ROOT = path.resolve(__dirname, '..', '..');
/**
 * Graph counts measured, each with a fresh operator (the graphs of the smaller run are kept);
 * OPERATOR_BENCH_SIZES=1000 measures only that (while iterating on the operator's memory).
 */
const SIZES = (process.env.OPERATOR_BENCH_SIZES ?? '100,1000').split(',').map(Number);
const SCALES = 200;
const NAMESPACE = 'bench-operator';
const TARGETS = { p50Ms: 50, p99Ms: 250, rssMiB: 160 };
// 1,000 graphs on a busy 2-core machine take minutes to sync.
const STEP_TIMEOUT_MS = 600_000;
const CRD = resource('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'customresourcedefinitions', false);
const NAMESPACE_RES = resource('v1', 'Namespace', 'namespaces', false);

const progress = (msg: string) => console.log(`  [operator bench] ${msg}`);

/** Whether test/infra/build.sh has the test-cluster binaries cached (asked with --cached-only: nothing is built). */
function binariesCached(): boolean {
  try {
    execFileSync('bash', [path.join(ROOT, 'test', 'infra', 'build.sh'), '--cached-only', 'cluster'], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

/** Resolves with the first stdout line matching `re`, or rejects when the child exits or time runs out. */
function waitForLine(
  child: ChildProcess,
  re: RegExp,
  what: string,
  timeoutMs = STEP_TIMEOUT_MS,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = re.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        // Keep draining, so a chatty child never blocks on a full pipe.
        child.stdout!.resume();
        resolve(m);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what}: process exited with ${code}`)));
  });
}

async function until<T>(fn: () => Promise<T | undefined>, what: string, timeoutMs = STEP_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Server-side apply as the "bench" field manager (the operator keeps its own fields). */
const apply = (api: KubeApi, res: Resource, obj: ServerObject) => api.apply(res, obj, { fieldManager: 'bench' });

/** The worker with the scaling adapter: its Deployment carries the graph-name and component labels. */
const SCALED = 'decode';
/** The graph a Deployment belongs to when it is the scaled worker's (any generation), by its labels. */
const scaledGraphOf = (d: Workload): string | undefined =>
  d.metadata.labels?.[LABEL.component] === SCALED ? d.metadata.labels?.[LABEL.graphName] : undefined;

/** Graph `g<i>`: a frontend and a worker `decode` with a scaling adapter, rendered on the Deployment path. */
function graphObjects(i: number): ServerObject[] {
  const main = {
    name: 'main',
    image: 'registry.example/vllm-runtime:1.0.0',
    command: ['python3'],
    args: ['-m', 'dynamo.vllm'],
  };
  const { model } = loadGraph({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: `g${i}`, namespace: NAMESPACE },
    spec: {
      backendFramework: 'vllm',
      components: [
        {
          name: 'Frontend',
          type: 'frontend',
          replicas: 1,
          podTemplate: { spec: { containers: [{ name: 'main', image: main.image }] } },
        },
        {
          name: SCALED,
          type: 'worker',
          replicas: 1,
          scalingAdapter: {},
          podTemplate: { spec: { containers: [main] } },
        },
      ],
    },
  });
  return (
    renderGraph({ ...model!, orchestrator: 'lws' } as ValidatedGraph, resolveSettings({})) as ServerObject[]
  ).filter((o) => o.kind === 'DynamoGraphDeployment' || o.kind === 'Deployment');
}

const rssMiB = (pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon' | 'RssFile') => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
/** The operator's own view of its memory: prom-client's Node process metrics, in MiB. */
async function heapOf(port: number): Promise<{ used: number; total: number; external: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 1048576;
  return {
    used: metric('nodejs_heap_size_used_bytes'),
    total: metric('nodejs_heap_size_total_bytes'),
    external: metric('nodejs_external_memory_bytes'),
  };
}
/**
 * OPERATOR_BENCH_HEAP_SNAPSHOT=FILE: a heap snapshot of the operator after the scales (open it in
 * Chrome DevTools' Memory tab to see where the heap goes). Needs the operator started with
 * OPERATOR_BENCH_NODE_OPTIONS including --heapsnapshot-signal=SIGUSR2.
 */
async function heapSnapshot(operator: ChildProcess, cwd: string, file: string): Promise<void> {
  operator.kill('SIGUSR2');
  // Node writes Heap.<date>.<pid>.<thread>.<seq>.heapsnapshot into the process's working directory.
  const name = await until(
    async () => fs.readdirSync(cwd).find((f) => f.endsWith('.heapsnapshot') && f.includes(`.${operator.pid}.`)),
    'the heap snapshot',
    60_000,
  );
  const written = path.join(cwd, name);
  // Written in pieces: wait until its size has not changed for 3 s.
  let size = -1;
  for (let still = 0; still < 3;) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = fs.statSync(written).size;
    still = now === size ? still + 1 : 0;
    size = now;
  }
  fs.renameSync(written, file);
  progress(`heap snapshot: ${file} (${(size / 1048576).toFixed(0)} MiB)`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** Stops a child process: SIGTERM, then SIGKILL after 20 s. */
async function stop(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((r) => c.once('exit', r));
  c.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
  if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

/** The command that runs the operator: the compiled CLI of OPERATOR_BENCH_ROOT (default: this checkout). */
function operatorCommand(): { cmd: string; args: string[]; label: string; cwd: string } {
  // OPERATOR_BENCH_ROOT: measure the compiled operator of another checkout (before / after).
  const operatorRoot = process.env.OPERATOR_BENCH_ROOT ?? ROOT;
  const operatorArgs = ['--scope', 'cluster', '--namespace', NAMESPACE, '--http-port', '0', '--leader-elect', 'false'];
  return fs.existsSync(path.join(operatorRoot, 'lib', 'cli', 'main.js'))
    ? {
        cmd: path.join(operatorRoot, 'bin', 'dynamo-iac'),
        args: ['operator', ...operatorArgs],
        label: `${path.relative(ROOT, operatorRoot) || '.'}/bin/dynamo-iac operator`,
        cwd: operatorRoot,
      }
    : {
        cmd: process.execPath,
        args: [path.join(ROOT, '.bench', 'src', 'operator', 'main.js'), ...operatorArgs],
        label: 'node .bench/src/operator/main.js (lib/ not compiled; `npm run compile` to use bin/dynamo-iac)',
        cwd: operatorRoot,
      };
}

interface SizeResult {
  readonly graphs: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly rssSettled: number;
  readonly rssAfter: number;
  readonly peak: number;
  readonly startSeconds: number;
}

/** One size: a fresh operator watching `graphs` graphs, `SCALES` scales through /scale, its memory. */
async function measure(
  kube: KubeApi,
  kubeconfig: string,
  graphs: number,
  children: ChildProcess[],
): Promise<SizeResult> {
  const { cmd, args, label, cwd } = operatorCommand();
  // With the environment the platform's Deployment gives it (OPERATOR_NODE_OPTIONS,
  // OPERATOR_MALLOC_ARENA_MAX), unless OPERATOR_BENCH_NODE_OPTIONS / _MALLOC_ARENA_MAX say others.
  const nodeOptions = process.env.OPERATOR_BENCH_NODE_OPTIONS ?? OPERATOR_NODE_OPTIONS;
  const arenas = process.env.OPERATOR_BENCH_MALLOC_ARENA_MAX ?? OPERATOR_MALLOC_ARENA_MAX;
  progress(`${graphs} graphs: starting the operator: ${label}, NODE_OPTIONS=${nodeOptions} MALLOC_ARENA_MAX=${arenas}`);
  const operator = spawn(cmd, args, {
    cwd,
    env: {
      ...process.env,
      KUBECONFIG: kubeconfig,
      LOG_LEVEL: 'info',
      NODE_OPTIONS: nodeOptions,
      MALLOC_ARENA_MAX: arenas,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(operator);
  let watch: WatchHandle | undefined;
  try {
    const startLog = (await waitForLine(operator, /"msg":"operator started"/, 'the operator to start')).input;
    const metricsPort = Number(/"port":(\d+)/.exec(startLog)?.[1]);
    // From "serving /metrics" (the process is up) to "operator started" (caches synced).
    const times = [...startLog.matchAll(/"time":"([^"]+)"/g)].map((m) => Date.parse(m[1]));
    const startSeconds = (times[times.length - 1] - times[0]) / 1000;
    progress(`operator up; controllers started ${startSeconds.toFixed(1)} s after its first log line`);

    await until(async () => {
      const list = await kube.list<ScalingAdapter>(RESOURCES.adapter, NAMESPACE);
      return list.items.filter((a) => a.status?.replicas !== undefined).length >= graphs ? true : undefined;
    }, `${graphs} adapters with status`);
    // Each graph's scaled worker Deployment, found by its labels (its name carries the worker hash).
    const scaled = async () =>
      (await kube.list<Workload>(RESOURCES.deployment, NAMESPACE)).items.filter((d) => scaledGraphOf(d) !== undefined);
    await until(
      async () => ((await scaled()).filter((d) => d.spec?.replicas !== undefined).length >= graphs ? true : undefined),
      `${graphs} adapter-managed Deployments with replicas`,
    );
    // Let the status writes and the first inventory pass settle before reading memory.
    await new Promise((r) => setTimeout(r, 3000));
    const pid = operator.pid ?? 0;
    const rssSettled = rssMiB(pid, 'VmRSS');

    progress(`scaling ${SCALES} times through /scale, watching the Deployments…`);
    const current = new Map((await scaled()).map((d) => [scaledGraphOf(d)!, d.spec!.replicas as number]));
    const waiters = new Map<string, { replicas: number; resolve: (t: number) => void }>();
    const rv = (await kube.list(RESOURCES.deployment, NAMESPACE)).metadata.resourceVersion;
    watch = kube.watch<Workload>(RESOURCES.deployment, NAMESPACE, { resourceVersion: rv, timeoutSeconds: 900 }, (e) => {
      const graph = e.object?.metadata ? scaledGraphOf(e.object) : undefined;
      const w = graph === undefined ? undefined : waiters.get(graph);
      if (w && e.type === 'MODIFIED' && e.object.spec?.replicas === w.replicas) {
        waiters.delete(graph!);
        w.resolve(performance.now());
      }
    });
    const latencies: number[] = [];
    for (let k = 0; k < SCALES; k++) {
      const graph = `g${k % graphs}`;
      const replicas = (current.get(graph) ?? 1) === 2 ? 3 : 2;
      current.set(graph, replicas);
      const seen = new Promise<number>((resolve, reject) => {
        waiters.set(graph, { replicas, resolve });
        setTimeout(
          () => reject(new Error(`the ${graph} ${SCALED} Deployment never reached ${replicas} replicas`)),
          30_000,
        ).unref();
      });
      const start = performance.now();
      await kube.mergePatch(RESOURCES.adapter, NAMESPACE, `${graph}-${SCALED}`, { spec: { replicas } }, 'scale');
      latencies.push((await seen) - start);
      if ((k + 1) % 50 === 0) progress(`${k + 1}/${SCALES} scales`);
    }
    const rssAfter = rssMiB(pid, 'VmRSS');
    const peak = rssMiB(pid, 'VmHWM');
    // File-backed pages are mostly the node binary's code; anonymous ones are the heaps (V8's and malloc's).
    const [anon, file] = [rssMiB(pid, 'RssAnon'), rssMiB(pid, 'RssFile')];
    const heap = await heapOf(metricsPort);
    if (process.env.OPERATOR_BENCH_HEAP_SNAPSHOT)
      await heapSnapshot(operator, cwd, `${process.env.OPERATOR_BENCH_HEAP_SNAPSHOT}.${graphs}`);
    latencies.sort((a, b) => a - b);
    const result = {
      graphs,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1],
      rssSettled,
      rssAfter,
      peak,
      startSeconds,
    };
    console.log(
      `  ${graphs} graphs: /scale -> Deployment spec.replicas (watch): p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms over ${SCALES} scales`,
    );
    console.log(
      `  ${graphs} graphs: operator RSS ${rssSettled.toFixed(0)} MiB settled, ${rssAfter.toFixed(0)} MiB after the scales, ${peak.toFixed(0)} MiB peak (now ${anon.toFixed(0)} MiB anonymous, ${file.toFixed(0)} MiB file-backed); V8 heap ${heap.used.toFixed(0)} MiB used / ${heap.total.toFixed(0)} MiB committed, external ${heap.external.toFixed(0)} MiB (its /metrics)`,
    );
    return result;
  } finally {
    watch?.abort();
    // The operator first (it releases its leases); the cluster stays for the next size.
    await stop(operator);
  }
}

/**
 * Runs the operator benchmark; false when it could not measure (the cluster binaries are not
 * built, or a step failed), so `npm run bench` can fail.
 */
export async function operatorBench(): Promise<boolean> {
  console.log(
    `\ndynamo-iac operator benchmark: ${SIZES.join(' and ')} graphs with a scaling adapter each, ${SCALES} /scale writes, operator in its own process`,
  );
  if (!binariesCached()) {
    console.log(
      '  cannot measure: the test cluster binaries (etcd, kube-apiserver, kube-controller-manager) are not built.',
    );
    console.log(
      '  Build them once with `bash test/infra/build.sh cluster` (needs Go >= 1.26, ~11 min on 2 cores) or `npm run test:cluster`, then run `npm run bench` again.',
    );
    return false;
  }
  const children: ChildProcess[] = [];
  let api: KubeApi | undefined;
  try {
    progress('starting etcd + kube-apiserver + kube-controller-manager…');
    // The binaries are cached (checked above), so start.ts finds them and builds nothing.
    const cluster = spawn(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', path.join(ROOT, 'test', 'cluster', 'start.ts')],
      {
        cwd: ROOT,
        env: { ...process.env, TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.dev.json') },
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    children.push(cluster);
    const kubeconfig = (await waitForLine(cluster, /^kubeconfig: (\S+)$/m, 'the test cluster'))[1];
    api = new KubeApi(loadKubeConfig({ kubeconfig }));
    const kube = api;

    for (const crd of crdManifests() as ServerObject[]) await apply(kube, CRD, crd);
    for (const crd of crdManifests() as ServerObject[]) {
      const established = async () =>
        (await kube.get<Workload>(CRD, undefined, crd.metadata.name)).status?.conditions?.some(
          (c) => c.type === 'Established' && c.status === 'True',
        );
      await until(async () => (await established()) || undefined, `CRD ${crd.metadata.name}`);
    }
    await apply(kube, NAMESPACE_RES, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE } });

    const results: SizeResult[] = [];
    let created = 0;
    for (const graphs of SIZES) {
      progress(`creating graphs ${created}–${graphs - 1}…`);
      for (; created < graphs; created++) {
        for (const o of graphObjects(created))
          await apply(kube, o.kind === 'Deployment' ? RESOURCES.deployment : RESOURCES.dgdV1beta1, o);
      }
      results.push(await measure(kube, kubeconfig, graphs, children));
    }

    console.log('\nTargets (reported, never enforced):');
    for (const r of results) {
      console.log(
        `  ${mark(r.p50 < TARGETS.p50Ms)} ${r.graphs} graphs: p50 < ${TARGETS.p50Ms} ms (${r.p50.toFixed(1)} ms)`,
      );
      console.log(
        `  ${mark(r.p99 < TARGETS.p99Ms)} ${r.graphs} graphs: p99 < ${TARGETS.p99Ms} ms (${r.p99.toFixed(1)} ms)`,
      );
      console.log(
        `  ${mark(r.rssAfter < TARGETS.rssMiB)} ${r.graphs} graphs: operator RSS < ${TARGETS.rssMiB} MiB (${r.rssAfter.toFixed(0)} MiB)`,
      );
    }
    return true;
  } catch (err) {
    console.log(`  operator benchmark cannot measure: ${(err as Error).message}`);
    return false;
  } finally {
    api?.close();
    // The operator first (it releases its leases), then the cluster (start.ts stops both servers).
    for (const c of children.reverse()) await stop(c);
  }
}
