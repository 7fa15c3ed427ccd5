import { pruneNulls } from '../../../src/api/convert/prune-nulls';
import { resolveSettings } from '../../../src/api/settings';
import { renderManifests } from '../../../src/pipeline/manifests';
import { renderManifest } from '../../../src/pipeline/render-manifest';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.0.0';

describe('nulls of non-nullable fields are pruned, as the API server prunes them before it validates', () => {
  test('null map entries go, at any depth; lists keep their items; the input is not changed', () => {
    const doc = { kind: 'DynamoGraphDeployment', spec: { a: null, b: { c: null, d: 1 }, l: [{ e: null, f: 2 }] } };
    const before = JSON.stringify(doc);
    expect(pruneNulls(doc)).toEqual({ kind: 'DynamoGraphDeployment', spec: { b: { d: 1 }, l: [{ f: 2 }] } });
    expect(JSON.stringify(doc)).toBe(before);
  });

  test('a document without nulls is returned as it is', () => {
    const doc = { kind: 'DynamoGraphDeployment', spec: { a: [1, { b: 2 }] } };
    expect(pruneNulls(doc)).toBe(doc);
  });

  test("fields upstream's CRDs keep opaque keep their nulls", () => {
    const value = { spec: { x: null } };
    const graph = { kind: 'DynamoGraphDeployment', spec: { components: [{ providerOverride: { value } }] } };
    expect(pruneNulls(graph).spec.components[0].providerOverride.value).toBe(value);
    const request = { kind: 'DynamoGraphDeploymentRequest', spec: { overrides: { dgd: { a: null } }, b: null } };
    expect(pruneNulls(request)).toEqual({
      kind: 'DynamoGraphDeploymentRequest',
      spec: { overrides: { dgd: { a: null } } },
    });
  });

  // Ten of upstream's recipes write `subComponentType: null` (reference/dynamo-1.7.md §5.5).
  const recipe = `apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata:
  name: g
spec:
  services:
    Frontend:
      componentType: frontend
      subComponentType: null
      replicas: null
      extraPodSpec:
        mainContainer:
          image: ${IMAGE}
          command: null
`;

  test('a recipe with subComponentType: null renders through the file pipeline', () => {
    const r = renderManifests([{ source: 'recipe.yaml', text: recipe }], resolveSettings());
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(r.objects.some((o) => o.kind === 'Deployment')).toBe(true);
  });

  test('and through the one-manifest pipeline the constructs and components run', () => {
    const manifest = {
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'g', labels: null },
      spec: {
        components: [
          {
            name: 'frontend',
            type: 'frontend',
            subComponentType: null,
            podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE, args: null }] } },
          },
        ],
      },
    };
    const r = renderManifest(manifest, resolveSettings());
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(r.objects.length).toBeGreaterThan(0);
  });
});
