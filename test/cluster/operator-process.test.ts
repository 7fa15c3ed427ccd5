/**
 * `dynamo-iac operator` as a child process (src/operator/main.ts through ts-node, connected with
 * `--kubeconfig` and `--context`): it elects
 * itself leader, holds the namespace-scope lease, scales through an adapter, serves /healthz,
 * /readyz and /metrics over HTTP, and on SIGTERM stops, deletes its lease and exits 0.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse, stringify } from 'yaml';
import { KubeClient, testKubeconfig, uniqueName } from './kube';
import { ADAPTER, ADAPTER_KIND, installOperatorCrds, rendered } from './operator-harness';

const ROOT = path.resolve(__dirname, '..', '..');
let kube: KubeClient;
let child: ChildProcess;
let ns: string;
let logs = '';

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installOperatorCrds(kube);
  ns = uniqueName('op-proc');
  await kube.createNamespace(ns);
  // The test cluster's kubeconfig with a second context, current but unreachable: --context picks the right one.
  const kubeconfig = path.join(os.tmpdir(), `${ns}.kubeconfig`);
  const admin = parse(fs.readFileSync(testKubeconfig(), 'utf8'));
  admin.clusters.push({ name: 'unreachable', cluster: { server: 'https://127.0.0.1:1' } });
  admin.contexts.push({ name: 'unreachable', context: { cluster: 'unreachable', user: admin.users[0].name } });
  const context = admin['current-context'];
  admin['current-context'] = 'unreachable';
  fs.writeFileSync(kubeconfig, stringify(admin));
  const args = [
    '--kubeconfig',
    kubeconfig,
    '--context',
    context,
    '--scope',
    'namespace',
    '--namespace',
    ns,
    '--http-port',
    '0',
    '--identity',
    'proc-test',
  ];
  child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/operator/main.ts', ...args], {
    cwd: ROOT,
    // The flags win over KUBECONFIG.
    env: { ...process.env, KUBECONFIG: '/nonexistent', TS_NODE_PROJECT: 'tsconfig.dev.json', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (logs += d));
  child.stderr!.on('data', (d) => (logs += d));
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  kube.close();
});

async function poll<T>(fn: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`timed out waiting for ${what}; operator output:\n${logs}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const logLines = () =>
  logs
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));

test('runs, scales, serves metrics and health, and shuts down cleanly on SIGTERM', async () => {
  const port = await poll(
    () => logLines().find((l) => l.msg === 'serving /metrics, /healthz, /readyz')?.port as number | undefined,
    'the HTTP port',
  );
  const get = async (p: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${p}`);
    return { status: res.status, body: await res.text() };
  };
  expect(await get('/healthz')).toEqual({ status: 200, body: 'ok\n' });
  await poll(async () => ((await get('/readyz')).status === 200 ? true : undefined), '/readyz');

  const lease = await poll(
    () => kube.get<any>('coordination.k8s.io/v1', 'Lease', 'dynamo-operator-namespace-scope', ns),
    'namespace-scope lease',
  );
  expect(lease.spec.holderIdentity).toBe('namespace-restricted-operator-0.0.0');
  const leader = await kube.get<any>('coordination.k8s.io/v1', 'Lease', 'dynamo-iac-operator-leader', ns);
  expect(leader.spec.holderIdentity).toBe('proc-test');

  for (const o of rendered(ns)) await kube.apply(o);
  await kube.waitFor(ADAPTER, ADAPTER_KIND, 'sg-decode', ns, (o) => (o as any)?.status?.replicas === 2, {
    what: 'adapter',
    timeoutMs: 60_000,
  });

  const metrics = (await get('/metrics')).body;
  expect(metrics).toContain('# TYPE dynamo_operator_reconcile_duration_seconds histogram');
  expect(metrics).toMatch(
    new RegExp(
      `dynamo_operator_reconcile_total\\{resource_type="DynamoGraphDeploymentScalingAdapter",namespace="${ns}",result="success"\\} [1-9]`,
    ),
  );
  expect(metrics).toContain('dynamo_operator_workqueue_depth{controller="scaling-adapters"}');
  expect(metrics).toContain('process_resident_memory_bytes');

  // Managed pods come from the graph status, which comes from the workloads' status: play the
  // Deployment controller for sg-decode, then wait for the inventory's next 30 s refresh.
  const dep = await kube.waitFor<any>(
    'apps/v1',
    'Deployment',
    'sg-decode',
    ns,
    (o) => (o as any)?.spec?.replicas === 2,
    { what: 'replicas 2' },
  );
  const status = {
    observedGeneration: dep.metadata.generation,
    replicas: 2,
    updatedReplicas: 2,
    readyReplicas: 2,
    availableReplicas: 2,
  };
  await kube.request(
    'PATCH',
    `/apis/apps/v1/namespaces/${ns}/deployments/sg-decode/status`,
    { status },
    'application/merge-patch+json',
  );
  const podsLine = new RegExp(
    `^dynamo_operator_managed_pods_total\\{component_type="worker",namespace="${ns}"\\} 2$`,
    'm',
  );
  await poll(
    async () => (podsLine.test((await get('/metrics')).body) ? true : undefined),
    'managed pods gauge',
    90_000,
  );
  expect(
    logLines().every((l) => typeof l.level === 'number' && typeof l.time === 'string' && typeof l.msg === 'string'),
  ).toBe(true);

  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(await kube.get('coordination.k8s.io/v1', 'Lease', 'dynamo-operator-namespace-scope', ns)).toBeUndefined();
  // The leader lease was released for an immediate handover.
  expect(
    (await kube.get<any>('coordination.k8s.io/v1', 'Lease', 'dynamo-iac-operator-leader', ns)).spec.holderIdentity,
  ).toBe('');
});
