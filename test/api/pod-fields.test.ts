/**
 * The pod fields' declarations (src/crds/pod-fields.ts) reach every place derived from them: the
 * CRD schema, the converter, the field paths and the v1alpha1 field lists. Table-driven over the
 * declarations, so a new pod field is covered here without a new test; its render gets its own.
 */
import { readPodFields } from '../../src/api/convert/read-pod-fields';
import { GraphModel } from '../../src/api/model';
import { InputPaths } from '../../src/api/paths';
import { InputReader } from '../../src/api/read';
import { componentProperties } from '../../src/crds/component-spec-v1beta1';
import { POD_FIELD_NAMES, podFieldDeclaration, PodFieldValue, podFieldV1alpha1Keys } from '../../src/crds/pod-fields';
import { sharedSpecProperties } from '../../src/crds/shared-spec-v1alpha1';
import { writtenAsV1alpha1 } from '../../src/operator/controllers/graph-record';
import { graphSpecV1beta1 } from '../../src/api/convert/graph-v1beta1';
import { loadGraph } from '../../src/api/convert/load';
import { goStruct } from '../../src/render/go-json-fields';
import { workerHash } from '../../src/render/worker-generation';

/** A valid value and a wrong-typed one per value kind, with the reader's message for the latter. */
const SAMPLES: Record<PodFieldValue, { good: unknown; bad: unknown; message: string }> = {
  quantity: { good: '2Gi', bad: true, message: 'must be a string (quote it: "true")' },
  string: { good: 'x', bad: 1, message: 'must be a string (quote it: "1")' },
  boolean: { good: true, bad: 'yes', message: 'must be a boolean' },
  int32: { good: 3, bad: 1.5, message: 'must be an integer' },
};

const graph = (apiVersion: GraphModel['apiVersion'], source: object) =>
  ({ apiVersion, kind: 'DynamoGraphDeployment', components: [{ name: 'w' }], source }) as unknown as GraphModel;

describe.each(POD_FIELD_NAMES)('pod field %s', (name) => {
  const d = podFieldDeclaration(name);
  const sample = SAMPLES[d.value];

  test('the v1beta1 component schema has it, and v1alpha1 has its key', () => {
    expect(componentProperties()[name]).toBeDefined();
    if (d.v1alpha1) expect(sharedSpecProperties()[d.v1alpha1.split('.')[0]]).toBeDefined();
  });

  test('the v1beta1 converter reads it into the model, and a wrong type is a problem at its path', () => {
    const r = new InputReader();
    expect(readPodFields(r, { [name]: sample.good }, 'spec.components[0]')).toEqual({
      [name]: sample.good,
    });
    expect(readPodFields(r, { [name]: sample.bad }, 'spec.components[0]')).toEqual({});
    expect(r.problems).toEqual([{ path: `spec.components[0].${name}`, message: sample.message, severity: 'error' }]);
  });

  test('field paths name it where each version holds it', () => {
    expect(new InputPaths(graph('nvidia.com/v1beta1', {})).podField(0, name)).toBe(`spec.components[0].${name}`);
    const alpha = new InputPaths(graph('nvidia.com/v1alpha1', {})).podField(0, name);
    expect(alpha).toBe(`spec.services[w].${d.v1alpha1 ?? name}`);
  });

  test('a field upstream hashes changes the worker hash; one it does not, not', () => {
    const hashOf = (value?: unknown) => {
      const worker = { name: 'w', type: 'worker', ...(value === undefined ? {} : { [name]: value }) };
      const { model } = loadGraph({
        apiVersion: 'nvidia.com/v1beta1',
        kind: 'DynamoGraphDeployment',
        metadata: { name: 'g' },
        spec: { backendFramework: 'vllm', components: [worker] },
      });
      return workerHash(model!);
    };
    const hashed = goStruct('WorkerComponentHashInput')!.fields.some((f) => f.json === name);
    expect(hashed).toBe(d.workerHash !== undefined);
    expect(hashOf(sample.good) !== hashOf()).toBe(hashed);
  });

  test('its v1alpha1 key is accepted by the planner and marks a stored record as v1alpha1', () => {
    if (!d.v1alpha1) return;
    const [key, ...rest] = d.v1alpha1.split('.');
    expect(podFieldV1alpha1Keys()).toContain(key);
    const value = rest.length ? { [rest.join('.')]: '2Gi' } : '2Gi';
    const { problems } = graphSpecV1beta1({
      apiVersion: 'nvidia.com/v1alpha1',
      spec: { services: { w: { componentType: 'worker', [key]: value } } },
    });
    expect(problems).toEqual([]);
    expect(writtenAsV1alpha1({ kind: 'DynamoComponentDeployment', spec: { [key]: value } } as never)).toBe(true);
  });
});

test('a zero quantity disables a field declared zeroDisables (the model holds null)', () => {
  const r = new InputReader();
  expect(readPodFields(r, { sharedMemorySize: '0' }, 'spec')).toEqual({ sharedMemorySize: null });
  expect(readPodFields(r, { sharedMemorySize: 0 }, 'spec')).toEqual({ sharedMemorySize: null });
  expect(r.problems).toEqual([]);
});
