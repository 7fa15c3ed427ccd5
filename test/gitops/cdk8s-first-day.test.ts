/**
 * DynamoGitOpsApp and DynamoPlatform say what a first deploy would trip over: the Namespaces the
 * output applies into are in it by default (as `dynamo-iac gitops` and `platform` do), a line
 * names them when they are left out, and the unpublished default operator image is a warning.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Chart } from 'cdk8s';
import { DynamoGitOpsApp, DynamoGraphDeployment, DynamoPlatform } from '../../src';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const spec = {
  backendFramework: 'vllm' as const,
  components: [
    {
      name: 'Frontend',
      type: 'frontend' as const,
      podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
    },
  ],
};

let outdir: string;
let stderr: jest.SpyInstance;
beforeEach(() => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-first-day-'));
  stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => {
  stderr.mockRestore();
  fs.rmSync(outdir, { recursive: true, force: true });
});
const printed = () => stderr.mock.calls.map((c) => String(c[0]));

function app(props: { createNamespaces?: boolean; image?: string } = {}) {
  const a = new DynamoGitOpsApp({ outdir, createNamespaces: props.createNamespaces });
  new DynamoPlatform(new Chart(a, 'platform'), 'dynamo', { namespace: 'dynamo-system', image: props.image });
  new DynamoGraphDeployment(new Chart(a, 'llm', { namespace: 'inference' }), 'qwen', { spec });
  return a;
}
const namespaceFiles = (a: DynamoGitOpsApp) =>
  a
    .gitOpsLayout()
    .files.map((f) => f.path)
    .filter((p) => /\/namespace-/.test(p));

test("by default every namespace the output uses has its Namespace (the platform's own, and the graphs')", () => {
  expect(namespaceFiles(app({ image: 'registry.example.com/op:1' }))).toEqual([
    'platform/namespace-dynamo-system.yaml',
    'platform/namespace-inference.yaml',
  ]);
  expect(printed()).toEqual([]);
});

test('createNamespaces: false leaves the graphs’ out, and synth names them in one line', () => {
  const a = app({ createNamespaces: false, image: 'registry.example.com/op:1' });
  expect(namespaceFiles(a)).toEqual(['platform/namespace-dynamo-system.yaml']);
  a.synth();
  expect(printed()).toEqual([
    'note: namespace inference is not in the output: create it before applying (kubectl create namespace inference), or leave createNamespaces at its default (true)\n',
  ]);
});

test('the unpublished default operator image: one warning at synth, none with an image of your own', () => {
  app().synth();
  expect(printed()).toEqual([
    '[platform/dynamo] image: warning: the operator image ghcr.io/dynamo-iac/dynamo-iac-operator:0.0.0 is not published yet: build it (npm run operator-image, or docker build; README "The operator image"), push it, and set the image prop\n',
  ]);
});
