/**
 * The components' readiness option with the real provider, on a cluster whose pods never run.
 * Default (`awaitWorkloads` unset): the example program's `pulumi up` in example.test.ts returns
 * once everything is applied. Here the other mode: `awaitWorkloads: true` (and
 * `awaitGraphStatus: true`) waits, gives up after `awaitTimeoutSeconds` naming what is not
 * ready, and succeeds once the workloads are ready (written by the test, as a cluster's
 * controllers and the runtime operator would).
 */
import * as path from 'path';
import { KubeRest } from './kube-rest';
import { playReady } from './play-ready';
import { PulumiStack } from './pulumi-cli';
import { workerDeploymentName } from './expected';

const NAMESPACE = 'readiness';
const TIMEOUT_SECONDS = 20;
const log = (line: string) => process.stderr.write(`[pulumi-e2e] ${line}\n`);

let kube: KubeRest;
let stack: PulumiStack;

beforeAll(async () => {
  kube = KubeRest.fromKubeconfig(process.env.DYNAMO_IAC_TEST_KUBECONFIG!);
  stack = await PulumiStack.create({
    projectDir: path.join(__dirname, 'readiness'),
    stack: 'readiness',
    kubeconfig: process.env.DYNAMO_IAC_TEST_KUBECONFIG!,
    transpileOnly: true,
    log,
  });
  await stack.setConfig('awaitWorkloads', 'true');
  await stack.setConfig('awaitGraphStatus', 'true');
  await stack.setConfig('awaitTimeoutSeconds', String(TIMEOUT_SECONDS));
});
afterAll(async () => {
  await stack?.cli(['destroy', '--yes'], { expectFailure: undefined });
  await stack?.dispose();
});

test('awaitWorkloads: nothing becomes ready, so up gives up after the timeout, naming each workload and the graph', async () => {
  const run = await stack.upFailing();
  const output = `${run.stdout}${run.stderr}`;
  const worker = await workerDeploymentName(kube, 'vllm-agg', 'VllmDecodeWorker', NAMESPACE);
  for (const name of ['vllm-agg-frontend', worker]) {
    expect(output).toContain(`'${name}' timed out waiting to be Ready`);
    // Created all the same: a later run only waits again.
    expect(await kube.get('apps/v1', 'Deployment', name, NAMESPACE)).toBeDefined();
  }
  // awaitGraphStatus: the record's Ready condition, which only the runtime operator writes.
  expect(output).toMatch(
    /DynamoGraphDeployment::agg\/vllm-agg" was successfully created, but .* timed out waiting for the condition/,
  );
  log(`gave up after ${run.seconds.toFixed(0)}s (timeout ${TIMEOUT_SECONDS}s per object)`);
});

test('awaitWorkloads and awaitGraphStatus: up succeeds once workloads, Services and the graph are ready', async () => {
  const readied = await playReady(kube, NAMESPACE);
  expect(readied).toEqual(
    expect.arrayContaining([
      'Deployment vllm-agg-frontend',
      `Deployment ${await workerDeploymentName(kube, 'vllm-agg', 'VllmDecodeWorker', NAMESPACE)}`,
      'DynamoGraphDeployment vllm-agg',
    ]),
  );
  await stack.up();
  await stack.cli(['preview', '--expect-no-changes']);
});

test('destroy removes the graph, its namespace and the CRDs', async () => {
  await stack.cli(['destroy', '--yes']);
  await kube.waitFor(
    'v1',
    'Namespace',
    NAMESPACE,
    undefined,
    (o) => o === undefined,
    `namespace ${NAMESPACE} deleted`,
    120_000,
  );
  expect(
    await kube.get('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'dynamographdeployments.nvidia.com'),
  ).toBeUndefined();
});
