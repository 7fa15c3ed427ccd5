/** What `dynamo-iac gitops` does (its options and help are a row of ../commands.ts); `render --layout gitops` writes with it too. */
import * as path from 'path';
import { KubeObject } from '../../api/k8s-types';
import { crdManifests } from '../../crds';
import { argoCdApplications, ArgoCdObjects } from '../../gitops/argocd';
import { fluxKustomizations, fluxSource } from '../../gitops/flux';
import { splitByGraph } from '../../gitops/graphs';
import { namespaceObjects } from '../../gitops/namespaces';
import { GitOpsLayoutError, gitOpsLayout, GitOpsLayoutInput, LAYERS } from '../../gitops/layout';
import { carryWorkerGenerations, CarryResult, GraphCarry } from '../../gitops/worker-generations';
import { NotOurDirectoryError, writeGitOpsLayout } from '../../gitops/write';
import { renderPlatform } from '../../render/platform';
import { packageVersion } from '../../package-version';
import { inputsOf, refuseReplacing } from '../output';
import { renderFiles } from '../../pipeline/files';
import { PipelineFlags, renderFilesOptions } from '../pipeline';
import { CliError, EXIT_OK, EXIT_USAGE, oneLine, reportProblems } from '../report';

export interface GitOpsOptions extends PipelineFlags {
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
  readonly argocdUrl?: string;
  readonly argocdRef: string;
  readonly argocdPath: string;
  readonly argocdName: string;
  readonly argocdNamespace: string;
  readonly argocdProject: string;
  readonly argocdServer: string;
  readonly createNamespaces?: boolean;
  /** Drop the worker generations carried beside the current one (docs/rollouts.md). */
  readonly retirePrevious?: boolean;
}

export async function run(files: string[], options: GitOpsOptions): Promise<number> {
  if (options.fluxUrl !== undefined && options.argocdUrl !== undefined) {
    throw new CliError(
      '--flux-url and --argocd-url: choose one GitOps engine; two engines applying one repository fight over every object',
      EXIT_USAGE,
    );
  }
  let objects: KubeObject[];
  let split: ReturnType<typeof splitByGraph> | undefined;
  if (files.length > 0) {
    const request = renderFilesOptions(options);
    const result = await renderFiles(files, request);
    const code = reportProblems(result.problems);
    if (code !== EXIT_OK) return code;
    objects = result.objects;
    split = splitByGraph(result.graphs ?? [], objects);
  }
  const platformNamespaces = [...new Set(options.platformNamespace ?? ['dynamo-system'])];
  if (platformNamespaces.length > 1 && options.scope !== 'namespace') {
    throw new CliError(
      '--platform-namespace: more than one needs --scope namespace (cluster scope runs one operator for the whole cluster)',
      EXIT_USAGE,
    );
  }
  const platform = options.platform
    ? platformNamespaces.flatMap((namespace) =>
        renderPlatform({
          namespace,
          scope: options.scope,
          image: options.image,
          monitoring: options.monitoring,
          crds: false,
          // Namespaces are this command's own (--create-namespaces, with Flux's prune opt-out).
          createNamespace: false,
          version: packageVersion(),
        }),
      )
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
    flux = [source, ...fluxKustomizations({ source: sourceRef, layers, path: options.fluxPath })];
  }
  let argocd: ArgoCdObjects | undefined;
  if (options.argocdUrl !== undefined) {
    const layers = asCliError(() => gitOpsLayout(input)).layers;
    try {
      argocd = argoCdApplications({
        repoURL: options.argocdUrl,
        targetRevision: options.argocdRef,
        path: options.argocdPath,
        name: options.argocdName,
        namespace: options.argocdNamespace,
        project: options.argocdProject,
        server: options.argocdServer,
        layers,
      });
    } catch (e) {
      throw new CliError(`--argocd-url: ${(e as Error).message}`, EXIT_USAGE);
    }
  }
  writeLayout({ ...input, flux, argocd }, options.output, options.force, inputsOf(files, options), {
    retirePrevious: options.retirePrevious,
  });
  return EXIT_OK;
}

/**
 * Lays out and writes, carrying each graph's previous worker generation from the tree in `output`
 * (src/gitops/worker-generations.ts); prints a one-line summary, every removed file and what
 * happened to worker generations on stderr. Shared with `render --layout gitops`.
 */
export function writeLayout(
  input: GitOpsLayoutInput,
  output: string,
  force: boolean | undefined,
  inputs: readonly string[],
  options: { readonly retirePrevious?: boolean } = {},
): void {
  refuseReplacing(
    output,
    LAYERS.map((l) => path.join(output, l)),
    inputs,
  );
  let carry: CarryResult | undefined;
  const result = asCliError(() =>
    writeGitOpsLayout(
      (previous) => gitOpsLayout((carry = carryWorkerGenerations(input, previous, options)).input),
      output,
      { force },
    ),
  );
  process.stderr.write(
    `${oneLine(output)}: ${result.written.length} written, ${result.removed.length} removed, ${result.unchanged} unchanged\n`,
  );
  for (const f of result.removed) process.stderr.write(`removed ${f}\n`);
  const graphs = carry?.graphs ?? [];
  for (const g of graphs) for (const line of generationLines(g)) process.stderr.write(`${oneLine(line)}\n`);
  if (options.retirePrevious && !graphs.some((g) => g.dropped.length > 0 || g.inPlaceDropped.length > 0)) {
    process.stderr.write(
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
