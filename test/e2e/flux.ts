/**
 * Flux on the real node, as a user runs it: a Git repository our `dynamo-iac gitops` writes and
 * commits to, Flux's CRDs, its real kustomize-controller, and the one-time bootstrap
 * (`kubectl apply -k flux/`). Each `sync` publishes the latest commit to the GitRepository.
 */
import * as path from 'path';
import { fluxCrds } from '../cluster/crds/flux';
import { GitSource } from '../flux/git-source';
import { FLUX_NAMESPACE, startKustomizeController } from '../flux/kustomize-controller';
import { Process } from '../flux/process';
import { cachedTestBinaries, cliOk, kube, kubectl, ServerObject } from './node';

export { FLUX_NAMESPACE };

export class FluxOnNode {
  private constructor(
    readonly source: GitSource,
    private controller?: Process,
  ) {}

  /** Flux's CRDs and namespace, and an empty Git source (idempotent across tests of one run). */
  static async install(): Promise<FluxOnNode> {
    const k = kube();
    process.env.FLUX_CRDS = cachedTestBinaries('flux').FLUX_CRDS;
    for (const crd of fluxCrds())
      await k.installCrd(crd as unknown as ServerObject, { fieldManager: 'dynamo-iac-e2e' });
    if (!(await k.get('v1', 'Namespace', FLUX_NAMESPACE))) await k.createNamespace(FLUX_NAMESPACE);
    return new FluxOnNode(await GitSource.start());
  }

  /** The source's work tree: where `dynamo-iac gitops -o` writes. */
  get dir(): string {
    return this.source.dir;
  }

  /**
   * `dynamo-iac gitops` of `file` into the work tree: its graphs/ and the flux/ that syncs them (the
   * node has the CRDs and runs no platform from Git), with `flags` before the rest.
   */
  writeGraphs(file: string, ...flags: string[]): string {
    const repository = 'https://git.example/dynamo-deploy';
    return cliOk('gitops', ...flags, '-o', this.dir, '--no-crds', '--no-platform', '--flux-url', repository, file);
  }

  /** Commits the work tree, starts the controller and bootstraps on the first call, and publishes the commit. */
  async sync(message: string): Promise<void> {
    this.source.commit(message);
    const k = kube();
    if (!this.controller) {
      this.controller = startKustomizeController(
        cachedTestBinaries('flux').KUSTOMIZE_CONTROLLER,
        process.env.KUBECONFIG!,
      );
      // The bootstrap a user does once: `kubectl apply -k flux/`.
      kubectl(['apply', '--server-side', '-k', path.join(this.source.dir, 'flux')]);
    }
    const repo = (await k.get('source.toolkit.fluxcd.io/v1', 'GitRepository', 'dynamo', FLUX_NAMESPACE))!;
    await this.source.publish(k, repo);
  }

  tail(lines = 80): string {
    return this.controller?.tail(lines) ?? '';
  }

  /** Deletes the Kustomizations (Flux prunes what it applied), then stops the controller and the source. */
  async stop(): Promise<void> {
    kubectl([
      'delete',
      '--ignore-not-found',
      '--wait=true',
      '-n',
      FLUX_NAMESPACE,
      'kustomizations.kustomize.toolkit.fluxcd.io',
      '--all',
    ]);
    await this.controller?.stop();
    await this.source.stop();
  }
}
