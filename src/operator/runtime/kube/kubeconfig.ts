/**
 * Where the API server is and how to authenticate, loaded by client-node's KubeConfig:
 *  - `--kubeconfig FILE`, else `KUBECONFIG` (several files merged, as kubectl does);
 *  - else in-cluster: the pod's service account. The projected token rotates; client-node
 *    re-reads the token file at most a minute after it was last read (as client-go does);
 *  - else `~/.kube/config`.
 * A kubeconfig brings client certificates, bearer tokens, `exec` credential plugins (EKS
 * `aws eks get-token`, GKE `gke-gcloud-auth-plugin`, kubelogin) and the OIDC auth provider;
 * `--context NAME` picks a context other than the current one.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import type { RequestOptions } from 'https';
import * as os from 'os';
import * as path from 'path';
import { KubeConfig, RequestContext } from './client-node';

type Dispatcher = NonNullable<ReturnType<RequestContext['getDispatcher']>>;

/**
 * A KubeConfig that reuses its connections. client-node 2.0.1 gives every request a new undici
 * Agent: a new connection and TLS handshake each time, and each Agent's memory held until its
 * socket idles out (the operator bench: RSS 145 -> 205 MiB over 200 scales, p50 58 ms). This
 * keeps one Agent per TLS identity (server, proxy, CA, client certificate, verification) and
 * closes the previous one, gracefully, when that identity changes (a rotated certificate).
 */
export class PooledKubeConfig extends KubeConfig {
  private pooled?: { readonly identity: string; readonly dispatcher: Dispatcher };

  override async applySecurityAuthentication(context: RequestContext): Promise<void> {
    await super.applySecurityAuthentication(context);
    const fresh = context.getDispatcher();
    if (!fresh) return; // plain HTTP: no TLS, no Agent
    const identity = await this.tlsIdentity();
    if (this.pooled?.identity === identity) {
      context.setDispatcher(this.pooled.dispatcher);
      void fresh.close();
      return;
    }
    const previous = this.pooled?.dispatcher;
    this.pooled = { identity, dispatcher: fresh };
    // Lets requests in flight (watches included) finish on it.
    void previous?.close();
  }

  /** A digest of what the Agent's TLS connections are made with, read the way client-node reads it. */
  private async tlsIdentity(): Promise<string> {
    const opts: RequestOptions = {};
    await this.applyToHTTPSOptions(opts);
    const cluster = this.getCurrentCluster();
    const hash = createHash('sha256');
    for (const part of [
      cluster?.server,
      cluster?.proxyUrl,
      opts.ca,
      opts.cert,
      opts.key,
      opts.pfx,
      opts.passphrase,
      opts.rejectUnauthorized,
      opts.servername,
    ]) {
      hash.update(
        `${part === undefined ? '' : Buffer.isBuffer(part) ? part.toString('base64') : JSON.stringify(part)}\0`,
      );
    }
    return hash.digest('hex');
  }
}

export interface KubeConfigOptions {
  /** A kubeconfig file; wins over KUBECONFIG and in-cluster. */
  readonly kubeconfig?: string;
  /** A context of the kubeconfig other than its current one. */
  readonly context?: string;
  /** Prefix of the service account's mount path (tests); the host and port come from the environment. */
  readonly inClusterRoot?: string;
}

const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

export function loadKubeConfig(opts: KubeConfigOptions = {}): KubeConfig {
  const env = process.env;
  const kc = new PooledKubeConfig();
  const files = opts.kubeconfig ? [opts.kubeconfig] : (env.KUBECONFIG ?? '').split(path.delimiter).filter(Boolean);
  const root = opts.inClusterRoot ?? '';
  if (files.length > 0) {
    loadFiles(kc, files);
  } else if (
    env.KUBERNETES_SERVICE_HOST &&
    env.KUBERNETES_SERVICE_PORT &&
    fs.existsSync(`${root}${SERVICE_ACCOUNT_TOKEN}`)
  ) {
    // The token is read through client-node's token-file authenticator, so a rotated token is picked up.
    kc.loadFromCluster(root);
  } else {
    const home = path.join(os.homedir(), '.kube', 'config');
    if (!fs.existsSync(home))
      throw new Error(`no kubeconfig (--kubeconfig, KUBECONFIG or ${home}) and no in-cluster service account`);
    loadFiles(kc, [home]);
  }
  if (opts.context) {
    const names = kc.getContexts().map((c) => c.name);
    if (!names.includes(opts.context))
      throw new Error(
        `context ${JSON.stringify(opts.context)} is not in the kubeconfig (contexts: ${names.join(', ') || 'none'})`,
      );
    kc.setCurrentContext(opts.context);
  }
  if (!kc.getCurrentCluster())
    throw new Error(`the kubeconfig's current context ${JSON.stringify(kc.getCurrentContext())} names no cluster`);
  return kc;
}

function loadFiles(kc: KubeConfig, files: string[]): void {
  for (const [i, file] of files.entries()) {
    if (!fs.existsSync(file)) throw new Error(`kubeconfig ${file} does not exist`);
    if (i === 0) {
      kc.loadFromFile(file);
    } else {
      const more = new KubeConfig();
      more.loadFromFile(file);
      kc.mergeConfig(more);
    }
  }
}

/**
 * The same connection as `kc` with another server URL or impersonating a user (tests: a proxy
 * in front of the API server, acting as the operator's ServiceAccount).
 */
export function withOverrides(kc: KubeConfig, overrides: { server?: string; impersonate?: string }): KubeConfig {
  const ctx = kc.getCurrentContext();
  const context = kc.getContextObject(ctx);
  const out = new PooledKubeConfig();
  out.loadFromOptions({
    clusters: kc.clusters.map((c) =>
      c.name === context?.cluster && overrides.server ? { ...c, server: overrides.server } : c,
    ),
    users: kc.users.map((u) =>
      u.name === context?.user && overrides.impersonate ? { ...u, impersonateUser: overrides.impersonate } : u,
    ),
    contexts: kc.contexts,
    currentContext: ctx,
  });
  return out;
}
