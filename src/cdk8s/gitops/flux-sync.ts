/**
 * DynamoFluxSync: the Flux source and the per-layer Kustomizations (src/gitops/flux.ts) as a
 * construct. Each layer waits for what Flux applied from it, so nothing here depends on which
 * graphs or operators the app holds.
 */
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { FluxLayersOptions, fluxKustomizations, fluxSource, FluxSourceOptions, ObjectRef } from '../../gitops/flux';
import { LayerName } from '../../gitops/layout';

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
  /** The source the Kustomizations read. */
  public readonly sourceRef: ObjectRef;

  constructor(scope: Construct, id: string, props: DynamoFluxSyncProps) {
    super(scope, id);
    if ((props.source === undefined) === (props.sourceRef === undefined)) {
      throw new Error(
        `${this.node.path}: give exactly one of source (a source to create) and sourceRef (an existing one)`,
      );
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
