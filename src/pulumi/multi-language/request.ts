/**
 * DynamoGraphDeploymentRequest for every Pulumi language: plain-data args mapped onto the
 * TypeScript `DynamoGraphDeploymentRequest` (the record, and the graph the committed plan lock generates).
 */
import * as pulumi from '@pulumi/pulumi';
import {
  DynamoGraphDeploymentRequest as TypedRequest,
  DynamoGraphDeploymentRequestArgs as TypedRequestArgs,
} from '../deployment-request';
import { GraphRenderArgs, MetadataArgs } from './common';
import { defined } from './main-container';

/** The hardware to plan for. */
export interface Hardware {
  /** e.g. `h200_sxm`, `h100_sxm`. @default - from the cluster's GPUs */
  gpuSku?: string;
  /** VRAM per GPU in MiB. @default - from the SKU */
  vramMb?: number;
  /** The GPU budget of the whole graph; planning needs it. @default - none */
  totalGpus?: number;
  /** GPUs per node. @default - from the SKU */
  numGpusPerNode?: number;
  /** GPU interconnect, e.g. `nvlink` or `pcie`. @default - none */
  interconnect?: string;
  /** Whether the nodes have RDMA networking. @default - none */
  rdma?: boolean;
}

/** The traffic to plan for. */
export interface Workload {
  /** Input sequence length (tokens). */
  isl?: number;
  /** Output sequence length (tokens). */
  osl?: number;
  /** Target concurrent requests (not with `requestRate`). @default - none */
  concurrency?: number;
  /** Target requests per second (not with `concurrency`). @default - none */
  requestRate?: number;
}

/** Latency targets, in milliseconds. */
export interface Sla {
  /** Time to first token. */
  ttft?: number;
  /** Inter-token latency. */
  itl?: number;
  /** End-to-end request latency, instead of `ttft` and `itl`. @default - none */
  e2eLatency?: number;
}

/** `spec` of a DynamoGraphDeploymentRequest (`nvidia.com/v1beta1`). */
export interface RequestSpec {
  /** The model, e.g. `Qwen/Qwen3-32B`. */
  model: string;
  /** `vllm`, `sglang`, `trtllm` or `auto`. @default 'auto' */
  backend?: string;
  /** Image of every generated component (and of the profiling Job). @default - the backend's runtime image */
  image?: string;
  /** The GPUs the graph will run on. @default - from the cluster */
  hardware?: Hardware;
  /** The traffic the graph must serve. @default - upstream's defaults */
  workload?: Workload;
  /** The latency targets the search must meet. @default - upstream's defaults */
  sla?: Sla;
  /** `rapid` or `thorough`. @default 'rapid' */
  searchStrategy?: string;
  /** Deploy the generated graph. @default true */
  autoApply?: boolean;
  /**
   * Any other field of the v1beta1 spec (`modelCache`, `overrides`, `features`), as in the
   * manifest (camelCase keys), merged over the fields above. @default - none
   */
  extra?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema's Any
}

export interface DynamoGraphDeploymentRequestArgs extends MetadataArgs, GraphRenderArgs {
  /** The plan lock (`dynamo-iac plan` writes it), relative to the program's directory. @default 'dynamo-plan.lock' */
  lockFile?: string;
  /** The request in the `nvidia.com/v1beta1` shape. Exactly one of `spec` and `manifest`. @default - none */
  spec?: RequestSpec;
  /**
   * A whole request manifest instead of `spec`, in any version the CLI reads (`nvidia.com/v1beta2`,
   * Dynamo 1.7's search request, has no `spec` shape here), as in YAML (camelCase keys).
   * @default - none
   */
  manifest?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema's Any
}

/**
 * An SLA instead of a graph (the `DynamoGraphDeploymentRequest` kind): the request record and the
 * graph the committed plan (`dynamo-plan.lock`) generates for it.
 *
 * @example
 * # Python
 * dynamo.DynamoGraphDeploymentRequest("qwen3-32b", namespace="inference", spec={
 *     "model": "Qwen/Qwen3-32B", "backend": "vllm",
 *     "hardware": {"gpu_sku": "h200_sxm", "total_gpus": 8},
 *     "workload": {"isl": 4000, "osl": 500}, "sla": {"ttft": 600, "itl": 20},
 * })
 */
export class DynamoGraphDeploymentRequest extends pulumi.ComponentResource {
  /** `metadata.name` of the request. */
  public readonly requestName: pulumi.Output<string>;
  /** `<Kind>/<name>` of every object of the generated graph (empty with `autoApply: false`). */
  public readonly graphObjectNames: pulumi.Output<string[]>;
  /** The generated graph's frontend Service (unset without one). */
  public readonly frontendServiceName: pulumi.Output<string | undefined>;

  constructor(name: string, args: DynamoGraphDeploymentRequestArgs, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:DynamoGraphDeploymentRequest', name, {}, opts);
    const { spec, manifest, ...options } = args ?? ({} as DynamoGraphDeploymentRequestArgs);
    const { extra, ...fields } = spec ?? ({} as RequestSpec);
    const childOpts = { parent: this, dependsOn: opts?.dependsOn };
    const unused =
      manifest === undefined
        ? []
        : ['spec', 'name', 'labels', 'annotations'].filter((k) => (args as never)[k] !== undefined);
    if (unused.length)
      throw new pulumi.ResourceError(
        `DynamoGraphDeploymentRequest "${name}": invalid input:\n${unused.map((k) => `  ${k}: not with manifest (the manifest carries it)`).join('\n')}`,
        this,
        true,
      );
    // A manifest is adopted as the CLI reads it (its own name, namespace and labels).
    const request =
      manifest !== undefined
        ? TypedRequest.fromManifest(name, manifest, defined(options) as TypedRequestArgs, childOpts)
        : new TypedRequest(
            name,
            {
              ...defined(options),
              spec: spec && { ...defined(fields), ...(extra ?? {}) },
            } as unknown as TypedRequestArgs,
            childOpts,
          );
    this.requestName = pulumi.output(request.requestName);
    this.graphObjectNames = request.graph?.objectNames ?? pulumi.output([]);
    this.frontendServiceName = request.graph?.frontendServiceName ?? pulumi.output(undefined);
    this.registerOutputs({
      requestName: this.requestName,
      graphObjectNames: this.graphObjectNames,
      frontendServiceName: this.frontendServiceName,
    });
  }
}
