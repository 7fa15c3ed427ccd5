/**
 * The Flux objects that sync a GitOps layout (src/gitops/layout.ts), as pure builders:
 * a source (GitRepository or OCIRepository) and one Kustomization per layer,
 *
 *   <prefix>-crds      prune off (deleting a CRD deletes every object of its kind), wait
 *   <prefix>-platform  after crds; health checks on the runtime operator Deployments
 *   <prefix>-graphs    after platform; health checks on every DynamoGraphDeployment through
 *                      CEL expressions: observedGeneration caught up and Ready=True
 *
 * Nothing here mutates the rendered objects (no targetNamespace, namePrefix, patches):
 * Git holds exactly what is applied.
 */
import { KubeObject } from '../api/k8s-types';
import { LayerName } from './layout';

export const FLUX_SOURCE_API = 'source.toolkit.fluxcd.io/v1';
export const FLUX_KUSTOMIZE_API = 'kustomize.toolkit.fluxcd.io/v1';

export interface FluxSourceOptions {
  /** @default 'dynamo' */
  readonly name?: string;
  /** @default 'flux-system' */
  readonly namespace?: string;
  /** `https://` or `ssh://` (a GitRepository) or `oci://` (an OCIRepository). */
  readonly url: string;
  /** Git branch, or OCI tag. @default 'main' for Git, 'latest' for OCI */
  readonly ref?: string;
  /** Secret with the credentials, in the source's namespace. @default - none (public) */
  readonly secretName?: string;
  /** @default '1m' */
  readonly interval?: string;
}

export function fluxSource(opts: FluxSourceOptions): KubeObject {
  const oci = opts.url.startsWith('oci://');
  if (!oci && !/^(https?|ssh):\/\//.test(opts.url)) {
    throw new Error(`Flux source url ${JSON.stringify(opts.url)}: expected https://, http://, ssh:// (Git) or oci:// (OCI artifact)`);
  }
  return {
    apiVersion: FLUX_SOURCE_API,
    kind: oci ? 'OCIRepository' : 'GitRepository',
    metadata: { name: opts.name ?? 'dynamo', namespace: opts.namespace ?? 'flux-system' },
    spec: {
      interval: opts.interval ?? '1m',
      url: opts.url,
      ref: oci ? { tag: opts.ref ?? 'latest' } : { branch: opts.ref ?? 'main' },
      ...(opts.secretName ? { secretRef: { name: opts.secretName } } : {}),
    },
  };
}

/** A workload to health-check by name. */
export interface ObjectRef {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
}

export interface FluxLayersOptions {
  /** The source the Kustomizations read (fluxSource's result, or your own flux-system GitRepository). */
  readonly source: ObjectRef;
  /** The layers present in the layout, in any order. */
  readonly layers: readonly LayerName[];
  /** Name prefix of the Kustomizations. @default the source's name */
  readonly prefix?: string;
  /** @default the source's namespace */
  readonly namespace?: string;
  /** Where the layout's root is inside the source. @default '.' */
  readonly path?: string;
  /** The runtime operator Deployments the platform layer waits for. @default - `wait: true` instead */
  readonly operators?: readonly ObjectRef[];
  /** DynamoGraphDeployment records the graphs layer waits for. @default - `wait: true` instead */
  readonly graphs?: readonly ObjectRef[];
  /** @default '10m' */
  readonly interval?: string;
  /** @default '1m' */
  readonly retryInterval?: string;
  /** Health-check time limit of crds and platform. @default '5m' */
  readonly timeout?: string;
  /** Health-check time limit of the graphs: model downloads and GPU scheduling take a while. @default '30m' */
  readonly graphsTimeout?: string;
  /**
   * `spec.postBuild` of the platform and graphs Kustomizations. Objects whose YAML contains `${`
   * carry `kustomize.toolkit.fluxcd.io/substitute: disabled` in the layout, so their commands survive.
   * @default - no substitution
   */
  readonly postBuild?: { readonly substitute?: Record<string, string>; readonly substituteFrom?: { kind: 'ConfigMap' | 'Secret'; name: string; optional?: boolean }[] };
}

/**
 * CEL health checks for a DynamoGraphDeployment, evaluated in Flux's order (inProgress,
 * failed, current): in progress until the operator has seen the current generation, failed
 * when the graph reports `state: failed`, current when Ready is True.
 */
export function graphHealthCheckExpr(apiVersion: string): Record<string, string> {
  return {
    apiVersion,
    kind: 'DynamoGraphDeployment',
    inProgress: '!has(status.observedGeneration) || status.observedGeneration != metadata.generation',
    failed: "has(status.state) && status.state == 'failed'",
    current: "status.observedGeneration == metadata.generation && has(status.conditions) && status.conditions.exists(c, c.type == 'Ready' && c.status == 'True')",
  };
}

export function fluxKustomizations(opts: FluxLayersOptions): KubeObject[] {
  const prefix = opts.prefix ?? opts.source.name;
  const namespace = opts.namespace ?? opts.source.namespace ?? 'flux-system';
  const root = (opts.path ?? '.').replace(/\/+$/, '') || '.';
  const has = (l: LayerName) => opts.layers.includes(l);
  const name = (l: LayerName) => `${prefix}-${l}`;
  const sourceRef = {
    kind: opts.source.kind,
    name: opts.source.name,
    ...(opts.source.namespace && opts.source.namespace !== namespace ? { namespace: opts.source.namespace } : {}),
  };
  const kustomization = (layer: LayerName, dependsOn: LayerName | undefined, spec: Record<string, unknown>): KubeObject => ({
    apiVersion: FLUX_KUSTOMIZE_API,
    kind: 'Kustomization',
    metadata: { name: name(layer), namespace },
    spec: {
      interval: opts.interval ?? '10m',
      retryInterval: opts.retryInterval ?? '1m',
      timeout: opts.timeout ?? '5m',
      sourceRef,
      path: `${root}/${layer}`,
      ...(dependsOn ? { dependsOn: [{ name: name(dependsOn) }] } : {}),
      ...spec,
    },
  });
  const postBuild = opts.postBuild ? { postBuild: opts.postBuild } : {};
  const out: KubeObject[] = [];
  if (has('crds')) out.push(kustomization('crds', undefined, { prune: false, wait: true }));
  if (has('platform')) {
    const health = opts.operators?.length ? { healthChecks: opts.operators.map(ref) } : { wait: true };
    out.push(kustomization('platform', has('crds') ? 'crds' : undefined, { prune: true, ...health, ...postBuild }));
  }
  if (has('graphs')) {
    const graphs = opts.graphs ?? [];
    const versions = [...new Set(graphs.map((g) => g.apiVersion))].sort();
    const health = graphs.length
      ? { healthChecks: graphs.map(ref), healthCheckExprs: versions.map(graphHealthCheckExpr) }
      : { wait: true };
    const after = has('platform') ? 'platform' : has('crds') ? 'crds' : undefined;
    out.push(kustomization('graphs', after, { prune: true, timeout: opts.graphsTimeout ?? '30m', ...health, ...postBuild }));
  }
  return out;
}

const ref = (r: ObjectRef) => ({ apiVersion: r.apiVersion, kind: r.kind, name: r.name, ...(r.namespace ? { namespace: r.namespace } : {}) });

/** The refs a layout's objects imply: the operator Deployments of the platform, the DGD records of the graphs; sorted. */
export function healthTargets(platform: readonly KubeObject[], graphObjects: readonly KubeObject[]): { operators: ObjectRef[]; graphs: ObjectRef[] } {
  const toRef = (o: KubeObject): ObjectRef => ({ apiVersion: o.apiVersion, kind: o.kind, name: o.metadata.name, namespace: o.metadata.namespace });
  const key = (r: ObjectRef) => `${r.namespace ?? ''}/${r.name}/${r.apiVersion}`;
  const sorted = (objects: KubeObject[]) => objects.map(toRef).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return {
    operators: sorted(platform.filter((o) => o.kind === 'Deployment' && o.apiVersion === 'apps/v1')),
    graphs: sorted(graphObjects.filter((o) => o.kind === 'DynamoGraphDeployment' && o.apiVersion.startsWith('nvidia.com/'))),
  };
}
