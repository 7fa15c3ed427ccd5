import { crdManifests } from '../../src/crds';
import { acceptForeignFields } from '../../src/crds/version-union';
import { specOf } from './schema-tools';

const versionSpec = (kind: string, version: string): any =>
  (specOf(crdManifests().find((c) => specOf(c).names.kind === kind)!).versions.find((v) => v.name === version) as any)
    .schema.openAPIV3Schema.properties.spec;

describe("every served version carries the other versions' fields (conversion: None)", () => {
  test('DGD: v1alpha1 knows components/env, v1beta1 knows services/envs/pvcs', () => {
    expect(Object.keys(versionSpec('DynamoGraphDeployment', 'v1alpha1').properties)).toEqual(
      expect.arrayContaining(['services', 'envs', 'pvcs', 'components', 'env']),
    );
    expect(Object.keys(versionSpec('DynamoGraphDeployment', 'v1beta1').properties)).toEqual(
      expect.arrayContaining(['services', 'envs', 'pvcs', 'components', 'env']),
    );
  });

  test("own constraints win; the other version's CEL rules stay on its own fields", () => {
    const a1 = versionSpec('DynamoGraphDeployment', 'v1alpha1');
    expect(a1.properties.components['x-kubernetes-validations'].map((r: any) => r.message)).toContain(
      'component names must be unique case-insensitively',
    );
    expect(a1.properties.topologyConstraint.properties).toHaveProperty('topologyProfile');
    expect(a1.properties.topologyConstraint.properties).toHaveProperty('clusterTopologyName');
  });

  test('a field typed differently per version (DCD frontendSidecar) keeps either value', () => {
    for (const v of ['v1alpha1', 'v1beta1']) {
      const node = versionSpec('DynamoComponentDeployment', v).properties.frontendSidecar;
      expect(node.type).toBeUndefined();
      expect(node['x-kubernetes-preserve-unknown-fields']).toBe(true);
    }
  });

  test('an added field loses its own default, defaults below it stay', () => {
    const merged = acceptForeignFields(
      { type: 'object', properties: { a: { type: 'object', properties: {} } } },
      {
        type: 'object',
        properties: {
          a: { type: 'object', properties: { enabled: { type: 'boolean', default: false } } },
          b: { type: 'object', properties: { n: { type: 'integer', default: 2 } } },
        },
      },
    );
    expect(merged.properties!.a.properties!.enabled).toEqual({ type: 'boolean' });
    expect(merged.properties!.b.properties!.n).toEqual({ type: 'integer', default: 2 });
  });
});
