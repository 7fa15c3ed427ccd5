/**
 * The test's part of Flux's source-controller (which does not build here, see
 * docs/gitops-flux.md): a local Git repository whose commits are packaged the way
 * source-controller packages a GitRepository (a tar.gz of the commit's tree, files at the root),
 * served over HTTP on 127.0.0.1, and announced in the GitRepository's status: `artifact` (url,
 * path, revision `<branch>@sha1:<commit>`, digest `sha256:<hex>`, size, lastUpdateTime) and the
 * Ready condition. Everything after that (fetch, digest check, build, apply, prune, health) is
 * Flux's kustomize-controller.
 */
import { execFileSync } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as http from 'http';
import { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';
import { KubeClient, ServerObject } from '../cluster/kube';

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'dynamo-iac test',
  GIT_AUTHOR_EMAIL: 'test@dynamo-iac.invalid',
  GIT_COMMITTER_NAME: 'dynamo-iac test',
  GIT_COMMITTER_EMAIL: 'test@dynamo-iac.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

export class GitSource {
  /** Served archives by URL path. */
  private readonly archives = new Map<string, Buffer>();

  static async start(branch = 'main'): Promise<GitSource> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-flux-repo-'));
    const source = new GitSource(dir, branch);
    source.git('init', '--quiet', '--initial-branch', branch);
    await new Promise<void>((resolve) => source.server.listen(0, '127.0.0.1', resolve));
    return source;
  }

  private readonly server = http.createServer((req, res) => {
    const body = this.archives.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/gzip' });
    res.end(body);
  });

  private constructor(
    readonly dir: string,
    readonly branch: string,
  ) {}

  git(...args: string[]): string {
    return execFileSync('git', args, {
      cwd: this.dir,
      env: { ...process.env, ...GIT_ENV },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  }

  /** Commits everything in the work tree; returns the commit id. */
  commit(message: string): string {
    this.git('add', '--all');
    this.git('commit', '--quiet', '--no-gpg-sign', '--allow-empty', '-m', message);
    return this.head();
  }

  head(): string {
    return this.git('rev-parse', 'HEAD');
  }

  /** `git status --porcelain` (untracked files included): empty when the work tree is the last commit. */
  status(): string {
    return this.git('status', '--porcelain', '--untracked-files=all');
  }

  /**
   * Packages HEAD, serves it, and writes the artifact into the GitRepository's status as
   * source-controller does after a fetch. Returns the revision Flux will report.
   */
  async publish(kube: KubeClient, gitRepository: ServerObject): Promise<string> {
    const commit = this.head();
    // The tree, not the commit: an archive of a commit starts with a pax header naming it.
    const archive = execFileSync('git', ['archive', '--format=tar.gz', `${commit}^{tree}`], {
      cwd: this.dir,
      env: { ...process.env, ...GIT_ENV },
      maxBuffer: 256 * 1024 * 1024,
    });
    const { name, namespace } = gitRepository.metadata;
    const artifactPath = `gitrepository/${namespace}/${name}/${commit}.tar.gz`;
    this.archives.set(`/${artifactPath}`, archive);
    const { port } = this.server.address() as AddressInfo;
    const revision = `${this.branch}@sha1:${commit}`;
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const current = (await kube.get(gitRepository.apiVersion, gitRepository.kind, name, namespace))!;
    const generation = current.metadata.generation!;
    const condition = (type: string, reason: string) => ({
      type,
      status: 'True',
      reason,
      message: `stored artifact for revision '${revision}'`,
      observedGeneration: generation,
      lastTransitionTime: now,
    });
    await kube.patchStatus(current, {
      observedGeneration: generation,
      artifact: {
        path: artifactPath,
        url: `http://127.0.0.1:${port}/${artifactPath}`,
        revision,
        digest: `sha256:${crypto.createHash('sha256').update(archive).digest('hex')}`,
        size: archive.length,
        lastUpdateTime: now,
      },
      conditions: [condition('Ready', 'Succeeded'), condition('ArtifactInStorage', 'Succeeded')],
    });
    return revision;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
