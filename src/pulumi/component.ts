/** DynamoComponentDeployment: one standalone Dynamo component (DynamoComponentDeployment) as Kubernetes resources. */
import * as pulumi from '@pulumi/pulumi';
import type { DynamoComponentDeploymentSpec } from '../api/input/v1beta1';
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

export interface DynamoComponentDeploymentArgs extends GraphArgsBase {
  /** The component, in the `nvidia.com/v1beta1` shape (as the cdk8s `DynamoComponentDeployment`). */
  readonly spec: WithInputs<DynamoComponentDeploymentSpec>;
}

/**
 * One standalone Dynamo component (DynamoComponentDeployment) as a Pulumi ComponentResource.
 *
 * @example
 * new DynamoComponentDeployment('worker', {
 *   namespace: 'inference',
 *   spec: { backendFramework: 'vllm', type: 'worker',
 *     podTemplate: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1' }] } } },
 * });
 *
 * @see https://github.com/ai-dynamo/dynamo/blob/main/docs/kubernetes/api-reference.md (DynamoComponentDeployment fields, upstream)
 */
export class DynamoComponentDeployment extends RenderedGraphResource {
  /** Adopts an existing DCD manifest (`nvidia.com/v1alpha1` or `v1beta1`) as it is. */
  public static fromManifest(
    name: string,
    manifest: unknown,
    options: AdoptOptions = {},
    opts?: pulumi.ComponentResourceOptions,
  ): DynamoComponentDeployment {
    return new DynamoComponentDeployment(name, adoptManifest(manifest, options), opts);
  }

  /** Adopts the single DCD in a YAML or JSON file; its documents of other kinds become resources unchanged. */
  public static fromFile(
    name: string,
    path: string,
    options: AdoptOptions = {},
    opts?: pulumi.ComponentResourceOptions,
  ): DynamoComponentDeployment {
    return new DynamoComponentDeployment(name, adoptFile(path, options), opts);
  }

  constructor(
    name: string,
    args: DynamoComponentDeploymentArgs | AdoptedManifest,
    opts?: pulumi.ComponentResourceOptions,
  ) {
    super('dynamo:index:Component', 'DynamoComponentDeployment', name, isAdopted(args) ? args : { props: args }, opts);
  }
}

/** @deprecated Use `DynamoComponentDeployment`, named like the kind as the cdk8s construct is; kept for one minor version. */
export const DynamoComponent = DynamoComponentDeployment;
/** @deprecated Use `DynamoComponentDeployment`. */
export type DynamoComponent = DynamoComponentDeployment;
/** @deprecated Use `DynamoComponentDeploymentArgs`. */
export type DynamoComponentArgs = DynamoComponentDeploymentArgs;
