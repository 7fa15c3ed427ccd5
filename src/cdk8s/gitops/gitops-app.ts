/**
 * DynamoGitOpsApp: a cdk8s App whose `synth()` writes the layered GitOps repository
 * (src/gitops/layout.ts) to `outdir` instead of cdk8s's one-file-per-chart output:
 *
 * - objects of a DynamoPlatform → `crds/` and `platform/`;
 * - objects of a DynamoGraphDeployment / DynamoComponentDeployment → `graphs/<ns>/<graph>/`
 *   (objects several graphs render → `graphs/<ns>/_shared/`);
 * - objects of a DynamoFluxSync → `flux/`; of a DynamoArgoCdSync → `argocd/` (the root
 *   Application) and `argocd/apps/` (the rest);
 * - any other ApiObject: Namespaces and cluster-scoped objects → `platform/`, namespaced
 *   ones → `graphs/<ns>/_shared/`.
 *
 * Objects are taken as cdk8s synthesizes them (chart labels and resolved tokens included),
 * and validation problems fail `synth()` exactly as they do for a plain App. Like
 * `dynamo-iac gitops`, `synth()` carries each graph's previous worker generation from `outdir`
 * (src/gitops/worker-generations.ts, docs/rollouts.md).
 */
import { ApiObject, App, AppProps, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { KubeObject } from '../../api/k8s-types';
import { GitOpsLayout, gitOpsLayout, GitOpsLayoutInput, GraphObjects } from '../../gitops/layout';
import { missingNamespacesLine, namespaceObjects } from '../../gitops/namespaces';
import { writeCarryingGenerations, WriteLayoutResult } from '../../gitops/write';
import { objectKey } from '../../render/objects';
import { DynamoPlatform } from '../platform';
import { RenderedGraph } from '../rendered-graph';
import { DynamoArgoCdSync } from './argocd-sync';
import { DynamoFluxSync } from './flux-sync';

export interface DynamoGitOpsAppProps extends Omit<AppProps, 'yamlOutputType' | 'outputFileExtension'> {
  /** See GitOpsLayoutInput.substitutionGuard. @default true */
  readonly substitutionGuard?: boolean;
  /**
   * Drop the previous worker generations `outdir` still carries beside each graph's current one
   * ('commits' rollouts, once the current one is Ready: docs/rollouts.md). @default false
   */
  readonly retirePreviousWorkers?: boolean;
  /**
   * Add a Namespace (never pruned by Flux or Argo CD) to `platform/` for every namespace the
   * platform and the graphs use that the app does not already hold, as `dynamo-iac gitops` and
   * `DynamoPlatform` do in cluster scope. With `false` (Namespaces managed elsewhere, e.g. in
   * namespace scope) `synth()` prints one line naming the ones the output needs. @default true
   */
  readonly createNamespaces?: boolean;
}

/**
 * A cdk8s App that synthesizes a layered GitOps repository (`crds/`, `platform/`,
 * `graphs/<namespace>/<graph>/`, `flux/`), one file per object and a `kustomization.yaml` per
 * directory, for Flux to apply in order (docs/gitops-flux.md).
 *
 * @example
 * const app = new DynamoGitOpsApp();
 * new DynamoPlatform(new Chart(app, 'platform'), 'dynamo', { namespace: 'dynamo-system' });
 * new DynamoGraphDeployment(new Chart(app, 'llm', { namespace: 'inference' }), 'qwen', { spec });
 * app.synth(); // dist/crds, dist/platform, dist/graphs/inference/qwen
 */
export class DynamoGitOpsApp extends App {
  private readonly substitutionGuard: boolean;
  private readonly retirePreviousWorkers: boolean;
  private readonly createNamespaces: boolean;
  /** With `createNamespaces: false`, the line `synth()` prints about the ones the output lacks. */
  private missingNamespaces?: string;

  constructor(props: DynamoGitOpsAppProps = {}) {
    super(props);
    this.substitutionGuard = props.substitutionGuard ?? true;
    this.retirePreviousWorkers = props.retirePreviousWorkers ?? false;
    this.createNamespaces = props.createNamespaces ?? true;
  }

  /**
   * The files `synth()` writes into an empty `outdir`, without writing them (`synth()` also
   * carries worker generations from what `outdir` holds). Validates the app first.
   */
  public gitOpsLayout(): GitOpsLayout {
    return gitOpsLayout(this.layoutInput());
  }

  private layoutInput(): GitOpsLayoutInput {
    this.validateConstructs();
    const platform: KubeObject[] = [];
    const flux: KubeObject[] = [];
    const argocd = { root: [] as KubeObject[], apps: [] as KubeObject[] };
    const shared: KubeObject[] = [];
    const byKey = new Map<string, KubeObject>();
    const inGraph = new Set<string>();
    for (const chart of this.charts) {
      for (const apiObject of chart.node
        .findAll()
        .filter((c): c is ApiObject => c instanceof ApiObject && Chart.of(c) === chart)) {
        const json = apiObject.toJson() as KubeObject;
        byKey.set(objectKey(json), json);
        const owner = ownerOf(apiObject);
        if (owner instanceof DynamoPlatform) platform.push(json);
        else if (owner instanceof DynamoFluxSync) flux.push(json);
        else if (owner instanceof DynamoArgoCdSync)
          (json.kind === 'Application' && json.metadata.name === owner.rootName ? argocd.root : argocd.apps).push(json);
        else if (owner instanceof RenderedGraph) inGraph.add(objectKey(json));
        else shared.push(json);
      }
    }
    // A graph's objects as synthesized, including the ones another graph synthesized first.
    const graphs: GraphObjects[] = this.node
      .findAll()
      .filter((c): c is RenderedGraph => c instanceof RenderedGraph && c.namespace !== undefined)
      .map((g) => ({
        name: g.name,
        namespace: g.namespace!,
        objects: g.objects
          .map(objectKey)
          .filter((k) => inGraph.has(k))
          .map((k) => byKey.get(k)!),
      }));
    // The namespaces the platform and the graphs apply into (the engines' own are theirs).
    const needed = [...platform, ...graphs.flatMap((g) => g.objects), ...shared].flatMap((o) =>
      o.metadata.namespace ? [o.metadata.namespace] : [],
    );
    const held = [...platform, ...shared];
    if (this.createNamespaces) {
      const present = new Set(held.filter((o) => o.kind === 'Namespace').map((o) => o.metadata.name));
      shared.push(...namespaceObjects(needed.filter((n) => !present.has(n))));
    } else {
      this.missingNamespaces = missingNamespacesLine(needed, held, 'leave createNamespaces at its default (true)');
    }
    return {
      platform: platform.length ? platform : undefined,
      graphs,
      shared,
      flux: flux.length ? flux : undefined,
      argocd: argocd.root.length ? argocd : undefined,
      substitutionGuard: this.substitutionGuard,
    };
  }

  /**
   * What cdk8s's synth validates, with its message. (This called synthYaml() before, which also
   * wrote the whole app as YAML text that nobody read: a third of the example app's synth.)
   */
  private validateConstructs(): void {
    const errors = this.node.findAll().flatMap((c) => c.node.validate().map((e) => `[${c.node.path}] ${e}`));
    if (errors.length > 0) throw new Error(`Validation failed with the following errors:\n  ${errors.join('\n  ')}`);
  }

  /**
   * Writes the layout into `outdir`, with each graph's previous worker generation carried from
   * what `outdir` held; unchanged files are left as they are.
   */
  public synthGitOps(): WriteLayoutResult {
    const input = this.layoutInput();
    if (this.missingNamespaces) process.stderr.write(`${this.missingNamespaces}\n`);
    return writeCarryingGenerations(input, this.outdir, { retirePrevious: this.retirePreviousWorkers }).result;
  }

  public synth(): void {
    this.synthGitOps();
  }
}

function ownerOf(c: IConstruct): IConstruct | undefined {
  return c.node.scopes
    .slice()
    .reverse()
    .find(
      (s) =>
        s instanceof DynamoPlatform ||
        s instanceof DynamoFluxSync ||
        s instanceof DynamoArgoCdSync ||
        s instanceof RenderedGraph,
    );
}
