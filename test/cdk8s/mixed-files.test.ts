/**
 * `fromFile` on a mixed file (upstream's examples: a graph beside a ConfigMap or a
 * ResourceClaimTemplate): the other documents are added to the chart unchanged, and
 * DynamoGitOpsApp lays them out in the graph's folder.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Chart, Testing } from 'cdk8s';
import { DynamoGitOpsApp, DynamoGraphDeployment } from '../../src';
import { synthError } from './synth-error';
import { upstreamExampleFile } from '../conformance/upstream-tree';

const upstreamExample = upstreamExampleFile;

function writeFile(text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mixed-')), 'graph.yaml');
  fs.writeFileSync(file, text);
  return file;
}

const GRAPH = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'agg-v1beta1.yaml'), 'utf8');

describe('fromFile with documents of other kinds', () => {
  test("upstream's trtllm agg-with-config: the ConfigMap is an ApiObject of the chart, first and unchanged", () => {
    const { file, docs } = upstreamExample('examples/backends/trtllm/deploy/agg-with-config.yaml');
    const chart = new Chart(Testing.app(), 'c', { namespace: 'team' });
    const g = DynamoGraphDeployment.fromFile(chart, 'g', file);
    const synthesized = Testing.synth(chart);
    const input = docs.find((d) => d.kind === 'ConfigMap');
    expect(synthesized[0]).toEqual({ ...input, metadata: { ...input.metadata, namespace: 'team' } });
    expect(g.objects[0].kind).toBe('ConfigMap');
    expect(synthesized.filter((o: any) => o.kind === 'DynamoGraphDeployment')).toHaveLength(1);
  });

  test("upstream's XPU DRA example: the ResourceClaimTemplate is emitted as written", () => {
    const { file, docs } = upstreamExample('examples/backends/vllm/deploy/xpu/agg_xpu_dra.yaml');
    const chart = new Chart(Testing.app(), 'c');
    DynamoGraphDeployment.fromFile(chart, 'g', file);
    expect(Testing.synth(chart)[0]).toEqual({ ...docs[0], metadata: { ...docs[0].metadata, namespace: 'default' } });
  });

  test('a bad ConfigMap and a CRD object without a name fail synth, each with its path', () => {
    const file = writeFile(
      `${GRAPH}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\ndata: {retries: 3}\n---\napiVersion: resource.nvidia.com/v1beta1\nkind: ComputeDomain\nmetadata: {}\n`,
    );
    const app = Testing.app();
    DynamoGraphDeployment.fromFile(new Chart(app, 'c'), 'g', file);
    const error = synthError(app);
    expect(error).toContain('[c/g] ConfigMap cfg: data[retries]: must be a string');
    expect(error).toContain('[c/g] ComputeDomain: metadata.name: Required value');
  });

  test('two Dynamo manifests in one file are still refused', () => {
    const app = Testing.app();
    DynamoGraphDeployment.fromFile(new Chart(app, 'c'), 'g', writeFile(`${GRAPH}---\n${GRAPH}`));
    expect(synthError(app)).toMatch(
      /expected exactly one Dynamo manifest \(documents of other kinds pass through\), found 2/,
    );
  });

  test("DynamoGitOpsApp puts the file's other objects in the graph's folder", () => {
    const file = writeFile(
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: engine-config}\ndata: {a: b}\n---\n${GRAPH}`,
    );
    const app = new DynamoGitOpsApp({ outdir: '/nonexistent' });
    DynamoGraphDeployment.fromFile(new Chart(app, 'c', { namespace: 'team' }), 'g', file);
    const paths = app.gitOpsLayout().files.map((f) => f.path);
    expect(paths).toContain('graphs/team/vllm-agg/configmap-engine-config.yaml');
    expect(paths.filter((p) => p.includes('_shared'))).toEqual([]);
  });
});
