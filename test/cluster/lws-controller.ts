/**
 * The real LeaderWorkerSet controller manager (LWS v0.10.0, `test/infra/build.sh lws`) run out of
 * cluster against a test API server: the cluster suite's (no kubelet) or the real node's (from
 * inside its network namespace).
 *
 * Its webhooks are needed, not optional: the pod webhook is what gives LWS pods their worker-index
 * and group labels and the `LWS_LEADER_ADDRESS` / `LWS_GROUP_SIZE` / `LWS_WORKER_INDEX` env the
 * controllers and our rendered args rely on; the LWS webhook defaults and validates the set. So
 * instead of upstream's in-cluster cert rotation (`internalCertManagement`, which issues certs for
 * a Service name), the controller serves its webhooks on 127.0.0.1 with a certificate made here,
 * and the webhook configurations (upstream's `config/webhook`, with its pod objectSelector) call
 * that URL. Leader election and metrics are off.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { KubeClient, poll, ServerObject } from './kube';
import { makeTestCa } from './test-ca';

export interface LwsBinaries {
  /** The lws-manager binary. */
  readonly LWS_MANAGER: string;
  /** Directory of LWS's CRDs (LeaderWorkerSet, DisaggregatedSet, DisaggregatedSetRoleScaler). */
  readonly LWS_CRDS: string;
}

export interface LwsController {
  /** Everything the manager logged so far (for failure messages). */
  log(): string;
  /** Stops the manager (SIGTERM, SIGKILL after 10 s), deletes the webhook configurations, removes its directory. */
  stop(): Promise<void>;
}

/** Names of the webhook configurations, distinct from upstream's `lws-*` ones. */
const WEBHOOK_CONFIG = 'dynamo-iac-test-lws';

/** Webhook paths served by LWS v0.10.0 (`config/webhook/manifests.yaml`). */
const MUTATING = [
  {
    name: 'mleaderworkerset.kb.io',
    path: '/mutate-leaderworkerset-x-k8s-io-v1-leaderworkerset',
    group: 'leaderworkerset.x-k8s.io',
    resource: 'leaderworkersets',
    ops: ['CREATE', 'UPDATE'],
  },
  { name: 'mpod.kb.io', path: '/mutate--v1-pod', group: '', resource: 'pods', ops: ['CREATE'] },
];
const VALIDATING = [
  {
    name: 'vleaderworkerset.kb.io',
    path: '/validate-leaderworkerset-x-k8s-io-v1-leaderworkerset',
    group: 'leaderworkerset.x-k8s.io',
    resource: 'leaderworkersets',
    ops: ['CREATE', 'UPDATE'],
  },
  { name: 'vpod.kb.io', path: '/validate--v1-pod', group: '', resource: 'pods', ops: ['CREATE', 'UPDATE'] },
  {
    name: 'vdisaggregatedset.kb.io',
    path: '/validate-disaggregatedset-x-k8s-io-v1-disaggregatedset',
    group: 'disaggregatedset.x-k8s.io',
    resource: 'disaggregatedsets',
    ops: ['CREATE', 'UPDATE'],
  },
];

/** Installs LWS's CRDs and webhook configurations, starts the manager, waits until its webhooks answer. */
export async function startLwsController(
  kube: KubeClient,
  kubeconfig: string,
  bins: LwsBinaries,
): Promise<LwsController> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-lws-'));
  const [webhookPort, healthPort] = await freePorts(2);
  const ca = makeServingCert(dir);
  fs.writeFileSync(
    path.join(dir, 'config.yaml'),
    [
      'apiVersion: config.lws.x-k8s.io/v1alpha1',
      'kind: Configuration',
      'leaderElection:',
      '  leaderElect: false',
      'internalCertManagement:',
      '  enable: false',
      'webhook:',
      '  host: 127.0.0.1',
      `  port: ${webhookPort}`,
      `  certDir: ${path.join(dir, 'certs')}`,
      'metrics:',
      '  bindAddress: "0"',
      'health:',
      `  healthProbeBindAddress: 127.0.0.1:${healthPort}`,
      '',
    ].join('\n'),
  );

  for (const file of fs
    .readdirSync(bins.LWS_CRDS)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    for (const doc of parseAllDocuments(fs.readFileSync(path.join(bins.LWS_CRDS, file), 'utf8'))) {
      const crd = doc.toJS() as ServerObject | null;
      if (crd) await kube.installCrd(crd, { fieldManager: 'dynamo-iac-test-lws', force: true });
    }
  }

  let output = '';
  const child: ChildProcess = spawn(
    bins.LWS_MANAGER,
    [`--config=${path.join(dir, 'config.yaml')}`, '--zap-log-level=info'],
    {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, KUBECONFIG: kubeconfig },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));

  const controller: LwsController = {
    log: () => output,
    stop: async () => {
      if (exited === undefined) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await new Promise((r) => (exited !== undefined ? r(undefined) : child.once('exit', r)));
        clearTimeout(killer);
      }
      await kube.delete('admissionregistration.k8s.io/v1', 'MutatingWebhookConfiguration', WEBHOOK_CONFIG);
      await kube.delete('admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration', WEBHOOK_CONFIG);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    // The webhooks answer once the manager has started them (after its caches sync).
    await poll(
      'the LWS webhook server',
      async () => {
        if (exited !== undefined) throw new Error(`lws-manager exited ${exited}:\n${output.slice(-4000)}`);
        return (await connects(webhookPort)) ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    const caBundle = Buffer.from(ca).toString('base64');
    const hook = (h: (typeof MUTATING)[number]) => ({
      name: h.name,
      admissionReviewVersions: ['v1'],
      clientConfig: { url: `https://127.0.0.1:${webhookPort}${h.path}`, caBundle },
      failurePolicy: 'Fail',
      sideEffects: 'None',
      rules: [{ apiGroups: [h.group], apiVersions: ['v1'], operations: h.ops, resources: [h.resource] }],
      // As upstream's config/webhook patches: only pods of a LeaderWorkerSet.
      ...(h.resource === 'pods'
        ? { objectSelector: { matchExpressions: [{ key: 'leaderworkerset.sigs.k8s.io/name', operator: 'Exists' }] } }
        : {}),
    });
    const opts = { fieldManager: 'dynamo-iac-test-lws', force: true };
    await kube.apply(
      {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'MutatingWebhookConfiguration',
        metadata: { name: WEBHOOK_CONFIG },
        webhooks: MUTATING.map(hook),
      } as ServerObject,
      opts,
    );
    await kube.apply(
      {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: WEBHOOK_CONFIG },
        webhooks: VALIDATING.map(hook),
      } as ServerObject,
      opts,
    );
    return controller;
  } catch (err) {
    await controller.stop();
    throw err;
  }
}

/** A CA and a serving certificate for 127.0.0.1 (certs/tls.crt, tls.key, where the manager looks); returns the CA's PEM. */
function makeServingCert(dir: string): string {
  fs.mkdirSync(path.join(dir, 'certs'), { mode: 0o700 });
  const ca = makeTestCa(
    dir,
    'dynamo-iac-test-lws-ca',
    '[serving]\nsubjectAltName = IP:127.0.0.1\nextendedKeyUsage = serverAuth\nbasicConstraints = critical,CA:FALSE\n',
  );
  ca.issue('certs/tls', '/CN=127.0.0.1', 'serving');
  return ca.caCert;
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** `n` distinct free loopback ports (all held open at once, then released). */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const srv = net.createServer();
          srv.once('error', reject);
          srv.listen(0, '127.0.0.1', () => resolve(srv));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}
