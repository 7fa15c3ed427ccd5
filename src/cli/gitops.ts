/**
 * `dynamo-iac gitops`: a layered rendered-manifests repository for Flux or Argo CD (src/gitops). The
 * command's options and help only; run-gitops.ts, loaded when it runs, does the work.
 */
import { Command, InvalidArgumentError } from 'commander';
import { DEFAULT_LOCK_FILE } from '../plan/lock-names';
import type { GitOpsOptions } from './run-gitops';

export function gitopsCommand(): Command {
  return new Command('gitops')
    .description(
      'Render graphs, the runtime operator and the CRDs into a layered repository for Flux or Argo CD (crds/, platform/, graphs/)',
    )
    .argument(
      '[file...]',
      'YAML or JSON manifests (multi-document allowed); - reads stdin; none: only crds/ and platform/',
    )
    .requiredOption(
      '-o, --output <dir>',
      '(required) repository directory; only its crds/, platform/, graphs/ (and flux/ or argocd/) are written',
    )
    .option('--force', 'replace layer directories that dynamo-iac did not write')
    .option(
      '--retire-previous',
      "drop the previous worker generations the output still carries beside the current one ('commits' rollouts: once the current one is Ready)",
    )
    .option('-n, --namespace <ns>', 'namespace for inputs without metadata.namespace', 'default')
    .option('--settings <file>', 'platform settings (YAML or JSON PlatformSettings)')
    .option(
      '--lock <file>',
      'plan lock that DynamoGraphDeploymentRequests render from (written by dynamo-iac plan)',
      DEFAULT_LOCK_FILE,
    )
    .option('--no-graph-record', 'leave out the DynamoGraphDeployment / DynamoComponentDeployment records')
    .option('--no-platform', 'leave out platform/ (the runtime operator is installed elsewhere)')
    .option('--no-crds', 'leave out crds/ (the CRDs are owned elsewhere, e.g. by an upstream operator)')
    .option(
      '--platform-namespace <ns>',
      'namespace of the runtime operator (default: dynamo-system); with --scope namespace repeat it for one operator per namespace',
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option(
      '--scope <scope>',
      'runtime operator scope: cluster or namespace',
      (v: string) => {
        if (v !== 'cluster' && v !== 'namespace') throw new InvalidArgumentError('expected cluster or namespace');
        return v;
      },
      'cluster',
    )
    .option('--image <ref>', 'runtime operator image (default: the release image of this version)')
    .option('--monitoring', 'add the operator ServiceMonitor and Grafana dashboard ConfigMap to platform/')
    .option(
      '--create-namespaces',
      'add a Namespace (never pruned by Flux) for the operator and every graph namespace to platform/',
    )
    .option(
      '--flux-url <url>',
      'also write flux/: a GitRepository (https://, ssh://) or OCIRepository (oci://) and one Kustomization per layer',
    )
    .option('--flux-ref <ref>', 'with --flux-url: Git branch (default main) or OCI tag (default latest)')
    .option('--flux-path <path>', 'with --flux-url: where <dir> is inside that repository or artifact', '.')
    .option('--flux-name <name>', 'with --flux-url: name of the source and prefix of the Kustomizations', 'dynamo')
    .option('--flux-namespace <ns>', 'with --flux-url: namespace of the Flux objects', 'flux-system')
    .option('--flux-secret <name>', 'with --flux-url: Secret with the source credentials')
    .option(
      '--argocd-url <url>',
      'instead of Flux, write argocd/: an Argo CD app of apps syncing one Application per layer in sync waves, and the health checks (Git: https://, ssh://, git@host:path, file://; oci://)',
    )
    .option('--argocd-ref <revision>', 'with --argocd-url: branch, tag or commit', 'main')
    .option('--argocd-path <path>', 'with --argocd-url: where <dir> is inside that repository', '.')
    .option(
      '--argocd-name <name>',
      'with --argocd-url: name of the root Application and prefix of the others',
      'dynamo',
    )
    .option('--argocd-namespace <ns>', 'with --argocd-url: namespace Argo CD runs in', 'argocd')
    .option('--argocd-project <project>', 'with --argocd-url: AppProject of the Applications', 'default')
    .option(
      '--argocd-server <url>',
      'with --argocd-url: API server URL of the destination cluster',
      'https://kubernetes.default.svc',
    )
    .addHelpText(
      'after',
      `
Layout (every directory has a kustomization.yaml listing its contents, sorted;
one file per object, <kind>-<name>.yaml):
  <dir>/crds/                        CustomResourceDefinitions
  <dir>/platform/                    the runtime operator's cluster-scoped objects, Namespaces
  <dir>/platform/<namespace>/        the runtime operator (dynamo-iac platform), per namespace
  <dir>/graphs/<namespace>/<graph>/  everything one graph renders
  <dir>/graphs/<namespace>/_shared/  objects several graphs share, DynamoModel, DynamoCheckpoint
  <dir>/flux/                        with --flux-url: the Flux objects that sync the layers
  <dir>/argocd/                      with --argocd-url: the root Application (kubectl apply -k <dir>/argocd)
  <dir>/argocd/apps/                 what it syncs: argocd-cm health checks (wave -1), an Application
                                     per layer: crds (wave 0), platform (1), graphs (2)

Everything is rendered before anything is written. The changed layers are built in
<dir>/.dynamo-iac.tx and swapped in together; a run that is killed midway is finished
by the next, and <dir>/.dynamo-iac.lock keeps a second run out. Unchanged files keep
their bytes and mtime, and .yaml files that are no longer rendered are removed (Flux
prunes what they held); your other files in a layer stay.
Nothing outside the layer directories is touched; a layer holding an input, .git or
the working directory is refused. docs/gitops-flux.md explains the Flux side,
docs/gitops-argocd.md the Argo CD side (one engine per repository: --flux-url or --argocd-url).

Worker rollouts (docs/rollouts.md): when a graph's worker hash changes, the previous
worker generation in <dir> is carried into the new output unchanged and listed in the
record's dynamo-iac.io/worker-hashes, so no prune deletes workers that still serve.
With workerRollout 'operator' the runtime operator drains it and it leaves <dir> at the
next worker change; with 'commits' it stays, at its replicas, until you check the new
generation is Ready and run again with --retire-previous.

Examples:
  dynamo-iac gitops -o deploy/ --create-namespaces graphs/*.yaml
  dynamo-iac gitops -o deploy/ --flux-url https://github.com/acme/deploy --flux-path ./clusters/prod graphs/*.yaml
  dynamo-iac gitops -o deploy/ --argocd-url https://github.com/acme/deploy --argocd-path deploy graphs/*.yaml
  kubectl apply --server-side -k deploy/crds && kubectl apply --server-side -k deploy/platform
  dynamo-iac gitops -o deploy/ --settings settings.yaml --retire-previous graphs/*.yaml`,
    )
    .action(async (files: string[], options: GitOpsOptions) => {
      const { gitops } = require('./run-gitops') as typeof import('./run-gitops');
      process.exitCode = await gitops(files, options);
    });
}
