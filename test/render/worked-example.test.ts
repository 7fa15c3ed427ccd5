import type { ValidatedGraph } from '../../src/api/validated-graph';
import { resolveSettings } from '../../src/api/settings';
import { renderGraph, workerHash } from '../../src/render';
import { graph, vllmWorker } from './builders';

// The worked example of the rendering reference (§8): DGD `demo` in `ml`, one vLLM worker, a
// worker generation named with the worker hash. 'commits' renders the replicas, as upstream's
// Deployment has them (in 'operator' mode the runtime operator owns them).
const model = graph({ components: [vllmWorker()] });
const objects = renderGraph(model as ValidatedGraph, resolveSettings({ workerRollout: 'commits' }));
const hash = workerHash(model);
const worker = `demo-vllmworker-${hash}`;
const find = (kind: string, name: string) => {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`no ${kind} ${name} in ${objects.map((x) => `${x.kind}/${x.metadata.name}`).join(', ')}`);
  return o as any;
};

test('renders the discovery RBAC, the worker Deployment and Service, and the graph record', () => {
  expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
    'ServiceAccount/demo-k8s-service-discovery',
    'Role/demo-k8s-service-discovery-role',
    'RoleBinding/demo-k8s-service-discovery-binding',
    `Service/${worker}`,
    `Deployment/${worker}`,
    'DynamoGraphDeployment/demo',
  ]);
});

test('worker Deployment: selector, replicas, strategy', () => {
  const d = find('Deployment', worker);
  expect(d.spec.selector).toEqual({ matchLabels: { 'nvidia.com/selector': worker } });
  expect(d.spec.replicas).toBe(2);
  expect(d.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } });
  expect(d.metadata.labels).toEqual({
    'nvidia.com/dynamo-component': 'VllmWorker',
    'nvidia.com/dynamo-namespace': 'ml-demo',
    'nvidia.com/dynamo-graph-deployment-name': 'demo',
    'nvidia.com/dynamo-worker-hash': hash,
  });
});

test('worker pod: labels, service account, fsGroup, grace period, shared memory', () => {
  const t = find('Deployment', worker).spec.template;
  expect(t.metadata.labels).toEqual({
    'nvidia.com/dynamo-component': 'VllmWorker',
    'nvidia.com/dynamo-component-type': 'worker',
    'nvidia.com/dynamo-discovery-backend': 'kubernetes',
    'nvidia.com/dynamo-discovery-enabled': 'true',
    'nvidia.com/dynamo-graph-deployment-name': 'demo',
    'nvidia.com/dynamo-namespace': 'ml-demo',
    'nvidia.com/metrics-enabled': 'true',
    'nvidia.com/selector': worker,
    'nvidia.com/dynamo-worker-hash': hash,
  });
  expect(t.spec.serviceAccountName).toBe('demo-k8s-service-discovery');
  expect(t.spec.securityContext).toEqual({ fsGroup: 1000 });
  expect(t.spec.terminationGracePeriodSeconds).toBe(60);
  expect(t.spec.restartPolicy).toBe('Always');
  expect(t.spec.volumes).toEqual([{ name: 'shared-memory', emptyDir: { medium: 'Memory', sizeLimit: '8Gi' } }]);
});

test('worker main container: ports, probes, env, resources', () => {
  const [main] = find('Deployment', worker).spec.template.spec.containers;
  expect(main.name).toBe('main');
  expect(main.command).toEqual(['python3']);
  expect(main.ports).toEqual([
    { name: 'system', containerPort: 9090, protocol: 'TCP' },
    { name: 'nixl', containerPort: 19090, protocol: 'TCP' },
  ]);
  expect(main.livenessProbe).toEqual({
    httpGet: { path: '/live', port: 'system' },
    periodSeconds: 5,
    timeoutSeconds: 4,
    failureThreshold: 1,
  });
  expect(main.startupProbe.failureThreshold).toBe(720);
  expect(main.resources).toEqual({ limits: { 'nvidia.com/gpu': '1' } });
  expect(main.volumeMounts).toEqual([{ name: 'shared-memory', mountPath: '/dev/shm' }]);
  const env = Object.fromEntries(main.env.map((e: any) => [e.name, e.value ?? e.valueFrom.fieldRef.fieldPath]));
  expect(env).toEqual({
    DYN_COMPONENT: 'worker',
    DYN_DISCOVERY_BACKEND: 'kubernetes',
    DYN_FORWARDPASS_METRIC_PORT: '20380',
    DYN_HEALTH_CHECK_ENABLED: 'false',
    DYN_NAMESPACE: 'ml-demo',
    DYN_NAMESPACE_WORKER_SUFFIX: hash,
    DYN_PARENT_DGD_K8S_NAME: 'demo',
    DYN_PARENT_DGD_K8S_NAMESPACE: 'ml',
    DYN_SYSTEM_ENABLED: 'true',
    DYN_SYSTEM_PORT: '9090',
    DYN_SYSTEM_USE_ENDPOINT_HEALTH_STATUS: '["generate"]',
    DYN_TCP_RESPONSE_STREAM_HOST: 'status.podIP',
    NIXL_TELEMETRY_ENABLE: 'n',
    NIXL_TELEMETRY_EXPORTER: 'prometheus',
    NIXL_TELEMETRY_PROMETHEUS_PORT: '19090',
    POD_NAME: 'metadata.name',
    POD_NAMESPACE: 'metadata.namespace',
    POD_UID: 'metadata.uid',
  });
  // env is sorted by name
  expect(main.env.map((e: any) => e.name)).toEqual(Object.keys(env).sort());
});

test('worker Service: system port and component selector', () => {
  const s = find('Service', worker);
  expect(s.spec).toEqual({
    selector: {
      'nvidia.com/dynamo-component': 'VllmWorker',
      'nvidia.com/dynamo-component-type': 'worker',
      'nvidia.com/dynamo-namespace': 'ml-demo',
    },
    ports: [{ name: 'system', port: 9090, targetPort: 'system', protocol: 'TCP' }],
  });
});
