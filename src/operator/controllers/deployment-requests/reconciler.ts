/**
 * Keeps each DynamoGraphDeploymentRequest's status (request-status.ts) through the status
 * subresource, only when it changed; never its spec, and no owner reference on the graph
 * (upstream sets none either). A v1alpha1-written request gets the v1alpha1 status fields
 * (`state`, `deployment`) through the v1alpha1 endpoint.
 */
import { DGDR_KIND, DGDR_LABEL, errorsOf, problemLine } from '../../../api';
import { loadDeploymentRequest } from '../../../kinds/request/load';
import { V1BETA2_SPEC_FIELDS } from '../../../kinds/request/load-v1beta2';
import { profilingJobName, profilingOutputName } from '../../../kinds/request/profiling-job';
import { ReconcileOutcome, ReconcilerContext, splitKey } from '../../runtime/controller';
import { Informer } from '../../runtime/informer';
import { isNotFound } from '../../runtime/kube/errors';
import { ConfigMap, DeploymentRequest, GraphDeployment, Job } from '../kinds';
import { RESOURCES } from '../resources';
import { statusPatch, unchanged } from '../status-patch';
import { requestStatus, RequestStatus } from './request-status';

export interface DeploymentRequestDeps extends ReconcilerContext {
  readonly requests: Informer<DeploymentRequest>;
  readonly graphs: Informer<GraphDeployment>;
  /** Profiling Jobs (labelled `dgdr`). */
  readonly jobs: Informer<Job>;
}

/** Spec fields only a v1alpha1 request has (conversion None keeps them under v1beta1). */
const V1ALPHA1_FIELDS = ['useMocker', 'enableGpuDiscovery', 'profilingConfig', 'deploymentOverrides'];
export const writtenAsV1alpha1Request = (r: DeploymentRequest): boolean =>
  V1ALPHA1_FIELDS.some((f) => f in (r.spec ?? {}));

/**
 * A v1beta2-written request, read through v1beta1 (conversion None): its own fields, plus the
 * top-level v1beta1 defaults the API server adds on read (backend, searchStrategy, autoApply),
 * which are dropped so it loads as the v1beta2 request it is.
 */
export const writtenAsV1beta2Request = (r: DeploymentRequest): boolean => 'modelRef' in (r.spec ?? {});
const v1beta2Spec = (spec: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(spec).filter(([k]) => V1BETA2_SPEC_FIELDS.has(k)));

/** The request a profiling Job belongs to. */
export const requestKeyOfJob = (job: Job): string | undefined =>
  job.metadata.labels?.dgdr ? `${job.metadata.namespace}/${job.metadata.labels.dgdr}` : undefined;

/** The request a generated graph belongs to: its DGDR labels, same namespace only. */
export function requestKeyOfGraph(g: GraphDeployment): string | undefined {
  const labels = g.metadata.labels ?? {};
  return labels[DGDR_LABEL.name] && labels[DGDR_LABEL.namespace] === g.metadata.namespace
    ? `${g.metadata.namespace}/${labels[DGDR_LABEL.name]}`
    : undefined;
}

export class DeploymentRequestReconciler {
  constructor(private readonly d: DeploymentRequestDeps) {}

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const [namespace, name] = splitKey(key);
    if (!this.d.gate.allows(namespace)) return;
    const request = this.d.requests.get(namespace, name);
    if (!request || request.metadata.deletionTimestamp) return;
    const v1alpha1 = writtenAsV1alpha1Request(request);
    const v1beta2 = !v1alpha1 && writtenAsV1beta2Request(request);
    const { labels, annotations } = request.metadata;
    const loaded = loadDeploymentRequest({
      apiVersion: v1alpha1 ? 'nvidia.com/v1alpha1' : v1beta2 ? 'nvidia.com/v1beta2' : 'nvidia.com/v1beta1',
      kind: DGDR_KIND,
      metadata: { name, namespace, labels, annotations },
      spec: v1beta2 ? v1beta2Spec(request.spec ?? {}) : request.spec,
    });
    const errors = errorsOf(loaded.problems);
    const graph = this.d.graphs
      .list((g) => g.metadata.namespace === namespace && requestKeyOfGraph(g) === key)
      .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))[0];
    const job = this.d.jobs.get(namespace, profilingJobName({ name }));
    const finished =
      job &&
      (job.status?.conditions ?? []).some((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
    const output = finished ? await this.outputOf(namespace, name) : undefined;
    const { status, event } = requestStatus(
      {
        request,
        model: errors.length ? undefined : loaded.model,
        problems: errors.map((p) => problemLine(p)),
        graph,
        job,
        output,
      },
      new Date(this.d.clock.now()).toISOString(),
    );
    const desired: Record<string, unknown> = v1alpha1 ? v1alpha1Status(status, graph) : { ...status };
    if (unchanged(desired, request.status)) return;
    const resource = v1alpha1 ? RESOURCES.dgdrV1alpha1 : RESOURCES.dgdrV1beta1;
    const patched = await this.d.api.mergePatch<DeploymentRequest>(
      resource,
      namespace,
      name,
      statusPatch(desired, request.status),
      'status',
    );
    this.d.requests.remember({ ...patched, apiVersion: RESOURCES.dgdrV1beta1.apiVersion });
    if (event) await this.d.events.record(patched, event.type, event.reason, event.message);
  }

  private async outputOf(namespace: string, name: string): Promise<Record<string, string> | undefined> {
    try {
      return (
        (await this.d.api.get<ConfigMap>(RESOURCES.configMap, namespace, profilingOutputName({ name }))).data ?? {}
      );
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }
}

/** The deprecated v1alpha1 status: `state` (no `Deployed`: a deployed request is `Ready`), `deployment`. */
function v1alpha1Status(s: RequestStatus, graph: GraphDeployment | undefined): Record<string, unknown> {
  return {
    observedGeneration: s.observedGeneration,
    state: s.phase === 'Deployed' ? 'Ready' : s.phase,
    conditions: s.conditions,
    deployment:
      s.dgdName && graph
        ? {
            name: graph.metadata.name,
            namespace: graph.metadata.namespace,
            state: graph.status?.state ?? '',
            created: true,
          }
        : undefined,
  };
}
