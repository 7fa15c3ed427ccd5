import { component, frontend, graph, vllmWorker } from '../builders';
import { rendered } from '../helpers';

describe('frontend', () => {
  const r = rendered(graph({ components: [frontend()] }));
  const main = r.main('demo-frontend');

  test('default command, port and probes', () => {
    expect(main.command).toEqual(['python3']);
    expect(main.args).toEqual(['-m', 'dynamo.frontend']);
    expect(main.ports).toEqual([{ name: 'http', containerPort: 8000, protocol: 'TCP' }]);
    expect(main.livenessProbe).toEqual({
      httpGet: { path: '/live', port: 'http' },
      initialDelaySeconds: 15,
      periodSeconds: 10,
      timeoutSeconds: 1,
      failureThreshold: 3,
    });
    expect(main.readinessProbe).toEqual({
      httpGet: { path: '/health', port: 'http' },
      initialDelaySeconds: 10,
      periodSeconds: 10,
      timeoutSeconds: 3,
      failureThreshold: 3,
    });
    expect(main.startupProbe).toBeUndefined();
  });

  test('frontend env', () => {
    expect(r.envOf(main)).toMatchObject({
      DYNAMO_PORT: '8000',
      DYN_HTTP_PORT: '8000',
      DYN_NAMESPACE_PREFIX: 'ml-demo',
      DYN_COMPONENT: 'frontend',
    });
  });

  test('Service on the named http port', () => {
    expect(r.find('Service', 'demo-frontend').spec.ports).toEqual([
      { name: 'http', port: 8000, targetPort: 'http', protocol: 'TCP' },
    ]);
  });

  test('a frontend gets its Service even without Kubernetes discovery, other components do not', () => {
    const etcd = rendered(graph({ components: [frontend(), vllmWorker()] }), { discoveryBackend: 'etcd' });
    expect(etcd.ids).toEqual([
      'Service/demo-frontend',
      'Deployment/demo-frontend',
      `Deployment/${etcd.find('Deployment', 'demo-vllmworker').metadata.name}`,
      'DynamoGraphDeployment/demo',
    ]);
    expect(etcd.envOf(etcd.main('demo-vllmworker')).DYN_DISCOVERY_BACKEND).toBeUndefined();
    expect(etcd.find('Deployment', 'demo-vllmworker').spec.template.spec.serviceAccountName).toBeUndefined();
  });
});

describe('planner', () => {
  const r = rendered(
    graph({
      components: [component({ name: 'Planner', type: 'planner', mainContainer: { name: 'main', image: 'img' } })],
    }),
  );

  test('ports, env and the fixed planner ServiceAccount bound to the planner ClusterRole', () => {
    const main = r.main('demo-planner');
    expect(main.ports.map((p: any) => [p.name, p.containerPort])).toEqual([
      ['metrics', 9085],
      ['system', 9090],
    ]);
    expect(r.envOf(main)).toMatchObject({ PLANNER_PROMETHEUS_PORT: '9085', DYN_SYSTEM_PORT: '9090' });
    expect(r.envOf(main).DYN_SYSTEM_ENABLED).toBeUndefined();
    expect(r.find('Deployment', 'demo-planner').spec.template.spec.serviceAccountName).toBe('planner-serviceaccount');
    expect(r.find('RoleBinding', 'planner-serviceaccount-binding').roleRef).toEqual({
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'ClusterRole',
      name: 'dynamo-planner',
    });
  });

  test('namespace scope: the planner ServiceAccount with a Role of its own, no ClusterRole (component-rbac.test.ts)', () => {
    const ns = rendered(graph({ components: [component({ name: 'Planner', type: 'planner' })] }), {
      operatorScope: 'namespace',
    });
    expect(ns.ids).toEqual(
      expect.arrayContaining([
        'ServiceAccount/planner-serviceaccount',
        'Role/planner-role',
        'RoleBinding/planner-binding',
      ]),
    );
    expect(ns.find('RoleBinding', 'planner-binding').roleRef).toEqual({
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'Role',
      name: 'planner-role',
    });
  });
});

describe('epp', () => {
  const epp = component({
    name: 'Epp',
    type: 'epp',
    replicas: 1,
    mainContainer: { name: 'main', image: 'epp-img' },
    eppConfig: { config: { plugins: [{ type: 'dynamo-kv-scorer' }] } },
  });
  const r = rendered(graph({ components: [epp, vllmWorker()] }));

  test('args, ports, grace period, ServiceAccount and config volume', () => {
    const main = r.main('demo-epp');
    expect(main.command).toBeUndefined();
    expect(main.args).toEqual([
      '-pool-name',
      'demo-pool',
      '-pool-namespace',
      'ml',
      '-pool-group',
      'inference.networking.k8s.io',
      '-v',
      '4',
      '--zap-encoder',
      'json',
      '-grpc-port',
      '9002',
      '-grpc-health-port',
      '9003',
      '-config-file',
      '/etc/epp/epp-config-dynamo.yaml',
    ]);
    expect(main.livenessProbe).toEqual({
      grpc: { port: 9003, service: 'inference-extension' },
      initialDelaySeconds: 5,
      periodSeconds: 10,
    });
    const spec = r.find('Deployment', 'demo-epp').spec.template.spec;
    expect(spec.terminationGracePeriodSeconds).toBe(130);
    expect(spec.serviceAccountName).toBe('epp-serviceaccount');
    expect(spec.volumes[0]).toEqual({
      name: 'epp-config',
      configMap: {
        name: 'demo-epp-config',
        items: [{ key: 'epp-config-dynamo.yaml', path: 'epp-config-dynamo.yaml' }],
      },
    });
    expect(main.volumeMounts).toContainEqual({ name: 'epp-config', mountPath: '/etc/epp', readOnly: true });
  });

  test('gRPC Service, ConfigMap and InferencePool', () => {
    expect(r.find('Service', 'demo-epp').spec.ports).toEqual([
      { name: 'grpc', port: 9002, targetPort: 9002, protocol: 'TCP', appProtocol: 'http2' },
    ]);
    expect(r.find('ConfigMap', 'demo-epp-config').data['epp-config-dynamo.yaml']).toBe(
      'plugins:\n  - type: dynamo-kv-scorer\n',
    );
    expect(r.find('InferencePool', 'demo-pool').spec).toEqual({
      selector: {
        matchLabels: { 'nvidia.com/dynamo-component-type': 'worker', 'nvidia.com/dynamo-namespace': 'ml-demo' },
      },
      targetPorts: [{ number: 8000 }],
      endpointPickerRef: { kind: 'Service', name: 'demo-epp', port: { number: 9002 } },
    });
  });

  test('the inline config is written as everything else is, so a Go YAML reader (YAML 1.1) reads the same values', () => {
    const config = {
      plugins: [{ type: 'dynamo-kv-scorer', parameters: { enabled: 'yes', mode: 'off', port: '0x10' } }],
    };
    const cfg = rendered(graph({ components: [{ ...epp, eppConfig: { config } }] }));
    expect(cfg.find('ConfigMap', 'demo-epp-config').data['epp-config-dynamo.yaml']).toBe(
      'plugins:\n  - parameters:\n      enabled: "yes"\n      mode: "off"\n      port: "0x10"\n    type: dynamo-kv-scorer\n',
    );
  });

  test('a configMapRef replaces the rendered ConfigMap', () => {
    const ref = rendered(
      graph({ components: [{ ...epp, eppConfig: { configMapRef: { name: 'mine', key: 'cfg.yaml' } } }] }),
    );
    expect(ref.ids).not.toContain('ConfigMap/demo-epp-config');
    expect(ref.find('Deployment', 'demo-epp').spec.template.spec.volumes[0].configMap).toEqual({
      name: 'mine',
      items: [{ key: 'cfg.yaml', path: 'cfg.yaml' }],
    });
  });
});

describe('other component types', () => {
  test('get no ports, probes or type env, but the common env', () => {
    const r = rendered(
      graph({
        components: [
          component({
            name: 'Router',
            type: 'router',
            mainContainer: { name: 'main', image: 'img', command: ['router'] },
          }),
        ],
      }),
    );
    const main = r.main('demo-router');
    expect(main.ports).toBeUndefined();
    expect(main.livenessProbe).toBeUndefined();
    expect(r.envOf(main).DYN_COMPONENT).toBe('router');
    expect(r.find('Service', 'demo-router').spec.ports[0].name).toBe('system');
  });
});
