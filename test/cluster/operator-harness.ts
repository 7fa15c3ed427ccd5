/**
 * Running the runtime operator in-process against the test cluster, plus the CRDs it needs:
 * ours, and a LeaderWorkerSet stand-in (the real CRD is not vendored; the operator only
 * touches `spec.replicas`, so a schemaless CRD with the same group, kind and scale
 * subresource is enough).
 */
import type { ValidatedGraph } from '../../src/api/validated-graph';
import { loadGraph, resolveSettings } from '../../src/api';
import { crdManifests } from '../../src/crds';
import { defaultConfig, OperatorConfig } from '../../src/operator/config';
import { Operator } from '../../src/operator/operator';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { loadKubeConfig, withOverrides } from '../../src/operator/runtime/kube/kubeconfig';
import { createLogger } from '../../src/operator/runtime/log';
import { renderGraph } from '../../src/render';
import { KubeClient, ServerObject, testKubeconfig, uniqueName } from './kube';

/**
 * The operator's client for the test cluster, as the admin; `server` puts a proxy in between,
 * `impersonate` acts as another user (e.g. the operator's ServiceAccount, to test its RBAC).
 */
export function operatorApi(overrides: { server?: string; impersonate?: string } = {}): KubeApi {
  return new KubeApi(withOverrides(loadKubeConfig({ kubeconfig: testKubeconfig() }), overrides));
}

/** The test cluster's API server URL. */
export function apiServerUrl(): string {
  return loadKubeConfig({ kubeconfig: testKubeconfig() }).getCurrentCluster()?.server ?? '';
}

/** Logs go to stderr at warn so test output stays readable; LOG_LEVEL=debug to see all. */
export const testLogger = () => createLogger(process.env.LOG_LEVEL ?? 'warn', process.stderr);

export function testConfig(overrides: Partial<OperatorConfig> = {}): OperatorConfig {
  return {
    ...defaultConfig({}),
    leaderElection: { ...defaultConfig({}).leaderElection, enabled: false },
    httpPort: 0,
    workers: 2,
    ...overrides,
  };
}

export async function startOperator(
  api: KubeApi,
  config: OperatorConfig = testConfig(),
  extra: Partial<ConstructorParameters<typeof Operator>[0]> = {},
): Promise<Operator> {
  const op = new Operator({ api, config, log: testLogger(), ...extra });
  await op.start();
  return op;
}

/** What a test file gets from `operatorNamespace`: set in its beforeAll, torn down in its afterAll. */
export interface OperatorNamespace {
  readonly kube: KubeClient;
  readonly api: KubeApi;
  /** Replace it to restart the operator; afterAll stops whichever runs then. */
  operator: Operator;
  readonly ns: string;
}

/**
 * A fresh namespace with our CRDs installed and an in-process operator watching it, for the
 * whole test file; `setup` runs after the operator started (e.g. to apply rendered objects).
 */
export function operatorNamespace(
  prefix: string,
  setup?: (env: OperatorNamespace) => Promise<void>,
): OperatorNamespace {
  const env = {} as { kube: KubeClient; api: KubeApi; operator: Operator; ns: string };
  beforeAll(async () => {
    env.kube = KubeClient.fromTestEnv();
    await installOperatorCrds(env.kube);
    env.ns = uniqueName(prefix);
    await env.kube.createNamespace(env.ns);
    env.api = operatorApi();
    env.operator = await startOperator(env.api);
    await setup?.(env);
  });
  afterAll(async () => {
    await env.operator?.stop();
    env.api?.close();
    env.kube?.close();
  });
  return env;
}

export const LWS_STAND_IN_CRD: ServerObject = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'leaderworkersets.leaderworkerset.x-k8s.io' },
  spec: {
    group: 'leaderworkerset.x-k8s.io',
    scope: 'Namespaced',
    names: {
      plural: 'leaderworkersets',
      singular: 'leaderworkerset',
      kind: 'LeaderWorkerSet',
      listKind: 'LeaderWorkerSetList',
      shortNames: ['lws'],
    },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: {
          status: {},
          scale: {
            specReplicasPath: '.spec.replicas',
            statusReplicasPath: '.status.replicas',
            labelSelectorPath: '.status.hpaPodSelector',
          },
        },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                'x-kubernetes-preserve-unknown-fields': true,
                properties: { replicas: { type: 'integer', format: 'int32' } },
              },
              status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
            },
          },
        },
      },
    ],
  },
};

/** Our CRDs, and the LWS stand-in unless another test already installed a LeaderWorkerSet CRD. */
export async function installOperatorCrds(kube: KubeClient): Promise<void> {
  for (const crd of crdManifests()) await kube.installCrd(crd as ServerObject);
  const lws = await kube.get('apiextensions.k8s.io/v1', 'CustomResourceDefinition', LWS_STAND_IN_CRD.metadata.name);
  if (!lws) await kube.installCrd(LWS_STAND_IN_CRD);
}

export const ADAPTER = 'nvidia.com/v1alpha1';
export const ADAPTER_KIND = 'DynamoGraphDeploymentScalingAdapter';

function graphDoc(namespace: string, opts: { decodeAdapter: boolean }) {
  const main = (args: string[], gpus?: string) => ({
    name: 'main',
    image: 'registry.example/sglang-runtime:1',
    command: ['python3'],
    args: ['-m', 'dynamo.sglang', ...args],
    ...(gpus ? { resources: { limits: { 'nvidia.com/gpu': gpus } } } : {}),
  });
  return {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'sg', namespace },
    spec: {
      backendFramework: 'sglang',
      components: [
        {
          name: 'Frontend',
          type: 'frontend',
          replicas: 1,
          podTemplate: { spec: { containers: [{ name: 'main', image: 'registry.example/sglang-runtime:1' }] } },
        },
        {
          name: 'decode',
          type: 'worker',
          replicas: 2,
          ...(opts.decodeAdapter ? { scalingAdapter: {} } : {}),
          podTemplate: { spec: { containers: [main(['--tp', '1'], '1')] } },
        },
        {
          name: 'prefill',
          type: 'prefill',
          replicas: 1,
          scalingAdapter: {},
          multinode: { nodeCount: 2 },
          podTemplate: { spec: { containers: [main(['--tp', '8'], '4')] } },
        },
      ],
    },
  };
}

/** The sample graph `sg` rendered (LWS path): Frontend, `decode` (adapter optional), multinode `prefill` with an adapter. */
export function rendered(namespace: string, opts = { decodeAdapter: true }): ServerObject[] {
  const { model, problems } = loadGraph(graphDoc(namespace, opts));
  if (problems.length) throw new Error(JSON.stringify(problems));
  return renderGraph({ ...model!, orchestrator: 'lws' } as ValidatedGraph, resolveSettings({})) as ServerObject[];
}
