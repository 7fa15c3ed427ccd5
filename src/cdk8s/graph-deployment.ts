/** The DynamoGraphDeployment construct: a whole Dynamo graph rendered at synth time. */
import { Construct } from 'constructs';
import type { DynamoGraphDeploymentSpec } from '../api/input/v1beta1';
import { GraphMetadataProps, manifestFromFile } from '../pipeline/manifest-source';
import { GraphRenderOptions } from './render-into';
import { adoptProps, AdoptedGraph, isAdopted, RenderedGraph } from './rendered-graph';

export interface DynamoGraphDeploymentProps extends GraphMetadataProps, GraphRenderOptions {
  /** The graph, in the `nvidia.com/v1beta1` shape. */
  readonly spec: DynamoGraphDeploymentSpec;
}

/**
 * A whole Dynamo inference graph (frontend, workers, planner), rendered at synth time into the
 * Deployments, Services, ConfigMaps, RBAC and records the upstream Dynamo operator would create
 * in the cluster. Invalid input fails `cdk8s synth` with every problem's field path; warnings
 * are printed and kept as `dynamo-iac:warning` metadata.
 *
 * @example
 * const chart = new Chart(app, 'llm', { namespace: 'inference' });
 * const graph = new DynamoGraphDeployment(chart, 'qwen', {
 *   spec: {
 *     backendFramework: 'vllm',
 *     components: [
 *       { name: 'Frontend', type: 'frontend',
 *         podTemplate: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1' }] } } },
 *       { name: 'VllmWorker', type: 'worker',
 *         podTemplate: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1',
 *           command: ['python3'], args: ['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B'] }] } } },
 *     ],
 *   },
 * });
 * graph.frontendServiceName; // 'qwen-frontend'
 *
 * @see https://github.com/ai-dynamo/dynamo/blob/main/docs/kubernetes/api-reference.md (DynamoGraphDeployment fields, upstream)
 */
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

  /**
   * Adopts the single DGD in a YAML or JSON file; problems with the file surface at synth. The
   * file's documents of other kinds (a ConfigMap, a PVC beside the graph) are checked and added
   * to the chart unchanged, before the graph's objects.
   */
  public static fromFile(
    scope: Construct,
    id: string,
    path: string,
    options: GraphRenderOptions = {},
  ): DynamoGraphDeployment {
    return new DynamoGraphDeployment(scope, id, { source: manifestFromFile(path, { passThrough: true }), options });
  }

  constructor(scope: Construct, id: string, props: DynamoGraphDeploymentProps | AdoptedGraph) {
    super(scope, id, isAdopted(props) ? props : adoptProps('DynamoGraphDeployment', id, props));
  }
}
