/**
 * The component fields' declarations (src/crds/component-fields.ts) reach every place derived from
 * them: the CRD schemas of both versions with their CEL rules, the converters, the field paths, the
 * v1alpha1 field lists, the Grove-only refusal and the worker hash. Table-driven over the
 * declarations, so a new field is covered here without a new test; its render gets its own.
 */
import { readComponentFields, readV1alpha1ComponentFields } from '../../src/api/convert/read-component-fields';
import { GraphModel } from '../../src/api/model';
import { InputPaths } from '../../src/api/paths';
import { InputReader } from '../../src/api/read';
import { componentProperties, componentSpec } from '../../src/crds/component-spec-v1beta1';
import {
  COMPONENT_FIELD_NAMES,
  componentFieldDeclaration,
  ComponentFieldValue,
  componentFieldV1alpha1Keys,
  sameKeyInV1alpha1,
} from '../../src/crds/component-fields';
import { sharedSpecProperties } from '../../src/crds/shared-spec-v1alpha1';
import { writtenAsV1alpha1 } from '../../src/operator/controllers/graph-record';
import { graphSpecV1beta1 } from '../../src/api/convert/graph-v1beta1';
import { loadGraph } from '../../src/api/convert/load';
import { resolveSettings, validateGraph } from '../../src/api';
import { goStruct } from '../../src/render/go-json-fields';
import { workerHash } from '../../src/render/worker-generation';

/** A valid value and a wrong-typed one per value kind, with the reader's message for the latter. */
const SAMPLES: Record<ComponentFieldValue, { good: unknown; bad: unknown; message: string; model?: unknown }> = {
  quantity: { good: '2Gi', bad: true, message: 'must be a string (quote it: "true")' },
  string: { good: '1.2.3', bad: 1, message: 'must be a string (quote it: "1")' },
  boolean: { good: true, bad: 'yes', message: 'must be a boolean' },
  int32: { good: 1, bad: 1.5, message: 'must be an integer' },
  container: { good: 'fe', bad: 1, message: 'must be a string (quote it: "1")', model: { image: 'fe:1' } },
};

/** The pod a `container` field's sample names. */
const POD = { containers: [{ name: 'fe', image: 'fe:1' }], path: 'spec.components[0].podTemplate.spec.containers' };

const graph = (apiVersion: GraphModel['apiVersion'], source: object) =>
  ({ apiVersion, kind: 'DynamoGraphDeployment', components: [{ name: 'w' }], source }) as unknown as GraphModel;

describe.each(COMPONENT_FIELD_NAMES)('component field %s', (name) => {
  const d = componentFieldDeclaration(name);
  const sample = SAMPLES[d.value];

  test('the v1beta1 component schema has it, and v1alpha1 has its key', () => {
    expect(componentProperties()[name]).toBeDefined();
    if (d.v1alpha1) expect(sharedSpecProperties()[d.v1alpha1.split('.')[0]]).toBeDefined();
  });

  test('its CEL rules are on the component object, and immutability on the field', () => {
    const rules = componentSpec()['x-kubernetes-validations'] ?? [];
    for (const rule of d.rules ?? []) expect(rules).toContainEqual({ rule: rule.rule, message: rule.message });
    const own = componentProperties()[name]['x-kubernetes-validations'] ?? [];
    expect(own.some((r) => r.rule === 'self == oldSelf')).toBe(d.immutable === true);
  });

  test('the v1beta1 converter reads it into the model, and a wrong type is a problem at its path', () => {
    const r = new InputReader();
    expect(readComponentFields(r, { [name]: sample.good }, 'spec.components[0]', POD)).toEqual({
      [name]: sample.model ?? sample.good,
    });
    expect(readComponentFields(r, { [name]: sample.bad }, 'spec.components[0]', POD)).toEqual({});
    expect(r.problems).toEqual([{ path: `spec.components[0].${name}`, message: sample.message, severity: 'error' }]);
  });

  test('the v1alpha1 converter reads it under its own name, when v1alpha1 has it there', () => {
    const r = new InputReader();
    const value = d.value === 'container' ? { image: 'fe:1' } : sample.good;
    const read = readV1alpha1ComponentFields(r, { [name]: value }, 'spec.services[w]');
    expect(read).toEqual(sameKeyInV1alpha1(name) ? { [name]: sample.model ?? sample.good } : {});
    expect(r.problems).toEqual([]);
  });

  test('field paths name it where each version holds it', () => {
    expect(new InputPaths(graph('nvidia.com/v1beta1', {})).componentField(0, name)).toBe(`spec.components[0].${name}`);
    const alpha = new InputPaths(graph('nvidia.com/v1alpha1', {})).componentField(0, name);
    expect(alpha).toBe(`spec.services[w].${d.v1alpha1 ?? name}`);
  });

  test('a field upstream hashes changes the worker hash; one it does not, not', () => {
    const hashOf = (value?: unknown) => {
      const worker = {
        name: 'w',
        type: 'worker',
        podTemplate: { spec: { containers: POD.containers } },
        ...(value === undefined ? {} : { [name]: value }),
      };
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

  /** The problems of a graph whose one worker (2 replicas) sets the field to its sample value. */
  const problemsWithField = () => {
    const worker = { name: 'w', type: 'worker', replicas: 2, podTemplate: { spec: { containers: POD.containers } } };
    const { model } = loadGraph({
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'g' },
      spec: { backendFramework: 'vllm', components: [{ ...worker, [name]: sample.good }] },
    });
    return validateGraph(model!, resolveSettings({})).filter((p) => p.path === `spec.components[0].${name}`);
  };

  test('a Grove-only field is refused off Grove, at its path, in upstream words', () => {
    const refused = problemsWithField().some((p) => p.message.includes('only for Grove-backed'));
    expect(refused).toBe(d.groveOnly === true);
  });

  test('a field dynamo-iac does not render is refused at its path with its reason', () => {
    expect(problemsWithField().some((p) => p.message === d.refused)).toBe(d.refused !== undefined);
  });

  test('its v1alpha1-only key is accepted by the planner and marks a stored record as v1alpha1', () => {
    if (!d.v1alpha1 || sameKeyInV1alpha1(name)) return;
    const [key, ...rest] = d.v1alpha1.split('.');
    expect(componentFieldV1alpha1Keys()).toContain(key);
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
  const pod = { containers: [], path: 'spec.podTemplate.spec.containers' };
  expect(readComponentFields(r, { sharedMemorySize: '0' }, 'spec', pod)).toEqual({ sharedMemorySize: null });
  expect(readComponentFields(r, { sharedMemorySize: 0 }, 'spec', pod)).toEqual({ sharedMemorySize: null });
  expect(r.problems).toEqual([]);
});
