/**
 * The runtime operator runs as a pod from its image, under the ServiceAccount, RBAC and Pod
 * Security that `dynamo-iac platform` renders, in both scopes; in hybrid mode the cluster-wide
 * operator leaves a namespace alone while a namespace-scoped operator holds its lease there, and
 * takes it back when that operator's pod is gone.
 */
import * as fs from 'fs';
import { parseAllDocuments } from 'yaml';
import {
  applyYaml,
  cliOk,
  deleteNamespace,
  graphFile,
  kube,
  kubectl,
  Live,
  OPERATOR_IMAGE,
  poll,
  renderedWorkload,
  tempDir,
  waitPodsReady,
} from './node';
import { OPERATOR_NAMESPACE, OPERATOR_SELECTOR, renderPlatform, restrictedNamespace } from './platform';

const ADAPTER_API = 'nvidia.com/v1alpha1';
const LEASE_API = 'coordination.k8s.io/v1';
const NAMESPACE_SCOPE_LEASE = 'dynamo-operator-namespace-scope';

let dir: string;
beforeAll(() => {
  dir = tempDir('platform');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function operatorLogs(ns: string): string {
  return kubectl(['-n', ns, 'logs', '-l', OPERATOR_SELECTOR, '--tail=-1']);
}

/** The worker Deployment's name, as the render gave it (a worker generation carries the worker hash). */
let workerDeployment = 'mock-agg-worker';

/** Waits until the graph's worker Deployment runs `replicas` (set by an operator from the adapter). */
async function workerReplicas(ns: string, replicas: number): Promise<void> {
  await kube().waitFor<Live>('apps/v1', 'Deployment', workerDeployment, ns, (d) => d?.spec?.replicas === replicas, {
    timeoutMs: 120_000,
    what: `spec.replicas=${replicas}`,
  });
}

test('cluster scope: the operator pod runs from its image under the rendered ServiceAccount and restricted Pod Security', async () => {
  const [pod] = await waitPodsReady(OPERATOR_NAMESPACE, OPERATOR_SELECTOR, 1);
  expect(pod.spec.containers[0].image).toBe(OPERATOR_IMAGE);
  expect(pod.spec.serviceAccountName).toBe('dynamo-iac-operator');
  const ns = await kube().get('v1', 'Namespace', OPERATOR_NAMESPACE);
  expect(ns!.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
  // The image's user, not root (the Dockerfile's USER 65532).
  const uid = kubectl([
    '-n',
    OPERATOR_NAMESPACE,
    'exec',
    pod.metadata.name,
    '--',
    '/nodejs/bin/node',
    '-p',
    'process.getuid()',
  ]);
  expect(uid.trim()).toBe('65532');
});

describe('namespace scope, beside the cluster-wide operator', () => {
  let ns: string;
  beforeAll(async () => {
    ns = `e2e-nsscope-${Date.now().toString(36)}`;
    await restrictedNamespace(ns);
  });
  afterAll(() => deleteNamespace(ns));

  test('renders zero cluster-scoped objects and runs as a pod holding its namespace lease', async () => {
    const rendered = renderPlatform('namespace', ns, '--no-crds');
    const scoped = ['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition'];
    const kinds = parseAllDocuments(rendered).map((d) => (d.toJS() as { kind?: string })?.kind);
    expect(kinds.filter((k) => k && scoped.includes(k))).toEqual([]);
    applyYaml(rendered);
    await waitPodsReady(ns, OPERATOR_SELECTOR, 1);
    const lease = await kube().waitFor<Live>(
      LEASE_API,
      'Lease',
      NAMESPACE_SCOPE_LEASE,
      ns,
      (l) => !!l?.spec?.holderIdentity,
    );
    // Upstream's protocol: the holder names the kind of operator and its version.
    expect(lease!.spec.holderIdentity).toMatch(/^namespace-restricted-operator-/);
  });

  test('the cluster-wide operator leaves the namespace to it; the namespace-scoped one scales the graph', async () => {
    await poll('the cluster-wide operator steps aside', () =>
      operatorLogs(OPERATOR_NAMESPACE)
        .split('\n')
        .some((l) => l.includes('leaving it alone') && l.includes(ns))
        ? true
        : undefined,
    );
    const rendered = cliOk('render', graphFile(dir, 'agg.yaml', ns));
    workerDeployment = renderedWorkload(rendered, 'Worker');
    applyYaml(rendered);
    await kube().waitFor(ADAPTER_API, 'DynamoGraphDeploymentScalingAdapter', 'mock-agg-worker', ns, (a) => !!a, {
      timeoutMs: 60_000,
    });
    await kube().mergePatch(ADAPTER_API, 'DynamoGraphDeploymentScalingAdapter', 'mock-agg-worker', ns, {
      spec: { replicas: 2 },
    });
    // Only the namespace-scoped operator acts here now (its pods are refused by `restricted`, which
    // graph pods do not meet: the replicas are what the operator writes).
    await workerReplicas(ns, 2);
  });

  test('with the namespace-scoped operator gone, the cluster-wide operator resumes the namespace', async () => {
    await kube().mergePatch('apps/v1', 'Deployment', 'dynamo-iac-operator', ns, { spec: { replicas: 0 } });
    await poll('the namespace-scoped operator pod is gone', async () =>
      (await kube().list('v1', 'Pod', { namespace: ns, labelSelector: OPERATOR_SELECTOR })).length === 0
        ? true
        : undefined,
    );
    await poll(
      'the cluster-wide operator resumes the namespace',
      () =>
        operatorLogs(OPERATOR_NAMESPACE)
          .split('\n')
          .some((l) => l.includes('resuming namespace') && l.includes(ns))
          ? true
          : undefined,
      // The lease is released on a clean stop; at worst it expires after its 30 s TTL.
      { timeoutMs: 90_000 },
    );
    await kube().mergePatch(ADAPTER_API, 'DynamoGraphDeploymentScalingAdapter', 'mock-agg-worker', ns, {
      spec: { replicas: 1 },
    });
    await workerReplicas(ns, 1);
  });
});
