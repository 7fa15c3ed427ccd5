/**
 * `fromFile` on a mixed file (upstream's examples: a graph beside a ConfigMap or a
 * ResourceClaimTemplate): the other documents become Kubernetes resources of the component,
 * unchanged, as the rendered objects do.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DynamoGraph } from '../../src/pulumi';
import { runProgram } from './mocks';
import { withoutPulumiAnnotations } from './without-pulumi-annotations';
import { upstreamExampleFile } from '../conformance/upstream-tree';

const upstreamExample = upstreamExampleFile;

describe('DynamoGraph.fromFile with documents of other kinds', () => {
  test("upstream's trtllm agg-with-config: the ConfigMap is a kubernetes:core/v1:ConfigMap child, unchanged", async () => {
    const { file, docs } = upstreamExample('examples/backends/trtllm/deploy/agg-with-config.yaml');
    const rs = await runProgram(() => DynamoGraph.fromFile('agg', file, { namespace: 'team' }));
    const input = docs.find((d) => d.kind === 'ConfigMap');
    const configMaps = rs.filter((r) => r.type === 'kubernetes:core/v1:ConfigMap');
    expect(configMaps.map((r) => r.name)).toEqual(['agg/nvidia-config']);
    const { apiVersion, kind, metadata, data } = configMaps[0].inputs;
    expect({ apiVersion, kind, metadata, data }).toEqual({
      ...input,
      metadata: { ...input.metadata, namespace: 'team' },
    });
    expect(configMaps[0].parent).toBe(rs.find((r) => r.type === 'dynamo:index:Graph')!.resource);
  });

  test("upstream's XPU DRA example: the ResourceClaimTemplate is a generic resource, as written", async () => {
    const { file, docs } = upstreamExample('examples/backends/vllm/deploy/xpu/agg_xpu_dra.yaml');
    const rs = await runProgram(() => DynamoGraph.fromFile('dra', file));
    const claims = rs.filter((r) => r.inputs?.kind === 'ResourceClaimTemplate');
    expect(claims).toHaveLength(1);
    expect(claims[0].type).toBe('kubernetes:resource.k8s.io/v1:ResourceClaimTemplate');
    const { apiVersion, kind, metadata, spec } = withoutPulumiAnnotations(claims[0].inputs);
    expect({ apiVersion, kind, metadata, spec }).toEqual({
      ...docs[0],
      metadata: { ...docs[0].metadata, namespace: 'default' },
    });
  });

  test('a bad ConfigMap is an error on the component, with its path', async () => {
    const graph = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'agg-v1beta1.yaml'), 'utf8');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mixed-')), 'graph.yaml');
    fs.writeFileSync(file, `${graph}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\ndata: {retries: 3}\n`);
    const error = await runProgram(() => DynamoGraph.fromFile('bad', file)).catch((e) => e);
    expect(String(error.message)).toContain('ConfigMap cfg: data[retries]: must be a string');
  });
});
