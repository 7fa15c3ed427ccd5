/**
 * The GitOps writer of `gitops` and `render --layout gitops`: the rendered graphs plus the layers
 * and engine objects the options ask for, laid out and written, with what happened on stderr.
 */
import * as path from 'path';
import { KubeObject } from '../api/k8s-types';
import { releaseCrdManifests } from '../platform/release-crds';
import { argoCdApplications, ArgoCdObjects } from '../gitops/argocd';
import { fluxKustomizations, fluxSource } from '../gitops/flux';
import { splitByGraph } from '../gitops/graphs';
import { missingNamespacesLine, namespaceObjects } from '../gitops/namespaces';
import { GitOpsLayoutError, gitOpsLayout, GitOpsLayoutInput, LAYERS } from '../gitops/layout';
import { GraphCarry } from '../gitops/worker-generations';
import { NotOurDirectoryError, writeCarryingGenerations } from '../gitops/write';
import { unpublishedImageWarning } from '../platform/operator-image';
import { renderPlatform } from '../platform/platform';
import { scopeDefaults } from '../platform/platform-options';
import { packageVersion } from '../package-version';
import type { RenderedFiles } from '../pipeline/files';
import { inputsOf, refuseReplacing } from './output';
import { dynamoVersionFlag, PipelineFlags } from './pipeline';
import { CliError, EXIT_USAGE, oneLine } from './report';
import { writeStderr } from './stdio';

/** What the GitOps writer reads besides the rendered graphs: the layers `gitops` adds, and the engine. */
export interface GitOpsTreeOptions {
  /** Write the runtime operator's install (platform/). */
  readonly platform?: boolean;
  /** Write the CRDs (crds/). */
  readonly crds?: boolean;
  /** Repeatable with --scope namespace: one operator per namespace. */
  readonly platformNamespace?: string[];
  readonly scope?: 'cluster' | 'namespace';
  readonly image?: string;
  readonly monitoring?: boolean;
  /** The platform's `activatorPort` (scale to zero's activator). */
  readonly activatorPort?: number;
  readonly fluxUrl?: string;
  readonly fluxRef?: string;
  readonly fluxPath?: string;
  readonly fluxName?: string;
  readonly fluxNamespace?: string;
  readonly fluxSecret?: string;
  readonly argocdUrl?: string;
  readonly argocdRef?: string;
  readonly argocdPath?: string;
  readonly argocdName?: string;
  readonly argocdNamespace?: string;
  readonly argocdProject?: string;
  readonly argocdServer?: string;
  /** Namespaces for the operator and every graph; by default as `platform` does: in cluster scope. */
  readonly createNamespaces?: boolean;
  /** Drop the worker generations carried beside the current one (docs/rollouts.md). */
  readonly retirePrevious?: boolean;
  /** Keep symbolic links found inside the layers (refused otherwise). */
  readonly keepSymlinks?: boolean;
}

/**
 * The GitOps repository: the rendered graphs (`undefined`: no files were given, so no graphs/)
 * and the layers and engine objects the options ask for, laid out and written to `dir`.
 */
export function writeGitOpsTree(
  rendered: RenderedFiles | undefined,
  files: readonly string[],
  options: GitOpsTreeOptions & PipelineFlags & { readonly force?: boolean },
  dir: string,
): void {
  const split = rendered && splitByGraph(rendered.graphs ?? [], rendered.objects);
  const platformNamespaces = [...new Set(options.platformNamespace ?? ['dynamo-system'])];
  // The graphs' release (settings file and flag); the flag alone when no graph was rendered.
  const release = rendered?.release ?? dynamoVersionFlag(options.dynamoVersion);
  const platform = options.platform
    ? platformNamespaces.flatMap((namespace) =>
        renderPlatform({
          namespace,
          scope: options.scope,
          image: options.image,
          monitoring: options.monitoring,
          activatorPort: options.activatorPort,
          crds: false,
          dynamoVersion: release,
          // Namespaces are this command's own (--create-namespaces, with Flux's prune opt-out).
          createNamespace: false,
          version: packageVersion(),
        }),
      )
    : undefined;
  const crds = options.crds ? releaseCrdManifests(release) : undefined;
  const needed = [...(platform ? platformNamespaces : []), ...(split?.graphs ?? []).map((g) => g.namespace)];
  // One default with `platform` and the constructs: with the platform layer, Namespaces in cluster
  // scope, none in namespace scope; without it (--no-platform, `render --layout gitops`) the
  // Namespaces are managed where the operator is.
  const create =
    options.createNamespaces ?? (options.platform === true && scopeDefaults({ scope: options.scope }).createNamespace);
  const namespaces = create ? namespaceObjects(needed) : [];
  const shared = [...namespaces, ...(split?.shared ?? [])];
  // Said once the tree is written (a usage error says only what is wrong).
  const image =
    options.platform && unpublishedImageWarning({ image: options.image, version: packageVersion() }, '--image');
  const missing = missingNamespacesLine(needed, shared, 'add them with --create-namespaces');
  const notices = [image ? `warning: ${image}` : undefined, missing].filter((l) => l !== undefined);
  const input = { crds, platform, graphs: split?.graphs, shared };
  const engine = { ...fluxObjects(input, options), ...argoCdObjects(input, options) };
  writeLayout({ ...input, ...engine }, dir, options.force, inputsOf(files, options), {
    retirePrevious: options.retirePrevious,
    keepSymlinks: options.keepSymlinks,
    inputsRecursive: options.recursive,
  });
  for (const line of notices) process.stderr.write(`${line}\n`);
}

/** `--flux-url`: the GitRepository and a Kustomization per layer the tree will have. */
function fluxObjects(input: GitOpsLayoutInput, options: GitOpsTreeOptions): { flux?: KubeObject[] } {
  if (options.fluxUrl === undefined) return {};
  let source: KubeObject;
  try {
    source = fluxSource({
      name: options.fluxName,
      namespace: options.fluxNamespace,
      url: options.fluxUrl,
      ref: options.fluxRef,
      secretName: options.fluxSecret,
    });
  } catch (e) {
    throw new CliError(`--flux-url: ${(e as Error).message}`, EXIT_USAGE);
  }
  // The layers that will exist (Namespaces alone can make a platform/).
  const layers = asCliError(() => gitOpsLayout(input)).layers;
  const sourceRef = {
    apiVersion: source.apiVersion,
    kind: source.kind,
    name: source.metadata.name,
    namespace: source.metadata.namespace,
  };
  return {
    flux: [source, ...fluxKustomizations({ source: sourceRef, layers, path: options.fluxPath })],
  };
}

/** `--argocd-url`: the root Application and one per layer the tree will have. */
function argoCdObjects(input: GitOpsLayoutInput, options: GitOpsTreeOptions): { argocd?: ArgoCdObjects } {
  if (options.argocdUrl === undefined) return {};
  const layers = asCliError(() => gitOpsLayout(input)).layers;
  try {
    return {
      argocd: argoCdApplications({
        repoURL: options.argocdUrl,
        targetRevision: options.argocdRef,
        path: options.argocdPath,
        name: options.argocdName,
        namespace: options.argocdNamespace,
        project: options.argocdProject,
        server: options.argocdServer,
        layers,
      }),
    };
  } catch (e) {
    throw new CliError(`--argocd-url: ${(e as Error).message}`, EXIT_USAGE);
  }
}

/**
 * Lays out and writes, carrying each graph's previous worker generation from the tree in `output`
 * (src/gitops/worker-generations.ts); prints a one-line summary, every removed file and what
 * happened to worker generations on stderr.
 */
function writeLayout(
  input: GitOpsLayoutInput,
  output: string,
  force: boolean | undefined,
  inputs: readonly string[],
  options: {
    readonly retirePrevious?: boolean;
    readonly keepSymlinks?: boolean;
    readonly inputsRecursive?: boolean;
  } = {},
): void {
  refuseReplacing(
    output,
    LAYERS.map((l) => path.join(output, l)),
    inputs,
    options.inputsRecursive,
  );
  const { result, graphs } = asCliError(() =>
    writeCarryingGenerations(input, output, {
      force,
      retirePrevious: options.retirePrevious,
      keepSymlinks: options.keepSymlinks,
    }),
  );
  writeStderr(
    `${oneLine(output)}: ${result.written.length} written, ${result.removed.length} removed, ${result.unchanged} unchanged\n`,
  );
  for (const f of result.removed) writeStderr(`removed ${f}\n`);
  for (const g of graphs) for (const line of generationLines(g)) writeStderr(`${oneLine(line)}\n`);
  if (options.retirePrevious && !graphs.some((g) => g.dropped.length > 0 || g.inPlaceDropped.length > 0)) {
    writeStderr(
      `--retire-previous: nothing to retire: no graph in ${oneLine(output)} carries a previous worker generation\n`,
    );
  }
}

/** What a run did to a graph's worker generations, for the user to act on; nothing when nothing moved. */
function generationLines(g: GraphCarry): string[] {
  const at = `graphs/${g.namespace}/${g.graph}`;
  const operator = g.mode === 'operator';
  const lines: string[] = [];
  if (g.dropped.length > 0) {
    lines.push(
      operator
        ? `${at}: worker generation ${g.dropped.join(', ')} left the output; the runtime operator deletes it once drained`
        : `${at}: worker generation ${g.dropped.join(', ')} retired; Flux or Argo CD prunes it`,
    );
  }
  if (g.inPlaceDropped.length > 0)
    lines.push(`${at}: in-place workers ${g.inPlaceDropped.join(', ')} retired; Flux or Argo CD prunes them`);
  if (g.inPlaceCarried.length > 0) {
    lines.push(
      `${at}: in-place workers ${g.inPlaceCarried.join(', ')} stay beside worker generation ${g.current} at their replicas (no operator drains them): once ${g.current} is Ready, run again with --retire-previous`,
    );
  }
  if (g.carried.length === 0) return lines;
  const beside = `${at}: worker generation ${g.current}`;
  if (operator) {
    if (g.changed)
      lines.push(`${beside} rolls out beside ${g.carried.join(', ')}; the runtime operator moves the replicas`);
  } else {
    lines.push(
      `${beside} ${g.changed ? 'rolls out' : 'runs'} beside ${g.carried.join(', ')} (no runtime operator): once ${g.current} is Ready, run again with --retire-previous`,
    );
  }
  return lines;
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
