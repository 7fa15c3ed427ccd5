/**
 * DynamoGraphDeployment for every Pulumi language: plain-data args mapped onto the TypeScript
 * `DynamoGraphDeployment` of `dynamo-iac/pulumi` (same validation, same rendered objects), which it creates as its child.
 */
import * as pulumi from '@pulumi/pulumi';
import type { ComponentFieldsInput } from '../../crds/component-fields';
import {
  DynamoGraphDeployment as TypedGraphDeployment,
  DynamoGraphDeploymentArgs as TypedGraphDeploymentArgs,
} from '../graph';
import { RenderedGraphResource } from '../rendered-graph';
import { EnvVar, GraphRenderArgs, MainContainerArgs, MetadataArgs } from './common';
import { defined, podTemplateOf } from './main-container';
import { isObject } from '../../api/read';

/** Nodes per replica of a multinode component. */
export interface Multinode {
  /** Minimum 2. @default 2 */
  nodeCount?: number;
}

/** Where a DynamoModel's endpoints are discovered. */
export interface ModelRef {
  /** Base model name; must equal the DynamoModel's `spec.baseModelName`. */
  name: string;
  /** The model's revision; kept in the record, not used by the rendered objects. @default - none */
  revision?: string;
}

/** A PVC mounted as the backend's compilation cache. */
export interface CompilationCache {
  pvcName: string;
  /** Where the claim is mounted in `main`. @default - the backend's cache path (vLLM: `/root/.cache/vllm`) */
  mountPath?: string;
}

/**
 * What a component of a graph and a standalone component share (the v1beta1 component spec); the
 * fields declared once come with their declarations (`ComponentFieldsInput`).
 */
export interface ComponentFields extends MainContainerArgs, ComponentFieldsInput {
  /** `frontend`, `worker`, `prefill`, `decode`, `planner`, `epp`. @default - default rules */
  type?: string;
  /** Minimum 0. @default 1 */
  replicas?: number;
  /** Use the shared Dynamo namespace `dynamo`. @default false */
  globalDynamoNamespace?: boolean;
  /** Span one replica over several nodes (LeaderWorkerSet or Grove). @default - single node */
  multinode?: Multinode;
  /** The model the component serves, for its DynamoModel and model Service. @default - none */
  modelRef?: ModelRef;
  /** A PVC the backend keeps its compiled kernels in. @default - no compilation cache */
  compilationCache?: CompilationCache;
}

/** One component of a graph. */
export interface GraphComponent extends ComponentFields {
  /** 1–63 characters, `^[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?$`, unique case-insensitively. */
  name: string;
}

/** `spec` of a DynamoGraphDeployment (`nvidia.com/v1beta1`). */
export interface GraphSpec {
  /** The components (1 to 25), in order. */
  components: GraphComponent[];
  /** `vllm`, `sglang` or `trtllm`. @default - detected from each worker's command */
  backendFramework?: string;
  /** Env prepended to every component. @default - none */
  env?: EnvVar[];
  /** Low-priority labels for every component. @default - none */
  labels?: { [key: string]: string };
  /** Low-priority annotations for every component. @default - none */
  annotations?: { [key: string]: string };
  /** Grove only: the PodCliqueSet's PriorityClass. @default - none */
  priorityClassName?: string;
}

export interface DynamoGraphDeploymentArgs extends MetadataArgs, GraphRenderArgs {
  /** The graph. */
  spec: GraphSpec;
}

/** The v1beta1 component spec of the plain-data fields; anything but an object is left for the validation to name. */
export function componentSpecOf<T extends ComponentFields>(c: T): unknown {
  if (!isObject(c)) return c;
  const { image: _i, command: _c, args: _a, env: _e, resources: _r, podTemplate: _p, ...fields } = c;
  return defined({ ...fields, podTemplate: podTemplateOf(c) });
}

/**
 * A whole Dynamo inference graph (the `DynamoGraphDeployment` kind) rendered into Kubernetes
 * objects at deploy time, one resource per object; invalid input fails before anything changes.
 *
 * @example
 * # Python (pulumi package add <dynamo-iac>/pulumi-plugin)
 * graph = dynamo.DynamoGraphDeployment("qwen", namespace="inference", spec={
 *     "backend_framework": "vllm",
 *     "components": [{"name": "Frontend", "type": "frontend", "image": image}],
 * })
 * pulumi.export("frontend", graph.frontend_service_name)
 */
export class DynamoGraphDeployment extends pulumi.ComponentResource {
  /** `metadata.name` as rendered. */
  public readonly graphName: pulumi.Output<string>;
  /** The Kubernetes namespace of every object. */
  public readonly namespace: pulumi.Output<string>;
  /** The Dynamo namespace the components register in. */
  public readonly dynamoNamespace: pulumi.Output<string>;
  /** `<Kind>/<name>` of every rendered object, in apply order. */
  public readonly objectNames: pulumi.Output<string[]>;
  /** The frontend's Service (unset without a frontend). */
  public readonly frontendServiceName: pulumi.Output<string | undefined>;
  /** The frontend Service's port (unset without a frontend). */
  public readonly frontendPort: pulumi.Output<number | undefined>;
  /** Warnings the upstream admission webhooks would print. */
  public readonly warnings: pulumi.Output<string[]>;

  constructor(name: string, args: DynamoGraphDeploymentArgs, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:DynamoGraphDeployment', name, {}, opts);
    // The rich args take the same data; the validation (with field paths) happens there, also of
    // args or a spec that is no object at all.
    const typedArgs = isObject(args) ? { ...defined(args), spec: graphSpecOf(args.spec) } : args;
    const graph = new TypedGraphDeployment(name, typedArgs as unknown as TypedGraphDeploymentArgs, {
      parent: this,
      dependsOn: opts?.dependsOn,
    });
    const out = outputsOf(graph);
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

/** The v1beta1 graph spec of the plain-data one. */
function graphSpecOf(spec: GraphSpec): unknown {
  if (!isObject(spec)) return spec;
  return {
    ...spec,
    components: Array.isArray(spec.components) ? spec.components.map(componentSpecOf) : spec.components,
  };
}

/** The outputs of a rendered graph component, as the multi-language components export them. */
export function outputsOf(r: RenderedGraphResource) {
  return {
    graphName: pulumi.output(r.graphName),
    namespace: r.namespace,
    dynamoNamespace: r.dynamoNamespace,
    objectNames: r.objectNames,
    frontendServiceName: r.frontendServiceName,
    frontendPort: r.frontendPort,
    warnings: pulumi.output([...r.warnings]),
  };
}
