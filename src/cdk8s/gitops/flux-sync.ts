/**
 * DynamoFluxSync: the Flux source and the per-layer Kustomizations (src/gitops/flux.ts) as a
 * construct. What to health-check is found at synth time: the runtime operator of every
 * DynamoPlatform and the DynamoGraphDeployment record of every graph construct in the app,
 * wherever they were added.
 */
import { ApiObject, Lazy } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import { KubeObject } from '../../api/k8s-types';
import { FluxLayersOptions, fluxKustomizations, fluxSource, FluxSourceOptions, healthTargets, ObjectRef } from '../../gitops/flux';
import { LayerName } from '../../gitops/layout';
import { DynamoPlatform } from '../platform';
import { RenderedGraph } from '../rendered-graph';

export interface DynamoFluxSyncProps extends Omit<FluxLayersOptions, 'source' | 'layers' | 'operators' | 'graphs'> {
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

export class DynamoFluxSync extends Construct {
  /** The source the Kustomizations read. */
  public readonly sourceRef: ObjectRef;

  constructor(scope: Construct, id: string, props: DynamoFluxSyncProps) {
    super(scope, id);
    if ((props.source === undefined) === (props.sourceRef === undefined)) {
      throw new Error(`${this.node.path}: give exactly one of source (a source to create) and sourceRef (an existing one)`);
    }
    const { source: sourceProps, sourceRef, layers = ['crds', 'platform', 'graphs'], ...options } = props;
    let ref = sourceRef;
    if (sourceProps) {
      const source = fluxSource(sourceProps);
      new ApiObject(this, 'source', source);
      ref = { apiVersion: source.apiVersion, kind: source.kind, name: source.metadata.name, namespace: source.metadata.namespace };
    }
    this.sourceRef = ref!;
    // The names and paths do not depend on the rest of the app; the health checks do.
    const shape = fluxKustomizations({ ...options, source: this.sourceRef, layers });
    let built: KubeObject[] | undefined;
    const final = () => (built ??= fluxKustomizations({ ...options, source: this.sourceRef, layers, ...discoverTargets(this.node.root) }));
    shape.forEach((k, i) => {
      new ApiObject(this, k.metadata.name, { apiVersion: k.apiVersion, kind: k.kind, metadata: k.metadata, spec: Lazy.any({ produce: () => final()[i].spec }) });
    });
  }
}

function discoverTargets(root: IConstruct): { operators: ObjectRef[]; graphs: ObjectRef[] } {
  const all = root.node.findAll();
  const platform = all.filter((c): c is DynamoPlatform => c instanceof DynamoPlatform).flatMap((p) => p.objects);
  const graphObjects = all.filter((c): c is RenderedGraph => c instanceof RenderedGraph).flatMap((g) => g.objects);
  return healthTargets(platform, graphObjects);
}
