/** Objects the graph needs once, whatever its components: PVCs, RBAC, EPP plumbing, model Services. */
import { KubeObject } from '../api/k8s-types';
import { ResolvedSettings } from '../api/settings';
import { ComponentContext } from './context';
import { EPP_GRPC_PORT } from './components/epp';
import { FRONTEND_HTTP_PORT, SYSTEM_PORT } from './components/defaults';
import { ANNOTATION, LABEL, MANAGED_BY_VALUE } from './labels';
import {
  discoveryNames,
  EPP_CONFIG_KEY,
  EPP_SERVICE_ACCOUNT,
  eppConfigMapName,
  inferencePoolName,
  modelServiceName,
  PLANNER_SERVICE_ACCOUNT,
  serviceNameOf,
  shortHash,
} from './naming';
import { GraphModel } from '../api/model';

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

/** A fixed-name ServiceAccount bound to a platform ClusterRole (planner, EPP). Identical across graphs of a namespace. */
export function renderBoundServiceAccount(namespace: string, name: string, clusterRole: string): KubeObject[] {
  return [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: `${name}-binding`, namespace },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: clusterRole },
      subjects: [{ kind: 'ServiceAccount', name, namespace }],
    },
  ];
}

export function renderPlannerAccess(graph: GraphModel, settings: ResolvedSettings): KubeObject[] {
  return renderBoundServiceAccount(graph.namespace, PLANNER_SERVICE_ACCOUNT, settings.plannerClusterRoleName);
}

export function renderEppAccess(graph: GraphModel, settings: ResolvedSettings): KubeObject[] {
  return renderBoundServiceAccount(graph.namespace, EPP_SERVICE_ACCOUNT, settings.eppClusterRoleName);
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
      // Loaded here: only graphs with an inline EPP config need the yaml package (a cold CLI start pays for loading it).
      data: {
        [EPP_CONFIG_KEY]: (require('yaml') as typeof import('yaml')).stringify(cfg.config ?? {}, {
          sortMapEntries: true,
        }),
      },
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
