import { App, Chart } from 'cdk8s';
import { parse } from 'yaml';
import { DynamoArgoCdSync, DynamoGitOpsApp, DynamoPlatform } from '../../src';
import { OPERATOR_FIELD_MANAGER } from '../../src/operator/runtime/kube/api';
import { RESTART_FIELD_MANAGER } from '../../src/operator/controllers/restart/restart-targets';
import { ROLLOUT_FIELD_MANAGER } from '../../src/operator/controllers/worker-rollouts/reconciler';
import { argoCdApplications, RUNTIME_FIELD_MANAGERS, SYNC_WAVE_ANNOTATION } from '../../src/gitops/argocd';
import { gitOpsLayout } from '../../src/gitops/layout';
import { namespaceObjects } from '../../src/gitops/namespaces';
import { captureStderr, EXAMPLE_WARNINGS } from '../captured-stderr';

// Not about warnings: the example's own (npm run synth prints them) are kept from the output.
captureStderr(EXAMPLE_WARNINGS);

const objs = argoCdApplications({
  repoURL: 'https://github.com/acme/deploy',
  path: './clusters/prod/',
  layers: ['graphs', 'crds', 'platform'],
});
const byName = (name: string) => objs.apps.find((o) => o.metadata.name === name) as any;

test('an app of apps: the root syncs argocd/apps, whose sync waves order health checks, CRDs, platform, graphs', () => {
  const root = objs.root[0] as any;
  expect(root.metadata).toEqual({ name: 'dynamo', namespace: 'argocd' });
  expect(root.spec.source).toEqual({
    repoURL: 'https://github.com/acme/deploy',
    targetRevision: 'main',
    path: 'clusters/prod/argocd/apps',
  });
  expect(root.spec.destination).toEqual({ server: 'https://kubernetes.default.svc', namespace: 'argocd' });
  expect(objs.apps.map((o) => [o.kind, o.metadata.name, o.metadata.annotations?.[SYNC_WAVE_ANNOTATION]])).toEqual([
    ['ConfigMap', 'argocd-cm', '-1'],
    ['Application', 'dynamo-crds', '0'],
    ['Application', 'dynamo-platform', '1'],
    ['Application', 'dynamo-graphs', '2'],
  ]);
  expect(byName('dynamo-graphs').spec.source.path).toBe('clusters/prod/graphs');
});

test('sync options: CRDs server-side and never pruned; the others server-side, prune last, respect ignoreDifferences', () => {
  expect(byName('dynamo-crds').spec.syncPolicy).toMatchObject({
    automated: { prune: false, selfHeal: true },
    syncOptions: ['ServerSideApply=true', 'Prune=false'],
  });
  for (const name of ['dynamo-platform', 'dynamo-graphs'])
    expect(byName(name).spec.syncPolicy).toMatchObject({
      automated: { prune: true, selfHeal: true },
      syncOptions: [
        'ServerSideApply=true',
        'SkipDryRunOnMissingResource=true',
        'PruneLast=true',
        'RespectIgnoreDifferences=true',
      ],
    });
});

test("ignoreDifferences: the runtime operator's field managers on workloads, the status of our kinds", () => {
  // The operator's own names: a rename there must show here.
  expect(RUNTIME_FIELD_MANAGERS).toEqual([OPERATOR_FIELD_MANAGER, RESTART_FIELD_MANAGER, ROLLOUT_FIELD_MANAGER]);
  const ignored = byName('dynamo-graphs').spec.ignoreDifferences;
  expect(ignored).toContainEqual({
    group: 'apps',
    kind: 'Deployment',
    managedFieldsManagers: ['dynamo-iac-operator', 'dynamo-iac-operator-restart', 'dynamo-iac-operator-rollout'],
  });
  expect(ignored).toContainEqual({
    group: '',
    kind: 'Service',
    managedFieldsManagers: ['dynamo-iac-operator', 'dynamo-iac-operator-restart', 'dynamo-iac-operator-rollout'],
  });
  expect(ignored).toContainEqual({ group: 'nvidia.com', kind: 'DynamoGraphDeployment', jsonPointers: ['/status'] });
  expect(byName('dynamo-platform').spec.ignoreDifferences).toBeUndefined();
});

test('only the layers present; no health checks when asked; a URL Argo CD cannot read is refused', () => {
  const some = argoCdApplications({
    repoURL: 'git@github.com:acme/deploy.git',
    layers: ['graphs'],
    healthChecks: false,
  });
  expect(some.apps.map((o) => o.metadata.name)).toEqual(['dynamo-graphs']);
  expect(() => argoCdApplications({ repoURL: 'ftp://x', layers: [] })).toThrow(
    'Argo CD repoURL "ftp://x": expected https://, http://, ssh://, git@host:path, file:// (Git) or oci:// (OCI artifact)',
  );
});

test("layout: argocd/ lists only the root (what a user applies), argocd/apps/ what it syncs; Namespaces carry both engines' prune opt-outs", () => {
  const layout = gitOpsLayout({ shared: namespaceObjects(['inference']), argocd: objs });
  const file = (p: string) => layout.files.find((f) => f.path === p)!.content;
  expect(parse(file('argocd/kustomization.yaml').split('\n').slice(1).join('\n')).resources).toEqual([
    'application-dynamo.yaml',
  ]);
  expect(parse(file('argocd/apps/kustomization.yaml').split('\n').slice(1).join('\n')).resources).toEqual([
    'application-dynamo-crds.yaml',
    'application-dynamo-graphs.yaml',
    'application-dynamo-platform.yaml',
    'configmap-argocd-cm.yaml',
  ]);
  expect(parse(file('platform/namespace-inference.yaml')).metadata.annotations).toEqual({
    'argocd.argoproj.io/sync-options': 'Prune=false',
    'kustomize.toolkit.fluxcd.io/prune': 'disabled',
  });
  expect(layout.layers).toEqual(['platform', 'argocd']);
});

test('DynamoArgoCdSync in a DynamoGitOpsApp: the root to argocd/, the rest to argocd/apps/', () => {
  const app = new DynamoGitOpsApp({ outdir: '/nonexistent' });
  new DynamoPlatform(new Chart(app, 'platform'), 'dynamo', { namespace: 'dynamo-system' });
  new DynamoArgoCdSync(new Chart(app, 'argocd'), 'sync', { repoURL: 'https://github.com/acme/deploy', name: 'prod' });
  const paths = app
    .gitOpsLayout()
    .files.map((f) => f.path)
    .filter((p) => p.startsWith('argocd/'));
  expect(paths).toEqual([
    'argocd/application-prod.yaml',
    'argocd/apps/application-prod-crds.yaml',
    'argocd/apps/application-prod-graphs.yaml',
    'argocd/apps/application-prod-platform.yaml',
    'argocd/apps/configmap-argocd-cm.yaml',
    'argocd/apps/kustomization.yaml',
    'argocd/kustomization.yaml',
  ]);
  // A plain App synthesizes it as well.
  const plain = new App({ outdir: '/nonexistent' });
  expect(
    () => new DynamoArgoCdSync(new Chart(plain, 'c'), 's', { repoURL: 'oci://ghcr.io/acme/deploy' }),
  ).not.toThrow();
});
