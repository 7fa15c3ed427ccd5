/**
 * A DynamoGraphDeploymentRequest's status, as a pure function of what the cluster shows. The
 * plan is made at build time (`dynamo-iac plan`, committed in the plan lock) and Flux applies
 * the generated graph, so the operator never creates anything: it reports where the request is.
 *
 * - The generated DGD (labelled `dgdr.nvidia.com/name` / `namespace`) exists: `Deploying`, or
 *   `Deployed` once it is ready (generation observed, `Ready=True`: the Flux health check).
 * - Else a profiling Job (`searchStrategy: thorough`, not planned yet) exists: `Profiling` while
 *   it runs, `Failed` when it or the profiler failed, `Ready` when done (the plan still has to be
 *   imported: `dynamo-iac plan --import`).
 * - Else `Ready` with `autoApply: false` (the plan is the committed file), otherwise `Pending`
 *   (Flux has not applied the graph or the Job yet).
 *
 * Conditions, reasons and messages are upstream's where it has the situation.
 */
import { DeploymentRequestModel } from '../../../api';
import { AIC_PACKAGE, AIC_VERSION } from '../../../plan/aiconfigurator/tool';
import { graphName } from '../../../plan/generate';
import { DEFAULT_LOCK_FILE } from '../../../plan/lock';
import { profilingJobName, profilingOutputName } from '../../../kinds/request/profiling-job';
import { Condition } from '../../runtime/conditions';
import { DeploymentRequest, GraphDeployment, Job } from '../kinds';

export type RequestPhase = 'Pending' | 'Profiling' | 'Ready' | 'Deploying' | 'Deployed' | 'Failed';

export interface RequestFacts {
  readonly request: DeploymentRequest;
  /** The request read by src/api; undefined when it does not validate. */
  readonly model?: DeploymentRequestModel;
  /** Validation errors, as `<path>: <message>`. */
  readonly problems: readonly string[];
  readonly graph?: GraphDeployment;
  readonly job?: Job;
  /** The profiling Job's output ConfigMap data (read once the Job finished). */
  readonly output?: Readonly<Record<string, string>>;
}

/** The v1beta1 status fields the operator owns (undefined = removed). */
export interface RequestStatus {
  observedGeneration?: number;
  phase: RequestPhase;
  profilingPhase?: string;
  dgdName?: string;
  profilingJobName?: string;
  deploymentInfo?: { replicas: number; availableReplicas: number };
  conditions: Condition[];
}

export interface RequestEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
}

type NewCondition = Omit<Condition, 'lastTransitionTime' | 'observedGeneration'>;
const cond = (type: string, ok: boolean, reason: string, message: string): NewCondition => ({
  type,
  status: ok ? 'True' : 'False',
  reason,
  message,
});

/** Upstream's aggregate `Succeeded` per phase (setSucceededCondition). */
const SUCCEEDED: Record<RequestPhase, NewCondition> = {
  Pending: cond('Succeeded', false, 'Pending', 'DGDR is pending'),
  Profiling: cond('Succeeded', false, 'Profiling', 'Profiling is in progress'),
  Ready: cond('Succeeded', true, 'SpecGenerated', 'Profiling complete, spec available'),
  Deploying: cond('Succeeded', false, 'Deploying', 'Deployment is in progress'),
  Deployed: cond('Succeeded', true, 'Deployed', 'Deployment is healthy'),
  Failed: cond('Succeeded', false, 'Failed', 'DGDR has failed'),
};

/** The same test as the Flux health check of a graph: generation observed and `Ready=True`. */
export function graphReady(g: GraphDeployment): boolean {
  return (
    g.status?.observedGeneration === g.metadata.generation &&
    (g.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True')
  );
}

function jobState(job: Job): 'running' | 'complete' | 'failed' {
  const is = (type: string) => (job.status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');
  return is('Failed') ? 'failed' : is('Complete') ? 'complete' : 'running';
}

export function requestStatus(facts: RequestFacts, now: string): { status: RequestStatus; event?: RequestEvent } {
  const { request, model, graph, job, output } = facts;
  const name = request.metadata.name;
  const conditions: NewCondition[] = [];
  let event: RequestEvent | undefined;
  // Every field the operator owns, so one that no longer applies is removed.
  const out: Omit<RequestStatus, 'conditions'> = {
    observedGeneration: request.metadata.generation,
    phase: 'Pending',
    profilingPhase: undefined,
    dgdName: undefined,
    profilingJobName: undefined,
    deploymentInfo: undefined,
  };
  const done = (phase: RequestPhase, succeeded: NewCondition = SUCCEEDED[phase]) => {
    out.phase = phase;
    conditions.push(succeeded);
    return { status: { ...out, conditions: withTimes(conditions, request, now) }, event };
  };

  if (!model) {
    const message = facts.problems.join('; ');
    conditions.push(cond('Validation', false, 'ValidationFailed', message));
    return done('Failed', cond('Succeeded', false, 'ValidationFailed', message));
  }
  conditions.push(cond('Validation', true, 'ValidationPassed', 'DGDR spec validation passed'));
  const thorough = model.spec.searchStrategy === 'thorough';
  const planned = thorough
    ? cond(
        'Profiling',
        true,
        'ProfilingCompleted',
        `Profiled in the cluster; the result is imported into the committed plan lock (${DEFAULT_LOCK_FILE})`,
      )
    : cond(
        'Profiling',
        true,
        'ProfilingCompleted',
        `Planned at build time by dynamo-iac plan (${AIC_PACKAGE} ${AIC_VERSION}); the plan is the committed plan lock (${DEFAULT_LOCK_FILE})`,
      );

  if (graph && model.spec.autoApply) {
    const dgd = graph.metadata.name;
    out.dgdName = dgd;
    out.deploymentInfo = deploymentInfo(graph);
    conditions.push(
      planned,
      cond('SpecGenerated', true, 'SpecGenerated', 'DynamoGraphDeployment spec generated successfully'),
    );
    const state = graph.status?.state || 'unknown';
    const before = request.status?.phase;
    if (graphReady(graph)) {
      conditions.push(cond('DeploymentReady', true, 'DeploymentReady', `DynamoGraphDeployment ${dgd} is ready`));
      if (before !== 'Deployed')
        event = { type: 'Normal', reason: 'DeploymentReady', message: `DynamoGraphDeployment ${dgd} is ready` };
      return done('Deployed');
    }
    // Degraded: it was Deployed. Upstream says so once and then `DeploymentInProgress`; the
    // reason stays here until the graph is ready again, so the next write does not hide it.
    const wasDegraded = request.status?.conditions?.some(
      (c) => c.type === 'DeploymentReady' && c.reason === 'DeploymentDegraded',
    );
    if (before === 'Deployed' || wasDegraded) {
      conditions.push(cond('DeploymentReady', false, 'DeploymentDegraded', `Deployment degraded to ${state}`));
      if (before === 'Deployed')
        event = {
          type: 'Warning',
          reason: 'DeploymentDegraded',
          message: `DynamoGraphDeployment ${dgd} degraded from Ready to ${state}`,
        };
    } else {
      conditions.push(cond('DeploymentReady', false, 'DeploymentInProgress', `DGD ${dgd} is in ${state} state`));
    }
    return done('Deploying');
  }

  if (job) {
    out.profilingJobName = job.metadata.name;
    const state = jobState(job);
    if (state === 'failed' || output?.profiler_status === 'failed') {
      const message = `profiling failed: ${output?.profiler_error || jobFailure(job)}`;
      conditions.push(cond('Profiling', false, 'ProfilingFailed', message));
      return done('Failed', cond('Succeeded', false, 'ProfilingFailed', message));
    }
    if (state === 'running') {
      out.profilingPhase = 'Initializing';
      conditions.push(cond('Profiling', false, 'ProfilingRunning', 'Profiling is in progress'));
      return done('Profiling');
    }
    conditions.push(cond('Profiling', true, 'ProfilingCompleted', 'Profiling job completed successfully'));
    const cm = profilingOutputName({ name });
    return done(
      'Ready',
      cond(
        'Succeeded',
        false,
        'ImportRequired',
        `Profiling complete: run \`kubectl get configmap ${cm} -n ${request.metadata.namespace} -o yaml > output.yaml\` and \`dynamo-iac plan --import output.yaml <request file>\`, then commit the plan lock`,
      ),
    );
  }

  if (!model.spec.autoApply) {
    if (graph) out.dgdName = graph.metadata.name;
    conditions.push(
      planned,
      cond(
        'SpecGenerated',
        true,
        'SpecGenerated',
        `Generated spec is in the committed plan lock (${DEFAULT_LOCK_FILE}); autoApply: false keeps it out of the deployed output`,
      ),
    );
    return done('Ready');
  }
  conditions.push(
    thorough
      ? cond('Profiling', false, 'Pending', `Waiting for the profiling Job ${profilingJobName({ name })} to be applied`)
      : planned,
  );
  return done(
    'Pending',
    cond(
      'Succeeded',
      false,
      'Pending',
      thorough
        ? `DGDR is pending: the profiling Job ${profilingJobName({ name })} is not applied yet`
        : `DGDR is pending: DynamoGraphDeployment ${graphName(model)} is not applied yet`,
    ),
  );
}

/** Replicas and available replicas summed over the graph's components (upstream's updateDeploymentInfo). */
function deploymentInfo(graph: GraphDeployment): { replicas: number; availableReplicas: number } {
  const reported = Object.values(
    (graph.status?.components ?? graph.status?.services ?? {}) as Record<
      string,
      { replicas?: number; availableReplicas?: number }
    >,
  );
  return {
    replicas: reported.reduce((n, c) => n + (c.replicas ?? 0), 0),
    availableReplicas: reported.reduce((n, c) => n + (c.availableReplicas ?? 0), 0),
  };
}

function jobFailure(job: Job): string {
  const failed = (job.status?.conditions ?? []).find((c) => c.type === 'Failed' && c.status === 'True');
  return failed?.message || `job ${job.metadata.name} failed`;
}

/** Conditions with `observedGeneration`, keeping a transition time while the status stays. */
function withTimes(conditions: NewCondition[], request: DeploymentRequest, now: string): Condition[] {
  const previous = request.status?.conditions ?? [];
  return conditions.map((c) => {
    const before = previous.find((p) => p.type === c.type);
    return {
      ...c,
      lastTransitionTime: before?.status === c.status ? before.lastTransitionTime : now,
      observedGeneration: request.metadata.generation,
    };
  });
}
