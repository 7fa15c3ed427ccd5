/**
 * Argo CD v3 run next to the test cluster the way its manifests run it inside one, minus the API
 * server and UI: Redis (from Debian's package), the repo server (plaintext gRPC on loopback, Git
 * and kustomize from PATH) and the application controller (out of cluster, `--kubeconfig`, every
 * managed resource's health persisted in the Application status). The cluster objects Argo CD
 * needs are created as its install does: its CRDs, the `argocd` namespace with argocd-cm,
 * argocd-secret, argocd-cmd-params-cm and the default AppProject, and the test cluster registered
 * by a cluster Secret (the controller is not in a pod, so `kubernetes.default.svc` does not exist).
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments, parse } from 'yaml';
import { freePorts } from '../cluster/harness';
import { KubeClient, ServerObject } from '../cluster/kube';
import { Process } from '../flux/process';

export const ARGOCD_NAMESPACE = 'argocd';
const MANAGER = 'dynamo-iac-test';

export interface ArgoCd {
  readonly redis: Process;
  readonly repoServer: Process;
  /** With `cmpConfigDir`: the Config Management Plugin server, the repo server's sidecar. */
  readonly cmpServer?: Process;
  readonly controller: Process;
  /** The API server URL the Applications name as their destination. */
  readonly server: string;
  stop(): Promise<void>;
  tails(): string;
}

const env = (name: string) => {
  const v = process.env[`DYNAMO_IAC_${name}`];
  if (!v) throw new Error(`run with \`npm run test:argo\` (DYNAMO_IAC_${name} comes from its global setup)`);
  return v;
};

/** The test cluster's URL and admin credentials, from its kubeconfig. */
function clusterCredentials(kubeconfig: string) {
  const k = parse(fs.readFileSync(kubeconfig, 'utf8'));
  return {
    server: k.clusters[0].cluster.server as string,
    caData: k.clusters[0].cluster['certificate-authority-data'] as string,
    certData: k.users[0].user['client-certificate-data'] as string,
    keyData: k.users[0].user['client-key-data'] as string,
  };
}

/** Argo CD's CRDs, namespace, settings, default project and the cluster Secret. */
export async function installArgoCd(kube: KubeClient, kubeconfig: string): Promise<string> {
  const assets = env('ARGOCD_ASSETS');
  for (const f of ['application-crd.yaml', 'appproject-crd.yaml']) {
    for (const doc of parseAllDocuments(fs.readFileSync(path.join(assets, 'crds', f), 'utf8'))) {
      await kube.installCrd(doc.toJSON() as ServerObject, { fieldManager: MANAGER, timeoutMs: 180_000 });
    }
  }
  const creds = clusterCredentials(kubeconfig);
  const ns = ARGOCD_NAMESPACE;
  const labels = (name: string) => ({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'argocd' });
  const objects: ServerObject[] = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } },
    // Argo CD's own settings, with none of ours: the health checks arrive through the root Application.
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'argocd-cm', namespace: ns, labels: labels('argocd-cm') },
      data: {},
    },
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'argocd-cmd-params-cm', namespace: ns, labels: labels('argocd-cmd-params-cm') },
      data: {},
    },
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'argocd-secret', namespace: ns, labels: labels('argocd-secret') },
      stringData: { 'server.secretkey': 'dynamo-iac-test-only' },
    },
    {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AppProject',
      metadata: { name: 'default', namespace: ns },
      spec: {
        sourceRepos: ['*'],
        destinations: [{ server: '*', namespace: '*' }],
        clusterResourceWhitelist: [{ group: '*', kind: '*' }],
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'test-cluster', namespace: ns, labels: { 'argocd.argoproj.io/secret-type': 'cluster' } },
      stringData: {
        name: 'test-cluster',
        server: creds.server,
        config: JSON.stringify({
          tlsClientConfig: { caData: creds.caData, certData: creds.certData, keyData: creds.keyData },
        }),
      },
    },
  ];
  for (const o of objects) await kube.apply(o, { fieldManager: MANAGER, fieldValidation: 'Strict' });
  return creds.server;
}

async function waitListening(p: Process, port: number, what: string): Promise<void> {
  const net = await import('net');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (!p.running || Date.now() > deadline) throw new Error(`${what} did not listen on ${port}\n${p.tail()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The socket a plugin's argocd-cmp-server listens on: `<socket dir>/<plugin name>.sock`. */
async function waitSocket(p: Process, socket: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!fs.existsSync(socket)) {
    if (!p.running || Date.now() > deadline) throw new Error(`${p.name} did not create ${socket}\n${p.tail()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface ArgoCdOptions {
  /**
   * Run `argocd-cmp-server` with the plugin.yaml in this directory beside the repo server, as the
   * sidecar of Argo CD's install runs it: both find the plugin's socket in one shared directory
   * (ARGOCD_PLUGINSOCKFILEPATH; /home/argocd/cmp-server/plugins in a pod).
   */
  readonly cmpConfigDir?: string;
  /** The plugin's `metadata.name`, the name of its socket. */
  readonly cmpPluginName?: string;
}

/** Starts Redis, the repo server and the application controller; `home` is their scratch directory. */
export async function startArgoCd(
  kubeconfig: string,
  server: string,
  home: string,
  options: ArgoCdOptions = {},
): Promise<ArgoCd> {
  const [redisPort, repoPort, repoMetrics, controllerMetrics] = await freePorts(4);
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    ARGOCD_GPG_ENABLED: 'false',
    // git-verify-wrapper.sh (run on every manifest generation) and kustomize, before the system's git.
    PATH: [path.join(env('ARGOCD_ASSETS'), 'bin'), path.dirname(env('KUSTOMIZE')), process.env.PATH].join(':'),
  };
  const redis = new Process(
    'redis',
    env('REDIS_SERVER'),
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', home],
    { ...process.env, LD_LIBRARY_PATH: env('REDIS_LD_LIBRARY_PATH') },
  );
  await waitListening(redis, redisPort, 'redis');
  const redisAddr = `127.0.0.1:${redisPort}`;
  let cmpServer: Process | undefined;
  if (options.cmpConfigDir) {
    const sockets = path.join(home, 'cmp-server', 'plugins');
    fs.mkdirSync(sockets, { recursive: true });
    base.ARGOCD_PLUGINSOCKFILEPATH = sockets;
    cmpServer = new Process(
      'argocd-cmp-server',
      env('ARGOCD'),
      [`--config-dir-path=${options.cmpConfigDir}`, '--loglevel=info', '--logformat=text'],
      // Its own scratch directory for the files the repo server streams to it, as in its container.
      {
        ...base,
        ARGOCD_BINARY_NAME: 'argocd-cmp-server',
        ARGOCD_CMP_WORKDIR: path.join(home, 'cmp-work'),
        NODE_OPTIONS: '',
      },
    );
    await waitSocket(cmpServer, path.join(sockets, `${options.cmpPluginName ?? 'plugin'}.sock`));
  }
  const repoServer = new Process(
    'argocd-repo-server',
    env('ARGOCD'),
    [
      '--address=127.0.0.1',
      `--port=${repoPort}`,
      `--metrics-port=${repoMetrics}`,
      '--disable-tls',
      '--client-ca-path=',
      `--redis=${redisAddr}`,
      '--loglevel=info',
    ],
    { ...base, ARGOCD_BINARY_NAME: 'argocd-repo-server' },
  );
  await waitListening(repoServer, repoPort, 'argocd-repo-server');
  const controller = new Process(
    'argocd-application-controller',
    env('ARGOCD'),
    [
      `--kubeconfig=${kubeconfig}`,
      `--namespace=${ARGOCD_NAMESPACE}`,
      `--repo-server=127.0.0.1:${repoPort}`,
      '--repo-server-plaintext',
      `--redis=${redisAddr}`,
      `--metrics-port=${controllerMetrics}`,
      '--persist-resource-health',
      // Shorter than the defaults (120 s resync, 2 s first self-heal backoff) only so the test waits less.
      '--app-resync=20',
      '--app-resync-jitter=0',
      '--self-heal-backoff-timeout-seconds=1',
      '--loglevel=info',
    ],
    { ...base, ARGOCD_BINARY_NAME: 'argocd-application-controller' },
  );
  return {
    redis,
    repoServer,
    cmpServer,
    controller,
    server,
    async stop() {
      await controller.stop();
      await repoServer.stop();
      await cmpServer?.stop();
      await redis.stop();
    },
    tails() {
      return [controller.tail(40), repoServer.tail(15), ...(cmpServer ? [cmpServer.tail(20)] : [])].join('\n');
    },
  };
}
