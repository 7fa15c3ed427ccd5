/**
 * From a request and its lock entry to the generated graph: the search inputs and their hash,
 * the lock's one text form, and the request's fields applied in upstream's order.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { DeploymentRequestModel } from '../../src/api/input/deployment-request';
import { generateGraph } from '../../src/plan/generate';
import { findPlan, parseLock, PlanEntry, serializeLock, withPlans } from '../../src/plan/lock';
import { loadRequestDoc } from '../../src/kinds/request/load';
import { inputHash, searchInputsOf } from '../../src/plan/search-inputs';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const LOCK_TEXT = fs.readFileSync(path.join(EXAMPLES, 'dynamo-plan.lock'), 'utf8');
const LOCK = parseLock(LOCK_TEXT, 'dynamo-plan.lock');
const exampleDoc = () => parse(fs.readFileSync(path.join(EXAMPLES, 'requests', 'qwen3-32b-h200.yaml'), 'utf8'));

function request(edit: (doc: any) => void = () => undefined): DeploymentRequestModel {
  const doc = exampleDoc();
  edit(doc);
  const loaded = loadRequestDoc(doc);
  expect(loaded.problems.filter((p) => p.severity !== 'warning')).toEqual([]);
  return loaded.request!;
}

const hashOf = (edit?: (doc: any) => void) => inputHash(searchInputsOf(request(edit)));
const entryFor = (r: DeploymentRequestModel): PlanEntry => findPlan(LOCK, inputHash(searchInputsOf(r)))!;

describe('search inputs', () => {
  test('only what the search reads is hashed: image, model cache, planner, overrides, names and autoApply are not', () => {
    const base = hashOf();
    expect(entryFor(request())).toBeDefined();
    for (const edit of [
      (d: any) => {
        d.spec.image = 'other:1';
      },
      (d: any) => {
        delete d.spec.modelCache;
        delete d.spec.features;
        delete d.spec.overrides;
      },
      (d: any) => {
        d.metadata.name = 'renamed';
        d.metadata.namespace = 'elsewhere';
        d.spec.autoApply = false;
      },
    ])
      expect(hashOf(edit)).toBe(base);
    for (const edit of [
      (d: any) => {
        d.spec.sla.ttft = 601;
      },
      (d: any) => {
        d.spec.hardware.totalGpus = 16;
      },
      (d: any) => {
        d.spec.model = 'Qwen/Qwen3-8B';
      },
      (d: any) => {
        d.spec.backend = 'auto';
      },
      (d: any) => {
        d.spec.workload.osl = 1000;
      },
    ])
      expect(hashOf(edit)).not.toBe(base);
  });

  test("the profiler's SLA defaults and the SKU's successor name are what is searched", () => {
    const inputs = searchInputsOf(
      request((d) => {
        delete d.spec.sla;
        d.spec.hardware.gpuSku = 'gb200_sxm';
      }),
    );
    expect(inputs.sla).toEqual({ ttftMs: 2000, itlMs: 30 });
    expect(inputs.system).toBe('gb200');
    expect(
      searchInputsOf(
        request((d) => {
          d.spec.sla = { e2eLatency: 9000 };
        }),
      ).sla,
    ).toEqual({ e2eLatencyMs: 9000 });
  });
});

describe('the lock', () => {
  test('one text form: the committed lock reads back and writes out byte for byte', () => {
    expect(serializeLock(LOCK)).toBe(LOCK_TEXT);
    expect(LOCK.plans.map((p) => p.requests)).toEqual(
      expect.arrayContaining([['dynamo-examples/qwen3-32b'], ['dynamo-examples/qwen3-small']]),
    );
  });

  test('entries are sorted by hash and replaced by hash', () => {
    const [a, b] = LOCK.plans;
    const swapped = withPlans({ ...LOCK, plans: [] }, [b, a, { ...a, requests: ['x/y'] }]);
    expect(swapped.plans.map((p) => p.inputHash)).toEqual([a.inputHash, b.inputHash].sort());
    expect(swapped.plans.find((p) => p.inputHash === a.inputHash)!.requests).toEqual(['x/y']);
  });

  test('a file that is not a lock is refused with its name', () => {
    expect(() => parseLock('kind: Something\n', 'x.lock')).toThrow(
      'x.lock: not a plan lock (expected apiVersion dynamo-iac.dev/v1, kind PlanLock, plans: [...])',
    );
    expect(() =>
      parseLock('apiVersion: dynamo-iac.dev/v1\nkind: PlanLock\nplans:\n  - inputHash: abc\n', 'x.lock'),
    ).toThrow('x.lock: plans[0]: incomplete entry');
    expect(() => parseLock('a: [', 'x.lock')).toThrow(/^x\.lock: not a plan lock: /);
  });
});

describe('generated graph', () => {
  const r = request();
  const generated = generateGraph(r, entryFor(r));
  const components = generated.manifest.spec as { components: any[] };
  const byName = (name: string) => components.components.find((c) => c.name === name);
  const main = (name: string) => byName(name).podTemplate.spec.containers.find((c: any) => c.name === 'main');

  test("named after the request, in its namespace, labelled the way upstream labels generated graphs, plus the override's labels", () => {
    expect(generated.problems).toEqual([]);
    expect(generated.manifest.metadata).toEqual({
      name: 'qwen3-32b',
      namespace: 'dynamo-examples',
      labels: {
        'dgdr.nvidia.com/name': 'qwen3-32b',
        'dgdr.nvidia.com/namespace': 'dynamo-examples',
        team: 'inference',
      },
    });
  });

  test('image on every component; workers read the model from the PVC and keep serving it under its name', () => {
    for (const c of components.components)
      expect(main(c.name).image).toBe('nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1');
    const prefill = main('VllmPrefillWorker');
    expect(prefill.args.slice(0, 4)).toEqual([
      '--model',
      '/opt/model-cache/qwen3-32b',
      '--served-model-name',
      'Qwen/Qwen3-32B',
    ]);
    expect(prefill.volumeMounts).toEqual([{ name: 'model-cache', mountPath: '/opt/model-cache', readOnly: true }]);
    expect(byName('VllmPrefillWorker').podTemplate.spec.volumes).toEqual([
      { name: 'model-cache', persistentVolumeClaim: { claimName: 'model-cache', readOnly: true } },
    ]);
    expect(main('Frontend').volumeMounts).toBeUndefined();
  });

  test('planner: a Planner component reading its ConfigMap, workers under scaling adapters, vLLM workers benchmarking themselves', () => {
    expect(byName('Planner')).toMatchObject({ type: 'planner', replicas: 1 });
    expect(main('Planner').args).toEqual(['--config', '/workspace/planner_config/planner_config.json']);
    expect(generated.objects).toEqual([
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: {
          name: 'qwen3-32b-planner-config',
          namespace: 'dynamo-examples',
          labels: { 'dgdr.nvidia.com/name': 'qwen3-32b', 'dgdr.nvidia.com/namespace': 'dynamo-examples' },
        },
        data: {
          'planner_config.json':
            '{"decode_engine_num_gpu":4,"itl_ms":20,"mode":"disagg","prefill_engine_num_gpu":2,"profile_results_dir":"/workspace/profiling_results","ttft_ms":600}',
        },
      },
    ]);
    expect(byName('VllmDecodeWorker').scalingAdapter).toEqual({});
    expect(main('VllmDecodeWorker').env).toContainEqual({ name: 'DYN_BENCHMARK_MODE', value: 'decode' });
    const advisory = request((d) => {
      d.spec.features.planner.advisory = true;
    });
    const spec = generateGraph(advisory, entryFor(advisory)).manifest.spec as { components: any[] };
    expect(spec.components.filter((c) => c.scalingAdapter)).toEqual([]);
  });

  test('overrides.dgd: merged by component name; it may not add components; metadata.name names the graph', () => {
    expect(byName('Frontend').replicas).toBe(2);
    const bad = request((d) => {
      d.spec.overrides.dgd.metadata.name = 'qwen-graph';
      d.spec.overrides.dgd.spec.components.push({ name: 'Extra', replicas: 1 });
    });
    const out = generateGraph(bad, entryFor(bad));
    expect(out.manifest.metadata.name).toBe('qwen-graph');
    expect(out.problems).toEqual([
      {
        path: 'spec.overrides.dgd.spec.components[1].name',
        severity: 'error',
        message:
          'Invalid value: "Extra": not a component of the generated graph (Frontend, VllmPrefillWorker, VllmDecodeWorker, Planner); an override can change generated components, not add them',
      },
    ]);
    const alpha = request((d) => {
      d.spec.overrides.dgd = {
        apiVersion: 'nvidia.com/v1alpha1',
        kind: 'DynamoGraphDeployment',
        spec: { services: { VllmDecodeWorker: { replicas: 3, envs: [{ name: 'X', value: '1' }] } } },
      };
    });
    const merged = generateGraph(alpha, entryFor(alpha)).manifest.spec as { components: any[] };
    const decode = merged.components.find((c) => c.name === 'VllmDecodeWorker');
    expect(decode.replicas).toBe(3);
    expect(decode.podTemplate.spec.containers[0].env).toContainEqual({ name: 'X', value: '1' });
    expect(decode.podTemplate.spec.containers[0].image).toBe('nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1');
  });
});
