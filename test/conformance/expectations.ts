/**
 * The conformance suite's expectation table: every upstream file or golden field where we do not
 * do what upstream's operator and API server do, or where both refuse. One row per exception,
 * each with the upstream rule it follows or the `docs/deviations.md` row that says why.
 * A fix makes its row unneeded, and the suite then fails until the row is deleted.
 */

/** A deviations.md row number. */
type DeviationRow = number;

/** Rows of docs/deviations.md the table refers to (kept here so a renumbering is one edit). */
export const DEVIATION = {
  /** Worker generations: hashed names, no replicas under `workerRollout: operator`, minReadySeconds. */
  workerGenerations: 1,
  /** No DCDs for a graph: workloads are rendered straight from it. */
  noComponentDeployments: 2,
  /** InterPod GPU memory service / failover not rendered. */
  interPodGms: 46,
  /** DGDRs plan at build time: the planner's profiler image must be named. */
  dgdrPlannedAtBuild: 63,
  /** DGDRs: no cluster to discover GPUs in, so `spec.hardware` (SKU, total GPUs) is required. */
  dgdrHardware: 64,
  /** DGDR mocker feature: its template lives in the profiler image. */
  dgdrMocker: 66,
  /** `fieldRef.apiVersion: v1` written out. */
  fieldRefApiVersion: 9,
  /** `DYN_TCP_RESPONSE_STREAM_HOST` from the pod IP, for the 1.6 runtime. */
  responseStreamHost: 76,
  /** A graph or component deployment without a spec. */
  emptySpec: 80,
  /** The origin-version annotation upstream's defaulting webhook stamps. */
  originVersion: 79,
} as const satisfies Record<string, DeviationRow>;

export interface FileExpectation {
  /** What upstream's API server and admission webhooks do with the file as a user applies it. */
  readonly upstream: 'accepts' | 'refuses';
  readonly we: 'render' | 'refuse';
  /** Every error we report for the file matches this. */
  readonly because: RegExp;
  /** The upstream rule we follow (upstream refuses too), or why we differ. */
  readonly rule: string;
  readonly deviation?: DeviationRow;
}

const DGDR_HARDWARE = /spec\.hardware(\.totalGpus|\.gpuSku)?: Required value/;
const dgdr = (because: RegExp, deviation: DeviationRow, rule: string): FileExpectation => ({
  upstream: 'accepts',
  we: 'refuse',
  because,
  rule,
  deviation,
});
const NO_HARDWARE =
  'upstream discovers the GPUs in the cluster; at build time there is none, so spec.hardware is required';

const interPod: FileExpectation = {
  upstream: 'accepts',
  we: 'refuse',
  because: /experimental\.(gpuMemoryService|failover)\.mode: Unsupported value: "InterPod"/,
  rule: 'inter-pod GPU memory service and failover (rank-local GMS pods on Grove) are not rendered',
  deviation: DEVIATION.interPodGms,
};

/** Upstream files (relative to dynamo-upstream/) that do not render as shipped. */
export const FILE_EXPECTATIONS: Record<string, FileExpectation> = {
  'deploy/operator/config/samples/nvidia.com_v1alpha1_dynamocomponentdeployment.yaml': {
    upstream: 'accepts',
    we: 'refuse',
    because: /^spec: Required value/,
    rule: 'a kubebuilder scaffold with `spec:` empty: the API server prunes the null and no CRD rule requires a spec',
    deviation: DEVIATION.emptySpec,
  },
  'deploy/operator/config/samples/nvidia.com_v1alpha1_dynamographdeployment.yaml': {
    upstream: 'accepts',
    we: 'refuse',
    because: /^spec: Required value/,
    rule: 'a kubebuilder scaffold with `spec:` empty: the API server prunes the null and no CRD rule requires a spec',
    deviation: DEVIATION.emptySpec,
  },
  'deploy/operator/config/samples/nvidia.com_v1alpha1_dynamocomponentrequest.yaml': {
    upstream: 'refuses',
    we: 'refuse',
    because: /^kind: unsupported kind "DynamoComponentRequest"/,
    rule: "upstream's CRDs (config/crd/bases) define no DynamoComponentRequest: the API server has no such kind",
  },
  'deploy/operator/config/samples/nvidia.com_v1alpha_dynamocomponent.yaml': {
    upstream: 'refuses',
    we: 'refuse',
    because: /^kind: unsupported kind "DynamoComponent"/,
    rule: "upstream's CRDs (config/crd/bases) define no DynamoComponent: the API server has no such kind",
  },
  'deploy/operator/config/samples/nvidia.com_v1beta1_dynamographdeploymentrequest.yaml': dgdr(
    DGDR_HARDWARE,
    DEVIATION.dgdrHardware,
    NO_HARDWARE,
  ),
  'deploy/operator/internal/controller/testdata/dgdr/deployment/input.yaml': dgdr(
    /spec\.features\.mocker: Forbidden/,
    DEVIATION.dgdrMocker,
    'the mocker graph is generated from a template inside the profiler image, which a build does not have',
  ),
  'deploy/operator/internal/controller/testdata/dgdr/grove/input.yaml': dgdr(
    /spec\.features\.mocker: Forbidden/,
    DEVIATION.dgdrMocker,
    'the mocker graph is generated from a template inside the profiler image, which a build does not have',
  ),
  'deploy/operator/internal/controller/testdata/dgdr/lws/input.yaml': dgdr(
    /spec\.features\.mocker: Forbidden/,
    DEVIATION.dgdrMocker,
    'the mocker graph is generated from a template inside the profiler image, which a build does not have',
  ),
  'deploy/operator/samples/dgd-gms-failover.yaml': interPod,
  'examples/backends/vllm/deploy/gms-failover.yaml': {
    upstream: 'refuses',
    we: 'refuse',
    because: new RegExp(`${interPod.because.source}|runtimeVersionOverride: Required value`),
    rule: "upstream's DGD admission refuses the main image `vllm-runtime:latest` without runtimeVersionOverride (we would also refuse its InterPod layout)",
  },
  'examples/deployments/dgdr/generated-dgd-override.yaml': dgdr(DGDR_HARDWARE, DEVIATION.dgdrHardware, NO_HARDWARE),
  'examples/deployments/dgdr/mocker.yaml': dgdr(
    new RegExp(`${DGDR_HARDWARE.source}|spec\\.features\\.mocker: Forbidden`),
    DEVIATION.dgdrMocker,
    `${NO_HARDWARE}; the mocker template lives in the profiler image`,
  ),
  'examples/deployments/dgdr/model-cache.yaml': dgdr(DGDR_HARDWARE, DEVIATION.dgdrHardware, NO_HARDWARE),
  'examples/deployments/dgdr/moe-sglang.yaml': dgdr(
    new RegExp(`${DGDR_HARDWARE.source}|spec\\.image: Required value`),
    DEVIATION.dgdrPlannedAtBuild,
    `${NO_HARDWARE}; the profiler image is not derived from an operator version (no webhook)`,
  ),
  'examples/deployments/dgdr/planner.yaml': dgdr(DGDR_HARDWARE, DEVIATION.dgdrHardware, NO_HARDWARE),
  'examples/deployments/dgdr/profiling-artifacts.yaml': dgdr(
    new RegExp(`${DGDR_HARDWARE.source}|spec\\.image: Required value`),
    DEVIATION.dgdrPlannedAtBuild,
    `${NO_HARDWARE}; the profiler image is not derived from an operator version (no webhook)`,
  ),
  'examples/deployments/dgdr/rapid.yaml': dgdr(DGDR_HARDWARE, DEVIATION.dgdrHardware, NO_HARDWARE),
  'examples/deployments/dgdr/review-before-deploy.yaml': dgdr(DGDR_HARDWARE, DEVIATION.dgdrHardware, NO_HARDWARE),
  'examples/deployments/dgdr/thorough.yaml': dgdr(
    new RegExp(`${DGDR_HARDWARE.source}|spec\\.image: Required value`),
    DEVIATION.dgdrPlannedAtBuild,
    `${NO_HARDWARE}; the profiler image is not derived from an operator version (no webhook)`,
  ),
  'examples/power-aware-budget/dgd.yaml': {
    upstream: 'refuses',
    we: 'refuse',
    because: /containers\[0\]\.image: Required value: the main container needs an image/,
    rule: "upstream's DGD webhook requires a main container image (the file leaves the images out)",
  },
};

export interface GoldenCaseExpectation {
  /** The input is refused: every expected field counts as compared and not matching. */
  readonly refused?: RegExp;
  /** Kinds of expected objects upstream creates and we deliberately do not. */
  readonly notRendered: readonly string[];
  readonly rule: string;
  readonly deviation?: DeviationRow;
}

const DGDR_MOCKER_CASE: GoldenCaseExpectation = {
  refused: /spec\.features\.mocker: Forbidden/,
  notRendered: [],
  rule: 'the DGDR asks for the mocker, whose template lives in the profiler image',
  deviation: DEVIATION.dgdrMocker,
};

/** Golden cases (`<kind>/<case>` under testdata/) with an exception for the whole case. */
export const GOLDEN_CASE_EXPECTATIONS: Record<string, GoldenCaseExpectation> = {
  'dgd/components': {
    notRendered: ['DynamoComponentDeployment'],
    rule: 'a graph renders its workloads directly, without DCDs',
    deviation: DEVIATION.noComponentDeployments,
  },
  'dgdr/deployment': DGDR_MOCKER_CASE,
  'dgdr/grove': DGDR_MOCKER_CASE,
  'dgdr/lws': DGDR_MOCKER_CASE,
};

export interface GoldenDifferenceRow {
  /** Golden case, `dgd/components`. */
  readonly case: string;
  /** The expected object, `Kind/name` as the output file writes it (the name may be a matcher word); a prefix. */
  readonly object: string;
  /** The field path of the difference. */
  readonly path: RegExp;
  /** The upstream rule we follow, or why we differ. */
  readonly reason: string;
  readonly deviation: DeviationRow;
}

/** Rows for several cases at once: one row per case, so each must still be needed. */
const inCases = (cases: readonly string[], row: Omit<GoldenDifferenceRow, 'case'>): GoldenDifferenceRow[] =>
  cases.map((c) => ({ case: c, ...row }));
const RENDERED_CASES = ['dgd/components', 'dcd/deployment', 'dcd/lws', 'dgd/grove'];
const ANY = '';

/** Field differences in golden cases that render. */
export const GOLDEN_DIFFERENCES: readonly GoldenDifferenceRow[] = [
  // Deliberate.
  {
    case: 'dgd/components',
    object: 'Deployment/$glob:component-manifests-decode-*',
    path: /^spec\.(replicas|minReadySeconds)$/,
    reason: 'worker generations under workerRollout: operator: no replicas in Git, minReadySeconds 10',
    deviation: DEVIATION.workerGenerations,
  },
  ...inCases(RENDERED_CASES, {
    object: ANY,
    path: /\.env\[DYN_TCP_RESPONSE_STREAM_HOST\]$/,
    reason: "the 1.6 runtime's TCP response stream needs a routable host",
    deviation: DEVIATION.responseStreamHost,
  }),
  // In a CRD's embedded pod template (LeaderWorkerSet, PodCliqueSet) the API server does not default it.
  ...inCases(['dcd/lws', 'dgd/grove'], {
    object: ANY,
    path: /\.valueFrom\.fieldRef\.apiVersion$/,
    reason: 'fieldRef apiVersion written out, so server-side apply reads back what was written',
    deviation: DEVIATION.fieldRefApiVersion,
  }),
  // The origin version is the version a build renders for, not the test operator's 1.4.x.
  {
    case: 'dgd/grove',
    object: 'PodCliqueSet/',
    path: /\.cliques\[[^\]]+\]\.annotations\.nvidia\.com\/dynamo-operator-origin-version$/,
    reason: "a graph is rendered as created through upstream's webhook by the release we render for",
    deviation: DEVIATION.originVersion,
  },
];

/** The row that explains a difference in a golden case, if any. */
export function differenceRow(name: string, object: string, d: { path: string }): GoldenDifferenceRow | undefined {
  return GOLDEN_DIFFERENCES.find((r) => r.case === name && object.startsWith(r.object) && r.path.test(d.path));
}
