/**
 * Flux `healthCheckExprs` (CEL) for every nvidia.com kind: the twins of the Argo CD Lua health
 * checks in resource_customizations/nvidia.com/<kind>/health.lua, rule for rule. Flux evaluates
 * them in the order inProgress, failed, current, after its own rule that a
 * `status.observedGeneration` other than `metadata.generation` is in progress; the Lua scripts
 * check in the same order, and test/gitops/health-scripts.test.ts runs both on every fixture.
 * Argo CD's Suspended (a person has to act) has no Flux equivalent: it is `failed` here, so the
 * Kustomization says so instead of waiting for its timeout.
 *
 * Flux keys custom health checks by group and kind (it refuses two for one kind) and reads each
 * object at the version the server prefers; every version of a kind has the same status fields,
 * and the expressions accept the v1alpha1 and v1beta1 shapes where they differ.
 */
import { V1BETA1 } from '../../api/input/v1beta1';
import { SEARCH_API_VERSION } from '../../api/search-kinds';

/** One entry of a Kustomization's `spec.healthCheckExprs`. */
export type FluxHealthCheckExpr = {
  readonly apiVersion: string;
  readonly kind: string;
  readonly inProgress?: string;
  readonly failed?: string;
  readonly current: string;
};

const V1ALPHA1 = 'nvidia.com/v1alpha1';

/** `status.conditions` has a condition of `type` for which `test` (over `c`) holds. */
const condition = (type: string, test?: string) =>
  `has(status.conditions) && status.conditions.exists(c, c.type == '${type}'${test ? ` && ${test}` : ''})`;
/** `status.<field>.phase` is set and one of `phases`. */
const phaseIn = (field: string, phases: string[]) =>
  `(has(status.${field}) && has(status.${field}.phase) && status.${field}.phase in [${phases.map((p) => `'${p}'`).join(', ')}])`;

function graphDeployment(apiVersion: string): FluxHealthCheckExpr {
  return {
    apiVersion,
    kind: 'DynamoGraphDeployment',
    inProgress: [
      '!has(status.observedGeneration)',
      'status.observedGeneration != metadata.generation',
      phaseIn('restart', ['Pending', 'Restarting']),
      phaseIn('rollingUpdate', ['Pending', 'InProgress']),
    ].join(' || '),
    failed: [
      "(has(status.state) && status.state == 'failed')",
      phaseIn('restart', ['Failed']),
      phaseIn('rollingUpdate', ['Failed']),
    ].join(' || '),
    current: `status.observedGeneration == metadata.generation && ${condition('Ready', "c.status == 'True'")}`,
  };
}

const componentDeployment: FluxHealthCheckExpr = {
  apiVersion: V1BETA1,
  kind: 'DynamoComponentDeployment',
  // v1beta1 reports status.observedGeneration, v1alpha1 only the Available condition's.
  inProgress:
    "!has(status.conditions) || !status.conditions.exists(c, c.type == 'Available') || " +
    '(has(status.observedGeneration) ? status.observedGeneration != metadata.generation : ' +
    "!status.conditions.exists(c, c.type == 'Available' && has(c.observedGeneration) && c.observedGeneration == metadata.generation))",
  current: "status.conditions.exists(c, c.type == 'Available' && c.status == 'True')",
};

/** v1beta1 `status.phase`, v1alpha1 `status.state`. */
const REQUEST_PHASE = "(has(status.phase) ? status.phase : (has(status.state) ? status.state : ''))";
const REQUEST_DEGRADED = condition('DeploymentReady', "c.status == 'False' && c.reason == 'DeploymentDegraded'");

const deploymentRequest: FluxHealthCheckExpr = {
  apiVersion: V1BETA1,
  kind: 'DynamoGraphDeploymentRequest',
  inProgress: [
    `${REQUEST_PHASE} in ['', 'Pending', 'Initializing', 'Profiling']`,
    '(has(status.observedGeneration) && status.observedGeneration != metadata.generation)',
    `(${REQUEST_PHASE} == 'Deploying' && !(${REQUEST_DEGRADED}))`,
  ].join(' || '),
  failed: [
    `(${REQUEST_DEGRADED})`,
    `${REQUEST_PHASE} in ['Failed', 'DeploymentDeleted']`,
    // Argo CD: Suspended (the profiling result is to be imported into the plan lock).
    `(${REQUEST_PHASE} == 'Ready' && ${condition('Succeeded', "c.status == 'False'")})`,
  ].join(' || '),
  current: `${REQUEST_PHASE} in ['Deployed', 'Ready']`,
};

const scalingAdapter: FluxHealthCheckExpr = {
  apiVersion: V1ALPHA1,
  kind: 'DynamoGraphDeploymentScalingAdapter',
  inProgress:
    "!has(status.replicas) || status.replicas != spec.replicas || !has(status.selector) || status.selector == ''",
  current: 'status.replicas == spec.replicas',
};

const MODEL_INVALID = condition('Valid', "c.status == 'False'");

const model: FluxHealthCheckExpr = {
  apiVersion: V1ALPHA1,
  kind: 'DynamoModel',
  inProgress:
    `!(${MODEL_INVALID}) && (!has(status.conditions) || !status.conditions.exists(c, c.type == 'EndpointsReady') || ` +
    "status.conditions.exists(c, c.type == 'EndpointsReady' && ((has(c.observedGeneration) && c.observedGeneration != metadata.generation) || " +
    "(c.status != 'True' && (!has(c.reason) || c.reason != 'NotReady')))))",
  failed: `(${MODEL_INVALID}) || (${condition('EndpointsReady', "c.status != 'True'")})`,
  current: condition('EndpointsReady', "c.status == 'True'"),
};

const checkpoint: FluxHealthCheckExpr = {
  apiVersion: V1ALPHA1,
  kind: 'DynamoCheckpoint',
  inProgress: "!has(status.phase) || status.phase in ['', 'Pending', 'Creating']",
  failed: "status.phase == 'Failed'",
  current: "status.phase == 'Ready'",
};

/** Dynamo 1.7's search records (`nvidia.com/v1beta2`): a Run by its phase, a Candidate by its Evaluated condition. */
const deploymentRun: FluxHealthCheckExpr = {
  apiVersion: SEARCH_API_VERSION,
  kind: 'DynamoGraphDeploymentRun',
  inProgress: "!has(status.phase) || status.phase in ['', 'Pending', 'Running']",
  failed: "status.phase == 'Failed'",
  current: "status.phase == 'Succeeded'",
};

const deploymentCandidate: FluxHealthCheckExpr = {
  apiVersion: SEARCH_API_VERSION,
  kind: 'DynamoGraphDeploymentCandidate',
  inProgress: `!(${condition('Evaluated', "c.status in ['True', 'False']")})`,
  failed: condition('Evaluated', "c.status == 'False'"),
  current: condition('Evaluated', "c.status == 'True'"),
};

const workerMetadata: FluxHealthCheckExpr = {
  apiVersion: V1ALPHA1,
  kind: 'DynamoWorkerMetadata',
  current: 'has(spec.data) && size(spec.data) > 0',
};

/**
 * The DynamoGraphDeployment health check: in progress until the operator has seen the current
 * generation and while a restart or rolling update runs, failed when the graph, its restart or
 * its rolling update failed, current when Ready is True.
 */
export function graphHealthCheckExpr(apiVersion: string = V1BETA1): FluxHealthCheckExpr {
  return graphDeployment(apiVersion);
}

/** Health checks for every nvidia.com kind, in a Kustomization's `spec.healthCheckExprs`. */
export function fluxHealthCheckExprs(): FluxHealthCheckExpr[] {
  return [
    graphDeployment(V1BETA1),
    componentDeployment,
    deploymentRequest,
    scalingAdapter,
    model,
    checkpoint,
    deploymentRun,
    deploymentCandidate,
    workerMetadata,
  ];
}
