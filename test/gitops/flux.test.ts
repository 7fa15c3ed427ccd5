import { KubeObject } from '../../src/api/k8s-types';
import { fluxKustomizations, fluxSource } from '../../src/gitops/flux';
import { fluxHealthCheckExprs, graphHealthCheckExpr } from '../../src/gitops/health/flux-health';
import { validateWithFluxSchemas } from './flux-schemas';

const git = fluxSource({ url: 'https://github.com/acme/deploy', ref: 'release' });
const oci = fluxSource({ name: 'models', url: 'oci://ghcr.io/acme/deploy', secretName: 'ghcr' });
const refOf = (o: KubeObject) => ({
  apiVersion: o.apiVersion,
  kind: o.kind,
  name: o.metadata.name,
  namespace: o.metadata.namespace,
});
const all = fluxKustomizations({
  source: refOf(git),
  layers: ['crds', 'platform', 'graphs'],
  path: './clusters/prod/',
});
const byName = (name: string) => all.find((k) => k.metadata.name === name) as any;

test('sources: a GitRepository for https/ssh URLs, an OCIRepository for oci://, both source.toolkit.fluxcd.io/v1', () => {
  expect(git).toEqual({
    apiVersion: 'source.toolkit.fluxcd.io/v1',
    kind: 'GitRepository',
    metadata: { name: 'dynamo', namespace: 'flux-system' },
    spec: { interval: '1m', url: 'https://github.com/acme/deploy', ref: { branch: 'release' } },
  });
  expect(oci.kind).toBe('OCIRepository');
  expect(oci.spec).toEqual({
    interval: '1m',
    url: 'oci://ghcr.io/acme/deploy',
    ref: { tag: 'latest' },
    secretRef: { name: 'ghcr' },
  });
  expect(fluxSource({ url: 'ssh://git@github.com/acme/deploy' }).kind).toBe('GitRepository');
  expect(() => fluxSource({ url: 'github.com/acme/deploy' })).toThrow(
    'expected https://, http://, ssh:// (Git) or oci:// (OCI artifact)',
  );
});

test('one Kustomization per layer, chained by dependsOn: graphs after platform after crds', () => {
  expect(all.map((k) => [k.metadata.name, (k.spec as any).path, (k.spec as any).dependsOn])).toEqual([
    ['dynamo-crds', './clusters/prod/crds', undefined],
    ['dynamo-platform', './clusters/prod/platform', [{ name: 'dynamo-crds' }]],
    ['dynamo-graphs', './clusters/prod/graphs', [{ name: 'dynamo-platform' }]],
  ]);
  for (const k of all) expect((k.spec as any).sourceRef).toEqual({ kind: 'GitRepository', name: 'dynamo' });
  // Without a platform layer (the operator installed elsewhere), graphs wait for the CRDs.
  const noPlatform = fluxKustomizations({ source: refOf(git), layers: ['crds', 'graphs'] });
  expect((noPlatform[1].spec as any).dependsOn).toEqual([{ name: 'dynamo-crds' }]);
});

test('CRDs are never pruned (deleting a CRD deletes every object of its kind); the other layers are', () => {
  expect(byName('dynamo-crds').spec).toMatchObject({ prune: false, wait: true });
  expect(byName('dynamo-platform').spec.prune).toBe(true);
  expect(byName('dynamo-graphs').spec.prune).toBe(true);
});

test('every layer waits for what it applied; graphs through one CEL health check per nvidia.com kind, for every version', () => {
  // No list of named objects: it would live in flux/ and go stale when a graph is removed (test/flux).
  for (const k of all)
    expect({ name: k.metadata.name, wait: (k.spec as any).wait, healthChecks: (k.spec as any).healthChecks }).toEqual({
      name: k.metadata.name,
      wait: true,
      healthChecks: undefined,
    });
  const graphs = byName('dynamo-graphs').spec;
  // One set per kind: Flux refuses two for one group and kind, so v1alpha1 and v1beta1 objects share it.
  expect(graphs.healthCheckExprs).toEqual(fluxHealthCheckExprs());
  const kinds = graphs.healthCheckExprs.map((e: { kind: string }) => e.kind);
  expect(new Set(kinds).size).toBe(kinds.length);
  expect(graphs.healthCheckExprs[0]).toEqual(graphHealthCheckExpr());
  expect(graphs.healthCheckExprs[0]).toMatchObject({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    current:
      "status.observedGeneration == metadata.generation && has(status.conditions) && status.conditions.exists(c, c.type == 'Ready' && c.status == 'True')",
  });
  expect(graphs.timeout).toBe('30m');
  expect(byName('dynamo-platform').spec.healthCheckExprs).toBeUndefined();
});

test('nothing rewrites the rendered objects: no targetNamespace, name prefixes, patches or images', () => {
  for (const k of all) {
    for (const field of [
      'targetNamespace',
      'namePrefix',
      'nameSuffix',
      'patches',
      'images',
      'commonMetadata',
      'components',
    ])
      expect(k.spec).not.toHaveProperty(field);
  }
});

test('every object validates against the Flux schemas of @kubernetes-models/flux-cd (Git and OCI sources, postBuild too)', () => {
  const withPostBuild = fluxKustomizations({
    source: refOf(oci),
    layers: ['platform', 'graphs'],
    postBuild: {
      substitute: { cluster: 'prod' },
      substituteFrom: [{ kind: 'ConfigMap', name: 'cluster-vars', optional: true }],
    },
  });
  const objects = [git, oci, ...all, ...withPostBuild];
  expect(validateWithFluxSchemas(objects)).toEqual(objects.map(() => ({ ok: true })));
});

test('the schema check is real: it rejects a Kustomization without prune and a health expression without current', () => {
  const broken = JSON.parse(JSON.stringify(byName('dynamo-graphs')));
  delete broken.spec.prune;
  delete broken.spec.healthCheckExprs[0].current;
  const [result] = validateWithFluxSchemas([broken]);
  expect(result.ok).toBe(false);
  expect(result.errors).toEqual(
    expect.arrayContaining([
      expect.stringContaining('must have required property prune'),
      expect.stringMatching(/healthCheckExprs\/0 must have required property current/),
    ]),
  );
});
