/** What `dynamo-iac gitops` does (its options and help are a row of ../commands.ts): render, then the GitOps writer (../gitops-tree.ts). */
import type { Problem } from '../../api/problems';
import { argoCdOptionProblems, fluxOptionProblems } from '../../gitops/engine-options';
import { packageVersion } from '../../package-version';
import { platformOptionProblems } from '../../platform/platform-options';
import { DestinationFlags, renderAndWrite } from '../destinations';
import { FlagOf, flagProblemLines } from '../flag-problems';
import { CliError, EXIT_USAGE } from '../report';

/** commander's values for `gitops` (../commands.ts fills in the defaults). */
export interface GitOpsOptions extends DestinationFlags {
  readonly output: string;
  readonly force?: boolean;
}

export async function run(files: string[], options: GitOpsOptions): Promise<number> {
  if (options.fluxUrl !== undefined && options.argocdUrl !== undefined) {
    throw new CliError(
      '--flux-url and --argocd-url: choose one GitOps engine; two engines applying one repository fight over every object',
      EXIT_USAGE,
    );
  }
  if (new Set(options.platformNamespace ?? []).size > 1 && options.scope !== 'namespace') {
    throw new CliError(
      '--platform-namespace: more than one needs --scope namespace (cluster scope runs one operator for the whole cluster)',
      EXIT_USAGE,
    );
  }
  const problems = optionProblemLines(options);
  if (problems.length > 0) throw new CliError(problems.join('\n'), EXIT_USAGE);
  return renderAndWrite(files, options, 'gitops', options.output);
}

/**
 * Every option that ends up in an object, checked before anything is rendered, with the rule of
 * the field it lands in: a usage error naming the flag, never a failure deep in the writer.
 */
function optionProblemLines(o: GitOpsOptions): string[] {
  const values = {
    platformNamespace: o.platformNamespace,
    image: o.image,
    activatorPort: o.activatorPort,
    flux: {
      name: o.fluxName,
      namespace: o.fluxNamespace,
      url: o.fluxUrl,
      ref: o.fluxRef,
      secretName: o.fluxSecret,
      path: o.fluxPath,
    },
    argocd: {
      repoURL: o.argocdUrl,
      targetRevision: o.argocdRef,
      path: o.argocdPath,
      name: o.argocdName,
      namespace: o.argocdNamespace,
      project: o.argocdProject,
      server: o.argocdServer,
    },
  };
  const under = (prefix: string, problems: readonly Problem[]) =>
    problems.map((p) => ({ ...p, path: `${prefix}${p.path}` }));
  const problems: Problem[] = [];
  (o.platformNamespace ?? ['dynamo-system']).forEach((namespace, i) => {
    for (const p of platformOptionProblems({
      namespace,
      image: o.image,
      activatorPort: o.activatorPort,
      version: packageVersion(),
    }))
      problems.push({ ...p, path: p.path === 'namespace' ? `platformNamespace[${i}]` : p.path });
  });
  if (o.fluxUrl !== undefined) problems.push(...under('flux.', fluxOptionProblems(values.flux)));
  if (o.argocdUrl !== undefined) problems.push(...under('argocd.', argoCdOptionProblems(values.argocd)));
  return flagProblemLines('gitops', problems, GITOPS_FLAG_OF, values);
}

const GITOPS_FLAG_OF: FlagOf = [
  [/^platformNamespace\[\d+\]$/, '--platform-namespace'],
  [/^image$/, '--image'],
  [/^activatorPort$/, '--activator-port'],
  [/^flux\.name$/, '--flux-name'],
  [/^flux\.namespace$/, '--flux-namespace'],
  [/^flux\.url$/, '--flux-url'],
  [/^flux\.ref$/, '--flux-ref'],
  [/^flux\.secretName$/, '--flux-secret'],
  [/^flux\.path$/, '--flux-path'],
  [/^argocd\.repoURL$/, '--argocd-url'],
  [/^argocd\.targetRevision$/, '--argocd-ref'],
  [/^argocd\.path$/, '--argocd-path'],
  [/^argocd\.name$/, '--argocd-name'],
  [/^argocd\.namespace$/, '--argocd-namespace'],
  [/^argocd\.project$/, '--argocd-project'],
  [/^argocd\.server$/, '--argocd-server'],
];
