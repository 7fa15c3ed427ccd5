/** The DynamoGraphDeployment construct: a whole Dynamo graph rendered at synth time. */
import { Construct } from 'constructs';
import type { DynamoGraphDeploymentSpec } from '../api/input/v1beta1';
import { GraphMetadataProps, manifestFromFile } from '../manifest-source';
import { GraphRenderOptions } from './render-into';
import { adoptProps, AdoptedGraph, isAdopted, RenderedGraph } from './rendered-graph';

export interface DynamoGraphDeploymentProps extends GraphMetadataProps, GraphRenderOptions {
  /** The graph, in the `nvidia.com/v1beta1` shape. */
  readonly spec: DynamoGraphDeploymentSpec;
}

export class DynamoGraphDeployment extends RenderedGraph {
  /** Adopts an existing DGD manifest (`nvidia.com/v1alpha1` or `v1beta1`) as it is. */
  public static fromManifest(
    scope: Construct,
    id: string,
    manifest: unknown,
    options: GraphRenderOptions = {},
  ): DynamoGraphDeployment {
    return new DynamoGraphDeployment(scope, id, { source: { manifest, problems: [] }, options });
  }

  /** Adopts the single DGD in a YAML or JSON file; problems with the file surface at synth. */
  public static fromFile(
    scope: Construct,
    id: string,
    path: string,
    options: GraphRenderOptions = {},
  ): DynamoGraphDeployment {
    return new DynamoGraphDeployment(scope, id, { source: manifestFromFile(path), options });
  }

  constructor(scope: Construct, id: string, props: DynamoGraphDeploymentProps | AdoptedGraph) {
    super(scope, id, isAdopted(props) ? props : adoptProps('DynamoGraphDeployment', id, props));
  }
}
