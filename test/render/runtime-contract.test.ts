/**
 * What the Dynamo 1.6 runtime needs from a pod under Kubernetes discovery (reference/real-node.md
 * §5–6), checked on every Dynamo container of a graph: its identity from the Downward API, the
 * address of its TCP response stream, the discovery labels on the Services whose EndpointSlices
 * the frontend watches, and the RBAC to register itself as a DynamoWorkerMetadata.
 */
import { EnvVar } from '../../src/api/k8s-types';
import { component, frontend, graph, vllmWorker } from './builders';
import { rendered } from './helpers';

const field = (name: string, fieldPath: string) => ({
  name,
  valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath } },
});
const DOWNWARD = [
  field('POD_NAME', 'metadata.name'),
  field('POD_NAMESPACE', 'metadata.namespace'),
  field('POD_UID', 'metadata.uid'),
  // Without it a 1.6 runtime advertises whatever interface it detects first.
  field('DYN_TCP_RESPONSE_STREAM_HOST', 'status.podIP'),
];

const disagg = graph({
  components: [
    frontend(),
    vllmWorker({ name: 'Prefill', type: 'prefill' }),
    vllmWorker({ name: 'Decode', type: 'decode' }),
    component({ name: 'Planner', type: 'planner', mainContainer: { name: 'main', image: 'img' } }),
    // A frontend sidecar is a Dynamo process of its own.
    vllmWorker({ name: 'Agg', frontendSidecar: { image: 'img' } }),
  ],
});

test('every Dynamo container gets its pod identity and the pod IP to advertise', () => {
  const r = rendered(disagg);
  const containers = r.objects
    .filter((o) => o.kind === 'Deployment')
    .flatMap((d: any) => d.spec.template.spec.containers.map((c: any) => [`${d.metadata.name}/${c.name}`, c]));
  const agg = r.find('Deployment', 'demo-agg').metadata.name;
  expect(containers.map(([id]) => id)).toEqual(
    expect.arrayContaining([`${agg}/main`, `${agg}/sidecar-frontend`, 'demo-planner/main']),
  );
  for (const [id, c] of containers) {
    for (const v of DOWNWARD)
      expect({ id, env: (c.env as EnvVar[]).find((e) => e.name === v.name) }).toEqual({ id, env: v });
  }
});

test('the component env can replace the advertised address (a runtime that wants an interface name)', () => {
  const r = rendered(
    graph({ components: [vllmWorker({ env: [{ name: 'DYN_TCP_RESPONSE_STREAM_HOST', value: 'eth0' }] })] }),
  );
  expect(r.envOf(r.main('demo-vllmworker')).DYN_TCP_RESPONSE_STREAM_HOST).toBe('eth0');
});

test('worker Services carry the discovery labels; the discovery Role may register DynamoWorkerMetadata and read EndpointSlices', () => {
  const r = rendered(disagg);
  for (const name of ['demo-prefill', 'demo-decode', 'demo-frontend']) {
    expect(r.find('Service', name).metadata.labels).toMatchObject({
      'nvidia.com/dynamo-discovery-backend': 'kubernetes',
      'nvidia.com/dynamo-discovery-enabled': 'true',
    });
  }
  const rules = r.find('Role', 'demo-k8s-service-discovery-role').rules;
  expect(rules).toContainEqual({
    apiGroups: ['nvidia.com'],
    resources: ['dynamoworkermetadatas'],
    verbs: ['create', 'get', 'list', 'watch', 'update', 'patch', 'delete'],
  });
  expect(rules).toContainEqual({
    apiGroups: ['discovery.k8s.io'],
    resources: ['endpointslices'],
    verbs: ['get', 'list', 'watch'],
  });
});
