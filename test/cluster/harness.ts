/**
 * A real, throw-away Kubernetes control plane for dynamo-iac's tests: etcd + kube-apiserver +
 * kube-controller-manager (built by test/infra/build.sh from the pinned wrapper Go modules),
 * listening on free 127.0.0.1 ports, with a generated CA, serving certificate, admin client
 * certificate (group system:masters) and service-account signing key, RBAC authorization and an
 * admin kubeconfig.
 *
 * The controller manager runs only the garbage collector and the namespace and PVC-protection
 * controllers, so deletes finish as in a real cluster (foreground deletion, owner references,
 * namespace deletion, PVC finalizers). No scheduler or kubelet runs, so:
 *  - Pods are stored but never scheduled or run; workload controllers do not act.
 *  - The `default` ServiceAccount is never created in new namespaces, which is
 *    why the ServiceAccount admission plugin is disabled (see apiserverArgs).
 *
 * Used from jest's global setup (test/cluster/global-setup.ts) and from the
 * CLI (test/cluster/start.ts).
 */
import { ChildProcess, execFileSync, spawn, spawnSync } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as http from 'http';
import * as https from 'https';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { makeTestCa } from './test-ca';

const INFRA = path.join(__dirname, '..', 'infra');
const LOG_TAIL_LINES = 30;

export interface TestCluster {
  /** Admin kubeconfig (user in group system:masters). */
  readonly kubeconfigPath: string;
  /** API server URL, https://127.0.0.1:<port>. */
  readonly server: string;
  /** PEM of the CA that signed the serving and client certificates. */
  readonly caData: string;
  /** Admin client certificate and key (PEM). */
  readonly clientCertData: string;
  readonly clientKeyData: string;
  /** Temp directory holding certs, etcd data and the server logs. */
  readonly dir: string;
  /** kube-apiserver version from the wrapper go.mod, e.g. v1.36.3. */
  readonly kubernetesVersion: string;
  /** Milliseconds from spawning etcd until the API server was ready. */
  readonly startupMs: number;
  /** Stops the controller manager, kube-apiserver, then etcd (SIGTERM, then SIGKILL) and removes `dir`. Idempotent. */
  stop(): Promise<void>;
}

export interface Binaries {
  readonly etcd: string;
  readonly kubeApiserver: string;
  readonly kubeControllerManager: string;
}

export interface StartOptions {
  /** Pre-built binaries; default: test/infra/build.sh (builds them when missing). */
  readonly binaries?: Binaries;
  /** Extra kube-apiserver flags, appended (later flags win). */
  readonly extraApiserverArgs?: string[];
  /** Readiness timeout per server in ms (default 90 s, env DYNAMO_IAC_CLUSTER_START_TIMEOUT_MS). */
  readonly startTimeoutMs?: number;
  /** Keep `dir` (logs, certs) after stop(); also env DYNAMO_IAC_KEEP_CLUSTER_DIR=1. */
  readonly keepDir?: boolean;
  /** Progress output; default writes to stderr. */
  readonly log?: (msg: string) => void;
}

/** Versions pinned in the wrapper modules' go.mod files. */
export function pinnedVersions(): { kubernetes: string; etcd: string } {
  const req = (mod: string, dep: string): string => {
    const text = fs.readFileSync(path.join(INFRA, 'go', mod, 'go.mod'), 'utf8');
    const m = new RegExp(`^\\s*(?:require\\s+)?${dep.replace(/[.]/g, '\\.')}\\s+(v\\S+)`, 'm').exec(text);
    if (!m) throw new Error(`no ${dep} requirement in test/infra/go/${mod}/go.mod`);
    return m[1];
  };
  return { kubernetes: req('kube', 'k8s.io/kubernetes'), etcd: req('etcd', 'go.etcd.io/etcd/server/v3') };
}

/**
 * Paths of the test binaries of `groups` (`NAME=path` lines of test/infra/build.sh --print-paths),
 * building them when missing (progress on stderr; the first build takes long, see README).
 */
export function buildTestBinaries(
  ...groups: ('cluster' | 'pulumi' | 'pulumilangs' | 'flux' | 'yamlreader' | 'argo' | 'kustomize')[]
): Record<string, string> {
  return binaryPaths(
    execFileSync('bash', [path.join(INFRA, 'build.sh'), '--print-paths', ...groups], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
}

/**
 * Paths of test binaries that must already be cached (`--cached-only`): never builds, for places
 * that cannot reach the Go module proxy (the e2e suite inside the node's network namespace).
 */
export function cachedTestBinaries(...groups: string[]): Record<string, string> {
  const r = spawnSync('bash', [path.join(INFRA, 'build.sh'), '--print-paths', '--cached-only', ...groups], {
    encoding: 'utf8',
  });
  if (r.status !== 0)
    throw new Error(
      `test binaries not built (build them first: bash test/infra/build.sh ${groups.join(' ')}):\n${r.stderr}`,
    );
  return binaryPaths(r.stdout);
}

/** `NAME=path` lines of test/infra/build.sh --print-paths. */
function binaryPaths(out: string): Record<string, string> {
  return Object.fromEntries(
    out
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

/** The cluster's binaries, built when missing. */
export function ensureBinaries(): Binaries {
  const vars = buildTestBinaries('cluster');
  if (!vars.ETCD || !vars.KUBE_APISERVER || !vars.KUBE_CONTROLLER_MANAGER)
    throw new Error(`build.sh printed no binary paths: ${JSON.stringify(vars)}`);
  return { etcd: vars.ETCD, kubeApiserver: vars.KUBE_APISERVER, kubeControllerManager: vars.KUBE_CONTROLLER_MANAGER };
}

export async function startTestCluster(options: StartOptions = {}): Promise<TestCluster> {
  const log = options.log ?? ((msg: string) => process.stderr.write(`[test-cluster] ${msg}\n`));
  const timeoutMs = options.startTimeoutMs ?? Number(process.env.DYNAMO_IAC_CLUSTER_START_TIMEOUT_MS ?? 90_000);
  const keepDir = options.keepDir ?? process.env.DYNAMO_IAC_KEEP_CLUSTER_DIR === '1';
  const bins = options.binaries ?? ensureBinaries();
  const kubernetesVersion = pinnedVersions().kubernetes;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-cluster-'));
  const cleanup = new Cleanup(dir, keepDir);
  const started = Date.now();
  try {
    const pki = generatePki(dir);
    const [etcdClientPort, etcdPeerPort, apiPort, kcmPort] = await freePorts(4);
    const etcdUrl = `http://127.0.0.1:${etcdClientPort}`;
    const server = `https://127.0.0.1:${apiPort}`;

    // ---- etcd
    const etcd = cleanup.spawn('etcd', bins.etcd, [
      '--name=dynamo-iac-test',
      `--data-dir=${path.join(dir, 'etcd-data')}`,
      `--listen-client-urls=${etcdUrl}`,
      `--advertise-client-urls=${etcdUrl}`,
      `--listen-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
      `--initial-cluster=dynamo-iac-test=http://127.0.0.1:${etcdPeerPort}`,
      // Throw-away data: skipping fsync makes every write much faster.
      '--unsafe-no-fsync=true',
    ]);
    await waitUntil('etcd', timeoutMs, [etcd], async () => {
      const r = await httpGet(`${etcdUrl}/health`);
      return r.status === 200 && r.body.includes('"health":"true"');
    });
    const etcdReadyMs = Date.now() - started;

    // ---- kube-apiserver
    const apiserver = cleanup.spawn('kube-apiserver', bins.kubeApiserver, [
      ...apiserverArgs({ dir, pki, etcdUrl, apiPort }),
      ...(options.extraApiserverArgs ?? []),
    ]);
    const tls = { ca: pki.caCert, cert: pki.clientCert, key: pki.clientKey };
    await waitUntil('kube-apiserver', timeoutMs, [apiserver, etcd], async () => {
      const ready = await httpsGet(`${server}/readyz`, tls);
      if (ready.status !== 200) return false;
      // Same extra check as envtest: the bootstrap controller created `default`.
      const ns = await httpsGet(`${server}/api/v1/namespaces/default`, tls);
      return ns.status === 200;
    });
    const kubeconfigPath = path.join(dir, 'kubeconfig');
    fs.writeFileSync(kubeconfigPath, kubeconfig(server, pki), { mode: 0o600 });

    // ---- kube-controller-manager: only what makes deletes behave as in a real cluster.
    const kcm = cleanup.spawn('kube-controller-manager', bins.kubeControllerManager, [
      `--kubeconfig=${kubeconfigPath}`,
      '--controllers=garbagecollector,namespace,pvc-protection',
      '--leader-elect=false',
      '--bind-address=127.0.0.1',
      `--secure-port=${kcmPort}`,
      `--cert-dir=${path.join(dir, 'kcm-certs')}`,
      // /healthz without credentials (the default always-allow paths), no delegated authn lookup.
      '--authentication-skip-lookup=true',
    ]);
    await waitUntil('kube-controller-manager', timeoutMs, [kcm, apiserver, etcd], async () => {
      const r = await httpsGet(`https://127.0.0.1:${kcmPort}/healthz`, { ca: '', cert: '', key: '' }, false);
      return r.status === 200;
    });
    const startupMs = Date.now() - started;
    log(
      `kube-apiserver ${kubernetesVersion} ready at ${server} in ${(startupMs / 1000).toFixed(1)}s ` +
        `(etcd ${(etcdReadyMs / 1000).toFixed(1)}s); kubeconfig ${kubeconfigPath}`,
    );
    return {
      kubeconfigPath,
      server,
      caData: pki.caCert,
      clientCertData: pki.clientCert,
      clientKeyData: pki.clientKey,
      dir,
      kubernetesVersion,
      startupMs,
      stop: () => cleanup.stop(),
    };
  } catch (err) {
    const logs = cleanup.logTails();
    await cleanup.stop();
    const msg = err instanceof Error ? err.message : String(err);
    throw new Error(`test cluster failed to start: ${msg}\n${logs}`, { cause: err });
  }
}

// ---------------------------------------------------------------------------
// kube-apiserver flags

interface Pki {
  caCertFile: string;
  servingCertFile: string;
  servingKeyFile: string;
  saPublicKeyFile: string;
  saPrivateKeyFile: string;
  caCert: string;
  clientCert: string;
  clientKey: string;
}

function apiserverArgs(o: { dir: string; pki: Pki; etcdUrl: string; apiPort: number }): string[] {
  const issuer = `https://127.0.0.1:${o.apiPort}`;
  return [
    `--etcd-servers=${o.etcdUrl}`,
    '--bind-address=127.0.0.1',
    `--secure-port=${o.apiPort}`,
    // Self-signed certs would otherwise be written here; we pass our own.
    `--cert-dir=${path.join(o.dir, 'apiserver-certs')}`,
    `--tls-cert-file=${o.pki.servingCertFile}`,
    `--tls-private-key-file=${o.pki.servingKeyFile}`,
    // Client-certificate authentication: CN = user, O = groups.
    `--client-ca-file=${o.pki.caCertFile}`,
    '--authorization-mode=RBAC',
    // Mandatory since 1.20 (token issuing for the TokenRequest API).
    `--service-account-issuer=${issuer}`,
    `--service-account-key-file=${o.pki.saPublicKeyFile}`,
    `--service-account-signing-key-file=${o.pki.saPrivateKeyFile}`,
    '--service-cluster-ip-range=10.0.0.0/24',
    // Advertise loopback rather than whatever the default route points at; the
    // built-in endpoint reconciler refuses loopback IPs in the `kubernetes`
    // Endpoints object, and nothing here needs it, so it is switched off.
    '--advertise-address=127.0.0.1',
    '--endpoint-reconciler-type=none',
    // The ServiceAccount admission plugin rejects Pods (and defaults
    // serviceAccountName) when the namespace's `default` ServiceAccount does
    // not exist; that account is created by kube-controller-manager, which
    // does not run here. PodSecurity (and the other defaults) stay enabled.
    '--disable-admission-plugins=ServiceAccount',
    // Let Pod Security Admission (not this global switch) decide on privileged pods.
    '--allow-privileged=true',
    '--profiling=false',
  ];
}

// ---------------------------------------------------------------------------
// Certificates (openssl) and the service-account key (node crypto)

/** The API server's CA, its serving certificate (every name a client may dial) and the admin's client certificate. */
const PKI_EXTENSIONS = `[v3_ca]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign,digitalSignature
subjectKeyIdentifier = hash
[v3_server]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
subjectAltName = DNS:localhost,IP:127.0.0.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,IP:10.0.0.1
[v3_client]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

function generatePki(dir: string): Pki {
  const pki = path.join(dir, 'pki');
  fs.mkdirSync(pki, { mode: 0o700 });
  const f = (name: string) => path.join(pki, name);
  const ca = makeTestCa(pki, 'dynamo-iac-test-ca', PKI_EXTENSIONS);
  ca.issue('apiserver', '/CN=kube-apiserver', 'v3_server');
  ca.issue('admin', '/O=system:masters/CN=dynamo-iac-admin', 'v3_client');

  // Service-account token signing key pair (ES256).
  const sa = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  fs.writeFileSync(f('sa.key'), sa.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  fs.writeFileSync(f('sa.pub'), sa.publicKey.export({ type: 'spki', format: 'pem' }));

  return {
    caCertFile: f('ca.crt'),
    servingCertFile: f('apiserver.crt'),
    servingKeyFile: f('apiserver.key'),
    saPublicKeyFile: f('sa.pub'),
    saPrivateKeyFile: f('sa.key'),
    caCert: ca.caCert,
    clientCert: fs.readFileSync(f('admin.crt'), 'utf8'),
    clientKey: fs.readFileSync(f('admin.key'), 'utf8'),
  };
}

function kubeconfig(server: string, pki: Pki): string {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: dynamo-iac-test',
    '  cluster:',
    `    server: ${server}`,
    `    certificate-authority-data: ${b64(pki.caCert)}`,
    'users:',
    '- name: dynamo-iac-admin',
    '  user:',
    `    client-certificate-data: ${b64(pki.clientCert)}`,
    `    client-key-data: ${b64(pki.clientKey)}`,
    'contexts:',
    '- name: dynamo-iac-test',
    '  context:',
    '    cluster: dynamo-iac-test',
    '    user: dynamo-iac-admin',
    'current-context: dynamo-iac-test',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------
// Process lifecycle

interface Managed {
  name: string;
  child: ChildProcess;
  logFile: string;
  exited: boolean;
  exitInfo?: string;
}

/** Tracks spawned servers and guarantees they die with us. */
class Cleanup {
  private readonly procs: Managed[] = [];
  private reaper?: ChildProcess;
  private stopping?: Promise<void>;
  private readonly onExit = () => this.killNowSync();
  private readonly onSignal = (sig: NodeJS.Signals) => {
    // Someone else handles this signal (e.g. start.ts stops gracefully): leave
    // it to them; the 'exit' hook and the reaper remain as fallbacks.
    if (process.listenerCount(sig) > 1) return;
    this.killNowSync();
    this.detachHandlers();
    // Restore the default behaviour: terminate by the same signal.
    process.kill(process.pid, sig);
  };

  constructor(
    private readonly dir: string,
    private readonly keepDir: boolean,
  ) {
    process.on('exit', this.onExit);
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
    process.on('SIGHUP', this.onSignal);
  }

  spawn(name: string, bin: string, args: string[]): Managed {
    const logFile = path.join(this.dir, `${name}.log`);
    const fd = fs.openSync(logFile, 'a');
    fs.writeSync(fd, `$ ${bin} ${args.join(' ')}\n`);
    const child = spawn(bin, args, { cwd: this.dir, stdio: ['ignore', fd, fd] });
    fs.closeSync(fd);
    const m: Managed = { name, child, logFile, exited: false };
    child.on('exit', (code, signal) => {
      m.exited = true;
      m.exitInfo = signal ? `signal ${signal}` : `exit code ${code}`;
    });
    child.on('error', (err) => {
      m.exited = true;
      m.exitInfo = `spawn error: ${err.message}`;
    });
    this.procs.push(m);
    this.updateReaper();
    return m;
  }

  /**
   * A detached shell that outlives us if we are SIGKILLed (e.g. by a CI
   * timeout): once our pid is gone it kills the servers and removes the dir.
   */
  private updateReaper() {
    this.reaper?.kill('SIGKILL');
    const pids = this.procs
      .map((p) => p.child.pid)
      .filter((p): p is number => p !== undefined)
      .join(' ');
    const rm = this.keepDir ? ':' : `rm -rf '${this.dir}'`;
    const script =
      `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ` +
      `kill -TERM ${pids} 2>/dev/null; sleep 5; kill -KILL ${pids} 2>/dev/null; ${rm}`;
    this.reaper = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
    this.reaper.unref();
  }

  logTails(): string {
    return this.procs
      .map((p) => {
        let text: string;
        try {
          text = fs.readFileSync(p.logFile, 'utf8');
        } catch {
          text = '(no log)';
        }
        const lines = text.trimEnd().split('\n').slice(-LOG_TAIL_LINES);
        const state = p.exited ? ` (exited: ${p.exitInfo})` : '';
        return `---- last ${lines.length} lines of ${p.name} log${state} (${p.logFile}) ----\n${lines.join('\n')}`;
      })
      .join('\n');
  }

  stop(): Promise<void> {
    this.stopping ??= this.doStop();
    return this.stopping;
  }

  private async doStop() {
    // API server first so it does not log etcd connection errors while exiting.
    for (const p of [...this.procs].reverse()) await terminate(p, 10_000);
    this.reaper?.kill('SIGKILL');
    this.detachHandlers();
    if (!this.keepDir) fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private killNowSync() {
    for (const p of this.procs) if (!p.exited) p.child.kill('SIGKILL');
    this.reaper?.kill('SIGKILL');
    if (!this.keepDir) fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private detachHandlers() {
    process.off('exit', this.onExit);
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
    process.off('SIGHUP', this.onSignal);
  }
}

async function terminate(p: Managed, graceMs: number): Promise<void> {
  if (p.exited || p.child.exitCode !== null || p.child.signalCode !== null) return;
  const done = new Promise<void>((resolve) => p.child.once('exit', () => resolve()));
  p.child.kill('SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
  if ((await Promise.race([done, timer])) === 'timeout') {
    p.child.kill('SIGKILL');
    await done;
  }
}

async function waitUntil(what: string, timeoutMs: number, watch: Managed[], probe: () => Promise<boolean>) {
  const deadline = Date.now() + timeoutMs;
  let lastError: string;
  for (;;) {
    for (const p of watch) {
      if (p.exited) throw new Error(`${p.name} exited (${p.exitInfo}) while waiting for ${what} to become ready`);
    }
    try {
      if (await probe()) return;
      lastError = '';
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} not ready after ${timeoutMs / 1000}s${lastError ? ` (last error: ${lastError})` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ---------------------------------------------------------------------------
// Small helpers

export async function freePorts(n: number): Promise<number[]> {
  // Hold all listeners open until every port is known so they are distinct.
  const servers: net.Server[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const s = net.createServer();
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(0, '127.0.0.1', () => resolve());
      });
      servers.push(s);
    }
    return servers.map((s) => (s.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(() => r(undefined)))));
  }
}

interface Resp {
  status: number;
  body: string;
}

function collect(req: http.ClientRequest): Promise<Resp> {
  return new Promise((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error('request timed out')));
    req.end();
  });
}

function httpGet(url: string): Promise<Resp> {
  return collect(http.request(url, { method: 'GET', agent: false }));
}

function httpsGet(url: string, tls: { ca: string; cert: string; key: string }, verify = true): Promise<Resp> {
  const options = verify ? tls : { rejectUnauthorized: false };
  return collect(https.request(url, { method: 'GET', agent: false, ...options }));
}
