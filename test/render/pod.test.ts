import { component, frontend, graph, vllmWorker } from './builders';
import { rendered } from './helpers';
import { PRUNE_DISABLED } from '../../src/render';

describe('main container merge', () => {
  test('a user probe field is merged over the default probe (upstream struct-merge semantics)', () => {
    const r = rendered(
      graph({
        components: [
          vllmWorker({ mainContainer: { name: 'main', image: 'img', livenessProbe: { periodSeconds: 30 } } }),
        ],
      }),
    );
    expect(r.main('demo-vllmworker').livenessProbe).toEqual({
      httpGet: { path: '/live', port: 'system' },
      periodSeconds: 30,
      timeoutSeconds: 4,
      failureThreshold: 1,
    });
  });

  test('mainContainer.startupProbe and component probes replace the defaults entirely', () => {
    const probe = { exec: { command: ['true'] } };
    const r = rendered(
      graph({
        components: [
          vllmWorker({
            mainContainer: { name: 'main', image: 'img', startupProbe: probe },
            livenessProbe: probe,
            readinessProbe: probe,
          }),
        ],
      }),
    );
    const main = r.main('demo-vllmworker');
    expect([main.startupProbe, main.livenessProbe, main.readinessProbe]).toEqual([probe, probe, probe]);
  });

  test('lists such as ports are replaced wholesale, empty values keep the default', () => {
    const r = rendered(
      graph({
        components: [
          frontend({
            mainContainer: { name: 'main', image: 'img', ports: [{ name: 'web', containerPort: 9000 }], args: [] },
          }),
        ],
      }),
    );
    const main = r.main('demo-frontend');
    expect(main.ports).toEqual([{ name: 'web', containerPort: 9000 }]);
    expect(main.args).toEqual(['-m', 'dynamo.frontend']);
  });

  test('env precedence: defaults < mainContainer.env < graph env < component env; infrastructure env only when absent', () => {
    const r = rendered(
      graph({
        env: [
          { name: 'A', value: 'graph' },
          { name: 'B', value: 'graph' },
        ],
        components: [
          vllmWorker({
            mainContainer: {
              name: 'main',
              image: 'img',
              env: [
                { name: 'A', value: 'main' },
                { name: 'DYN_SYSTEM_PORT', value: '1' },
                { name: 'C', value: 'main' },
              ],
            },
            env: [
              { name: 'B', value: 'component' },
              { name: 'NATS_SERVER', value: 'nats://mine' },
            ],
          }),
        ],
      }),
      { natsAddress: 'nats://platform', etcdAddress: 'etcd:2379' },
    );
    const env = r.envOf(r.main('demo-vllmworker'));
    expect(env).toMatchObject({
      A: 'graph',
      B: 'component',
      C: 'main',
      DYN_SYSTEM_PORT: '1',
      NATS_SERVER: 'nats://mine',
      ETCD_ENDPOINTS: 'etcd:2379',
    });
  });

  test('resources are copied key by key over mainContainer.resources and claims are appended', () => {
    const r = rendered(
      graph({
        components: [
          vllmWorker({
            mainContainer: {
              name: 'main',
              image: 'img',
              resources: { requests: { cpu: '1', memory: '1Gi' }, claims: [{ name: 'a' }] },
            },
            resources: { requests: { cpu: '4' }, limits: { 'nvidia.com/gpu': '2' }, claims: [{ name: 'b' }] },
          }),
        ],
      }),
    );
    expect(r.main('demo-vllmworker').resources).toEqual({
      requests: { cpu: '4', memory: '1Gi' },
      limits: { 'nvidia.com/gpu': '2' },
      claims: [{ name: 'a' }, { name: 'b' }],
    });
  });

  test("upstream's base command /bin/sh -c: a command given only as args runs as a script; the frontend keeps python3", () => {
    const planner = { name: 'Planner', type: 'planner', mainContainer: { name: 'main', image: 'img', args: ['run'] } };
    const r = rendered(
      graph({
        components: [
          vllmWorker({ mainContainer: { name: 'main', image: 'img', args: ['python3 -m dynamo.vllm'] } }),
          component(planner),
          component({ name: 'Other', type: '', mainContainer: { name: 'main', image: 'img' } }),
          frontend(),
        ],
      }),
    );
    expect(r.main('demo-vllmworker').command).toEqual(['/bin/sh', '-c']);
    expect(r.main('demo-vllmworker').args).toEqual(['python3 -m dynamo.vllm']);
    expect(r.main('demo-planner').command).toEqual(['/bin/sh', '-c']);
    expect(r.main('demo-other').command).toEqual(['/bin/sh', '-c']);
    expect(r.main('demo-frontend').command).toEqual(['python3']);
    // The user's command replaces it.
    const own = rendered(graph({ components: [vllmWorker()] }));
    expect(own.main('demo-vllmworker').command).not.toEqual(['/bin/sh', '-c']);
  });

  test('envFromSecret appends an envFrom secretRef', () => {
    const r = rendered(graph({ components: [vllmWorker({ envFromSecret: 'hf-token' })] }));
    expect(r.main('demo-vllmworker').envFrom).toEqual([{ secretRef: { name: 'hf-token' } }]);
  });
});

describe('pod spec', () => {
  test('a user securityContext is used as given; the grace period can be overridden', () => {
    const r = rendered(
      graph({
        components: [
          vllmWorker({ podSpec: { securityContext: { runAsNonRoot: true }, terminationGracePeriodSeconds: 10 } }),
        ],
      }),
    );
    const spec = r.find('Deployment', 'demo-vllmworker').spec.template.spec;
    expect(spec.securityContext).toEqual({ runAsNonRoot: true });
    expect(spec.terminationGracePeriodSeconds).toBe(10);
  });

  test('user containers come before main; user volumes before Dynamo volumes', () => {
    const r = rendered(
      graph({
        components: [
          vllmWorker({
            podSpec: { containers: [{ name: 'proxy', image: 'p' }], volumes: [{ name: 'data', emptyDir: {} }] },
            mainContainer: { name: 'main', image: 'img', volumeMounts: [{ name: 'data', mountPath: '/data' }] },
            volumeMounts: [{ name: 'models', mountPoint: '/models', useAsCompilationCache: false }],
          }),
        ],
      }),
    );
    const spec = r.find('Deployment', 'demo-vllmworker').spec.template.spec;
    expect(spec.containers.map((c: any) => c.name)).toEqual(['proxy', 'main']);
    expect(spec.volumes.map((v: any) => v.name)).toEqual(['data', 'models', 'shared-memory']);
    expect(r.main('demo-vllmworker').volumeMounts).toEqual([
      { name: 'data', mountPath: '/data' },
      { name: 'models', mountPath: '/models' },
      { name: 'shared-memory', mountPath: '/dev/shm' },
    ]);
    expect(spec.volumes[1]).toEqual({ name: 'models', persistentVolumeClaim: { claimName: 'models' } });
  });

  test('shared memory: resized, disabled, and replacing a user volume at /dev/shm', () => {
    const sized = rendered(graph({ components: [vllmWorker({ sharedMemorySize: '16Gi' })] }));
    expect(sized.find('Deployment', 'demo-vllmworker').spec.template.spec.volumes).toEqual([
      { name: 'shared-memory', emptyDir: { medium: 'Memory', sizeLimit: '16Gi' } },
    ]);
    const off = rendered(graph({ components: [vllmWorker({ sharedMemorySize: null })] }));
    expect(off.find('Deployment', 'demo-vllmworker').spec.template.spec.volumes).toBeUndefined();
    expect(off.main('demo-vllmworker').volumeMounts).toBeUndefined();
    const replaced = rendered(
      graph({
        components: [
          vllmWorker({
            podSpec: { volumes: [{ name: 'shared-memory', emptyDir: {} }] },
            mainContainer: { name: 'main', image: 'img', volumeMounts: [{ name: 'shm', mountPath: '/dev/shm' }] },
          }),
        ],
      }),
    );
    expect(replaced.main('demo-vllmworker').volumeMounts).toEqual([{ name: 'shared-memory', mountPath: '/dev/shm' }]);
  });

  test('vLLM compilation cache: default mount path and VLLM_CACHE_ROOT', () => {
    const r = rendered(
      graph({ components: [vllmWorker({ volumeMounts: [{ name: 'cc', useAsCompilationCache: true }] })] }),
    );
    const main = r.main('demo-vllmworker');
    expect(main.volumeMounts[0]).toEqual({ name: 'cc', mountPath: '/root/.cache/vllm' });
    expect(main.env[main.env.length - 1]).toEqual({ name: 'VLLM_CACHE_ROOT', value: '/root/.cache/vllm' });
  });

  test('image pull secrets: user secrets first, then the registry secrets from the settings, de-duplicated', () => {
    const model = graph({
      components: [
        vllmWorker({
          mainContainer: { name: 'main', image: 'nvcr.io/nvidia/x:1' },
          podSpec: { imagePullSecrets: [{ name: 'mine' }, { name: 'nvcr' }] },
        }),
      ],
    });
    const r = rendered(model, { imagePullSecrets: { 'nvcr.io': ['nvcr', 'nvcr-2'], 'docker.io': ['hub'] } });
    expect(r.find('Deployment', 'demo-vllmworker').spec.template.spec.imagePullSecrets).toEqual([
      { name: 'mine' },
      { name: 'nvcr' },
      { name: 'nvcr-2' },
    ]);
  });

  test('pull-secret discovery can be switched off per component', () => {
    const r = rendered(
      graph({
        components: [vllmWorker({ annotations: { 'nvidia.com/disable-image-pull-secret-discovery': 'true' } })],
      }),
      { imagePullSecrets: { 'docker.io': ['hub'] } },
    );
    expect(r.find('Deployment', 'demo-vllmworker').spec.template.spec.imagePullSecrets).toBeUndefined();
  });
});

describe('labels and annotations', () => {
  test('system labels win over user pod labels; graph spec labels are low-priority defaults', () => {
    const r = rendered(
      graph({
        labels: { team: 'graph', tier: 'graph' },
        components: [
          vllmWorker({
            labels: { tier: 'component' },
            podLabels: { 'nvidia.com/dynamo-namespace': 'hijack', extra: 'yes' },
          }),
        ],
      }),
    );
    const d = r.find('Deployment', 'demo-vllmworker');
    expect(d.metadata.labels).toMatchObject({ team: 'graph', tier: 'component' });
    expect(d.spec.template.metadata.labels).toMatchObject({
      'nvidia.com/dynamo-namespace': 'ml-demo',
      extra: 'yes',
      tier: 'component',
    });
  });

  test('graph metadata annotations that upstream propagates reach components; enable-metrics=false drops the label', () => {
    const r = rendered(
      graph({
        metadataAnnotations: { 'nvidia.com/enable-metrics': 'false', unrelated: 'x' },
        components: [vllmWorker()],
      }),
    );
    const d = r.find('Deployment', 'demo-vllmworker');
    expect(d.metadata.annotations).toEqual({
      'nvidia.com/enable-metrics': 'false',
      ...PRUNE_DISABLED,
      'dynamo-iac.io/desired-replicas': '2',
    });
    expect(d.spec.template.metadata.labels['nvidia.com/metrics-enabled']).toBeUndefined();
  });

  test('a per-component discovery backend annotation switches discovery off for that component', () => {
    const r = rendered(
      graph({ components: [vllmWorker({ annotations: { 'nvidia.com/dynamo-discovery-backend': 'etcd' } })] }),
    );
    expect(r.ids).not.toContain('Service/demo-vllmworker');
    expect(r.ids).not.toContain('ServiceAccount/demo-k8s-service-discovery');
  });

  test('deployment strategy annotations', () => {
    const recreate = rendered(
      graph({ components: [vllmWorker({ annotations: { 'nvidia.com/deployment-strategy': 'Recreate' } })] }),
    );
    expect(recreate.find('Deployment', 'demo-vllmworker').spec.strategy).toEqual({ type: 'Recreate' });
    const rolling = rendered(
      graph({
        components: [
          vllmWorker({
            annotations: {
              'nvidia.com/deployment-rolling-update-max-surge': '1',
              'nvidia.com/deployment-rolling-update-max-unavailable': '0%',
            },
          }),
        ],
      }),
    );
    expect(rolling.find('Deployment', 'demo-vllmworker').spec.strategy.rollingUpdate).toEqual({
      maxSurge: 1,
      maxUnavailable: '0%',
    });
  });

  test('a Parallel restart renders spec.restart.id as the restartAt pod annotation; a Sequential one leaves it to the runtime operator', () => {
    const annotations = (restart: object) =>
      rendered(graph({ restart, components: [vllmWorker({ podAnnotations: { a: 'b' } })] })).find(
        'Deployment',
        'demo-vllmworker',
      ).spec.template.metadata.annotations;
    expect(annotations({ id: 'r1', strategy: { type: 'Parallel' } })).toEqual({ a: 'b', 'nvidia.com/restartAt': 'r1' });
    expect(annotations({ id: 'r1' })).toEqual({ a: 'b' });
    expect(annotations({ id: 'r1', strategy: { type: 'Sequential', order: ['VllmWorker'] } })).toEqual({ a: 'b' });
  });

  test('globalDynamoNamespace puts the component in the `dynamo` namespace', () => {
    const r = rendered(graph({ components: [vllmWorker({ globalDynamoNamespace: true })] }));
    expect(r.envOf(r.main('demo-vllmworker')).DYN_NAMESPACE).toBe('dynamo');
    expect(r.find('Deployment', 'demo-vllmworker').metadata.labels['nvidia.com/dynamo-namespace']).toBe('dynamo');
  });

  test('dots in the graph name become dashes in the Dynamo namespace', () => {
    const r = rendered(graph({ name: 'llama.v2', components: [vllmWorker()] }));
    expect(r.envOf(r.main('llama.v2-vllmworker')).DYN_NAMESPACE).toBe('ml-llama-v2');
    expect(r.find('Service', 'llama-v2-vllmworker').metadata.name).toMatch(/^llama-v2-vllmworker-[0-9a-f]{8}$/);
  });
});

describe('scaling adapter, model reference, sidecar', () => {
  test('a component with a scaling adapter renders its Deployment without replicas', () => {
    const r = rendered(graph({ components: [vllmWorker({ scalingAdapter: true, replicas: 3 })] }));
    expect(r.find('Deployment', 'demo-vllmworker').spec).not.toHaveProperty('replicas');
  });

  test('unset replicas stay unset; zero is kept', () => {
    // Rendered replicas: 'commits' (with 'operator', the default, the runtime operator owns a worker's).
    const commits = { workerRollout: 'commits' } as const;
    expect(
      rendered(graph({ components: [vllmWorker({ replicas: undefined })] }), commits).find(
        'Deployment',
        'demo-vllmworker',
      ).spec,
    ).not.toHaveProperty('replicas');
    expect(
      rendered(graph({ components: [vllmWorker({ replicas: 0 })] }), commits).find('Deployment', 'demo-vllmworker').spec
        .replicas,
    ).toBe(0);
  });

  test('modelRef: headless model Service, base-model hash label and annotation', () => {
    const r = rendered(graph({ components: [vllmWorker({ modelRef: { name: 'Qwen/Qwen3-0.6B' } })] }));
    const svc = r.objects.find((o) => o.kind === 'Service' && o.metadata.name.startsWith('dynamo-model-')) as any;
    expect(svc.metadata.name).toMatch(/^dynamo-model-[0-9a-f]{8}$/);
    expect(svc.spec.clusterIP).toBe('None');
    const hash = svc.spec.selector['nvidia.com/dynamo-base-model-hash'];
    expect(svc.metadata.name).toBe(`dynamo-model-${hash}`);
    const d = r.find('Deployment', 'demo-vllmworker');
    expect(d.metadata.annotations['nvidia.com/dynamo-base-model']).toBe('Qwen/Qwen3-0.6B');
    expect(d.spec.template.metadata.labels['nvidia.com/dynamo-base-model-hash']).toBe(hash);
    // Upstream's Service: the hash label (EndpointSlices inherit it; the operator lists slices by it), its own
    // managed-by label, the readable name as an annotation, the system port; pods carry the annotation too.
    expect(svc).toEqual({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: {
        name: 'dynamo-model-fb68f5a6',
        namespace: d.metadata.namespace,
        labels: { 'nvidia.com/dynamo-base-model-hash': 'fb68f5a6', 'nvidia.com/managed-by': 'dynamo-operator' },
        annotations: { 'nvidia.com/dynamo-base-model': 'Qwen/Qwen3-0.6B' },
      },
      spec: {
        clusterIP: 'None',
        selector: { 'nvidia.com/dynamo-base-model-hash': 'fb68f5a6' },
        ports: [{ name: 'system', port: 9090, targetPort: 9090, protocol: 'TCP' }],
      },
    });
    expect(d.spec.template.metadata.annotations['nvidia.com/dynamo-base-model']).toBe('Qwen/Qwen3-0.6B');
  });

  test('modelRef: one model Service per distinct base model, shared by the components that serve it', () => {
    const r = rendered(
      graph({
        components: [
          vllmWorker({ name: 'a', modelRef: { name: 'Qwen/Qwen3-0.6B' } }),
          vllmWorker({ name: 'b', modelRef: { name: 'Qwen/Qwen3-0.6B' } }),
          vllmWorker({ name: 'c', modelRef: { name: 'meta-llama/Llama-3.1-8B-Instruct' } }),
        ],
      }),
    );
    const names = r.objects
      .filter((o) => o.kind === 'Service' && o.metadata.name.startsWith('dynamo-model-'))
      .map((o) => o.metadata.name);
    expect(names.sort()).toEqual(['dynamo-model-08a20b29', 'dynamo-model-fb68f5a6']);
  });

  test('frontend sidecar: a second container after main with the frontend defaults', () => {
    const r = rendered(
      graph({
        components: [
          vllmWorker({
            frontendSidecar: {
              image: 'fe',
              args: ['-m', 'dynamo.frontend', '--router-mode', 'kv'],
              env: [{ name: 'X', value: '1' }],
              envFromSecret: 's',
            },
          }),
        ],
      }),
    );
    const containers = r.find('Deployment', 'demo-vllmworker').spec.template.spec.containers;
    expect(containers.map((c: any) => c.name)).toEqual(['main', 'sidecar-frontend']);
    const sc = containers[1];
    expect(sc.image).toBe('fe');
    expect(sc.args).toEqual(['-m', 'dynamo.frontend', '--router-mode', 'kv']);
    expect(sc.ports).toEqual([{ name: 'http', containerPort: 8000, protocol: 'TCP' }]);
    expect(sc.envFrom).toEqual([{ secretRef: { name: 's' } }]);
    expect(r.envOf(sc)).toMatchObject({ X: '1', DYN_COMPONENT: 'frontend', DYN_NAMESPACE: 'ml-demo' });
  });
});
