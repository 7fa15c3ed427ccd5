/**
 * The planner's and the EPP's ServiceAccounts are bound to a role that exists: in cluster scope a
 * ClusterRole the platform renders, in namespace scope a Role the graph renders itself (issue 24:
 * a planner graph was bound to ClusterRole `dynamo-planner`, which nothing created).
 */
import { KubeObject } from '../../src/api/k8s-types';
import type { ValidatedGraph } from '../../src/api/validated-graph';
import { resolveSettings } from '../../src/api/settings';
import { renderGraphs } from '../../src/render';
import { renderPlatform } from '../../src/platform/platform';
import { component, frontend, graph, vllmWorker } from './builders';

const planned = graph({
  name: 'planned',
  components: [
    frontend(),
    vllmWorker(),
    component({ name: 'Planner', type: 'planner' }),
    component({
      name: 'Epp',
      type: 'epp',
      mainContainer: { name: 'main', image: 'epp-img' },
      eppConfig: { config: { plugins: [{ type: 'dynamo-kv-scorer' }] } },
    }),
  ],
});

const render = (scope: 'cluster' | 'namespace') =>
  renderGraphs([planned as ValidatedGraph], resolveSettings({ operatorScope: scope }));
const id = (o: KubeObject) => `${o.kind}/${o.metadata.name}`;
const bindingsOf = (objs: KubeObject[]) => objs.filter((o) => o.kind === 'RoleBinding') as any[];

describe.each(['cluster', 'namespace'] as const)('%s scope', (scope) => {
  test('every RoleBinding of the graph points at a role the graph or the platform renders', () => {
    const objs = render(scope);
    const platform = renderPlatform({ namespace: 'dynamo-system', scope, version: '1.0.0' });
    for (const b of bindingsOf(objs)) {
      const { kind, name } = b.roleRef;
      const from = kind === 'Role' ? objs.filter((o) => o.metadata.namespace === b.metadata.namespace) : platform;
      expect({
        binding: b.metadata.name,
        found: from.some((o) => o.kind === kind && o.metadata.name === name),
      }).toEqual({ binding: b.metadata.name, found: true });
    }
    // The planner's and the EPP's pods run under ServiceAccounts the graph renders.
    for (const sa of ['planner-serviceaccount', 'epp-serviceaccount'])
      expect(objs.map(id)).toContain(`ServiceAccount/${sa}`);
  });
});

test('cluster scope: the graph binds the settings ClusterRoles, which the platform renders with upstream rules', () => {
  const bindings = bindingsOf(render('cluster')).filter((b) => b.roleRef.kind === 'ClusterRole');
  expect(bindings.map((b) => [b.metadata.name, b.roleRef.name])).toEqual([
    ['epp-serviceaccount-binding', 'epp-cluster-role'],
    ['planner-serviceaccount-binding', 'dynamo-planner'],
  ]);
  const roles = renderPlatform({ namespace: 'dynamo-system', version: '1.0.0' }).filter(
    (o) => o.kind === 'ClusterRole',
  ) as any[];
  const planner = roles.find((r) => r.metadata.name === 'dynamo-planner');
  expect(planner.rules).toContainEqual({
    apiGroups: ['nvidia.com'],
    resources: ['dynamographdeploymentscalingadapters/scale'],
    verbs: ['get', 'patch'],
  });
  expect(roles.find((r) => r.metadata.name === 'epp-cluster-role').rules).toContainEqual({
    apiGroups: ['nvidia.com'],
    resources: ['dynamoworkermetadatas'],
    verbs: ['get', 'list', 'watch'],
  });
});

test('namespace scope: the graph renders the planner and EPP Roles itself, with the same rules, nothing cluster-scoped', () => {
  const objs = render('namespace');
  expect(objs.filter((o) => o.metadata.namespace === undefined)).toEqual([]);
  const roles = objs.filter((o) => o.kind === 'Role') as any[];
  const clusterRoles = renderPlatform({ namespace: 'dynamo-system', version: '1.0.0' }).filter(
    (o) => o.kind === 'ClusterRole',
  ) as any[];
  const rulesOf = (list: any[], name: string) => list.find((r) => r.metadata.name === name)?.rules;
  expect(rulesOf(roles, 'planner-role')).toEqual(rulesOf(clusterRoles, 'dynamo-planner'));
  expect(rulesOf(roles, 'epp-role')).toEqual(rulesOf(clusterRoles, 'epp-cluster-role'));
  expect(
    bindingsOf(objs)
      .filter((b) => b.roleRef.kind === 'Role')
      .map((b) => [b.metadata.name, b.roleRef.name]),
  ).toEqual(
    expect.arrayContaining([
      ['epp-binding', 'epp-role'],
      ['planner-binding', 'planner-role'],
    ]),
  );
});
