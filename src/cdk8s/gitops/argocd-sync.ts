/**
 * DynamoArgoCdSync: the Argo CD app of apps (src/gitops/argocd.ts) as a construct: a root
 * Application, and what it syncs in waves (the argocd-cm health checks, one Application per
 * layer). DynamoGitOpsApp writes the root to argocd/ and the rest to argocd/apps/.
 */
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { problemLine } from '../../api/problems';
import { bool, listOf, oneOf, PropsShape, shapeProblems, str } from '../../api/props-shape';
import { argoCdApplications, ArgoCdOptions } from '../../gitops/argocd';
import { LayerName, LAYERS } from '../../gitops/layout';

export interface DynamoArgoCdSyncProps extends Omit<ArgoCdOptions, 'layers'> {
  /**
   * The layers the repository has. Leave out `platform` when the runtime operator is installed
   * elsewhere, `crds` when the CRDs are owned elsewhere.
   * @default ['crds', 'platform', 'graphs']
   */
  readonly layers?: readonly LayerName[];
}

/** The runtime check of DynamoArgoCdSyncProps (props from JavaScript can be anything). */
const ARGO_CD_SYNC_SHAPE: PropsShape<DynamoArgoCdSyncProps> = {
  repoURL: str,
  targetRevision: str,
  path: str,
  name: str,
  namespace: str,
  project: str,
  server: str,
  layers: listOf(oneOf(...LAYERS)),
  healthChecks: bool,
};

/**
 * The Argo CD objects that sync a `DynamoGitOpsApp`'s repository: a root Application (what you
 * apply: `kubectl apply -k argocd/`) syncing, in sync waves, the health checks, then one
 * Application per layer (CRDs, platform, graphs).
 *
 * @example
 * new DynamoArgoCdSync(new Chart(app, 'argocd'), 'sync', { repoURL: 'https://github.com/acme/deploy', path: 'dist' });
 */
export class DynamoArgoCdSync extends Construct {
  /** Name of the root Application ('' when the props are invalid: synth fails). */
  public readonly rootName: string;

  constructor(scope: Construct, id: string, props: DynamoArgoCdSyncProps) {
    super(scope, id);
    const problems = shapeProblems(props, ARGO_CD_SYNC_SHAPE, { required: ['repoURL'] });
    if (problems.length > 0) {
      // Reported by `app.synth()` with every other construct's problems, as the graph constructs do.
      const lines = problems.map((p) => problemLine(p));
      this.node.addValidation({ validate: () => lines });
      this.rootName = '';
      return;
    }
    const { layers = ['crds', 'platform', 'graphs'], ...options } = props;
    const { root, apps } = argoCdApplications({ ...options, layers });
    this.rootName = root[0].metadata.name;
    for (const o of [...root, ...apps]) new ApiObject(this, `${o.kind}-${o.metadata.name}`, o);
  }
}
