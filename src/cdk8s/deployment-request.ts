/**
 * The DynamoGraphDeploymentRequest construct: SLA targets in, the graph its committed plan
 * generates out (a child DynamoGraphDeployment, rendered like any graph), plus the request
 * record. Synth reads the plan lock and never starts Python, unless DYNAMO_IAC_PLAN asks it to
 * search what the lock lacks.
 */
import { checkedLater, PropsShape, shapeProblems, str } from '../api/props-shape';
import * as path from 'path';
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { DGDR_KIND, DeploymentRequestModel, DynamoGraphDeploymentRequestSpec } from '../api/input/deployment-request';
import type { DynamoGraphDeploymentRequestV1beta2Spec } from '../api/input/deployment-request-v1beta2';
import { KubeObject } from '../api/k8s-types';
import { errorsOf, problemLine } from '../api/problems';
import { isObject } from '../api/read';
import { settingsProblems } from '../api/settings-check';
import {
  GraphMetadataProps,
  manifestFromFile,
  manifestFromProps,
  ManifestSource,
  GRAPH_METADATA_SHAPE,
} from '../pipeline/manifest-source';
import { documentContext, processDocument } from '../pipeline/process-document';
import { renderManifest } from '../pipeline/render-manifest';
import { DEFAULT_LOCK_FILE, PlanEntry } from '../plan/lock';
import { PLAN_HINT, resolveRequestWithLock } from '../plan/plan-on-synth';
import type { ResolvedRequest } from '../plan/resolve-request';
import { DynamoGraphDeployment } from './graph-deployment';
import { addObjects } from './object-registry';
import { GRAPH_RENDER_OPTIONS_SHAPE, GraphRenderOptions } from './render-into';
import { mergedSettingsOf, platformSettingsOf } from './settings';
import { addWarnings } from './warnings';

/** App context key of the lock file's path (relative to the working directory). */
export const PLAN_LOCK_CONTEXT_KEY = 'dynamo-iac:plan-lock';

export interface RequestRenderOptions extends GraphRenderOptions {
  /**
   * The plan lock (`dynamo-iac plan` writes it).
   * @default - app context `dynamo-iac:plan-lock`, else `dynamo-plan.lock` in the working directory
   */
  readonly lockFile?: string;
}

export interface DynamoGraphDeploymentRequestProps extends GraphMetadataProps, RequestRenderOptions {
  /** The request, in the `nvidia.com/v1beta1` shape. */
  readonly spec: DynamoGraphDeploymentRequestSpec;
}

/** A `nvidia.com/v1beta2` request's props: its spec in the v1beta2 shape. */
export interface DynamoGraphDeploymentRequestV1beta2Props extends GraphMetadataProps, RequestRenderOptions {
  readonly spec: DynamoGraphDeploymentRequestV1beta2Spec;
}

/** The runtime check of the request's props: the spec and metadata are checked in the manifest they make. */
const REQUEST_PROPS_SHAPE: PropsShape<DynamoGraphDeploymentRequestProps> = {
  ...GRAPH_METADATA_SHAPE,
  ...GRAPH_RENDER_OPTIONS_SHAPE,
  spec: checkedLater,
  lockFile: str,
};

/**
 * An SLA instead of a graph: the graph its committed plan (`dynamo-plan.lock`, written by
 * `dynamo-iac plan`) generates is rendered as a child DynamoGraphDeployment, plus the request
 * record. Synth never starts the search unless `DYNAMO_IAC_PLAN=missing` asks it to (docs/planning.md).
 *
 * @example
 * new DynamoGraphDeploymentRequest(chart, 'qwen3-32b', {
 *   spec: {
 *     model: 'Qwen/Qwen3-32B', backend: 'vllm',
 *     hardware: { gpuSku: 'h200_sxm', totalGpus: 8 },
 *     workload: { isl: 4000, osl: 500 },
 *     sla: { ttft: 600, itl: 20 },
 *   },
 * });
 *
 * @see https://github.com/ai-dynamo/dynamo/blob/main/docs/kubernetes/api-reference.md (DynamoGraphDeploymentRequest fields, upstream)
 */
export class DynamoGraphDeploymentRequest extends Construct {
  /**
   * A `nvidia.com/v1beta2` request (Dynamo 1.7's search request), review only: the request record
   * is rendered, and `dynamo-iac plan` writes the chosen graph next to the lock (docs/planning.md).
   */
  public static v1beta2(
    scope: Construct,
    id: string,
    props: DynamoGraphDeploymentRequestV1beta2Props,
  ): DynamoGraphDeploymentRequest {
    return new DynamoGraphDeploymentRequest(scope, id, adopt(id, props, 'nvidia.com/v1beta2'));
  }

  /** Adopts an existing request manifest (`nvidia.com/v1beta1`, `v1beta2` or `v1alpha1`) as it is. */
  public static fromManifest(
    scope: Construct,
    id: string,
    manifest: unknown,
    options: RequestRenderOptions = {},
  ): DynamoGraphDeploymentRequest {
    return new DynamoGraphDeploymentRequest(scope, id, { source: { manifest, problems: [] }, options });
  }

  /** Adopts the single request in a YAML or JSON file; problems with the file surface at synth. */
  public static fromFile(
    scope: Construct,
    id: string,
    file: string,
    options: RequestRenderOptions = {},
  ): DynamoGraphDeploymentRequest {
    return new DynamoGraphDeploymentRequest(scope, id, { source: manifestFromFile(file), options });
  }

  /** `metadata.name` of the request. */
  public readonly name: string;
  /** Undefined when the input is invalid. */
  public readonly request?: DeploymentRequestModel;
  /** The lock entry the graph comes from (undefined until planned). */
  public readonly plan?: PlanEntry;
  /** The generated graph, when planned and `autoApply` is not false. */
  public readonly graph?: DynamoGraphDeployment;
  /** The generated DynamoGraphDeployment manifest, also with `autoApply: false` (for review). */
  public readonly generatedManifest?: KubeObject;

  constructor(
    scope: Construct,
    id: string,
    props: DynamoGraphDeploymentRequestProps | { source: ManifestSource; options: RequestRenderOptions },
  ) {
    super(scope, id);
    const adopted = isObject(props) && 'source' in props && 'options' in props;
    const { source, options } = adopted ? props : adopt(id, props as DynamoGraphDeploymentRequestProps);
    const messages: string[] = source.problems.map((p) => problemLine(p));
    // The generated graph's settings, checked as the CLI checks a settings file.
    messages.push(...settingsProblems(mergedSettingsOf(this, options.settings), 'settings').map((p) => problemLine(p)));
    this.node.addValidation({ validate: () => messages });
    this.name = id;
    if (source.manifest === undefined || messages.length) return;
    const { lockFile: lockOption, ...graphOptions } = options;
    const lockFile =
      lockOption ?? (this.node.tryGetContext(PLAN_LOCK_CONTEXT_KEY) as string | undefined) ?? DEFAULT_LOCK_FILE;
    const { settings, orchestrator, gangScheduling, kaiScheduler } = graphOptions;
    const plan: { resolved?: ResolvedRequest } = {};
    const context = documentContext(platformSettingsOf(this, settings), {
      defaultNamespace: Chart.of(this).namespace,
      placement: { orchestrator, gangScheduling, kaiScheduler },
      // Kept as the lock gave it: the row sees only what every front end needs.
      resolveRequest: (doc, opts) => (plan.resolved = resolveRequestWithLock(doc, path.resolve(lockFile), opts)),
    });
    const loaded = processDocument(source.manifest, context, [DGDR_KIND]);
    addWarnings(this, loaded.problems);
    messages.push(...errorsOf(loaded.problems).map((p) => problemLine(p)));
    const resolved = plan.resolved;
    if (resolved?.notPlanned) messages.push(`(${PLAN_HINT})`);
    if (messages.length || !resolved?.request) return;
    this.request = resolved.request;
    this.name = resolved.request.name;
    this.plan = resolved.entry;
    this.generatedManifest = resolved.graph;
    // The row's objects: the record, and what goes with the plan (none of a graph kept for review).
    messages.push(...addObjects(this, loaded.objects as KubeObject[]));
    if (!resolved.graph) return;
    if (resolved.deploy) {
      this.graph = new DynamoGraphDeployment(this, 'graph', {
        source: { manifest: resolved.graph, problems: [] },
        options: graphOptions,
      });
    } else {
      // Not deployed, but it must be a graph that would render.
      const { settings: _, ...request } = graphOptions;
      const check = renderManifest(resolved.graph, context.settings, request);
      messages.push(
        ...errorsOf(check.problems).map(
          (p) => `generated DynamoGraphDeployment ${resolved.graph!.metadata.name}: ${p.path}: ${p.message}`,
        ),
      );
    }
  }
}

function adopt(
  id: string,
  props: DynamoGraphDeploymentRequestProps | DynamoGraphDeploymentRequestV1beta2Props,
  apiVersion?: string,
): { source: ManifestSource; options: RequestRenderOptions } {
  const wrong = shapeProblems(props, REQUEST_PROPS_SHAPE as PropsShape<typeof props>);
  if (wrong.length) return { source: { manifest: undefined, problems: wrong }, options: {} };
  const { name, namespace, labels, annotations, spec, ...options } = props;
  const meta = { name, namespace, labels, annotations };
  return { source: manifestFromProps(DGDR_KIND, id, meta, spec, apiVersion), options };
}
