/** The DynamoComponentDeployment construct: one standalone Dynamo component rendered at synth time. */
import { Construct } from 'constructs';
import type { DynamoComponentDeploymentSpec } from '../api/input/v1beta1';
import { GraphMetadataProps, manifestFromFile } from '../pipeline/manifest-source';
import { GraphRenderOptions } from './render-into';
import { adoptProps, AdoptedGraph, isAdopted, RenderedGraph } from './rendered-graph';

export interface DynamoComponentDeploymentProps extends GraphMetadataProps, GraphRenderOptions {
  /** The component, in the `nvidia.com/v1beta1` shape. */
  readonly spec: DynamoComponentDeploymentSpec;
}

/**
 * One standalone Dynamo component (a DynamoComponentDeployment), rendered at synth time like a
 * graph of one component.
 *
 * @example
 * new DynamoComponentDeployment(chart, 'worker', {
 *   spec: {
 *     backendFramework: 'vllm',
 *     type: 'worker',
 *     podTemplate: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1',
 *       command: ['python3'], args: ['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B'] }] } },
 *   },
 * });
 *
 * @see https://github.com/ai-dynamo/dynamo/blob/main/docs/kubernetes/api-reference.md (DynamoComponentDeployment fields, upstream)
 */
export class DynamoComponentDeployment extends RenderedGraph {
  /** Adopts an existing DCD manifest (`nvidia.com/v1alpha1` or `v1beta1`) as it is. */
  public static fromManifest(
    scope: Construct,
    id: string,
    manifest: unknown,
    options: GraphRenderOptions = {},
  ): DynamoComponentDeployment {
    return new DynamoComponentDeployment(scope, id, { source: { manifest, problems: [] }, options });
  }

  /**
   * Adopts the single DCD in a YAML or JSON file; problems with the file surface at synth. The
   * file's documents of other kinds are checked and added to the chart unchanged.
   */
  public static fromFile(
    scope: Construct,
    id: string,
    path: string,
    options: GraphRenderOptions = {},
  ): DynamoComponentDeployment {
    return new DynamoComponentDeployment(scope, id, { source: manifestFromFile(path, { passThrough: true }), options });
  }

  constructor(scope: Construct, id: string, props: DynamoComponentDeploymentProps | AdoptedGraph) {
    super(scope, id, isAdopted(props) ? props : adoptProps('DynamoComponentDeployment', id, props));
  }
}
