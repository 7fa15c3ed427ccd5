import { KubeObject } from '../../src/api/k8s-types';
import { crdManifests } from '../../src/crds';
import { schemaOf, specOf, structuralProblems, walk } from './schema-tools';

const crds = crdManifests();
const byKind = (kind: string): KubeObject => {
  const found = crds.find((c) => specOf(c).names.kind === kind);
  if (!found) throw new Error(`no CRD for ${kind}`);
  return found;
};
const versionsOf = (kind: string) => specOf(byKind(kind)).versions;

describe('CRD set', () => {
  test('one CRD per kind, sorted by name', () => {
    expect(crds.map((c) => c.metadata.name)).toEqual([
      'dynamocheckpoints.nvidia.com',
      'dynamocomponentdeployments.nvidia.com',
      'dynamographdeploymentcandidates.nvidia.com',
      'dynamographdeploymentrequests.nvidia.com',
      'dynamographdeploymentruns.nvidia.com',
      'dynamographdeployments.nvidia.com',
      'dynamographdeploymentscalingadapters.nvidia.com',
      'dynamomodels.nvidia.com',
      'dynamoworkermetadatas.nvidia.com',
    ]);
  });

  test('each call returns independent objects', () => {
    const first = crdManifests();
    (first[0].metadata as { name: string }).name = 'changed';
    expect(crdManifests()[0].metadata.name).toBe('dynamocheckpoints.nvidia.com');
  });

  test.each([
    ['DynamoGraphDeployment', 'dynamographdeployments', 'dgd'],
    ['DynamoComponentDeployment', 'dynamocomponentdeployments', 'dcd'],
    ['DynamoGraphDeploymentScalingAdapter', 'dynamographdeploymentscalingadapters', 'dgdsa'],
    ['DynamoModel', 'dynamomodels', 'dm'],
    ['DynamoCheckpoint', 'dynamocheckpoints', 'dckpt'],
    ['DynamoWorkerMetadata', 'dynamoworkermetadatas', 'dwm'],
    ['DynamoGraphDeploymentRun', 'dynamographdeploymentruns', 'dgdrrun'],
    ['DynamoGraphDeploymentCandidate', 'dynamographdeploymentcandidates', 'dgdc'],
  ])('%s: names, group, scope, no conversion webhook', (kind, plural, shortName) => {
    const spec = specOf(byKind(kind));
    expect(spec.group).toBe('nvidia.com');
    expect(spec.scope).toBe('Namespaced');
    expect(spec.names).toEqual({
      kind,
      listKind: `${kind}List`,
      plural,
      singular: kind.toLowerCase(),
      shortNames: [shortName],
    });
    expect(spec.conversion).toEqual({ strategy: 'None' });
  });
});

describe('versions', () => {
  test.each([
    ['DynamoGraphDeployment', ['v1alpha1', 'v1beta1'], 'v1beta1'],
    ['DynamoComponentDeployment', ['v1alpha1', 'v1beta1'], 'v1beta1'],
    ['DynamoGraphDeploymentScalingAdapter', ['v1alpha1', 'v1beta1'], 'v1alpha1'],
    ['DynamoModel', ['v1alpha1'], 'v1alpha1'],
    ['DynamoCheckpoint', ['v1alpha1'], 'v1alpha1'],
    ['DynamoWorkerMetadata', ['v1alpha1'], 'v1alpha1'],
    ['DynamoGraphDeploymentRun', ['v1beta2'], 'v1beta2'],
    ['DynamoGraphDeploymentCandidate', ['v1beta2'], 'v1beta2'],
  ])('%s serves %j and stores exactly one: %s', (kind, served, storage) => {
    const versions = versionsOf(kind);
    expect(versions.map((v) => v.name)).toEqual(served);
    expect(versions.every((v) => v.served)).toBe(true);
    expect(versions.filter((v) => v.storage).map((v) => v.name)).toEqual([storage]);
  });

  test('only DGD and DGDR v1alpha1 are deprecated, with the upstream warning', () => {
    const deprecated = crds.flatMap((c) =>
      specOf(c)
        .versions.filter((v) => v.deprecated)
        .map((v) => [specOf(c).names.kind, v.name, v.deprecationWarning]),
    );
    expect(deprecated).toEqual([
      [
        'DynamoGraphDeploymentRequest',
        'v1alpha1',
        'nvidia.com/v1alpha1 DynamoGraphDeploymentRequest is deprecated; use nvidia.com/v1beta1 DynamoGraphDeploymentRequest',
      ],
      [
        'DynamoGraphDeployment',
        'v1alpha1',
        'nvidia.com/v1alpha1 DynamoGraphDeployment is deprecated; use nvidia.com/v1beta1 DynamoGraphDeployment',
      ],
    ]);
  });
});

describe('structural schemas', () => {
  const all = crds.flatMap((c) => specOf(c).versions.map((v) => [c.metadata.name, v.name] as const));

  test.each(all)('%s %s is structural', (name, version) => {
    const crd = crds.find((c) => c.metadata.name === name)!;
    expect(structuralProblems(schemaOf(crd, version))).toEqual([]);
  });

  test('the checker catches what kube-apiserver rejects', () => {
    expect(
      structuralProblems({
        type: 'object',
        properties: {
          untyped: {},
          both: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } },
          union: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
          list: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' } } },
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['name'],
          },
        },
      }),
    ).toEqual([
      '.untyped: no type',
      '.both: properties with additionalProperties',
      '.union: no type',
      '.union: anyOf outside the int-or-string form',
      '.list: map key name not required',
    ]);
  });

  test('quantities are int-or-string', () => {
    const component = schemaOf(byKind('DynamoGraphDeployment'), 'v1beta1').properties!.spec.properties!.components
      .items!;
    expect(component.properties!.sharedMemorySize).toMatchObject({
      anyOf: [{ type: 'integer' }, { type: 'string' }],
      'x-kubernetes-int-or-string': true,
    });
  });

  test('embedded core/v1 shapes are open objects', () => {
    const component = schemaOf(byKind('DynamoGraphDeployment'), 'v1beta1').properties!.spec.properties!.components
      .items!;
    expect(component.properties!.podTemplate).toMatchObject({
      type: 'object',
      'x-kubernetes-preserve-unknown-fields': true,
    });
  });
});

describe('subresources', () => {
  test('every version has a status subresource, but DynamoWorkerMetadata, which has no status (as upstream)', () => {
    for (const crd of crds) {
      for (const v of specOf(crd).versions) {
        if (specOf(crd).names.kind === 'DynamoWorkerMetadata') {
          expect(v.subresources).toBeUndefined();
          expect(v.schema.openAPIV3Schema.properties!.status).toBeUndefined();
        } else expect(v.subresources!.status).toEqual({});
      }
    }
  });

  test('only the scaling adapter has a scale subresource, in both versions', () => {
    const withScale = crds.flatMap((c) =>
      specOf(c)
        .versions.filter((v) => v.subresources?.scale)
        .map((v) => [specOf(c).names.kind, v.name, v.subresources!.scale]),
    );
    const scale = {
      specReplicasPath: '.spec.replicas',
      statusReplicasPath: '.status.replicas',
      labelSelectorPath: '.status.selector',
    };
    expect(withScale).toEqual([
      ['DynamoGraphDeploymentScalingAdapter', 'v1alpha1', scale],
      ['DynamoGraphDeploymentScalingAdapter', 'v1beta1', scale],
    ]);
  });

  test('scale paths point at typed fields', () => {
    for (const version of ['v1alpha1', 'v1beta1']) {
      const root = schemaOf(byKind('DynamoGraphDeploymentScalingAdapter'), version).properties!;
      expect(root.spec.properties!.replicas.type).toBe('integer');
      expect(root.spec.required).toContain('replicas');
      expect(root.status.properties!.replicas.type).toBe('integer');
      expect(root.status.properties!.selector.type).toBe('string');
      expect(root.status.properties!.lastScaleTime).toEqual({ type: 'string', format: 'date-time' });
    }
  });
});

describe('printer columns', () => {
  const columns = (kind: string, version: string) =>
    versionsOf(kind)
      .find((v) => v.name === version)!
      .additionalPrinterColumns.map((c) => `${c.name}:${c.type}:${c.jsonPath}`);
  const age = 'Age:date:.metadata.creationTimestamp';

  test.each(['v1alpha1', 'v1beta1'])('DynamoGraphDeployment %s', (version) => {
    expect(columns('DynamoGraphDeployment', version)).toEqual([
      'Ready:string:.status.conditions[?(@.type=="Ready")].status',
      'Backend:string:.spec.backendFramework',
      age,
    ]);
  });

  test.each(['v1alpha1', 'v1beta1'])('DynamoComponentDeployment %s', (version) => {
    expect(columns('DynamoComponentDeployment', version)).toEqual([
      "Available:string:.status.conditions[?(@.type=='Available')].status",
      'Backend:string:.spec.backendFramework',
      age,
    ]);
  });

  test.each([
    ['v1alpha1', 'SERVICE:string:.spec.dgdRef.serviceName'],
    ['v1beta1', 'COMPONENT:string:.spec.dgdRef.componentName'],
  ])('DynamoGraphDeploymentScalingAdapter %s', (version, target) => {
    expect(columns('DynamoGraphDeploymentScalingAdapter', version)).toEqual([
      'DGD:string:.spec.dgdRef.name',
      target,
      'REPLICAS:integer:.status.replicas',
      'AGE:date:.metadata.creationTimestamp',
    ]);
  });

  test('DynamoWorkerMetadata: Age only', () => {
    expect(columns('DynamoWorkerMetadata', 'v1alpha1')).toEqual([age]);
  });

  test('DynamoModel and DynamoCheckpoint', () => {
    expect(columns('DynamoModel', 'v1alpha1')).toEqual([
      'BaseModel:string:.spec.baseModelName',
      'Type:string:.spec.modelType',
      'Ready:integer:.status.readyEndpoints',
      'Total:integer:.status.totalEndpoints',
      age,
    ]);
    expect(columns('DynamoCheckpoint', 'v1alpha1')).toEqual([
      'Model:string:.spec.identity.model',
      'Backend:string:.spec.identity.backendFramework',
      'Phase:string:.status.phase',
      'CheckpointID:string:.status.checkpointID',
      age,
    ]);
  });
});

describe('DynamoWorkerMetadata', () => {
  // What Dynamo's runtime (1.6+) writes under Kubernetes discovery: spec.data is its own blob.
  test('spec.data is required and kept as written', () => {
    const spec = schemaOf(byKind('DynamoWorkerMetadata'), 'v1alpha1').properties!.spec;
    expect(spec).toEqual({
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
    });
  });
});

describe('CEL rules', () => {
  /** "<path>: <message>" for every rule in a schema, to pin where each rule sits. */
  const rulesOf = (kind: string, version: string) => {
    const found: string[] = [];
    walk(schemaOf(byKind(kind), version), '', (node, path) => {
      for (const r of node['x-kubernetes-validations'] ?? []) {
        found.push(`${path}: ${r.message}${r.optionalOldSelf ? ' (optionalOldSelf)' : ''}`);
      }
    });
    return found;
  };
  const restartRule =
    '.spec: spec.restart must be unset on create; set spec.restart.id after creation to request a restart (optionalOldSelf)';
  /** The update webhook's frozen fields, as transition rules (src/crds/immutability.ts). */
  const topologyFrozen = (where: string, kind: string) =>
    `${where}: is immutable and cannot be added, removed, or changed after creation; delete and recreate the ${kind} to change topology constraints`;
  const nodeTopologyFrozen = (where: string) =>
    `${where}: cannot change node topology between single-node and multi-node after creation`;
  const frozenSpec = [
    '.spec: spec.backendFramework is immutable and cannot be changed after creation',
    topologyFrozen('.spec', 'DynamoGraphDeployment'),
    '.spec: is immutable and cannot be added, removed, or changed after creation; delete and recreate the DynamoGraphDeployment to change the KV transfer policy',
  ];

  test('DGD v1alpha1: its own rules, plus the v1beta1 rules on the v1beta1 fields it carries; services carry the frozen fields and LATEST GMS rule', () => {
    const rules = rulesOf('DynamoGraphDeployment', 'v1alpha1');
    expect(rules).toEqual(
      expect.arrayContaining([
        restartRule,
        '.spec.experimental.kvTransferPolicy: exactly one of labelKey or clusterTopologyName is required',
        '.spec.experimental.kvTransferPolicy: preferredWeight is required when enforcement is preferred',
        '.spec.experimental.kvTransferPolicy: preferredWeight may only be set when enforcement is preferred',
        '.spec.experimental.kvTransferPolicy: labelKey prefix must be 253 characters or less',
      ]),
    );
    expect(rules).toEqual(expect.arrayContaining(frozenSpec));
    // The CLASSIC v1alpha1 CRD had no rules on a service (its webhook checked); ours carry the
    // update webhook's frozen fields and LATEST's GMS rule. The v1beta1 `components` it also
    // carries (see src/crds/version-union.ts) keep theirs.
    expect(rules.filter((r) => r.startsWith('.spec.services'))).toEqual([
      nodeTopologyFrozen('.spec.services{}'),
      topologyFrozen('.spec.services{}', 'DynamoGraphDeployment'),
      '.spec.services{}.gpuMemoryService: extraClientContainers is only supported with mode=IntraPod',
    ]);
    expect([...rules].sort()).toEqual([...rulesOf('DynamoGraphDeployment', 'v1beta1')].sort());
  });

  test('DGD v1beta1: graph, list, component and nested rules', () => {
    const rules = rulesOf('DynamoGraphDeployment', 'v1beta1');
    expect(rules).toEqual(
      expect.arrayContaining([
        restartRule,
        '.spec.components: at most one component may have type epp',
        '.spec.components: component names must be unique case-insensitively',
        '.spec.components[]: eppConfig may only be set when type is epp',
        '.spec.components[]: minAvailable must be less than or equal to replicas unless replicas is 0',
        '.spec.components[].type: type is immutable after it is set',
        '.spec.components[].minAvailable: minAvailable is immutable after creation',
        '.spec.components[].eppConfig: exactly one of configMapRef or config must be specified',
        '.spec.components[].experimental.checkpoint: checkpoint.job cannot be set when checkpointRef is specified',
        '.spec.components[].experimental.gpuMemoryService: extraClientPods is reserved for inter-pod GMS and is not implemented yet',
        ...frozenSpec,
        nodeTopologyFrozen('.spec.components[]'),
        topologyFrozen('.spec.components[]', 'DynamoGraphDeployment'),
      ]),
    );
    // 16 before the frozen fields: 3 on spec and 2 per component, plus services' 2 + 1 GMS rule (version union).
    expect(rules).toHaveLength(24);
  });

  test('DCD v1beta1 carries the component rules on spec', () => {
    expect(rulesOf('DynamoComponentDeployment', 'v1beta1')).toEqual(
      expect.arrayContaining([
        '.spec: eppConfig may only be set when type is epp',
        '.spec: minAvailable must be less than or equal to replicas unless replicas is 0',
      ]),
    );
    // v1alpha1: the frozen fields and its GMS rule, plus those on the v1beta1-only fields it carries.
    expect(rulesOf('DynamoComponentDeployment', 'v1alpha1')).toEqual([
      '.spec: spec.backendFramework is immutable and cannot be changed after creation',
      nodeTopologyFrozen('.spec'),
      topologyFrozen('.spec', 'DynamoComponentDeployment'),
      '.spec.gpuMemoryService: extraClientContainers is only supported with mode=IntraPod',
      '.spec.type: type is immutable after it is set',
      '.spec.minAvailable: minAvailable is immutable after creation',
      '.spec.experimental.gpuMemoryService: extraClientContainers is only supported with mode=IntraPod',
      '.spec.experimental.gpuMemoryService: extraClientPods is only supported with mode=InterPod',
      '.spec.experimental.gpuMemoryService: extraClientPods is reserved for inter-pod GMS and is not implemented yet',
      '.spec.experimental.checkpoint: checkpoint.job cannot be set when checkpointRef is specified',
    ]);
  });

  test('DynamoCheckpoint identity is immutable', () => {
    expect(rulesOf('DynamoCheckpoint', 'v1alpha1')).toEqual([
      '.spec.identity: spec.identity is immutable after creation',
    ]);
  });

  test('components are a list-map keyed by name, bounded for CEL cost', () => {
    const components = schemaOf(byKind('DynamoGraphDeployment'), 'v1beta1').properties!.spec.properties!.components;
    expect(components).toMatchObject({
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      maxItems: 25,
    });
    expect(components.items!.properties!.name.maxLength).toBe(63);
  });
});
