/**
 * DynamoFluxSync: the Flux source and the per-layer Kustomizations (src/gitops/flux.ts) as a
 * construct. Each layer waits for what Flux applied from it, so nothing here depends on which
 * graphs or operators the app holds.
 */
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { problemLine } from '../../api/problems';
import { bool, fields, listOf, mapOf, oneOf, PropsShape, shapeProblems, str } from '../../api/props-shape';
import { FluxLayersOptions, fluxKustomizations, fluxSource, FluxSourceOptions, ObjectRef } from '../../gitops/flux';
import { LayerName, LAYERS } from '../../gitops/layout';

export interface DynamoFluxSyncProps extends Omit<FluxLayersOptions, 'source' | 'layers'> {
  /** A source to create (GitRepository or OCIRepository by URL scheme). Give this or `sourceRef`. */
  readonly source?: FluxSourceOptions;
  /** An existing source, e.g. the `flux-system` GitRepository `flux bootstrap` made. */
  readonly sourceRef?: ObjectRef;
  /**
   * The layers the repository has. Leave out `platform` when the runtime operator is installed
   * elsewhere, `crds` when the CRDs are owned elsewhere.
   * @default ['crds', 'platform', 'graphs']
   */
  readonly layers?: readonly LayerName[];
}

const SOURCE_SHAPE: PropsShape<FluxSourceOptions> = {
  name: str,
  namespace: str,
  url: str,
  ref: str,
  secretName: str,
  interval: str,
};
const OBJECT_REF_SHAPE: PropsShape<ObjectRef> = { apiVersion: str, kind: str, name: str, namespace: str };
type PostBuild = NonNullable<DynamoFluxSyncProps['postBuild']>;
const POST_BUILD_SHAPE: PropsShape<PostBuild> = {
  substitute: mapOf(str),
  substituteFrom: listOf(fields({ kind: oneOf('ConfigMap', 'Secret'), name: str, optional: bool }, ['kind', 'name'])),
};
/** The runtime check of DynamoFluxSyncProps (props from JavaScript can be anything). */
const FLUX_SYNC_SHAPE: PropsShape<DynamoFluxSyncProps> = {
  source: fields(SOURCE_SHAPE, ['url']),
  sourceRef: fields(OBJECT_REF_SHAPE, ['apiVersion', 'kind', 'name']),
  layers: listOf(oneOf(...LAYERS)),
  prefix: str,
  namespace: str,
  path: str,
  interval: str,
  retryInterval: str,
  timeout: str,
  graphsTimeout: str,
  postBuild: fields(POST_BUILD_SHAPE),
};

/**
 * The Flux objects that sync a `DynamoGitOpsApp`'s repository: the source (GitRepository or
 * OCIRepository) and one Kustomization per layer, chained with `dependsOn` (CRDs, then the
 * platform, then the graphs).
 *
 * @example
 * new DynamoFluxSync(new Chart(app, 'flux'), 'sync', {
 *   source: { name: 'dynamo', url: 'oci://ghcr.io/acme/dynamo-deploy', ref: 'latest' },
 * });
 */
export class DynamoFluxSync extends Construct {
  /** The source the Kustomizations read (empty names when the props are invalid: synth fails). */
  public readonly sourceRef: ObjectRef;

  constructor(scope: Construct, id: string, props: DynamoFluxSyncProps) {
    super(scope, id);
    const problems = shapeProblems(props, FLUX_SYNC_SHAPE);
    if (problems.length === 0 && (props.source === undefined) === (props.sourceRef === undefined))
      problems.push({
        path: '',
        message: 'give exactly one of source (a source to create) and sourceRef (an existing one)',
      });
    if (problems.length > 0) {
      // Reported by `app.synth()` with every other construct's problems, as the graph constructs do.
      const lines = problems.map((p) => problemLine(p));
      this.node.addValidation({ validate: () => lines });
      this.sourceRef = { apiVersion: '', kind: '', name: '' };
      return;
    }
    const { source: sourceProps, sourceRef, layers = ['crds', 'platform', 'graphs'], ...options } = props;
    let ref = sourceRef;
    if (sourceProps) {
      const source = fluxSource(sourceProps);
      new ApiObject(this, 'source', source);
      ref = {
        apiVersion: source.apiVersion,
        kind: source.kind,
        name: source.metadata.name,
        namespace: source.metadata.namespace,
      };
    }
    this.sourceRef = ref!;
    for (const k of fluxKustomizations({ ...options, source: this.sourceRef, layers }))
      new ApiObject(this, k.metadata.name, k);
  }
}
