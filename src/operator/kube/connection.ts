/**
 * Where the API server is and how to authenticate: in-cluster service-account files, or a
 * kubeconfig (KUBECONFIG / ~/.kube/config) with client certificates or a bearer token.
 * Exec and auth-provider plugins are not supported: the operator runs in-cluster.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse as parseYaml } from 'yaml';

export interface Connection {
  readonly server: string;
  readonly ca?: string;
  readonly cert?: string;
  readonly key?: string;
  /** Returns the current bearer token; projected service-account tokens rotate, so it is re-read. */
  readonly token?: () => string;
  readonly insecureSkipTlsVerify?: boolean;
  /** Act as this user (kubeconfig `as`): needs the `impersonate` verb. */
  readonly impersonate?: string;
}

const SA_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

export function inClusterConnection(env: NodeJS.ProcessEnv = process.env, saDir = SA_DIR): Connection | undefined {
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  if (!host || !port || !fs.existsSync(path.join(saDir, 'token'))) return undefined;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    server: `https://${hostPart}:${port}`,
    ca: fs.readFileSync(path.join(saDir, 'ca.crt'), 'utf8'),
    token: cachedFile(path.join(saDir, 'token'), 60_000),
  };
}

/** The current context of a kubeconfig file. */
export function kubeconfigConnection(file: string, contextName?: string): Connection {
  const cfg = parseYaml(fs.readFileSync(file, 'utf8')) ?? {};
  const dir = path.dirname(file);
  const ctxName = contextName ?? cfg['current-context'];
  const ctx = (cfg.contexts ?? []).find((c: any) => c.name === ctxName)?.context ?? cfg.contexts?.[0]?.context;
  const cluster = (cfg.clusters ?? []).find((c: any) => c.name === ctx?.cluster)?.cluster;
  const user = (cfg.users ?? []).find((u: any) => u.name === ctx?.user)?.user ?? {};
  if (!cluster?.server) throw new Error(`${file}: no cluster server for context ${JSON.stringify(ctxName ?? null)}`);
  const pick = (dataKey: string, fileKey: string, from: any): string | undefined => {
    if (from?.[dataKey]) return Buffer.from(from[dataKey], 'base64').toString('utf8');
    if (from?.[fileKey]) return fs.readFileSync(path.resolve(dir, from[fileKey]), 'utf8');
    return undefined;
  };
  const token: string | undefined = user.token;
  return {
    server: cluster.server,
    ca: pick('certificate-authority-data', 'certificate-authority', cluster),
    cert: pick('client-certificate-data', 'client-certificate', user),
    key: pick('client-key-data', 'client-key', user),
    token: token ? () => token : user.tokenFile ? cachedFile(path.resolve(dir, user.tokenFile), 60_000) : undefined,
    insecureSkipTlsVerify: cluster['insecure-skip-tls-verify'] === true,
    impersonate: user.as,
  };
}

/** In-cluster when running in a pod, else KUBECONFIG (first file) or ~/.kube/config. */
export function loadConnection(env: NodeJS.ProcessEnv = process.env): Connection {
  const inCluster = inClusterConnection(env);
  if (inCluster) return inCluster;
  const file = env.KUBECONFIG?.split(path.delimiter).find(Boolean) ?? path.join(os.homedir(), '.kube', 'config');
  if (!fs.existsSync(file)) throw new Error(`no in-cluster service account and no kubeconfig at ${file}`);
  return kubeconfigConnection(file);
}

function cachedFile(file: string, maxAgeMs: number): () => string {
  let value = '';
  let readAt = -Infinity;
  return () => {
    const now = Date.now();
    if (now - readAt > maxAgeMs) {
      value = fs.readFileSync(file, 'utf8').trim();
      readAt = now;
    }
    return value;
  };
}
