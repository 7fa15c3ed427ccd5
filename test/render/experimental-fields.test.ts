/**
 * The experimental and Grove-pathway fields that render (issue 19): each one set on a base graph
 * changes the output the way upstream's operator does, and the v1alpha1 spelling renders the
 * same objects as the v1beta1 one.
 */
import { stringify } from 'yaml';
import { KubeObject } from '../../src/api/k8s-types';
import { PlatformSettings, resolveSettings } from '../../src/api/settings';
import { renderManifest } from '../../src/pipeline/render-manifest';
import { float32Text } from '../../src/render/kv-transfer';
import { PRUNE_DISABLED } from '../../src/render';
import { findRendered } from './helpers';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const ARGS = ['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B'];

const frontend = {
  name: 'Frontend',
  type: 'frontend',
  podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
};
const worker = (over: object = {}, sidecars: object[] = []) => ({
  name: 'VllmWorker',
  type: 'worker',
  replicas: 1,
  podTemplate: {
    spec: {
      containers: [
        {
          name: 'main',
          image: IMAGE,
          command: ['python3'],
          args: ARGS,
          resources: { limits: { 'nvidia.com/gpu': '2', memory: '40Gi' } },
        },
        ...sidecars,
      ],
    },
  },
  ...over,
});
const beta = (components: object[], spec: object = {}, annotations: Record<string, string> = {}) => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g', namespace: 'ml', ...(Object.keys(annotations).length ? { annotations } : {}) },
  spec: { backendFramework: 'vllm', components, ...spec },
});
const alpha = (workerFields: object, spec: object = {}, annotations: Record<string, string> = {}) => ({
  apiVersion: 'nvidia.com/v1alpha1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g', namespace: 'ml', ...(Object.keys(annotations).length ? { annotations } : {}) },
  spec: {
    backendFramework: 'vllm',
    services: {
      Frontend: { componentType: 'frontend', extraPodSpec: { mainContainer: { image: IMAGE } } },
      VllmWorker: {
        componentType: 'worker',
        replicas: 1,
        resources: { limits: { gpu: '2', memory: '40Gi' } },
        extraPodSpec: { mainContainer: { image: IMAGE, command: ['python3'], args: ARGS } },
        ...workerFields,
      },
    },
    ...spec,
  },
});

function render(doc: object, settings: PlatformSettings = {}) {
  const out = renderManifest(doc, resolveSettings(settings), { includeGraphRecord: false });
  expect(out.problems.filter((p) => p.severity === 'error')).toEqual([]);
  const find = (kind: string, name: string): any => {
    const o = findRendered(out.objects, kind, name);
    if (!o)
      throw new Error(`no ${kind}/${name} in ${out.objects.map((x) => `${x.kind}/${x.metadata.name}`).join(', ')}`);
    return o;
  };
  const pod = (deployment: string): any => find('Deployment', deployment).spec.template;
  const container = (deployment: string, name: string): any =>
    pod(deployment).spec.containers.find((c: any) => c.name === name);
  return { objects: out.objects, warnings: out.problems, find, pod, container };
}

const yaml = (objects: KubeObject[]) => objects.map((o) => stringify(o, { sortMapEntries: true })).join('---\n');
const envOf = (c: any) => Object.fromEntries((c.env ?? []).map((e: any) => [e.name, e.value]));

describe('GPU Memory Service (IntraPod)', () => {
  const r = render(beta([frontend, worker({ experimental: { gpuMemoryService: {} } })]));

  test("a ResourceClaimTemplate <graph>-<component>-gpu asks for the main container's GPUs", () => {
    const hash = r.find('Deployment', 'g-vllmworker').metadata.labels['nvidia.com/dynamo-worker-hash'];
    expect(r.find('ResourceClaimTemplate', 'g-vllmworker-gpu')).toEqual({
      apiVersion: 'resource.k8s.io/v1',
      kind: 'ResourceClaimTemplate',
      // Part of the worker generation: named, labelled and kept from prune with it.
      metadata: {
        name: `g-vllmworker-${hash}-gpu`,
        namespace: 'ml',
        labels: {
          'nvidia.com/dynamo-component': 'VllmWorker',
          'nvidia.com/dynamo-graph-deployment-name': 'g',
          'nvidia.com/dynamo-worker-hash': hash,
        },
        annotations: PRUNE_DISABLED,
      },
      spec: {
        spec: {
          devices: {
            requests: [
              { name: 'gpus', exactly: { deviceClassName: 'gpu.nvidia.com', allocationMode: 'ExactCount', count: 2 } },
            ],
          },
        },
      },
    });
  });

  test("the claim replaces main's nvidia.com/gpu; main reaches the server through the socket directory", () => {
    const main = r.container('g-vllmworker', 'main');
    expect(main.resources).toEqual({ limits: { memory: '40Gi' }, claims: [{ name: 'intrapod-shared-gpu' }] });
    expect(main.volumeMounts).toContainEqual({ name: 'gms-intrapod-control', mountPath: '/gms-intrapod-control' });
    expect(envOf(main).GMS_SOCKET_DIR).toBe('/gms-intrapod-control');
    const spec = r.pod('g-vllmworker').spec;
    expect(spec.resourceClaims).toEqual([
      {
        name: 'intrapod-shared-gpu',
        resourceClaimTemplateName: r.find('ResourceClaimTemplate', 'g-vllmworker-gpu').metadata.name,
      },
    ]);
    expect(spec.tolerations).toEqual([{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }]);
    expect(spec.volumes).toContainEqual({ name: 'gms-intrapod-control', emptyDir: {} });
  });

  test("the gms-server sidecar runs from main's image and shares the claim", () => {
    expect(r.pod('g-vllmworker').spec.initContainers).toEqual([
      {
        name: 'gms-server',
        image: IMAGE,
        command: ['python3', '-m', 'gpu_memory_service.cli.server'],
        restartPolicy: 'Always',
        startupProbe: {
          exec: { command: ['test', '-f', '/gms-intrapod-control/gms-ready'] },
          periodSeconds: 1,
          failureThreshold: 300,
        },
        resources: { claims: [{ name: 'intrapod-shared-gpu' }] },
        volumeMounts: [{ name: 'gms-intrapod-control', mountPath: '/gms-intrapod-control' }],
        env: [{ name: 'GMS_SOCKET_DIR', value: '/gms-intrapod-control' }],
      },
    ]);
  });

  test('extra client containers get the claim, the mount and the env; the device class is configurable', () => {
    const loader = { name: 'loader', image: 'loader:1' };
    const r2 = render(
      beta([
        frontend,
        worker(
          {
            experimental: {
              gpuMemoryService: { deviceClassName: 'mig.nvidia.com', extraClientContainers: ['loader'] },
            },
          },
          [loader],
        ),
      ]),
    );
    expect(r2.container('g-vllmworker', 'loader')).toEqual({
      ...loader,
      resources: { claims: [{ name: 'intrapod-shared-gpu' }] },
      volumeMounts: [{ name: 'gms-intrapod-control', mountPath: '/gms-intrapod-control' }],
      env: [{ name: 'GMS_SOCKET_DIR', value: '/gms-intrapod-control' }],
    });
    expect(
      r2.find('ResourceClaimTemplate', 'g-vllmworker-gpu').spec.spec.devices.requests[0].exactly.deviceClassName,
    ).toBe('mig.nvidia.com');
  });

  test('the frontend and a graph without GMS are untouched', () => {
    expect(r.pod('g-frontend').spec.resourceClaims).toBeUndefined();
    expect(render(beta([frontend, worker()])).objects.some((o) => o.kind === 'ResourceClaimTemplate')).toBe(false);
  });

  test('v1alpha1 `gpuMemoryService: {enabled: true}` renders the same objects', () => {
    expect(yaml(render(alpha({ gpuMemoryService: { enabled: true } })).objects)).toBe(yaml(r.objects));
    expect(
      render(alpha({ gpuMemoryService: { enabled: false } })).objects.some((o) => o.kind === 'ResourceClaimTemplate'),
    ).toBe(false);
  });
});

describe('failover (IntraPod, vLLM)', () => {
  const container = { 'nvidia.com/dynamo-kube-discovery-mode': 'container' };
  const r = render(beta([frontend, worker({ experimental: { gpuMemoryService: {}, failover: {} } })], {}, container));
  const containers = r.pod('g-vllmworker').spec.containers;

  test('main becomes engine-0 and engine-1, each on its own system port', () => {
    expect(containers.map((c: any) => c.name)).toEqual(['engine-0', 'engine-1']);
    expect(containers.map((c: any) => c.ports)).toEqual([
      [{ name: 'system-0', containerPort: 9090, protocol: 'TCP' }],
      [{ name: 'system-1', containerPort: 9091, protocol: 'TCP' }],
    ]);
    expect(
      containers.map((c: any) => [
        c.livenessProbe.httpGet.port,
        c.readinessProbe.httpGet.port,
        c.startupProbe.httpGet.port,
      ]),
    ).toEqual([
      ['system-0', 'system-0', 'system-0'],
      ['system-1', 'system-1', 'system-1'],
    ]);
  });

  test('per-engine env: identity, lock file, system port, vLLM shadow mode and staggered ports', () => {
    const [e0, e1] = containers.map(envOf);
    expect(e1).toMatchObject({
      ENGINE_ID: '1',
      CONTAINER_NAME: 'engine-1',
      FAILOVER_LOCK_PATH: '/gms-intrapod-control/failover.lock',
      DYN_SYSTEM_STARTING_HEALTH_STATUS: 'notready',
      DYN_SYSTEM_PORT: '9091',
      DYN_SYSTEM_ENABLED: 'true',
      DYN_VLLM_GMS_SHADOW_MODE: 'true',
      VLLM_NIXL_SIDE_CHANNEL_PORT: '5601',
      DYN_VLLM_KV_EVENT_PORT: '20081',
      DYN_FORWARDPASS_METRIC_PORT: '20381',
      GMS_SOCKET_DIR: '/gms-intrapod-control',
    });
    expect(e0).toMatchObject({
      ENGINE_ID: '0',
      DYN_SYSTEM_PORT: '9090',
      VLLM_NIXL_SIDE_CHANNEL_PORT: '5600',
      DYN_FORWARDPASS_METRIC_PORT: '20380',
    });
    for (const e of [e0, e1]) {
      expect(e.DYN_SYSTEM_USE_ENDPOINT_HEALTH_STATUS).toBeUndefined();
      expect(e.DYN_HEALTH_CHECK_ENABLED).toBeUndefined();
      expect(e.NNODES).toBeUndefined();
    }
    const names = containers[1].env.map((e: any) => e.name);
    expect(new Set(names).size).toBe(names.length);
  });

  test("the standby's torch store moves up by 100 (appended, or shifted when given)", () => {
    expect(containers[0].args).toEqual(ARGS);
    expect(containers[1].args).toEqual([...ARGS, '--master-port', '29600']);
    const given = render(
      beta(
        [
          frontend,
          worker({
            experimental: { gpuMemoryService: {}, failover: {} },
            podTemplate: {
              spec: {
                containers: [
                  {
                    name: 'main',
                    image: IMAGE,
                    command: ['python3'],
                    args: [...ARGS, '--master-port', '30000'],
                    resources: { limits: { 'nvidia.com/gpu': '1' } },
                  },
                ],
              },
            },
          }),
        ],
        {},
        container,
      ),
    );
    expect(given.container('g-vllmworker', 'engine-1').args).toEqual([...ARGS, '--master-port', '30100']);
  });

  test('both engines are GMS clients; v1alpha1 renders the same', () => {
    for (const c of containers) expect(c.resources.claims).toEqual([{ name: 'intrapod-shared-gpu' }]);
    const a = render(alpha({ gpuMemoryService: { enabled: true }, failover: { enabled: true } }, {}, container));
    expect(yaml(a.objects)).toBe(yaml(r.objects));
  });
});

describe('kvTransferPolicy (labelKey)', () => {
  const policy = {
    labelKey: 'topology.kubernetes.io/zone',
    domain: 'zone',
    enforcement: 'preferred',
    preferredWeight: 0.3,
  };
  const r = render(beta([frontend, worker()], { experimental: { kvTransferPolicy: policy } }));

  test('workers get the policy env, the topology file and the label-key annotation', () => {
    const main = r.container('g-vllmworker', 'main');
    expect(envOf(main)).toMatchObject({
      DYN_KV_TRANSFER_DOMAIN: 'zone',
      DYN_KV_TRANSFER_ENFORCEMENT: 'preferred',
      DYN_KV_TRANSFER_PREFERRED_WEIGHT: '0.3',
      DYN_TOPOLOGY_ENABLED: 'true',
      DYN_TOPOLOGY_MOUNT_PATH: '/etc/dynamo/topology',
    });
    expect(main.volumeMounts).toContainEqual({
      name: 'topology-labels',
      mountPath: '/etc/dynamo/topology',
      readOnly: true,
    });
    expect(r.pod('g-vllmworker').spec.volumes).toContainEqual({
      name: 'topology-labels',
      downwardAPI: {
        items: [
          { path: 'zone', fieldRef: { apiVersion: 'v1', fieldPath: "metadata.labels['topology.kubernetes.io/zone']" } },
        ],
      },
    });
    expect(r.pod('g-vllmworker').metadata.annotations).toEqual({
      'nvidia.com/topology-label-key': 'topology.kubernetes.io/zone',
    });
    expect(r.find('Deployment', 'g-vllmworker').metadata.annotations).toEqual({
      'nvidia.com/topology-label-key': 'topology.kubernetes.io/zone',
      ...PRUNE_DISABLED,
      'dynamo-iac.io/desired-replicas': '1',
    });
  });

  test('the frontend gets nothing; enforcement defaults to required', () => {
    expect(envOf(r.container('g-frontend', 'main')).DYN_KV_TRANSFER_DOMAIN).toBeUndefined();
    expect(r.pod('g-frontend').metadata.annotations).toBeUndefined();
    const required = render(
      beta([frontend, worker()], { experimental: { kvTransferPolicy: { labelKey: 'rack', domain: 'rack' } } }),
    );
    expect(envOf(required.container('g-vllmworker', 'main'))).toMatchObject({
      DYN_KV_TRANSFER_ENFORCEMENT: 'required',
    });
    expect(envOf(required.container('g-vllmworker', 'main')).DYN_KV_TRANSFER_PREFERRED_WEIGHT).toBeUndefined();
  });

  test('v1alpha1 renders the same', () => {
    expect(yaml(render(alpha({}, { experimental: { kvTransferPolicy: policy } })).objects)).toBe(yaml(r.objects));
  });

  test('the weight is written as Go writes a float32: shortest digits, no exponent', () => {
    expect([0.3, 0.5, 1, 0, 0.123456789, 1e-7].map(float32Text)).toEqual([
      '0.3',
      '0.5',
      '1',
      '0',
      '0.12345679',
      '0.0000001',
    ]);
  });
});

describe('Grove pathway fields', () => {
  const grove = { groveAvailable: true };
  const doc = beta([frontend, { ...worker({ replicas: 3, minAvailable: 2 }) }], {
    priorityClassName: 'inference-high',
    topologyConstraint: { clusterTopologyName: 'dc-topology', packDomain: 'zone' },
  });
  const template = render(doc, grove).find('PodCliqueSet', 'g').spec.template;

  test('priorityClassName on the PodCliqueSet template; minAvailable on the clique (default 1)', () => {
    expect(template.priorityClassName).toBe('inference-high');
    expect(template.cliques.map((c: any) => [c.name, c.spec.minAvailable])).toEqual([
      ['frontend', 1],
      ['vllmworker', 2],
    ]);
  });

  test('the ClusterTopology name is carried on the Grove constraint', () => {
    expect(template.topologyConstraint).toEqual({ topologyName: 'dc-topology', packDomain: 'zone' });
  });

  test('v1alpha1 `topologyProfile` and `priorityClassName` render the same set', () => {
    const a = render(
      alpha(
        { replicas: 3 },
        {
          priorityClassName: 'inference-high',
          topologyConstraint: { topologyProfile: 'dc-topology', packDomain: 'zone' },
        },
      ),
      grove,
    ).find('PodCliqueSet', 'g').spec.template;
    expect(a.priorityClassName).toBe('inference-high');
    expect(a.topologyConstraint).toEqual({ topologyName: 'dc-topology', packDomain: 'zone' });
  });
});
