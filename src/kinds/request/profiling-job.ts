/**
 * A `searchStrategy: thorough` request that has no plan yet: the profiling Job upstream's
 * controller creates (profiler + output copier, `profile-<name>`), its ServiceAccount and RBAC,
 * and the output ConfigMap (`dgdr-output-<name>`) the copier fills with the profiler's graph.
 * `dynamo-iac plan --import` turns that ConfigMap into the lock entry; the next render replaces
 * these objects with the generated graph (Flux prunes the Job).
 */
import { canonicalJson } from '../../api/canonical-json';
import { DGDR_LABEL, DeploymentRequestModel } from '../../api/input/deployment-request';
import { JsonObject, KubeObject } from '../../api/k8s-types';
import { mergeByName } from '../../render/merge';

export const PROFILING_SERVICE_ACCOUNT = 'dgdr-profiling-job';
export const PROFILER_CONTAINER = 'profiler';
export const OUTPUT_COPIER_CONTAINER = 'output-copier';
export const OUTPUT_COPIER_IMAGE = 'bitnami/kubectl:latest';
export const PROFILING_OUTPUT_DIR = '/data';
/** The profiler's final graph (with any ConfigMaps it generated), a key of the output ConfigMap. */
export const PROFILING_OUTPUT_FILE = 'final_config.yaml';
export const PROFILER_STATUS_FILE = 'profiler_status.yaml';
/** Flux recreates the Job when its (immutable) pod template changes. */
const FLUX_FORCE = { 'kustomize.toolkit.fluxcd.io/force': 'enabled' };

export const profilingJobName = (request: { name: string }) => `profile-${request.name}`;
export const profilingOutputName = (request: { name: string }) => `dgdr-output-${request.name}`;

export function renderProfilingJob(request: DeploymentRequestModel): KubeObject[] {
  const ns = request.namespace;
  const output = profilingOutputName(request);
  const requestLabels = { [DGDR_LABEL.name]: request.name, [DGDR_LABEL.namespace]: ns };
  const cache = request.spec.modelCache?.pvcName ? request.spec.modelCache : undefined;
  const profiler: JsonObject = {
    name: PROFILER_CONTAINER,
    image: request.spec.image ?? '',
    command: ['python', '-m', 'dynamo.profiler'],
    // The profiler reads the request's spec as JSON, as upstream's controller passes it.
    args: ['--config', canonicalJson(profilerSpec(request)), '--output-dir', PROFILING_OUTPUT_DIR],
    workingDir: '/workspace',
    env: [
      { name: 'HUGGING_FACE_HUB_TOKEN', valueFrom: { secretKeyRef: { name: 'hf-token-secret', key: 'HF_TOKEN' } } },
      { name: 'DGDR_NAME', value: request.name },
      { name: 'DGDR_NAMESPACE', value: ns },
    ],
    volumeMounts: [
      { name: 'profiling-output', mountPath: PROFILING_OUTPUT_DIR },
      ...(cache ? [{ name: 'model-cache', mountPath: cache.pvcMountPath, readOnly: true }] : []),
    ],
  };
  const copier: JsonObject = {
    name: OUTPUT_COPIER_CONTAINER,
    image: OUTPUT_COPIER_IMAGE,
    command: ['/bin/sh', '-c'],
    args: [copierScript(ns, output)],
    volumeMounts: [{ name: 'profiling-output', mountPath: PROFILING_OUTPUT_DIR, readOnly: true }],
  };
  const jobSpec = {
    backoffLimit: 0,
    template: {
      metadata: { labels: { app: 'dynamo-profiler', dgdr: request.name } },
      spec: {
        serviceAccountName: PROFILING_SERVICE_ACCOUNT,
        restartPolicy: 'Never',
        securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 },
        containers: [profiler, copier],
        volumes: [
          { name: 'profiling-output', emptyDir: {} },
          ...(cache
            ? [{ name: 'model-cache', persistentVolumeClaim: { claimName: cache.pvcName, readOnly: true } }]
            : []),
        ],
        imagePullSecrets: [{ name: 'nvcr-imagepullsecret' }],
      },
    },
  };
  const labels = { app: 'dynamo-profiler', dgdr: request.name, 'nvidia.com/managed-by': 'dynamo-operator' };
  return [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: PROFILING_SERVICE_ACCOUNT, namespace: ns } },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: PROFILING_SERVICE_ACCOUNT, namespace: ns },
      rules: [
        // The copier watches its own pod and writes the output ConfigMap.
        { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] },
        { apiGroups: [''], resources: ['pods/log'], verbs: ['get'] },
        { apiGroups: [''], resources: ['configmaps'], verbs: ['create', 'get', 'list', 'patch', 'update'] },
        { apiGroups: [''], resources: ['services'], verbs: ['get', 'list'] },
        // The profiler deploys candidate graphs, measures them and removes them.
        {
          apiGroups: ['nvidia.com'],
          resources: ['dynamographdeployments'],
          verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
        },
        { apiGroups: ['nvidia.com'], resources: ['dynamographdeployments/status'], verbs: ['get'] },
      ],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: PROFILING_SERVICE_ACCOUNT, namespace: ns },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: PROFILING_SERVICE_ACCOUNT },
      subjects: [{ kind: 'ServiceAccount', name: PROFILING_SERVICE_ACCOUNT, namespace: ns }],
    },
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: output,
        namespace: ns,
        labels: { ...requestLabels, 'nvidia.com/managed-by': 'dynamo-operator' },
      },
    },
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: profilingJobName(request), namespace: ns, labels, annotations: FLUX_FORCE },
      spec: request.spec.overrides.profilingJob ? mergeByName(jobSpec, request.spec.overrides.profilingJob) : jobSpec,
    },
  ];
}

/** The request's spec with its defaults, in the v1beta1 field names the profiler reads. */
function profilerSpec(request: DeploymentRequestModel): JsonObject {
  const s = request.spec;
  const { profilingJob: _, ...overrides } = s.overrides;
  return JSON.parse(
    JSON.stringify({
      model: s.model,
      backend: s.backend,
      image: s.image,
      modelCache: s.modelCache,
      hardware: s.hardware,
      workload: s.workload,
      sla: s.sla,
      overrides,
      features: s.features,
      searchStrategy: s.searchStrategy,
      autoApply: s.autoApply,
    }),
  ) as JsonObject;
}

/**
 * The copier: waits for the profiler to stop, then server-side-applies the profiler's output
 * files into the output ConfigMap (only `data`, so the labels stay Flux's).
 */
function copierScript(namespace: string, configMap: string): string {
  return [
    'set -eu',
    `until kubectl get pod "$HOSTNAME" -n ${namespace} -o jsonpath='{.status.containerStatuses[?(@.name=="${PROFILER_CONTAINER}")].state.terminated.exitCode}' | grep -q '[0-9]'; do sleep 10; done`,
    `status=$(sed -n 's/^status: *//p' ${PROFILING_OUTPUT_DIR}/${PROFILER_STATUS_FILE} 2>/dev/null | tr -d "\\"'" || true)`,
    'set -- --from-literal=profiler_status="${status:-unknown}"',
    `for f in ${PROFILING_OUTPUT_FILE} ${PROFILER_STATUS_FILE}; do [ -f ${PROFILING_OUTPUT_DIR}/$f ] && set -- "$@" --from-file="$f=${PROFILING_OUTPUT_DIR}/$f"; done`,
    `kubectl create configmap ${configMap} -n ${namespace} "$@" --dry-run=client -o yaml | kubectl apply --server-side --field-manager=${OUTPUT_COPIER_CONTAINER} --force-conflicts -f -`,
    `echo "profiling output saved to ConfigMap ${configMap} (status \${status:-unknown})"`,
  ].join('\n');
}
