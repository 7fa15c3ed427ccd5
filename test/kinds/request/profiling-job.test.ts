/** A thorough request without a plan: the profiling Job, its RBAC and output ConfigMap, as upstream's controller creates them. */
import { KubeObject } from '../../../src/api/k8s-types';
import { loadRequestDoc } from '../../../src/kinds/request/load';
import { renderProfilingJob } from '../../../src/kinds/request/profiling-job';

const request = (spec: Record<string, unknown> = {}) => {
  const loaded = loadRequestDoc({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeploymentRequest',
    metadata: { name: 'llama', namespace: 'inference' },
    spec: {
      model: 'meta-llama/Llama-3.1-70B',
      backend: 'vllm',
      searchStrategy: 'thorough',
      image: 'nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.1',
      hardware: { gpuSku: 'h100_sxm', totalGpus: 8 },
      ...spec,
    },
  });
  expect(loaded.problems).toEqual([]);
  return loaded.request!;
};

const find = (objects: KubeObject[], kind: string) => objects.find((o) => o.kind === kind) as any;

test('the Job: profiler and output copier under the profiling ServiceAccount, never retried, recreated by Flux when it changes', () => {
  const objects = renderProfilingJob(request());
  expect(objects.map((o) => `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`)).toEqual([
    'ServiceAccount/inference/dgdr-profiling-job',
    'Role/inference/dgdr-profiling-job',
    'RoleBinding/inference/dgdr-profiling-job',
    'ConfigMap/inference/dgdr-output-llama',
    'Job/inference/profile-llama',
  ]);
  const job = find(objects, 'Job');
  expect(job.metadata.labels).toEqual({
    app: 'dynamo-profiler',
    dgdr: 'llama',
    'nvidia.com/managed-by': 'dynamo-operator',
  });
  expect(job.metadata.annotations).toEqual({ 'kustomize.toolkit.fluxcd.io/force': 'enabled' });
  expect(job.spec.backoffLimit).toBe(0);
  const pod = job.spec.template.spec;
  expect(pod).toMatchObject({
    serviceAccountName: 'dgdr-profiling-job',
    restartPolicy: 'Never',
    securityContext: { runAsNonRoot: true, runAsUser: 1000 },
  });
  const [profiler, copier] = pod.containers;
  expect(profiler).toMatchObject({
    name: 'profiler',
    image: 'nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.1',
    command: ['python', '-m', 'dynamo.profiler'],
    workingDir: '/workspace',
  });
  expect(profiler.args[0]).toBe('--config');
  expect(JSON.parse(profiler.args[1])).toMatchObject({
    model: 'meta-llama/Llama-3.1-70B',
    searchStrategy: 'thorough',
    hardware: { gpuSku: 'h100_sxm', totalGpus: 8 },
    workload: { isl: 4000, osl: 1000 },
  });
  expect(profiler.args.slice(2)).toEqual(['--output-dir', '/data']);
  expect(profiler.env[0]).toEqual({
    name: 'HUGGING_FACE_HUB_TOKEN',
    valueFrom: { secretKeyRef: { name: 'hf-token-secret', key: 'HF_TOKEN' } },
  });
  expect(copier).toMatchObject({ name: 'output-copier', image: 'bitnami/kubectl:latest', command: ['/bin/sh', '-c'] });
  expect(copier.args[0]).toContain('kubectl create configmap dgdr-output-llama -n inference');
  expect(find(objects, 'ConfigMap').metadata.labels).toEqual({
    'dgdr.nvidia.com/name': 'llama',
    'dgdr.nvidia.com/namespace': 'inference',
    'nvidia.com/managed-by': 'dynamo-operator',
  });
  expect(find(objects, 'RoleBinding').subjects).toEqual([
    { kind: 'ServiceAccount', name: 'dgdr-profiling-job', namespace: 'inference' },
  ]);
});

test('the model cache is mounted read-only; overrides.profilingJob merges into the Job spec, containers by name', () => {
  const objects = renderProfilingJob(
    request({
      modelCache: { pvcName: 'weights', pvcMountPath: '/models' },
      overrides: {
        profilingJob: {
          activeDeadlineSeconds: 7200,
          template: {
            spec: {
              tolerations: [{ key: 'gpu', operator: 'Exists' }],
              containers: [{ name: 'profiler', resources: { limits: { 'nvidia.com/gpu': '1' } } }],
            },
          },
        },
      },
    }),
  );
  const job = find(objects, 'Job');
  expect(job.spec.activeDeadlineSeconds).toBe(7200);
  expect(job.spec.backoffLimit).toBe(0);
  const pod = job.spec.template.spec;
  expect(pod.tolerations).toEqual([{ key: 'gpu', operator: 'Exists' }]);
  expect(pod.containers.map((c: any) => c.name)).toEqual(['profiler', 'output-copier']);
  expect(pod.containers[0].resources).toEqual({ limits: { 'nvidia.com/gpu': '1' } });
  expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'model-cache', mountPath: '/models', readOnly: true });
  expect(pod.volumes).toContainEqual({
    name: 'model-cache',
    persistentVolumeClaim: { claimName: 'weights', readOnly: true },
  });
});
