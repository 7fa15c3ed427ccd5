/**
 * A v1alpha1 graph end to end through the operator. Our CRDs convert with `None`, so the
 * operator reads it through v1beta1 and must recognise it by its `services` map: the adapter
 * for the opted-in service appears (`dgdRef.serviceName`), scales its Deployment, and the graph
 * status is reported under `services`.
 */
import { parse as parseYaml } from 'yaml';
import * as fs from 'fs';
import * as path from 'path';
import { loadGraph, resolveSettings } from '../../src/api';
import { KubeApi } from '../../src/operator/kube/client';
import { Operator } from '../../src/operator/operator';
import { renderGraph } from '../../src/render';
import { KubeClient, KubeObject, uniqueName } from './kube';
import { ADAPTER, ADAPTER_KIND, installOperatorCrds, operatorApi, startOperator } from './operator-harness';

let kube: KubeClient;
let api: KubeApi;
let operator: Operator;
let ns: string;

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installOperatorCrds(kube);
  ns = uniqueName('op-v1alpha1');
  await kube.createNamespace(ns);
  api = operatorApi();
  operator = await startOperator(api);
  const doc = parseYaml(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'agg-v1alpha1.yaml'), 'utf8'));
  doc.spec.services.VllmDecodeWorker.replicas = 3;
  doc.spec.services.VllmDecodeWorker.scalingAdapter = { enabled: true };
  const { model, problems } = loadGraph(doc, { defaultNamespace: ns });
  expect(problems).toEqual([]);
  for (const o of renderGraph(model!, resolveSettings({})) as KubeObject[]) await kube.apply(o);
});
afterAll(async () => {
  await operator?.stop();
  api?.close();
  kube.close();
});

test('adapter with serviceName, scaling, and status under services', async () => {
  const adapter = await kube.waitFor<any>(ADAPTER, ADAPTER_KIND, 'vllm-agg-vllmdecodeworker', ns, (o) => !!o, { what: 'adapter' });
  expect(adapter!.spec).toEqual({ replicas: 3, dgdRef: { name: 'vllm-agg', serviceName: 'VllmDecodeWorker' } });
  await kube.waitFor('apps/v1', 'Deployment', 'vllm-agg-vllmdecodeworker', ns, (o) => (o as any)?.spec?.replicas === 3, { what: 'replicas 3' });
  await kube.request('PATCH', `/apis/${ADAPTER}/namespaces/${ns}/dynamographdeploymentscalingadapters/vllm-agg-vllmdecodeworker/scale`, { spec: { replicas: 1 } }, 'application/merge-patch+json');
  await kube.waitFor('apps/v1', 'Deployment', 'vllm-agg-vllmdecodeworker', ns, (o) => (o as any)?.spec?.replicas === 1, { what: 'replicas 1' });
  const dgd = await kube.waitFor<any>('nvidia.com/v1alpha1', 'DynamoGraphDeployment', 'vllm-agg', ns, (o) => !!o?.status?.services?.VllmDecodeWorker, { what: 'status.services' });
  expect(dgd!.status.services.VllmDecodeWorker).toMatchObject({ componentKind: 'Deployment', componentName: 'vllm-agg-vllmdecodeworker' });
  expect(dgd!.status.state).toBe('pending');
});
