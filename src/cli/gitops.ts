/** `dynamo-iac gitops`: a layered rendered-manifests repository for Flux (src/gitops). */
import * as fs from 'fs';
import * as path from 'path';
import { Command, InvalidArgumentError } from 'commander';
import { KubeObject } from '../api/k8s-types';
import { crdManifests } from '../crds';
import { fluxKustomizations, fluxSource, healthTargets } from '../gitops/flux';
import { splitByGraph } from '../gitops/graphs';
import { namespaceObjects } from '../gitops/namespaces';
import { GitOpsLayoutError, gitOpsLayout, GitOpsLayoutInput } from '../gitops/layout';
import { NotOurDirectoryError, writeGitOpsLayout } from '../gitops/write';
import { renderPlatform } from '../render/platform';
import { PipelineOptions, runPipeline } from './pipeline';
import { CliError, EXIT_OK, EXIT_USAGE, reportProblems } from './report';
import { DEFAULT_LOCK_FILE } from '../plan/lock';

interface GitOpsOptions extends PipelineOptions {
  readonly output: string;
  readonly force?: boolean;
  readonly platform: boolean;
  readonly crds: boolean;
  /** Repeatable with --scope namespace: one operator per namespace. */
  readonly platformNamespace?: string[];
  readonly scope: 'cluster' | 'namespace';
  readonly image?: string;
  readonly monitoring?: boolean;
  readonly fluxUrl?: string;
  readonly fluxRef?: string;
  readonly fluxPath: string;
  readonly fluxName: string;
  readonly fluxNamespace: string;
  readonly fluxSecret?: string;
  readonly createNamespaces?: boolean;
}

export function gitopsCommand(): Command {
  return new Command('gitops')
    .description('Render graphs, the runtime operator and the CRDs into a layered repository for Flux (crds/, platform/, graphs/)')
    .argument('[file...]', 'YAML or JSON manifests (multi-document allowed); - reads stdin; none: only crds/ and platform/')
    .requiredOption('-o, --output <dir>', 'repository directory; only its crds/, platform/, graphs/ (and flux/) are written')
    .option('--force', 'replace layer directories that dynamo-iac did not write')
    .option('-n, --namespace <ns>', 'namespace for inputs without metadata.namespace', 'default')
    .option('--settings <file>', 'platform settings (YAML or JSON PlatformSettings)')
    .option('--lock <file>', 'plan lock that DynamoGraphDeploymentRequests render from (written by dynamo-iac plan)', DEFAULT_LOCK_FILE)
    .option('--no-graph-record', 'leave out the DynamoGraphDeployment / DynamoComponentDeployment records')
    .option('--no-platform', 'leave out platform/ (the runtime operator is installed elsewhere)')
    .option('--no-crds', 'leave out crds/ (the CRDs are owned elsewhere, e.g. by an upstream operator)')
    .option('--platform-namespace <ns>', 'namespace of the runtime operator (default: dynamo-system); with --scope namespace repeat it for one operator per namespace', (v: string, prev: string[] = []) => [...prev, v])
    .option('--scope <scope>', 'runtime operator scope: cluster or namespace', (v: string) => {
      if (v !== 'cluster' && v !== 'namespace') throw new InvalidArgumentError('expected cluster or namespace');
      return v;
    }, 'cluster')
    .option('--image <ref>', 'runtime operator image (default: the release image of this version)')
    .option('--monitoring', 'add the operator ServiceMonitor and Grafana dashboard ConfigMap to platform/')
    .option('--create-namespaces', 'add a Namespace (never pruned by Flux) for the operator and every graph namespace to platform/')
    .option('--flux-url <url>', 'also write flux/: a GitRepository (https://, ssh://) or OCIRepository (oci://) and one Kustomization per layer')
    .option('--flux-ref <ref>', 'with --flux-url: Git branch (default main) or OCI tag (default latest)')
    .option('--flux-path <path>', 'with --flux-url: where <dir> is inside that repository or artifact', '.')
    .option('--flux-name <name>', 'with --flux-url: name of the source and prefix of the Kustomizations', 'dynamo')
    .option('--flux-namespace <ns>', 'with --flux-url: namespace of the Flux objects', 'flux-system')
    .option('--flux-secret <name>', 'with --flux-url: Secret with the source credentials')
    .addHelpText('after', `
Layout (every directory has a kustomization.yaml listing its contents, sorted;
one file per object, <kind>-<name>.yaml):
  <dir>/crds/                        CustomResourceDefinitions
  <dir>/platform/                    the runtime operator's cluster-scoped objects, Namespaces
  <dir>/platform/<namespace>/        the runtime operator (dynamo-iac platform), per namespace
  <dir>/graphs/<namespace>/<graph>/  everything one graph renders
  <dir>/graphs/<namespace>/_shared/  objects several graphs share, DynamoModel, DynamoCheckpoint
  <dir>/flux/                        with --flux-url: the Flux objects that sync the layers

Everything is rendered before anything is written. Each changed layer is built in
a temporary directory and renamed into place; unchanged files keep their bytes and
mtime, and .yaml files that are no longer rendered are removed (Flux prunes what
they held). Nothing outside the layer directories is touched. docs/gitops-flux.md
explains the Flux side.

Examples:
  dynamo-iac gitops -o deploy/ --create-namespaces graphs/*.yaml
  dynamo-iac gitops -o deploy/ --flux-url https://github.com/acme/deploy --flux-path ./clusters/prod graphs/*.yaml
  kubectl apply --server-side -k deploy/crds && kubectl apply --server-side -k deploy/platform`)
    .action(async (files: string[], options: GitOpsOptions) => {
      process.exitCode = await gitops(files, options);
    });
}

async function gitops(files: string[], options: GitOpsOptions): Promise<number> {
  let objects: KubeObject[] = [];
  let split: ReturnType<typeof splitByGraph> | undefined;
  if (files.length > 0) {
    const result = await runPipeline(files, options);
    const code = reportProblems(result.problems);
    if (code !== EXIT_OK) return code;
    objects = result.objects;
    const { graphs, settings } = result.rendered!;
    split = splitByGraph(graphs, objects, settings, { includeGraphRecord: options.graphRecord ?? true });
  }
  const platformNamespaces = [...new Set(options.platformNamespace ?? ['dynamo-system'])];
  if (platformNamespaces.length > 1 && options.scope !== 'namespace') {
    throw new CliError('--platform-namespace: more than one needs --scope namespace (cluster scope runs one operator for the whole cluster)', EXIT_USAGE);
  }
  const platform = options.platform
    ? platformNamespaces.flatMap((namespace) => renderPlatform({ namespace, scope: options.scope, image: options.image, monitoring: options.monitoring, crds: false, version: packageVersion() }))
    : undefined;
  const crds = options.crds ? (crdManifests() as KubeObject[]) : undefined;
  const namespaces = options.createNamespaces
    ? namespaceObjects([...(platform ? platformNamespaces : []), ...(split?.graphs ?? []).map((g) => g.namespace)])
    : [];
  const shared = [...namespaces, ...(split?.shared ?? [])];
  const input = { crds, platform, graphs: split?.graphs, shared };
  let flux: KubeObject[] | undefined;
  if (options.fluxUrl !== undefined) {
    let source: KubeObject;
    try {
      source = fluxSource({ name: options.fluxName, namespace: options.fluxNamespace, url: options.fluxUrl, ref: options.fluxRef, secretName: options.fluxSecret });
    } catch (e) {
      throw new CliError(`--flux-url: ${(e as Error).message}`, EXIT_USAGE);
    }
    // The layers that will exist (Namespaces alone can make a platform/).
    const layers = asCliError(() => gitOpsLayout(input)).layers;
    const targets = healthTargets(platform ?? [], split ? split.graphs.flatMap((g) => g.objects) : []);
    const sourceRef = { apiVersion: source.apiVersion, kind: source.kind, name: source.metadata.name, namespace: source.metadata.namespace };
    flux = [source, ...fluxKustomizations({ source: sourceRef, layers, path: options.fluxPath, operators: targets.operators, graphs: targets.graphs })];
  }
  writeLayout({ ...input, flux }, options.output, options.force);
  return EXIT_OK;
}

/** Lays out and writes; prints a one-line summary and every removed file on stderr. Shared with `render --layout gitops`. */
export function writeLayout(input: GitOpsLayoutInput, output: string, force?: boolean): void {
  const result = asCliError(() => writeGitOpsLayout(gitOpsLayout(input), output, { force }));
  process.stderr.write(`${output}: ${result.written.length} written, ${result.removed.length} removed, ${result.unchanged} unchanged\n`);
  for (const f of result.removed) process.stderr.write(`removed ${f}\n`);
}

/** Layout problems are the user's to fix: a message and an exit code, no stack. */
function asCliError<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof NotOurDirectoryError) throw new CliError(e.message, EXIT_USAGE);
    if (e instanceof GitOpsLayoutError) throw new CliError(e.message);
    throw e;
  }
}

function packageVersion(): string {
  const file = path.join(__dirname, '..', '..', 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
