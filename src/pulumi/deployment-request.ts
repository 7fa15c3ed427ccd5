/**
 * DynamoGraphDeploymentRequest: a DynamoGraphDeploymentRequest for Pulumi. The request record, and the
 * graph its committed plan generates as a child DynamoGraphDeployment (rendered like any graph). The
 * program reads the plan lock and never starts Python, unless DYNAMO_IAC_PLAN asks it to search
 * what the lock lacks.
 */
import * as path from 'path';
import * as pulumi from '@pulumi/pulumi';
import { DGDR_KIND, DynamoGraphDeploymentRequestSpec } from '../api/input/deployment-request';
import type { DynamoGraphDeploymentRequestV1beta2Spec } from '../api/input/deployment-request-v1beta2';
import { KubeObject } from '../api/k8s-types';
import { errorsOf, problemLine } from '../api/problems';
import { settingsProblems } from '../api/settings-check';
import { isManifestSource, manifestFromFile, manifestFromProps } from '../pipeline/manifest-source';
import { checkedLater, PropsShape, shapeProblems, str } from '../api/props-shape';
import { DEFAULT_LOCK_FILE, PlanEntry } from '../plan/lock';
import { PLAN_HINT, resolveRequestWithLock } from '../plan/plan-on-synth';
import type { ResolvedRequest } from '../plan/resolve-request';
import { documentContext, processDocument } from '../pipeline/process-document';
import { resolveSettings } from '../api/settings';
import { DynamoGraphDeployment } from './graph';
import { SKIP_AWAIT } from './readiness';
import { GRAPH_OPTIONS_SHAPE, GraphOptions } from './rendered-graph';
import { kubernetesResource } from './resources';

export interface RequestOptions extends GraphOptions {
  /** The plan lock (`dynamo-iac plan` writes it). @default 'dynamo-plan.lock' in the working directory */
  readonly lockFile?: string;
  /** Namespace for a manifest without one. @default 'default' */
  readonly namespace?: string;
}

export interface DynamoGraphDeploymentRequestArgs extends RequestOptions {
  /** `metadata.name`. @default - the component's Pulumi name */
  readonly name?: string;
  /** `metadata.labels`. @default - none */
  readonly labels?: Record<string, string>;
  /** `metadata.annotations`. @default - none */
  readonly annotations?: Record<string, string>;
  /** The request, in the `nvidia.com/v1beta1` shape; plain values (they are hashed into the plan's key). */
  readonly spec: DynamoGraphDeploymentRequestSpec;
}

/** A `nvidia.com/v1beta2` request's args: its spec in the v1beta2 shape. */
export interface DynamoGraphDeploymentRequestV1beta2Args extends Omit<DynamoGraphDeploymentRequestArgs, 'spec'> {
  readonly spec: DynamoGraphDeploymentRequestV1beta2Spec;
}

interface Adopted {
  readonly manifest: unknown;
  readonly problems: { path: string; message: string }[];
  readonly options: RequestOptions;
}

/**
 * An SLA instead of a graph, as a Pulumi ComponentResource: the graph the committed plan
 * (`dynamo-plan.lock`) generates, deployed as a child `DynamoGraphDeployment`, plus the request record.
 *
 * @example
 * new DynamoGraphDeploymentRequest('qwen3-32b', {
 *   namespace: 'inference',
 *   spec: { model: 'Qwen/Qwen3-32B', backend: 'vllm', hardware: { gpuSku: 'h200_sxm', totalGpus: 8 },
 *     workload: { isl: 4000, osl: 500 }, sla: { ttft: 600, itl: 20 } },
 * });
 *
 * @see https://github.com/ai-dynamo/dynamo/blob/main/docs/kubernetes/api-reference.md (DynamoGraphDeploymentRequest fields, upstream)
 */
export class DynamoGraphDeploymentRequest extends pulumi.ComponentResource {
  /**
   * A `nvidia.com/v1beta2` request (Dynamo 1.7's search request), review only: the request record
   * is deployed, and `dynamo-iac plan` writes the chosen graph next to the lock (docs/planning.md).
   */
  public static v1beta2(
    name: string,
    args: DynamoGraphDeploymentRequestV1beta2Args,
    opts?: pulumi.ComponentResourceOptions,
  ): DynamoGraphDeploymentRequest {
    return new DynamoGraphDeploymentRequest(name, fromArgs(name, args, 'nvidia.com/v1beta2'), opts);
  }

  /** Adopts an existing request manifest as it is. */
  public static fromManifest(
    name: string,
    manifest: unknown,
    options: RequestOptions = {},
    opts?: pulumi.ComponentResourceOptions,
  ): DynamoGraphDeploymentRequest {
    return new DynamoGraphDeploymentRequest(name, { manifest, problems: [], options }, opts);
  }

  /** Adopts the single request in a YAML or JSON file. */
  public static fromFile(
    name: string,
    file: string,
    options: RequestOptions = {},
    opts?: pulumi.ComponentResourceOptions,
  ): DynamoGraphDeploymentRequest {
    return new DynamoGraphDeploymentRequest(name, { ...manifestFromFile(file), options }, opts);
  }

  /** `metadata.name` of the request. */
  public readonly requestName: string;
  /** The lock entry the graph comes from. */
  public readonly plan?: PlanEntry;
  /** The generated graph, unless `autoApply: false`. */
  public readonly graph?: DynamoGraphDeployment;
  /** The generated DynamoGraphDeployment manifest (also with `autoApply: false`, for review). */
  public readonly generatedManifest?: KubeObject;

  constructor(name: string, args: DynamoGraphDeploymentRequestArgs | Adopted, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:GraphRequest', name, {}, opts);
    const adopted: Adopted = isManifestSource(args)
      ? (args as Adopted)
      : fromArgs(name, args as DynamoGraphDeploymentRequestArgs);
    const fail = (lines: string[]) =>
      new pulumi.ResourceError(
        `${DGDR_KIND} "${name}": invalid input:\n${lines.map((l) => `  ${l}`).join('\n')}`,
        this,
        true,
      );
    // The generated graph's settings, checked as the CLI checks a settings file.
    const early = [...adopted.problems, ...settingsProblems(adopted.options.settings ?? {}, 'settings')];
    if (early.length) throw fail(early.map((p) => problemLine(p)));
    const { lockFile, namespace, ...graphOptions } = adopted.options;
    const { settings, orchestrator, gangScheduling, kaiScheduler } = graphOptions;
    const plan: { resolved?: ResolvedRequest } = {};
    const context = documentContext(resolveSettings(settings), {
      defaultNamespace: namespace,
      placement: { orchestrator, gangScheduling, kaiScheduler },
      // Kept as the lock gave it: the row sees only what every front end needs.
      resolveRequest: (doc, o) =>
        (plan.resolved = resolveRequestWithLock(doc, path.resolve(lockFile ?? DEFAULT_LOCK_FILE), o)),
    });
    const loaded = processDocument(adopted.manifest, context, [DGDR_KIND]);
    const resolved = plan.resolved;
    const errors = errorsOf(loaded.problems).map((p) => problemLine(p));
    if (resolved?.notPlanned) errors.push(`(${PLAN_HINT})`);
    if (errors.length || !resolved?.request) throw fail(errors);
    for (const w of loaded.problems.filter((p) => p.severity === 'warning'))
      pulumi.log.warn(`${w.path}: ${w.message}`, this);
    this.requestName = resolved.request.name;
    this.plan = resolved.entry;
    this.generatedManifest = resolved.graph;
    // The row's objects: the record, and what goes with the plan (none of a graph kept for review).
    const record = adopted.manifest as KubeObject;
    const planned = (loaded.objects as KubeObject[]).filter((o) => o.kind !== DGDR_KIND);
    // Only the runtime side writes the status; the provider does not wait for it.
    const recordArgs = {
      ...record,
      metadata: {
        ...record.metadata,
        namespace: resolved.request.namespace,
        annotations: { ...(record.metadata.annotations ?? {}), [SKIP_AWAIT]: 'true' },
      },
    };
    const after = { parent: this, dependsOn: opts?.dependsOn };
    kubernetesResource(`${name}/${this.requestName}`, record, recordArgs, after);
    for (const o of planned) {
      // A profiling Job runs for hours; the provider must not wait for it to complete.
      const args =
        o.kind === 'Job'
          ? {
              ...o,
              metadata: { ...o.metadata, annotations: { ...(o.metadata.annotations ?? {}), [SKIP_AWAIT]: 'true' } },
            }
          : o;
      kubernetesResource(`${name}/${o.kind.toLowerCase()}-${o.metadata.name}`, o, args, after);
    }
    if (resolved.graph && resolved.deploy) {
      this.graph = DynamoGraphDeployment.fromManifest(name, resolved.graph, graphOptions, {
        parent: this,
        dependsOn: opts?.dependsOn,
      });
    }
    this.registerOutputs({ requestName: this.requestName });
  }
}

/** The runtime check of the args: the spec and metadata are checked in the manifest they make. */
const REQUEST_ARGS_SHAPE: PropsShape<DynamoGraphDeploymentRequestArgs> = {
  ...GRAPH_OPTIONS_SHAPE,
  lockFile: str,
  namespace: str,
  name: checkedLater,
  labels: checkedLater,
  annotations: checkedLater,
  spec: checkedLater,
};

function fromArgs(
  name: string,
  args: DynamoGraphDeploymentRequestArgs | DynamoGraphDeploymentRequestV1beta2Args,
  apiVersion?: string,
): Adopted {
  const wrong = shapeProblems(args, REQUEST_ARGS_SHAPE as PropsShape<typeof args>, { what: 'args' });
  if (wrong.length) return { manifest: undefined, problems: wrong, options: {} };
  const { name: recordName, labels, annotations, spec, ...options } = args;
  const meta = { name: recordName ?? name, namespace: options.namespace, labels, annotations };
  return { ...manifestFromProps(DGDR_KIND, name, meta, spec, apiVersion), options };
}

/** @deprecated Use `DynamoGraphDeploymentRequest`, named like the kind as the cdk8s construct is; kept for one minor version. */
export const DynamoGraphRequest = DynamoGraphDeploymentRequest;
/** @deprecated Use `DynamoGraphDeploymentRequest`. */
export type DynamoGraphRequest = DynamoGraphDeploymentRequest;
/** @deprecated Use `DynamoGraphDeploymentRequestArgs`. */
export type DynamoGraphRequestArgs = DynamoGraphDeploymentRequestArgs;
