/**
 * Where a component's restart id lives and how the operator writes it. The rendered output
 * leaves `nvidia.com/restartAt` out for a Sequential restart, so the operator owns it:
 *
 * - Deployment: `spec.template.metadata.annotations`, by server-side apply.
 * - LeaderWorkerSet: the leader and worker templates' annotations, by server-side apply.
 * - Grove: the clique templates' `annotations` in the PodCliqueSet, by a JSON patch guarded by
 *   the clique's name (Grove's `cliques` is a list keyed by name; a JSON patch changes only that
 *   key whatever the installed CRD says about the list).
 *
 * All as the field manager `dynamo-iac-operator-restart`: a server-side apply replaces the set of
 * fields its manager owns, so the restart's apply must not share a manager with the scaling
 * adapters' apply of `spec.replicas` on the same Deployment.
 */
import { ComponentModel, GraphModel } from '../../../api';
import {
  ANNOTATION,
  componentWorkloadName,
  groveCliqueNames,
  isMultinode,
  leaderWorkerSetName,
  renderedWorkerGeneration,
} from '../../../render';
import { ObjectApi } from '../../runtime/kube/api';
import { GraphInformers } from '../graphs';
import { TemplateMetadata, Workload } from '../kinds';
import { RESOURCES } from '../resources';

export const RESTART_FIELD_MANAGER = 'dynamo-iac-operator-restart';

export interface RestartTarget {
  /** `<Kind>/<name>`, for logs. */
  readonly describe: string;
  /** Whether the object exists and carries `id` everywhere it must. */
  stamped(id: string): boolean;
  /** Whether its controller can have seen the stamp: Grove's set by its generation, an LWS by a write since the stamp (Deployments: their status says). */
  observed(): boolean;
  write(api: ObjectApi, id: string): Promise<Workload>;
}

type Sources = Pick<GraphInformers, 'deployments' | 'leaderWorkerSets' | 'grove'>;

const restartAt = (t: TemplateMetadata | undefined) => t?.metadata?.annotations?.[ANNOTATION.restartAt];
const annotated = (id: string) => ({ metadata: { annotations: { [ANNOTATION.restartAt]: id } } });

/**
 * The resourceVersion of each LeaderWorkerSet as the operator's stamp left it. LWS status has
 * no observedGeneration, so until someone (its controller) writes the object again, its status
 * still describes the pods from before the stamp. Kept in memory: an operator restarted between
 * a stamp and the controller's next write judges that LWS by its counts alone.
 */
export type StampedVersions = Map<string, string>;
export const stampKey = (obj: { kind?: string; metadata: { namespace?: string; name: string } }) =>
  `${obj.kind}/${obj.metadata.namespace}/${obj.metadata.name}`;

/** The objects a component's restart id goes on; empty while they do not exist yet. */
export function restartTargets(
  graph: GraphModel,
  c: ComponentModel,
  sources: Sources,
  stamped: StampedVersions = new Map(),
): RestartTarget[] {
  const ns = graph.namespace;
  const pcs = sources.grove?.podCliqueSets.get(ns, graph.name);
  if (pcs) return [groveTarget(pcs, groveCliqueNames(c))];
  if (!isMultinode(c)) {
    // A worker generation's Deployment carries the hash the record declares (the current generation).
    const name = componentWorkloadName(graph, c.name, renderedWorkerGeneration(graph.metadataAnnotations));
    const dep = sources.deployments.get(ns, name);
    return dep
      ? [
          {
            describe: `Deployment/${dep.metadata.name}`,
            stamped: (id) => restartAt(dep.spec?.template) === id,
            observed: () => true,
            write: (api, id) =>
              api.apply(
                RESOURCES.deployment,
                {
                  apiVersion: 'apps/v1',
                  kind: 'Deployment',
                  metadata: { name: dep.metadata.name, namespace: ns },
                  spec: { template: annotated(id) },
                },
                { fieldManager: RESTART_FIELD_MANAGER },
              ),
          },
        ]
      : [];
  }
  const lws = sources.leaderWorkerSets?.get(ns, leaderWorkerSetName(componentWorkloadName(graph, c.name)));
  if (!lws) return [];
  return [
    {
      describe: `LeaderWorkerSet/${lws.metadata.name}`,
      stamped: (id) =>
        restartAt(lws.spec?.leaderWorkerTemplate?.leaderTemplate) === id &&
        restartAt(lws.spec?.leaderWorkerTemplate?.workerTemplate) === id,
      observed: () => stamped.get(stampKey(lws)) !== lws.metadata.resourceVersion,
      write: (api, id) =>
        api.apply(
          RESOURCES.leaderWorkerSet,
          {
            apiVersion: RESOURCES.leaderWorkerSet.apiVersion,
            kind: 'LeaderWorkerSet',
            metadata: { name: lws.metadata.name, namespace: ns },
            spec: { leaderWorkerTemplate: { leaderTemplate: annotated(id), workerTemplate: annotated(id) } },
          },
          { fieldManager: RESTART_FIELD_MANAGER },
        ),
    },
  ];
}

function groveTarget(pcs: Workload, cliques: string[]): RestartTarget {
  const templates = () => pcs.spec?.template?.cliques ?? [];
  return {
    describe: `PodCliqueSet/${pcs.metadata.name} cliques ${cliques.join(', ')}`,
    stamped: (id) =>
      cliques.every((name) => templates().find((t) => t.name === name)?.annotations?.[ANNOTATION.restartAt] === id),
    // Grove updates the cliques only after it has seen the new set.
    observed: () => (pcs.status?.observedGeneration ?? 0) >= (pcs.metadata.generation ?? 0),
    write: (api, id) => {
      const key = ANNOTATION.restartAt.replace(/~/g, '~0').replace(/\//g, '~1');
      const ops = cliques.flatMap((name) => {
        const i = templates().findIndex((t) => t.name === name);
        if (i < 0) throw new Error(`PodCliqueSet ${pcs.metadata.name} has no clique ${name}`);
        const at = `/spec/template/cliques/${i}`;
        const set = templates()[i].annotations
          ? { op: 'add' as const, path: `${at}/annotations/${key}`, value: id }
          : { op: 'add' as const, path: `${at}/annotations`, value: { [ANNOTATION.restartAt]: id } };
        return [{ op: 'test' as const, path: `${at}/name`, value: name }, set];
      });
      return api.jsonPatch<Workload>(RESOURCES.podCliqueSet, pcs.metadata.namespace, pcs.metadata.name, ops, {
        fieldManager: RESTART_FIELD_MANAGER,
      });
    },
  };
}
