/**
 * DynamoComponentDeployment for every Pulumi language: plain-data args mapped onto the
 * TypeScript `DynamoComponentDeployment`, which it creates as its child.
 */
import * as pulumi from '@pulumi/pulumi';
import {
  DynamoComponentDeployment as TypedComponentDeployment,
  DynamoComponentDeploymentArgs as TypedComponentDeploymentArgs,
} from '../component';
import { GraphRenderArgs, MetadataArgs } from './common';
import { ComponentFields, componentSpecOf, outputsOf } from './graph-deployment';
import { isObject } from '../../api/read';
import { defined } from './main-container';

/** `spec` of a DynamoComponentDeployment (`nvidia.com/v1beta1`): one component and its backend. */
export interface ComponentDeploymentSpec extends ComponentFields {
  /** The component's name. @default - `metadata.name` */
  name?: string;
  /** `vllm`, `sglang` or `trtllm`. @default - detected from the command */
  backendFramework?: string;
}

export interface DynamoComponentDeploymentArgs extends MetadataArgs, GraphRenderArgs {
  /** The component. */
  spec: ComponentDeploymentSpec;
}

/**
 * One standalone Dynamo component (the `DynamoComponentDeployment` kind) rendered into Kubernetes objects.
 *
 * @example
 * # Python
 * dynamo.DynamoComponentDeployment("worker", namespace="inference", spec={
 *     "backend_framework": "vllm", "type": "worker", "image": image,
 * })
 */
export class DynamoComponentDeployment extends pulumi.ComponentResource {
  /** `metadata.name` as rendered. */
  public readonly graphName: pulumi.Output<string>;
  /** The Kubernetes namespace of every object. */
  public readonly namespace: pulumi.Output<string>;
  /** The Dynamo namespace the component registers in. */
  public readonly dynamoNamespace: pulumi.Output<string>;
  /** `<Kind>/<name>` of every rendered object, in apply order. */
  public readonly objectNames: pulumi.Output<string[]>;
  /** The frontend's Service (unset unless the component is a frontend). */
  public readonly frontendServiceName: pulumi.Output<string | undefined>;
  /** The frontend Service's port (unset unless the component is a frontend). */
  public readonly frontendPort: pulumi.Output<number | undefined>;
  /** Warnings the upstream admission webhooks would print. */
  public readonly warnings: pulumi.Output<string[]>;

  constructor(name: string, args: DynamoComponentDeploymentArgs, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:DynamoComponentDeployment', name, {}, opts);
    // Args that are no object at all are the rich component's to name.
    const typedArgs = isObject(args) ? { ...defined(args), spec: componentSpecOf(args.spec) } : args;
    const component = new TypedComponentDeployment(name, typedArgs as unknown as TypedComponentDeploymentArgs, {
      parent: this,
      dependsOn: opts?.dependsOn,
    });
    const out = outputsOf(component);
    this.graphName = out.graphName;
    this.namespace = out.namespace;
    this.dynamoNamespace = out.dynamoNamespace;
    this.objectNames = out.objectNames;
    this.frontendServiceName = out.frontendServiceName;
    this.frontendPort = out.frontendPort;
    this.warnings = out.warnings;
    this.registerOutputs(out);
  }
}
