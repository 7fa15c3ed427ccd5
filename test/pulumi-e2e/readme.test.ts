/**
 * The README's "Use it with Pulumi" walkthrough as a user follows it: a new TypeScript project
 * (the files `pulumi new typescript` writes: its template needs the internet), this package packed
 * and installed with npm next to @pulumi/kubernetes, the README's `index.ts` as it is, then
 * `pulumi up` and `pulumi destroy` with the real engine.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubeRest } from './kube-rest';
import { PulumiStack } from './pulumi-cli';
import { workerDeploymentName } from './expected';
import { readmeBlock } from './readme-block';

const REPO = path.resolve(__dirname, '..', '..');
const log = (line: string) => process.stderr.write(`[pulumi-e2e] ${line}\n`);

let kube: KubeRest;
let work: string;
let stack: PulumiStack;

beforeAll(async () => {
  kube = KubeRest.fromKubeconfig(process.env.DYNAMO_IAC_TEST_KUBECONFIG!);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-readme-'));
});
afterAll(async () => {
  await stack?.dispose();
  fs.rmSync(work, { recursive: true, force: true });
});

test("the README's commands are the ones this test stands in for", () => {
  expect(readmeBlock('pulumi-setup').trim().split('\n')).toEqual([
    'mkdir qwen && cd qwen',
    'pulumi new typescript --yes',
    'npm install ../dynamo-iac/dynamo-iac-*.tgz @pulumi/kubernetes',
  ]);
});

test('the README program: pulumi up deploys the graph after its namespace and the platform; destroy removes it all', async () => {
  const project = path.join(work, 'qwen');
  fs.mkdirSync(project);
  // What `pulumi new typescript` writes.
  fs.writeFileSync(
    path.join(project, 'Pulumi.yaml'),
    'name: qwen\ndescription: A Dynamo graph\nruntime:\n  name: nodejs\n  options:\n    packagemanager: npm\n',
  );
  fs.writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          outDir: 'bin',
          target: 'es2020',
          module: 'commonjs',
          moduleResolution: 'node',
          sourceMap: true,
          experimentalDecorators: true,
          pretty: true,
          noFallthroughCasesInSwitch: true,
          noImplicitReturns: true,
          forceConsistentCasingInFileNames: true,
        },
        files: ['index.ts'],
      },
      null,
      2,
    ),
  );
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'qwen', main: 'index.ts', devDependencies: {}, dependencies: {} }, null, 2),
  );
  fs.writeFileSync(path.join(project, 'index.ts'), readmeBlock('pulumi-program'));
  // `npm install ../dynamo-iac/dynamo-iac-*.tgz @pulumi/kubernetes`: this checkout packed, and the
  // Pulumi packages at the versions of the binaries under test. No install scripts:
  // @pulumi/kubernetes' would download the provider plugin (installed from its file instead).
  const npm = (args: string[]) =>
    execFileSync('npm', args, {
      cwd: project,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
  const tarball = npm(['pack', '--silent', '--pack-destination', work, REPO]).trim().split('\n').pop()!;
  const pinned = (name: string) => `${name}@${require(`${name}/package.json`).version}`;
  npm([
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    path.join(work, tarball),
    pinned('@pulumi/pulumi'),
    pinned('@pulumi/kubernetes'),
    pinned('typescript'),
    pinned('@types/node'),
  ]);

  stack = await PulumiStack.create({
    projectDir: project,
    stack: 'dev',
    kubeconfig: process.env.DYNAMO_IAC_TEST_KUBECONFIG!,
    log,
  });
  await stack.up();
  const out = JSON.parse((await stack.cli(['stack', 'output', '--json'])).stdout);
  expect(out).toEqual({ frontend: 'qwen-frontend' });
  for (const [ns, name] of [
    ['inference', 'qwen-frontend'],
    ['inference', await workerDeploymentName(kube, 'qwen', 'VllmDecodeWorker', 'inference')],
    ['dynamo-system', 'dynamo-iac-operator'],
  ]) {
    expect((await kube.get('apps/v1', 'Deployment', name, ns))?.metadata.name).toBe(name);
  }
  expect((await kube.get('nvidia.com/v1beta1', 'DynamoGraphDeployment', 'qwen', 'inference'))?.metadata.name).toBe(
    'qwen',
  );
  await stack.cli(['preview', '--expect-no-changes']);

  await stack.cli(['destroy', '--yes']);
  for (const ns of ['inference', 'dynamo-system']) {
    await kube.waitFor('v1', 'Namespace', ns, undefined, (o) => o === undefined, `namespace ${ns} deleted`, 120_000);
  }
  expect(
    await kube.get('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'dynamographdeployments.nvidia.com'),
  ).toBeUndefined();
});
