/**
 * One upstream file through the render pipeline the CLI runs (in process), and the defaults the
 * API server fills in, which upstream's golden outputs show and a render does not write.
 */
import { KubeObject } from '../../src/api/k8s-types';
import { errorsOf, Problem, ValidationError } from '../../src/api/problems';
import { PlatformSettings, resolveSettings } from '../../src/api/settings';
import { renderManifests } from '../../src/pipeline/manifests';

/** Upstream's envtest namespaces are `clusterenv-<random>`; its golden outputs match that shape. */
export const NAMESPACE = 'clusterenv-conformance';

export interface Outcome {
  readonly objects: KubeObject[];
  /** Error-level problems; the file is refused when there is one. */
  readonly errors: Problem[];
  readonly warnings: Problem[];
}

/**
 * The cluster of upstream's controller tests (envtest) has Grove and LeaderWorkerSet installed, so
 * its operator picks Grove unless a graph says `nvidia.com/enable-grove: "false"`; our settings
 * state what a build cannot look up (docs/deviations.md #14).
 */
export const GOLDEN_SETTINGS: PlatformSettings = { groveAvailable: true, lwsAvailable: true };

/**
 * The release upstream's tree is rendered for: it was taken between the 1.5 and 1.6 releases
 * (third_party README), so its files and goldens are 1.6's (DynamoCheckpoint among them), not
 * those of the default release.
 */
export const UPSTREAM_TREE_SETTINGS: PlatformSettings = { dynamoVersion: '1.6' };

/** Renders text as `dynamo-iac render --namespace clusterenv-conformance` does, without a plan lock. */
export function renderText(text: string, source: string, settings: PlatformSettings = {}): Outcome {
  try {
    const r = renderManifests([{ source, text }], resolveSettings({ ...UPSTREAM_TREE_SETTINGS, ...settings }), {
      defaultNamespace: NAMESPACE,
      plans: { file: 'conformance-has-no.lock' },
    });
    const errors = errorsOf(r.problems);
    return {
      objects: errors.length > 0 ? [] : r.objects,
      errors,
      warnings: r.problems.filter((p) => p.severity === 'warning'),
    };
  } catch (e) {
    if (e instanceof ValidationError) return { objects: [], errors: [...e.problems], warnings: [] };
    throw e;
  }
}

/**
 * Fields the API server (built-in defaulting, or a CRD schema's `default`) fills in when they are
 * absent, by the path's last segments, with their default values. An expected field a render lacks
 * is left out of the comparison only when its value is exactly this default.
 */
const API_SERVER_DEFAULTS: readonly [RegExp, unknown][] = [
  // Deployment
  [/^spec\.progressDeadlineSeconds$/, 600],
  [/^spec\.revisionHistoryLimit$/, 10],
  [/^spec\.strategy$/, { rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' }, type: 'RollingUpdate' }],
  // Pod spec
  [/(^|\.)spec\.dnsPolicy$/, 'ClusterFirst'],
  [/(^|\.)spec\.restartPolicy$/, 'Always'],
  [/(^|\.)spec\.schedulerName$/, 'default-scheduler'],
  [/(^|\.)spec\.securityContext$/, {}],
  [/(^|\.)spec\.terminationGracePeriodSeconds$/, 30],
  // Containers
  [/\.terminationMessagePath$/, '/dev/termination-log'],
  [/\.terminationMessagePolicy$/, 'File'],
  [/\.imagePullPolicy$/, 'IfNotPresent'],
  [/\.resources$/, {}],
  [/\.ports\[[^\]]+\]\.protocol$/, 'TCP'],
  [/Probe\.successThreshold$/, 1],
  [/Probe\.timeoutSeconds$/, 1],
  [/Probe\.periodSeconds$/, 10],
  [/Probe\.failureThreshold$/, 3],
  [/\.(httpGet|grpc)\.scheme$/, 'HTTP'],
  [/\.fieldRef\.apiVersion$/, 'v1'],
  // LeaderWorkerSet (its CRD's defaults and defaulting webhook)
  [/^spec\.leaderWorkerTemplate\.restartPolicy$/, 'RecreateGroupOnPodRestart'],
  [/^spec\.networkConfig$/, { subdomainPolicy: 'Shared' }],
  [
    /^spec\.rolloutStrategy$/,
    { rollingUpdateConfiguration: { maxSurge: 0, maxUnavailable: 1, partition: 0 }, type: 'RollingUpdate' },
  ],
  [/^spec\.startupPolicy$/, 'LeaderCreated'],
  // Volumes
  [/\.configMap\.defaultMode$/, 420],
  [/\.secret\.defaultMode$/, 420],
];

/** Is `expected` at `path` what the API server would have filled in? */
export function isApiServerDefault(path: string, expected: unknown): boolean {
  if (/(^|\.)spec\.serviceAccount$/.test(path)) return true; // the deprecated mirror of serviceAccountName
  return API_SERVER_DEFAULTS.some(([re, value]) => re.test(path) && JSON.stringify(value) === JSON.stringify(expected));
}
