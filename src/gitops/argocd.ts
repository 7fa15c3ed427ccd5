/**
 * The Argo CD objects that sync a GitOps layout (src/gitops/layout.ts), as pure builders: an app
 * of apps whose children are one Application per layer, in sync waves from the same layer order
 * that drives the Flux Kustomizations' dependsOn (crds → platform → graphs):
 *
 *   <prefix>            the root (argocd/): syncs argocd/apps/; the one object a user applies
 *   argocd-cm           wave -1: the health checks (health/argocd-cm.ts), before anything they judge
 *   <prefix>-crds       wave 0, never pruned (deleting a CRD deletes every object of its kind),
 *                       server-side apply (our CRDs exceed the client-side apply annotation limit)
 *   <prefix>-platform   wave 1
 *   <prefix>-graphs     wave 2; what the runtime operator owns is ignored (ignoreDifferences)
 *
 * A wave waits until the previous one's Applications are healthy: the root judges its children
 * with the Application health check the argocd-cm patch carries (Argo CD has none by default).
 * Every child applies server-side, skips the dry run of kinds whose CRD the same sync creates,
 * prunes last (an old worker goes after its replacement is up) and respects ignoreDifferences
 * when it syncs, so a scale the operator applied is never taken back.
 */
import { KubeObject } from '../api/k8s-types';
import { argoCdOptionProblems, engineOptionError } from './engine-options';
import { argoHealthConfigMap } from './health/argocd-cm';
import { ARGOCD_APPS_DIR, type LayerName } from './layout';

export const ARGOCD_API = 'argoproj.io/v1alpha1';
export const SYNC_WAVE_ANNOTATION = 'argocd.argoproj.io/sync-wave';

/**
 * Field managers of the runtime operator (src/operator: scaling-adapter replicas, the restart
 * annotation, and a worker generation's replicas and ownerReference). Spelled out: gitops sits
 * below the operator in the layers; a test pins them.
 */
export const RUNTIME_FIELD_MANAGERS: readonly string[] = [
  'dynamo-iac-operator',
  'dynamo-iac-operator-restart',
  'dynamo-iac-operator-rollout',
];

export interface ArgoCdOptions {
  /** The Git repository (https://, ssh://, git@host:path, file://) or OCI artifact (oci://) holding the layout. */
  readonly repoURL: string;
  /** Branch, tag or commit. @default 'main' */
  readonly targetRevision?: string;
  /** Where the layout's root is inside the repository. @default '.' */
  readonly path?: string;
  /** Name of the root Application and prefix of the layer Applications. @default 'dynamo' */
  readonly name?: string;
  /** Namespace Argo CD runs in (the Applications and argocd-cm live there). @default 'argocd' */
  readonly namespace?: string;
  /** AppProject of every Application. @default 'default' */
  readonly project?: string;
  /** The cluster to deploy to, by API server URL. @default 'https://kubernetes.default.svc' (Argo CD's own) */
  readonly server?: string;
  /** The layers present in the layout, in any order. */
  readonly layers: readonly LayerName[];
  /** Ship the health checks (argocd-cm patch) in wave -1. @default true */
  readonly healthChecks?: boolean;
}

/** The argocd/ layer: the root Application, and the objects it syncs (argocd/apps/). */
export interface ArgoCdObjects {
  readonly root: KubeObject[];
  readonly apps: KubeObject[];
}

const WAVES: Partial<Record<LayerName, number>> = { crds: 0, platform: 1, graphs: 2 };

/** One sync option line per concern (Argo CD's `syncPolicy.syncOptions`). */
const SYNC_OPTIONS = [
  'ServerSideApply=true',
  'SkipDryRunOnMissingResource=true',
  'PruneLast=true',
  'RespectIgnoreDifferences=true',
];

/**
 * What the runtime side owns in the graphs layer (docs/gitops-argocd.md, "What the runtime
 * operator owns"): fields the operator's field managers hold on rendered workloads (replicas of a
 * scaling adapter's component, the restart annotation), and the status of our kinds.
 */
export function runtimeIgnoreDifferences(): Record<string, unknown>[] {
  const workloads = [
    { group: 'apps', kind: 'Deployment' },
    { group: 'leaderworkerset.x-k8s.io', kind: 'LeaderWorkerSet' },
    { group: 'grove.io', kind: 'PodCliqueSet' },
    // A worker generation's Service: the ownerReference to its graph.
    { group: '', kind: 'Service' },
  ];
  const statuses = [
    'DynamoGraphDeployment',
    'DynamoComponentDeployment',
    'DynamoGraphDeploymentRequest',
    'DynamoModel',
    'DynamoCheckpoint',
  ];
  return [
    ...workloads.map((w) => ({ ...w, managedFieldsManagers: [...RUNTIME_FIELD_MANAGERS] })),
    ...statuses.map((kind) => ({ group: 'nvidia.com', kind, jsonPointers: ['/status'] })),
  ];
}

export function argoCdApplications(opts: ArgoCdOptions): ArgoCdObjects {
  const problems = argoCdOptionProblems(opts);
  if (problems.length > 0) throw engineOptionError('Argo CD', problems, opts);
  const prefix = opts.name ?? 'dynamo';
  const namespace = opts.namespace ?? 'argocd';
  const root = (opts.path ?? '.').replace(/\/+$/, '') || '.';
  const at = (dir: string) => (root === '.' ? dir : `${root.replace(/^\.\//, '')}/${dir}`);
  const destination = { server: opts.server ?? 'https://kubernetes.default.svc' };
  const application = (
    name: string,
    path: string,
    extra: { wave?: number; prune: boolean; syncOptions: string[]; spec?: Record<string, unknown> },
  ): KubeObject => ({
    apiVersion: ARGOCD_API,
    kind: 'Application',
    metadata: {
      name,
      namespace,
      ...(extra.wave !== undefined ? { annotations: { [SYNC_WAVE_ANNOTATION]: String(extra.wave) } } : {}),
    },
    spec: {
      project: opts.project ?? 'default',
      source: { repoURL: opts.repoURL, targetRevision: opts.targetRevision ?? 'main', path },
      destination,
      ...extra.spec,
      syncPolicy: {
        automated: { prune: extra.prune, selfHeal: true },
        syncOptions: extra.syncOptions,
        retry: { limit: -1, backoff: { duration: '5s', factor: 2, maxDuration: '3m' } },
      },
    },
  });

  const apps: KubeObject[] = [];
  if (opts.healthChecks ?? true) {
    const cm = argoHealthConfigMap({ namespace });
    apps.push({ ...cm, metadata: { ...cm.metadata, annotations: { [SYNC_WAVE_ANNOTATION]: '-1' } } });
  }
  for (const layer of ['crds', 'platform', 'graphs'] as const) {
    if (!opts.layers.includes(layer)) continue;
    const crds = layer === 'crds';
    apps.push(
      application(`${prefix}-${layer}`, at(layer), {
        wave: WAVES[layer],
        // Deleting a CRD deletes every object of its kind: the crds layer is never pruned.
        prune: !crds,
        syncOptions: crds ? ['ServerSideApply=true', 'Prune=false'] : SYNC_OPTIONS,
        spec: layer === 'graphs' ? { ignoreDifferences: runtimeIgnoreDifferences() } : undefined,
      }),
    );
  }
  const rootApp = application(prefix, at(`argocd/${ARGOCD_APPS_DIR}`), {
    prune: true,
    // The Applications and argocd-cm live in Argo CD's namespace; argocd-cm is Argo CD's own
    // ConfigMap, of which this applies only the health keys.
    syncOptions: ['ServerSideApply=true'],
    spec: { destination: { ...destination, namespace } },
  });
  return { root: [rootApp], apps };
}
