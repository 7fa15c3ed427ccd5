/**
 * Operator benchmark, run after the render benchmark by `npm run bench`: against a real
 * kube-apiserver + etcd + controller manager (test/cluster/harness.ts, from the binaries
 * test/infra/build.sh cached; never built here), the operator runs as its own child process
 * (`bin/dynamo-iac operator`), watching 100 graphs with a scaling adapter each. Reported:
 * the time from a `/scale` write on an adapter to the Deployment's new `spec.replicas`, seen
 * on a watch (p50 / p99 over 200 sequential scales), and the operator's resident memory.
 * A report, not a test: a missed target is marked ✗ but never fails the run.
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
import { loadKubeConfig } from '../src/operator/runtime/kube/kubeconfig';
import { ServerObject } from '../src/operator/runtime/kube/objects';
import { resource, Resource } from '../src/operator/runtime/kube/resources';
import { renderGraph } from '../src/render';
import { OPERATOR_MALLOC_ARENA_MAX, OPERATOR_NODE_OPTIONS } from '../src/render/platform';

const ROOT = path.resolve(__dirname, '..', '..');
const GRAPHS = 100;
const SCALES = 200;
const NAMESPACE = 'bench-operator';
const TARGETS = { p50Ms: 50, p99Ms: 250, rssMiB: 160 };
const STEP_TIMEOUT_MS = 180_000;
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
          name: 'decode',
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

const rssMiB = (pid: number, field: 'VmRSS' | 'VmHWM') => {
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

export async function operatorBench(): Promise<void> {
  console.log(
    `\ndynamo-iac operator benchmark: ${GRAPHS} graphs with a scaling adapter each, ${SCALES} /scale writes, operator in its own process`,
  );
  if (!binariesCached()) {
    console.log('  skipped: the test cluster binaries (etcd, kube-apiserver, kube-controller-manager) are not built.');
    console.log(
      '  Build them once with `bash test/infra/build.sh cluster` (needs Go >= 1.26, ~11 min on 2 cores) or `npm run test:cluster`, then run `npm run bench` again.',
    );
    return;
  }
  const children: ChildProcess[] = [];
  let api: KubeApi | undefined;
  let watch: WatchHandle | undefined;
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

    // OPERATOR_BENCH_ROOT: measure the compiled operator of another checkout (before / after).
    const operatorRoot = process.env.OPERATOR_BENCH_ROOT ?? ROOT;
    const libCli = path.join(operatorRoot, 'lib', 'cli', 'main.js');
    const operatorArgs = [
      '--scope',
      'cluster',
      '--namespace',
      NAMESPACE,
      '--http-port',
      '0',
      '--leader-elect',
      'false',
    ];
    const [cmd, args, label] = fs.existsSync(libCli)
      ? [
          path.join(operatorRoot, 'bin', 'dynamo-iac'),
          ['operator', ...operatorArgs],
          `${path.relative(ROOT, operatorRoot) || '.'}/bin/dynamo-iac operator`,
        ]
      : [
          process.execPath,
          [path.join(ROOT, '.bench', 'src', 'operator', 'main.js'), ...operatorArgs],
          'node .bench/src/operator/main.js (lib/ not compiled; `npm run compile` to use bin/dynamo-iac)',
        ];
    // With the environment the platform's Deployment gives it (OPERATOR_NODE_OPTIONS,
    // OPERATOR_MALLOC_ARENA_MAX), unless OPERATOR_BENCH_NODE_OPTIONS / _MALLOC_ARENA_MAX say others.
    const nodeOptions = process.env.OPERATOR_BENCH_NODE_OPTIONS ?? OPERATOR_NODE_OPTIONS;
    const arenas = process.env.OPERATOR_BENCH_MALLOC_ARENA_MAX ?? OPERATOR_MALLOC_ARENA_MAX;
    progress(`starting the operator: ${label}, NODE_OPTIONS=${nodeOptions} MALLOC_ARENA_MAX=${arenas}`);
    const operator = spawn(cmd, args, {
      cwd: operatorRoot,
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
    const startLog = (await waitForLine(operator, /"msg":"operator started"/, 'the operator to start')).input;
    const metricsPort = Number(/"port":(\d+)/.exec(startLog)?.[1]);
    // From "serving /metrics" (the process is up) to "operator started" (caches synced).
    const times = [...startLog.matchAll(/"time":"([^"]+)"/g)].map((m) => Date.parse(m[1]));
    progress(
      `operator up; controllers started ${((times[times.length - 1] - times[0]) / 1000).toFixed(1)} s after its first log line`,
    );

    progress(`creating ${GRAPHS} graphs…`);
    for (let i = 0; i < GRAPHS; i++) {
      for (const o of graphObjects(i))
        await apply(kube, o.kind === 'Deployment' ? RESOURCES.deployment : RESOURCES.dgdV1beta1, o);
    }
    const adaptersReady = async () => {
      const list = await kube.list<ScalingAdapter>(RESOURCES.adapter, NAMESPACE);
      const n = list.items.filter((a) => a.status?.replicas === 1).length;
      return n === GRAPHS ? n : undefined;
    };
    await until(adaptersReady, `${GRAPHS} adapters with status`);
    await until(
      async () =>
        (await kube.list<Workload>(RESOURCES.deployment, NAMESPACE)).items.filter(
          (d) => d.metadata.name.endsWith('-decode') && d.spec?.replicas === 1,
        ).length === GRAPHS
          ? true
          : undefined,
      'adapter-managed Deployments at 1 replica',
    );
    // Let the status writes and the first inventory pass settle before reading memory.
    await new Promise((r) => setTimeout(r, 3000));
    const pid = operator.pid ?? 0;
    const rssSettled = rssMiB(pid, 'VmRSS');

    progress(`scaling ${SCALES} times through /scale, watching the Deployments…`);
    const waiters = new Map<string, { replicas: number; resolve: (t: number) => void }>();
    const rv = (await kube.list(RESOURCES.deployment, NAMESPACE)).metadata.resourceVersion;
    watch = kube.watch<Workload>(RESOURCES.deployment, NAMESPACE, { resourceVersion: rv, timeoutSeconds: 600 }, (e) => {
      const w = waiters.get(e.object?.metadata?.name ?? '');
      if (w && e.type === 'MODIFIED' && e.object.spec?.replicas === w.replicas) {
        waiters.delete(e.object.metadata.name);
        w.resolve(performance.now());
      }
    });
    const current = new Map<number, number>();
    const latencies: number[] = [];
    for (let k = 0; k < SCALES; k++) {
      const i = k % GRAPHS;
      const replicas = (current.get(i) ?? 1) === 2 ? 3 : 2;
      current.set(i, replicas);
      const seen = new Promise<number>((resolve, reject) => {
        waiters.set(`g${i}-decode`, { replicas, resolve });
        setTimeout(() => reject(new Error(`g${i}-decode never reached ${replicas} replicas`)), 30_000).unref();
      });
      const start = performance.now();
      await kube.mergePatch(RESOURCES.adapter, NAMESPACE, `g${i}-decode`, { spec: { replicas } }, 'scale');
      latencies.push((await seen) - start);
      if ((k + 1) % 50 === 0) progress(`${k + 1}/${SCALES} scales`);
    }
    const rssAfter = rssMiB(pid, 'VmRSS');
    const peak = rssMiB(pid, 'VmHWM');
    const heap = await heapOf(metricsPort);
    if (process.env.OPERATOR_BENCH_HEAP_SNAPSHOT)
      await heapSnapshot(operator, operatorRoot, process.env.OPERATOR_BENCH_HEAP_SNAPSHOT);

    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `  /scale -> Deployment spec.replicas (watch): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms over ${SCALES} scales`,
    );
    console.log(
      `  operator RSS watching ${GRAPHS} graphs: ${rssSettled.toFixed(0)} MiB settled, ${rssAfter.toFixed(0)} MiB after the scales, ${peak.toFixed(0)} MiB peak`,
    );
    console.log(
      `  of which V8 heap ${heap.used.toFixed(0)} MiB used / ${heap.total.toFixed(0)} MiB committed, external ${heap.external.toFixed(0)} MiB (the operator's /metrics)`,
    );
    console.log('\nTargets (reported, never enforced):');
    console.log(`  ${mark(p50 < TARGETS.p50Ms)} p50 < ${TARGETS.p50Ms} ms (${p50.toFixed(1)} ms)`);
    console.log(`  ${mark(p99 < TARGETS.p99Ms)} p99 < ${TARGETS.p99Ms} ms (${p99.toFixed(1)} ms)`);
    console.log(
      `  ${mark(rssAfter < TARGETS.rssMiB)} operator RSS < ${TARGETS.rssMiB} MiB (${rssAfter.toFixed(0)} MiB)`,
    );
  } catch (err) {
    console.log(`  operator benchmark failed: ${(err as Error).message}`);
  } finally {
    watch?.abort();
    api?.close();
    // The operator first (it releases its leases), then the cluster (start.ts stops both servers).
    for (const c of children.reverse()) {
      if (c.exitCode !== null) continue;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      if (c.exitCode === null) c.kill('SIGKILL');
    }
  }
}
