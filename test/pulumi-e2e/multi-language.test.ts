/**
 * The components as a multi-language Pulumi package (`pulumi-plugin/`), as the README shows them:
 * a Python project that `pulumi package add`s this checkout's plugin directory and a YAML project
 * that names it in `packages`, then
 * deploy the platform and a graph with the real engine and the test cluster, and destroy them.
 * Offline: the language hosts beside the CLI, the Kubernetes provider from its file, pip from
 * the cached wheels of Pulumi's Python SDK (no index).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiResource, KubeRest } from './kube-rest';
import { PulumiStack, pulumiBinaries } from './pulumi-cli';
import { readmeBlock } from './readme-block';

const REPO = path.resolve(__dirname, '..', '..');
const log = (line: string) => process.stderr.write(`[pulumi-e2e] ${line}\n`);

/** What both programs render: the graph's objects (in `default`) and the platform's operator. */
const GRAPH_OBJECTS = [
  'Deployment/qwen-frontend',
  'Service/qwen-frontend',
  // A worker generation: named with the graph's worker hash.
  expect.stringMatching(/^Deployment\/qwen-vllmdecodeworker-[0-9a-f]{8}$/),
];

let kube: KubeRest;
let work: string;
let resources: ApiResource[];

beforeAll(async () => {
  kube = KubeRest.fromKubeconfig(process.env.DYNAMO_IAC_TEST_KUBECONFIG!);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-multi-language-'));
  // The README's layout: the projects next to the `dynamo-iac` checkout (this one).
  fs.symlinkSync(REPO, path.join(work, 'dynamo-iac'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** `<Kind>/<name>` objects of the graph, looked up in the API server (undefined when absent). */
async function lookUp(objectName: string, namespace: string) {
  const [kind, name] = objectName.split('/');
  resources ??= await kube.resources();
  const r = resources.find((x) => x.kind === kind);
  if (!r) throw new Error(`the API server serves no kind ${kind} (${objectName})`);
  return kube.get(r.apiVersion, kind, name, r.namespaced ? namespace : undefined);
}

/** up, the outputs, every rendered object in the API server, destroy, nothing left. */
async function deployAndDestroy(stack: PulumiStack): Promise<void> {
  await stack.up();
  const out = JSON.parse((await stack.cli(['stack', 'output', '--json'])).stdout) as {
    frontend: string;
    objects: string[];
  };
  expect(out.frontend).toBe('qwen-frontend');
  expect(out.objects).toEqual(expect.arrayContaining([...GRAPH_OBJECTS, 'DynamoGraphDeployment/qwen']));
  for (const o of out.objects)
    expect({ o, found: (await lookUp(o, 'default'))?.metadata.name }).toEqual({ o, found: o.split('/')[1] });
  // The top-level container fields landed in the `main` container.
  const workerName = out.objects.find((o) => o.startsWith('Deployment/qwen-vllmdecodeworker'))!.split('/')[1];
  const worker = await kube.get('apps/v1', 'Deployment', workerName, 'default');
  const pod = (
    worker as unknown as { spec: { template: { spec: { containers: { name: string; args?: string[] }[] } } } }
  ).spec.template.spec;
  const main = pod.containers.find((c) => c.name === 'main')!;
  expect(main).toMatchObject({
    image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1',
    command: ['python3'],
    resources: { limits: { 'nvidia.com/gpu': '1' } },
  });
  expect(main.args).toEqual(expect.arrayContaining(['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B']));
  expect((await kube.get('apps/v1', 'Deployment', 'dynamo-iac-operator', 'dynamo-system'))?.metadata.name).toBe(
    'dynamo-iac-operator',
  );
  // The type tokens other languages see are the kinds.
  const types = new Set((await stack.exportState()).map((r) => r.type));
  expect([...types]).toEqual(
    expect.arrayContaining(['dynamo:index:DynamoPlatform', 'dynamo:index:DynamoGraphDeployment']),
  );
  await stack.cli(['preview', '--expect-no-changes']);

  await stack.cli(['destroy', '--yes']);
  await kube.waitFor(
    'v1',
    'Namespace',
    'dynamo-system',
    undefined,
    (o) => o === undefined,
    'namespace dynamo-system deleted',
    120_000,
  );
  // Worker generations go with the graph record (their ownerReference), in the garbage collector's time.
  const left = async () => {
    const found: string[] = [];
    for (const o of out.objects) if (await lookUp(o, 'default')) found.push(o);
    return found;
  };
  for (let i = 0; i < 120 && (await left()).length > 0; i++) await new Promise((r) => setTimeout(r, 1000));
  expect(await left()).toEqual([]);
  expect(
    await kube.get('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'dynamographdeployments.nvidia.com'),
  ).toBeUndefined();
  expect(await stack.exportState()).toEqual([]);
}

test("the README's setup commands are the ones these tests stand in for", () => {
  expect(readmeBlock('pulumi-python-setup').trim().split('\n')).toEqual([
    'mkdir qwen-py && cd qwen-py',
    'pulumi new python --yes',
    'pulumi package add ../dynamo-iac/pulumi-plugin',
  ]);
});

test('Python: pulumi package add, then the README program deploys the platform and a graph; destroy leaves nothing', async () => {
  const wheels = pulumiBinaries().PULUMI_PYTHON_WHEELS!;
  const project = path.join(work, 'qwen-py');
  fs.mkdirSync(project);
  // What `pulumi new python` writes (its template needs the internet), and its venv.
  fs.writeFileSync(
    path.join(project, 'Pulumi.yaml'),
    'name: qwen-py\ndescription: A Dynamo graph\nruntime:\n  name: python\n  options:\n    toolchain: pip\n    virtualenv: venv\n',
  );
  fs.writeFileSync(path.join(project, 'requirements.txt'), 'pulumi>=3.0.0,<4.0.0\n');
  fs.writeFileSync(path.join(project, '__main__.py'), readmeBlock('pulumi-python-program'));
  // pip installs from the cached wheels only (the Pulumi SDK, and setuptools for the generated SDK).
  const pip = { PIP_NO_INDEX: '1', PIP_FIND_LINKS: wheels, PIP_DISABLE_PIP_VERSION_CHECK: '1' };
  const run = (cmd: string, args: string[]) =>
    execFileSync(cmd, args, { cwd: project, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...pip } });
  run('python3', ['-m', 'venv', 'venv']);
  run(path.join(project, 'venv', 'bin', 'python'), ['-m', 'pip', 'install', '--quiet', '-r', 'requirements.txt']);

  const stack = await PulumiStack.create({
    projectDir: project,
    stack: 'dev',
    kubeconfig: process.env.DYNAMO_IAC_TEST_KUBECONFIG!,
    env: pip,
    log,
  });
  try {
    await stack.cli(['package', 'add', '../dynamo-iac/pulumi-plugin']);
    // The generated SDK has a typed class for every component's args.
    const sdk = fs.readFileSync(path.join(project, 'sdks', 'dynamo', 'pulumi_dynamo', '_inputs.py'), 'utf8');
    for (const type of [
      'GraphSpecArgs',
      'GraphComponentArgs',
      'ComponentDeploymentSpecArgs',
      'ModelSpecArgs',
      'CheckpointSpecArgs',
      'RequestSpecArgs',
    ])
      expect(sdk).toContain(`class ${type}`);
    await deployAndDestroy(stack);
  } finally {
    await stack.dispose();
  }
});

test('YAML: the README program (its `packages` entry: pulumi-yaml 1.25 has no `pulumi package add` link step) deploys the platform and a graph; destroy leaves nothing', async () => {
  const project = path.join(work, 'qwen-yaml');
  fs.mkdirSync(project);
  // What `pulumi new yaml` writes.
  fs.writeFileSync(path.join(project, 'Pulumi.yaml'), 'name: qwen-yaml\ndescription: A Dynamo graph\nruntime: yaml\n');
  const stack = await PulumiStack.create({
    projectDir: project,
    stack: 'dev',
    kubeconfig: process.env.DYNAMO_IAC_TEST_KUBECONFIG!,
    log,
  });
  try {
    // The inferred schema: every kind, each with typed args; `Any` only where a core/v1 object goes.
    const schema = JSON.parse((await stack.cli(['package', 'get-schema', '../dynamo-iac/pulumi-plugin'])).stdout);
    expect(Object.keys(schema.resources).sort()).toEqual(
      [
        'DynamoCheckpoint',
        'DynamoComponentDeployment',
        'DynamoGraphDeployment',
        'DynamoGraphDeploymentRequest',
        'DynamoModel',
        'DynamoPlatform',
      ].map((k) => `dynamo:index:${k}`),
    );
    const anyTyped: string[] = [];
    const walk = (where: string, props: Record<string, { $ref?: string; items?: unknown }>) => {
      for (const [k, v] of Object.entries(props ?? {}))
        if (v.$ref === 'pulumi.json#/Any') anyTyped.push(`${where}.${k}`);
    };
    for (const [k, r] of Object.entries<{ inputProperties: Record<string, never>; requiredInputs?: string[] }>(
      schema.resources,
    )) {
      expect({ k, inputs: Object.keys(r.inputProperties).length > 3 }).toEqual({ k, inputs: true });
      walk(k, r.inputProperties);
    }
    for (const [k, t] of Object.entries<{ properties: Record<string, never> }>(schema.types)) walk(k, t.properties);
    expect(anyTyped.map((a) => a.replace(/^dynamo:index:/, '')).sort()).toEqual([
      'CheckpointJob.podTemplateSpec',
      'ComponentDeploymentSpec.podTemplate',
      // A whole request manifest, in any version (the v1beta2 request reaches every language through it).
      'DynamoGraphDeploymentRequest.manifest',
      'GraphComponent.podTemplate',
      'RequestSpec.extra',
    ]);
    fs.appendFileSync(path.join(project, 'Pulumi.yaml'), readmeBlock('pulumi-yaml-program'));
    await deployAndDestroy(stack);
  } finally {
    await stack.dispose();
  }
});
