/** DynamoGraphDeployment: a whole Dynamo graph (DynamoGraphDeployment) as Kubernetes resources. */
import * as pulumi from '@pulumi/pulumi';
import type { DynamoGraphDeploymentSpec } from '../api/input/v1beta1';
import { WithInputs } from './inputs';
import {
  AdoptedManifest,
  adoptFile,
  adoptManifest,
  AdoptOptions,
  GraphArgsBase,
  isAdopted,
  RenderedGraphResource,
} from './rendered-graph';

export interface DynamoGraphDeploymentArgs extends GraphArgsBase {
  /**
   * The graph, in the `nvidia.com/v1beta1` shape: the same props as the cdk8s
   * `DynamoGraphDeployment`. Strings copied verbatim into objects (images,
   * secret names, env values) may be `pulumi.Input`s; the graph's shape
   * (components, their names and types) must be plain.
   */
  readonly spec: WithInputs<DynamoGraphDeploymentSpec>;
}

/**
 * A whole Dynamo inference graph as a Pulumi ComponentResource: one `@pulumi/kubernetes` resource
 * per rendered object (what the cdk8s `DynamoGraphDeployment` synthesizes), parented to it.
 * Invalid input fails the program before anything changes.
 *
 * @example
 * const graph = new DynamoGraphDeployment('qwen', {
 *   namespace: 'inference',
 *   spec: {
 *     backendFramework: 'vllm',
 *     components: [
 *       { name: 'Frontend', type: 'frontend',
 *         podTemplate: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1' }] } } },
 *     ],
 *   },
 * }, { dependsOn: [platform] });
 * export const frontend = graph.frontendServiceName;
 *
 * @see https://github.com/ai-dynamo/dynamo/blob/main/docs/kubernetes/api-reference.md (DynamoGraphDeployment fields, upstream)
 */
export class DynamoGraphDeployment extends RenderedGraphResource {
  /** Adopts an existing DGD manifest (`nvidia.com/v1alpha1` or `v1beta1`) as it is. */
  public static fromManifest(
    name: string,
    manifest: unknown,
    options: AdoptOptions = {},
    opts?: pulumi.ComponentResourceOptions,
  ): DynamoGraphDeployment {
    return new DynamoGraphDeployment(name, adoptManifest(manifest, options), opts);
  }

  /**
   * Adopts the single DGD in a YAML or JSON file. Its documents of other kinds (a ConfigMap, a PVC
   * beside the graph) are checked and become resources unchanged, like the rendered objects.
   */
  public static fromFile(
    name: string,
    path: string,
    options: AdoptOptions = {},
    opts?: pulumi.ComponentResourceOptions,
  ): DynamoGraphDeployment {
    return new DynamoGraphDeployment(name, adoptFile(path, options), opts);
  }

  constructor(name: string, args: DynamoGraphDeploymentArgs | AdoptedManifest, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:Graph', 'DynamoGraphDeployment', name, isAdopted(args) ? args : { props: args }, opts);
  }
}

/** @deprecated Use `DynamoGraphDeployment`, named like the kind as the cdk8s construct is; kept for one minor version. */
export const DynamoGraph = DynamoGraphDeployment;
/** @deprecated Use `DynamoGraphDeployment`. */
export type DynamoGraph = DynamoGraphDeployment;
/** @deprecated Use `DynamoGraphDeploymentArgs`. */
export type DynamoGraphArgs = DynamoGraphDeploymentArgs;
