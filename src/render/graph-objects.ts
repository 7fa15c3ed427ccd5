/** Objects the graph needs once, whatever its components: PVCs, RBAC, EPP plumbing, model Services. */
import { KubeObject } from '../api/k8s-types';
import { ResolvedSettings } from '../api/settings';
import { ComponentAccess, copyRules, EPP_ACCESS, PLANNER_ACCESS } from './component-rbac';
import { ComponentContext } from './context';
import { EPP_GRPC_PORT } from './components/epp';
import { FRONTEND_HTTP_PORT, SYSTEM_PORT } from './components/defaults';
import { ANNOTATION, LABEL, MANAGED_BY_VALUE } from './labels';
import {
  discoveryNames,
  EPP_CONFIG_KEY,
  eppConfigMapName,
  inferencePoolName,
  modelServiceName,
  serviceNameOf,
  shortHash,
} from './naming';
import { GraphModel } from '../api/model';
import { toYaml } from '../output/yaml';

export function renderPvcs(graph: GraphModel): KubeObject[] {
  return graph.pvcs
    .filter((p) => p.create)
    .map((p) => ({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: p.name, namespace: graph.namespace },
      spec: {
        accessModes: [p.volumeAccessMode],
        resources: { requests: { storage: p.size } },
        storageClassName: p.storageClass,
      },
    }));
}

const rbacLabels = (name: string) => ({
  [LABEL.managedBy]: MANAGED_BY_VALUE,
  [LABEL.appComponent]: 'rbac',
  [LABEL.appName]: name,
});

/** ServiceAccount, Role and RoleBinding that let Dynamo processes discover each other through the API server. */
export function renderDiscoveryRbac(graph: GraphModel): KubeObject[] {
  const n = discoveryNames(graph.name);
  const meta = (name: string) => ({ name, namespace: graph.namespace, labels: rbacLabels(n.serviceAccount) });
  return [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(n.serviceAccount) },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: meta(n.role),
      rules: [
        { apiGroups: [''], resources: ['endpoints', 'pods'], verbs: ['get', 'list', 'watch'] },
        { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: ['get', 'list', 'watch'] },
        {
          apiGroups: ['nvidia.com'],
          resources: ['dynamoworkermetadatas'],
          verbs: ['create', 'get', 'list', 'watch', 'update', 'patch', 'delete'],
        },
      ],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: meta(n.roleBinding),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: n.role },
      subjects: [{ kind: 'ServiceAccount', name: n.serviceAccount, namespace: graph.namespace }],
    },
  ];
}

/**
 * A fixed-name ServiceAccount (planner, EPP) and what it may do. Cluster scope: bound to the
 * platform's ClusterRole, as upstream's cluster-wide operator binds it. Namespace scope: a Role of
 * its own in the graph's namespace, as upstream's namespace-restricted chart renders it, so that a
 * user with namespace-level permissions needs no cluster-scoped object. Identical across graphs
 * of a namespace.
 */
export function renderComponentAccess(
  namespace: string,
  access: ComponentAccess,
  scope: ResolvedSettings['operatorScope'],
  clusterRole: string,
): KubeObject[] {
  const rbac = 'rbac.authorization.k8s.io';
  const subjects = [{ kind: 'ServiceAccount', name: access.serviceAccount, namespace }];
  const serviceAccount = {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: { name: access.serviceAccount, namespace },
  };
  if (scope === 'cluster') {
    return [
      serviceAccount,
      {
        apiVersion: `${rbac}/v1`,
        kind: 'RoleBinding',
        metadata: { name: `${access.serviceAccount}-binding`, namespace },
        roleRef: { apiGroup: rbac, kind: 'ClusterRole', name: clusterRole },
        subjects,
      },
    ];
  }
  // Other names than the cluster-scope binding: a RoleBinding's roleRef cannot change in place.
  return [
    serviceAccount,
    {
      apiVersion: `${rbac}/v1`,
      kind: 'Role',
      metadata: { name: access.role, namespace },
      rules: copyRules(access.rules),
    },
    {
      apiVersion: `${rbac}/v1`,
      kind: 'RoleBinding',
      metadata: { name: access.roleBinding, namespace },
      roleRef: { apiGroup: rbac, kind: 'Role', name: access.role },
      subjects,
    },
  ];
}

export function renderPlannerAccess(graph: GraphModel, settings: ResolvedSettings): KubeObject[] {
  return renderComponentAccess(
    graph.namespace,
    PLANNER_ACCESS,
    settings.operatorScope,
    settings.plannerClusterRoleName,
  );
}

export function renderEppAccess(graph: GraphModel, settings: ResolvedSettings): KubeObject[] {
  return renderComponentAccess(graph.namespace, EPP_ACCESS, settings.operatorScope, settings.eppClusterRoleName);
}

/** The EPP's ConfigMap (when the config is inline) and the InferencePool it picks endpoints for. */
export function renderEppObjects(epp: ComponentContext): KubeObject[] {
  const graph = epp.graph;
  const out: KubeObject[] = [];
  const cfg = epp.component.eppConfig;
  if (cfg && !cfg.configMapRef) {
    out.push({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: eppConfigMapName(graph.name), namespace: graph.namespace },
      data: { [EPP_CONFIG_KEY]: toYaml(cfg.config ?? {}) },
    });
  }
  out.push({
    apiVersion: 'inference.networking.k8s.io/v1',
    kind: 'InferencePool',
    metadata: { name: inferencePoolName(graph.name), namespace: graph.namespace },
    spec: {
      selector: {
        matchLabels: { [LABEL.componentType]: 'worker', [LABEL.dynamoNamespace]: epp.dynamoNamespace },
      },
      targetPorts: [{ number: FRONTEND_HTTP_PORT }],
      endpointPickerRef: {
        kind: 'Service',
        name: serviceNameOf(epp.objectName),
        port: { number: EPP_GRPC_PORT },
      },
    },
  });
  return out;
}

/**
 * Headless Service per base model, so the runtime finds every pod serving it (LoRA loading).
 * The hash label is copied by Kubernetes onto the Service's EndpointSlices: the operator lists
 * slices by it. Upstream marks this Service with `nvidia.com/managed-by`, not the app label.
 */
export function renderModelService(namespace: string, modelName: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: modelServiceName(modelName),
      namespace,
      labels: { [LABEL.baseModelHash]: shortHash(modelName), [LABEL.nvidiaManagedBy]: MANAGED_BY_VALUE },
      annotations: { [ANNOTATION.baseModel]: modelName },
    },
    spec: {
      clusterIP: 'None',
      selector: { [LABEL.baseModelHash]: shortHash(modelName) },
      ports: [{ name: 'system', port: SYSTEM_PORT, targetPort: SYSTEM_PORT, protocol: 'TCP' }],
    },
  };
}
