/**
 * What the planner and the EPP may do through the API server, defined once: the platform renders
 * these rules as the ClusterRoles graph RoleBindings point at (cluster scope), and a graph renders
 * them as its own namespaced Role (namespace scope, where nobody with namespace-level permissions
 * could create a ClusterRole). The rules are upstream's chart's (`planner.yaml`, `epp.yaml`).
 */
import { DEFAULT_SETTINGS } from '../api/settings';
import { EPP_SERVICE_ACCOUNT, PLANNER_SERVICE_ACCOUNT } from './naming';

export interface RbacRule {
  readonly apiGroups: string[];
  readonly resources: string[];
  readonly verbs: string[];
}

const ENDPOINT_SLICES_READ: RbacRule = {
  apiGroups: ['discovery.k8s.io'],
  resources: ['endpointslices'],
  verbs: ['get', 'list', 'watch'],
};

/** The planner reads the graph, scales through the adapters' /scale, registers under Kubernetes discovery, reads and annotates pods. */
const PLANNER_RULES: RbacRule[] = [
  {
    apiGroups: ['nvidia.com'],
    resources: ['dynamocomponentdeployments', 'dynamographdeployments'],
    verbs: ['get', 'list', 'create', 'update', 'patch'],
  },
  // 1.6.1's planner reads an adapter's scale before it writes it (upstream's chart grants only patch).
  { apiGroups: ['nvidia.com'], resources: ['dynamographdeploymentscalingadapters/scale'], verbs: ['get', 'patch'] },
  ENDPOINT_SLICES_READ,
  {
    apiGroups: ['nvidia.com'],
    resources: ['dynamoworkermetadatas'],
    verbs: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'],
  },
  { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'patch'] },
];

/** The endpoint picker watches its InferencePool, the pods behind it and the workers' discovery metadata. */
const EPP_RULES: RbacRule[] = [
  {
    apiGroups: ['inference.networking.k8s.io'],
    resources: ['inferencepools', 'inferencepools/status'],
    verbs: ['get', 'list', 'watch'],
  },
  { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] },
  ENDPOINT_SLICES_READ,
  { apiGroups: ['nvidia.com'], resources: ['dynamoworkermetadatas'], verbs: ['get', 'list', 'watch'] },
];

export interface ComponentAccess {
  readonly serviceAccount: string;
  readonly rules: RbacRule[];
  /** Cluster scope: the platform's ClusterRole (the settings' default name). */
  readonly clusterRole: string;
  /** Namespace scope: the graph's own Role and RoleBinding (upstream's namespace-restricted names). */
  readonly role: string;
  readonly roleBinding: string;
}

export const PLANNER_ACCESS: ComponentAccess = {
  serviceAccount: PLANNER_SERVICE_ACCOUNT,
  rules: PLANNER_RULES,
  clusterRole: DEFAULT_SETTINGS.plannerClusterRoleName,
  role: 'planner-role',
  roleBinding: 'planner-binding',
};

export const EPP_ACCESS: ComponentAccess = {
  serviceAccount: EPP_SERVICE_ACCOUNT,
  rules: EPP_RULES,
  clusterRole: DEFAULT_SETTINGS.eppClusterRoleName,
  role: 'epp-role',
  roleBinding: 'epp-binding',
};

/** Deep copies, so no two rendered objects share a rule list. */
export const copyRules = (rules: readonly RbacRule[]): RbacRule[] =>
  rules.map((r) => ({ apiGroups: [...r.apiGroups], resources: [...r.resources], verbs: [...r.verbs] }));
