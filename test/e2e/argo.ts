/**
 * Argo CD on the real node, as a user runs it: a bare Git repository our `dynamo-iac gitops
 * --argocd-url` output is pushed to, Argo CD's CRDs and settings, its real application controller
 * and repo server (with Redis), and the one-time bootstrap (`kubectl apply -k argocd/`).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { ArgoCd, ARGOCD_NAMESPACE, installArgoCd, startArgoCd } from '../argo/argo-cd';
import { cachedTestBinaries, cliOk, kube, kubectl } from './node';

export { ARGOCD_NAMESPACE };

export class ArgoOnNode {
  private argo?: ArgoCd;

  private constructor(
    private readonly dir: string,
    private readonly server: string,
    private readonly bare: string,
    /** The work tree `dynamo-iac gitops -o` writes. */
    readonly tree: string,
  ) {}

  /** Argo CD's CRDs and settings, and an empty repository, under `dir` (removed by the caller). */
  static async install(dir: string): Promise<ArgoOnNode> {
    const bins = cachedTestBinaries('argo', 'kustomize');
    for (const name of ['ARGOCD', 'ARGOCD_ASSETS', 'REDIS_SERVER', 'REDIS_LD_LIBRARY_PATH', 'KUSTOMIZE'])
      process.env[`DYNAMO_IAC_${name}`] = bins[name];
    const server = await installArgoCd(kube(), process.env.KUBECONFIG!);
    const bare = path.join(dir, 'argo-deploy.git');
    const tree = path.join(dir, 'argo-deploy');
    git(dir, 'init', '-q', '--bare', '-b', 'main', bare);
    git(dir, 'init', '-q', '-b', 'main', tree);
    return new ArgoOnNode(dir, server, bare, tree);
  }

  /** `dynamo-iac gitops` of `file` into the work tree: its graphs/ and the argocd/ that syncs them. */
  writeGraphs(file: string): string {
    const where = ['--argocd-url', `file://${this.bare}`, '--argocd-server', this.server];
    return cliOk('gitops', '-o', this.tree, '--no-crds', '--no-platform', ...where, file);
  }

  /** Commits and pushes the work tree. */
  push(message: string): void {
    git(this.tree, 'add', '-A');
    git(this.tree, '-c', 'user.email=e2e@dynamo-iac.invalid', '-c', 'user.name=e2e', 'commit', '-q', '-m', message);
    git(this.tree, 'push', '-q', this.bare, 'HEAD:main');
  }

  /** Starts Argo CD's controller and repo server (with Redis). */
  async start(): Promise<void> {
    const home = path.join(this.dir, 'argo-home');
    fs.mkdirSync(home);
    this.argo = await startArgoCd(process.env.KUBECONFIG!, this.server, home);
  }

  /** The bootstrap a user does once: `kubectl apply -k argocd/` (the root Application). */
  bootstrap(): void {
    kubectl(['apply', '--server-side', '-k', path.join(this.tree, 'argocd')]);
  }

  /** The Application (what Argo CD says of it), or undefined before it exists. */
  application(name = 'dynamo-graphs'): Promise<any> {
    return kube().get<any>('argoproj.io/v1alpha1', 'Application', name, ARGOCD_NAMESPACE);
  }

  tails(): string {
    return this.argo?.tails() ?? '';
  }

  /** Deletes the Applications (they carry no finalizer: the graphs stay, for their namespace to take) and stops Argo CD. */
  async stop(): Promise<void> {
    kubectl([
      'delete',
      '--ignore-not-found',
      '--wait=true',
      '-n',
      ARGOCD_NAMESPACE,
      'applications.argoproj.io',
      '--all',
    ]);
    await this.argo?.stop();
  }
}

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}
