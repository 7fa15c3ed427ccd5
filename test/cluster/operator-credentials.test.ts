/**
 * How the operator authenticates, against the real API server (client-node's KubeConfig):
 * in-cluster with a projected service-account token that rotates, an `exec` credential plugin
 * (what EKS's `aws eks get-token` and GKE's `gke-gcloud-auth-plugin` are), and a context picked
 * with `--context`. Who the server says we are comes from a SelfSubjectReview.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stringify } from 'yaml';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { loadKubeConfig } from '../../src/operator/runtime/kube/kubeconfig';
import { resource } from '../../src/operator/runtime/kube/resources';
import { KubeClient, testKubeconfig, uniqueName } from './kube';
import { apiServerUrl } from './operator-harness';
import { fakeDateOnly } from '../fake-date';

const SELF_SUBJECT_REVIEWS = resource('authentication.k8s.io/v1', 'SelfSubjectReview', 'selfsubjectreviews', false);

let kube: KubeClient;
let ns: string;
let dir: string;

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  ns = uniqueName('op-creds');
  await kube.createNamespace(ns);
  for (const sa of ['first', 'second'])
    await kube.apply({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: sa, namespace: ns } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'op-creds-'));
});
afterAll(() => {
  kube.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A token for a ServiceAccount from the TokenRequest API, as the kubelet gets the projected one. */
async function tokenFor(serviceAccount: string): Promise<string> {
  const review = await kube.request<{ status: { token: string } }>(
    'POST',
    `/api/v1/namespaces/${ns}/serviceaccounts/${serviceAccount}/token`,
    {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      spec: { expirationSeconds: 600 },
    },
  );
  return review.status.token;
}

/** The user the API server sees for this client. */
async function whoami(api: KubeApi): Promise<string> {
  const review = await api.create<{
    apiVersion: string;
    kind: string;
    metadata: { name: string };
    status?: { userInfo?: { username?: string } };
  }>(SELF_SUBJECT_REVIEWS, {
    apiVersion: SELF_SUBJECT_REVIEWS.apiVersion,
    kind: SELF_SUBJECT_REVIEWS.kind,
    metadata: { name: '' },
  });
  return review.status?.userInfo?.username ?? '';
}

/** Runs `fn` with these environment variables (undefined removes one), then puts them back. */
async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const set = (v: Record<string, string | undefined>) =>
    Object.entries(v).forEach(([k, x]) => (x === undefined ? delete process.env[k] : (process.env[k] = x)));
  set(vars);
  try {
    return await fn();
  } finally {
    set(saved);
  }
}

test('in-cluster: the service account token is used, and a rotated token is picked up within a minute', async () => {
  // The pod's mount: token, ca.crt and namespace under /var/run/secrets/kubernetes.io/serviceaccount.
  const root = path.join(dir, 'pod');
  const mount = path.join(root, 'var/run/secrets/kubernetes.io/serviceaccount');
  fs.mkdirSync(mount, { recursive: true });
  const admin = loadKubeConfig({ kubeconfig: testKubeconfig() });
  fs.writeFileSync(path.join(mount, 'ca.crt'), Buffer.from(admin.getCurrentCluster()?.caData ?? '', 'base64'));
  fs.writeFileSync(path.join(mount, 'namespace'), ns);
  fs.writeFileSync(path.join(mount, 'token'), await tokenFor('first'));
  const server = new URL(apiServerUrl());

  await withEnv(
    { KUBECONFIG: undefined, KUBERNETES_SERVICE_HOST: server.hostname, KUBERNETES_SERVICE_PORT: server.port },
    async () => {
      const api = new KubeApi(loadKubeConfig({ inClusterRoot: root }));
      expect(await whoami(api)).toBe(`system:serviceaccount:${ns}:first`);
      // The kubelet rotates the projected token in place.
      fs.writeFileSync(path.join(mount, 'token'), await tokenFor('second'));
      expect(await whoami(api)).toBe(`system:serviceaccount:${ns}:first`);
      // client-node re-reads the file once it is a minute old (as client-go does); move the clock, not the test.
      fakeDateOnly();
      try {
        jest.setSystemTime(Date.now() + 61_000);
        expect(await whoami(api)).toBe(`system:serviceaccount:${ns}:second`);
      } finally {
        jest.useRealTimers();
      }
    },
  );
});

test('an exec credential plugin (the EKS / GKE way) and a context chosen by name', async () => {
  const tokenFile = path.join(dir, 'exec-token');
  fs.writeFileSync(tokenFile, await tokenFor('first'));
  // A stand-in for `aws eks get-token`: prints an ExecCredential with the token.
  const plugin = path.join(dir, 'get-token.js');
  fs.writeFileSync(
    plugin,
    `process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: require('fs').readFileSync(${JSON.stringify(tokenFile)}, 'utf8') } }));\n`,
  );
  const admin = loadKubeConfig({ kubeconfig: testKubeconfig() });
  const cluster = admin.getCurrentCluster();
  const file = path.join(dir, 'kubeconfig');
  fs.writeFileSync(
    file,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'test', cluster: { server: cluster?.server, 'certificate-authority-data': cluster?.caData } }],
      users: [
        {
          name: 'eks-style',
          user: {
            exec: {
              apiVersion: 'client.authentication.k8s.io/v1',
              command: process.execPath,
              args: [plugin],
              interactiveMode: 'Never',
            },
          },
        },
      ],
      contexts: [
        { name: 'admin-elsewhere', context: { cluster: 'test', user: 'nobody' } },
        { name: 'operator', context: { cluster: 'test', user: 'eks-style' } },
      ],
      'current-context': 'admin-elsewhere',
    }),
  );
  const api = new KubeApi(loadKubeConfig({ kubeconfig: file, context: 'operator' }));
  expect(await whoami(api)).toBe(`system:serviceaccount:${ns}:first`);
});
