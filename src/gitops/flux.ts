/**
 * The Flux objects that sync a GitOps layout (src/gitops/layout.ts), as pure builders:
 * a source (GitRepository or OCIRepository) and one Kustomization per layer,
 *
 *   <prefix>-crds      prune off (deleting a CRD deletes every object of its kind)
 *   <prefix>-platform  after crds
 *   <prefix>-graphs    after platform; every nvidia.com kind through its CEL expressions
 *                      (health/flux-health.ts: a graph is current once observedGeneration caught
 *                      up and Ready=True), the twins of the Argo CD health checks
 *
 * Every layer waits for what it applied (`wait: true`), not for a list of named objects: Flux
 * checks the objects of the revision it applies, so the Kustomizations never change when graphs
 * come and go. A list (`healthChecks`) lives in flux/, which is often applied once; a graph
 * removed later stays in it, and Flux waits for the object it has just pruned until the timeout
 * (30m for graphs), holding every later revision back (test/flux showed this).
 *
 * Nothing here mutates the rendered objects (no targetNamespace, namePrefix, patches):
 * Git holds exactly what is applied.
 */
import { KubeObject } from '../api/k8s-types';
import { engineOptionError, fluxOptionProblems } from './engine-options';
import { fluxHealthCheckExprs } from './health/flux-health';
import { LayerName } from './layout';

export const FLUX_SOURCE_API = 'source.toolkit.fluxcd.io/v1';
export const FLUX_KUSTOMIZE_API = 'kustomize.toolkit.fluxcd.io/v1';

export interface FluxSourceOptions {
  /** Name of the GitRepository or OCIRepository. @default 'dynamo' */
  readonly name?: string;
  /** Namespace of the source (Flux's own, usually). @default 'flux-system' */
  readonly namespace?: string;
  /** `https://` or `ssh://` (a GitRepository) or `oci://` (an OCIRepository). */
  readonly url: string;
  /** Git branch, or OCI tag. @default 'main' for Git, 'latest' for OCI */
  readonly ref?: string;
  /** Secret with the credentials, in the source's namespace. @default - none (public) */
  readonly secretName?: string;
  /** How often Flux checks the source for a new revision. @default '1m' */
  readonly interval?: string;
}

export function fluxSource(opts: FluxSourceOptions): KubeObject {
  const problems = fluxOptionProblems(opts);
  if (problems.length > 0) throw engineOptionError('Flux source', problems, opts);
  const oci = opts.url.startsWith('oci://');
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

/** A Flux source, by reference. */
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
  /** Namespace of the Kustomizations. @default the source's namespace */
  readonly namespace?: string;
  /** Where the layout's root is inside the source. @default '.' */
  readonly path?: string;
  /** How often Flux reapplies a layer (and corrects drift). @default '10m' */
  readonly interval?: string;
  /** How soon Flux tries again after a failed apply. @default '1m' */
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
  readonly postBuild?: {
    readonly substitute?: Record<string, string>;
    readonly substituteFrom?: { kind: 'ConfigMap' | 'Secret'; name: string; optional?: boolean }[];
  };
}

export function fluxKustomizations(opts: FluxLayersOptions): KubeObject[] {
  const problems = fluxOptionProblems({ prefix: opts.prefix, namespace: opts.namespace, path: opts.path });
  if (problems.length > 0) throw engineOptionError('Flux Kustomizations', problems, opts);
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
  const kustomization = (
    layer: LayerName,
    dependsOn: LayerName | undefined,
    spec: Record<string, unknown>,
  ): KubeObject => ({
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
  if (has('platform'))
    out.push(kustomization('platform', has('crds') ? 'crds' : undefined, { prune: true, wait: true, ...postBuild }));
  if (has('graphs')) {
    const after = has('platform') ? 'platform' : has('crds') ? 'crds' : undefined;
    const health = { wait: true, healthCheckExprs: fluxHealthCheckExprs() };
    out.push(
      kustomization('graphs', after, { prune: true, timeout: opts.graphsTimeout ?? '30m', ...health, ...postBuild }),
    );
  }
  return out;
}
