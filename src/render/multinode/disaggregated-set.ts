/**
 * The DisaggregatedSet path (LeaderWorkerSet's `disaggregatedset.x-k8s.io/v1`, LWS ≥ v0.10.0), for a
 * graph that opts in (`disaggregatedSetChoice`): one set `<graph>-disagg` whose roles are the
 * graph's multinode worker components, each the LeaderWorkerSet the LWS path would render for it.
 * The set creates one LeaderWorkerSet per role and revision and rolls the roles together, so a
 * prefill/decode pair is never left at mixed revisions. Services stay per component: they select
 * the component's leader pods whichever revision runs them.
 */
import { KubeObject } from '../../api/k8s-types';
import { GraphModel } from '../../api/model';
import { LABEL } from '../labels';
import { ComponentContext } from '../context';
import { leaderWorkerSetSpec } from './lws';
import { workloadMetadata } from '../workload';

export const DISAGGREGATED_SET_API_VERSION = 'disaggregatedset.x-k8s.io/v1';

export const disaggregatedSetName = (graphName: string) => `${graphName}-disagg`;

/** A role's name: the component's, in the lower case its objects are named with (a DNS label). */
export const disaggregatedRoleName = (componentName: string) => componentName.toLowerCase();

export function renderDisaggregatedSet(graph: GraphModel, roles: readonly ComponentContext[]): KubeObject {
  return {
    apiVersion: DISAGGREGATED_SET_API_VERSION,
    kind: 'DisaggregatedSet',
    metadata: {
      name: disaggregatedSetName(graph.name),
      namespace: graph.namespace,
      labels: { [LABEL.graphName]: graph.name },
    },
    spec: {
      roles: roles.map((cc) => {
        // The role's LeaderWorkerSets carry the component's labels and annotations; their names are the set's.
        const { name: _name, namespace: _namespace, ...metadata } = workloadMetadata(cc);
        // Always written: the set refuses roles where some leave replicas unset (zero) and some do not.
        const replicas = cc.component.replicas ?? 1;
        return {
          name: disaggregatedRoleName(cc.component.name),
          metadata,
          spec: { ...leaderWorkerSetSpec(cc), replicas },
        };
      }),
    },
  };
}
