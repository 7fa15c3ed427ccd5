/**
 * A v1alpha1 graph end to end through the operator. Our CRDs convert with `None`, so the
 * operator reads it through v1beta1 and must recognise it by its `services` map: the adapter
 * for the opted-in service appears (`dgdRef.serviceName`), scales its Deployment, and the graph
 * status is reported under `services`.
 */
import type { ValidatedGraph } from '../../src/api/validated-graph';
import { parse as parseYaml } from 'yaml';
import * as fs from 'fs';
import * as path from 'path';
import { loadGraph, resolveSettings } from '../../src/api';
import { componentWorkloadName, renderGraph, workerGenerationOf } from '../../src/render';
import { ServerObject } from './kube';
import { ADAPTER, ADAPTER_KIND, operatorNamespace } from './operator-harness';

const settings = resolveSettings({});
/** The worker's workload, as the render names it (a worker generation carries the worker hash). */
let worker = '';

const env = operatorNamespace('op-v1alpha1', async (env) => {
  const doc = parseYaml(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'agg-v1alpha1.yaml'), 'utf8'));
  doc.spec.services.VllmDecodeWorker.replicas = 3;
  doc.spec.services.VllmDecodeWorker.scalingAdapter = { enabled: true };
  const { model, problems } = loadGraph(doc, { defaultNamespace: env.ns });
  expect(problems).toEqual([]);
  worker = componentWorkloadName(model!, 'VllmDecodeWorker', workerGenerationOf(model!, settings));
  for (const o of renderGraph(model as ValidatedGraph, settings) as ServerObject[]) await env.kube.apply(o);
});

test('adapter with serviceName, scaling, and status under services', async () => {
  const adapter = await env.kube.waitFor<any>(ADAPTER, ADAPTER_KIND, 'vllm-agg-vllmdecodeworker', env.ns, (o) => !!o, {
    what: 'adapter',
  });
  expect(adapter!.spec).toEqual({ replicas: 3, dgdRef: { name: 'vllm-agg', serviceName: 'VllmDecodeWorker' } });
  await env.kube.waitFor('apps/v1', 'Deployment', worker, env.ns, (o) => (o as any)?.spec?.replicas === 3, {
    what: 'replicas 3',
  });
  await env.kube.request(
    'PATCH',
    `/apis/${ADAPTER}/namespaces/${env.ns}/dynamographdeploymentscalingadapters/vllm-agg-vllmdecodeworker/scale`,
    { spec: { replicas: 1 } },
    'application/merge-patch+json',
  );
  await env.kube.waitFor('apps/v1', 'Deployment', worker, env.ns, (o) => (o as any)?.spec?.replicas === 1, {
    what: 'replicas 1',
  });
  const dgd = await env.kube.waitFor<any>(
    'nvidia.com/v1alpha1',
    'DynamoGraphDeployment',
    'vllm-agg',
    env.ns,
    (o) => !!o?.status?.services?.VllmDecodeWorker,
    { what: 'status.services' },
  );
  expect(dgd!.status.services.VllmDecodeWorker).toMatchObject({
    componentKind: 'Deployment',
    componentName: worker,
  });
  expect(dgd!.status.state).toBe('pending');
});
