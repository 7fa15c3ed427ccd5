/**
 * A first run shows every independent problem, each with a way to fix it: a missing name does not
 * hide a missing image, an unknown field names the nearest known one, and a number where a string
 * is expected says to quote it.
 */
import { loadGraph, Problem, resolveSettings, schemaProblems, validateGraph } from '../../../src/api';
import { editDistance, nearestName } from '../../../src/api/nearest-name';
import { unknownFieldMessage } from '../../../src/api/problems';
import { renderPlatform } from '../../../src/platform/platform';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';

/** What every front end reports: loader, validator, then schema problems not already reported. */
function errorsOf(doc: object): string[] {
  const loaded = loadGraph(doc);
  const found = [...loaded.problems, ...(loaded.model ? validateGraph(loaded.model, resolveSettings({})) : [])];
  return [...found, ...schemaProblems(doc, found)]
    .filter((p: Problem) => p.severity !== 'warning')
    .map((p) => `${p.path}: ${p.message}`);
}

const graph = (metadata: object, services: object) => ({
  apiVersion: 'nvidia.com/v1alpha1',
  kind: 'DynamoGraphDeployment',
  metadata,
  spec: { backendFramework: 'vllm', services },
});
const frontend = { componentType: 'frontend', extraPodSpec: { mainContainer: { image: IMAGE } } };
const workerWithoutImage = { componentType: 'worker', extraPodSpec: { mainContainer: { command: ['python3'] } } };

test('a missing metadata.name does not hide a worker without an image', () => {
  expect(errorsOf(graph({}, { Frontend: frontend, VllmWorker: workerWithoutImage }))).toEqual([
    'metadata.name: Required value',
    'spec.services[VllmWorker].extraPodSpec.mainContainer.image: Required value: the main container needs an image',
  ]);
});

test('with nothing else wrong, the name is the only problem', () => {
  const loaded = loadGraph(graph({}, { Frontend: frontend }));
  expect(loaded.problems).toEqual([{ path: 'metadata.name', message: 'Required value', severity: 'error' }]);
});

describe('unknown fields: did you mean', () => {
  test('in a CRD field (our schema) and in core/v1 pod content', () => {
    const doc = graph(
      { name: 'g' },
      {
        Frontend: {
          ...frontend,
          replcas: 1,
          extraPodSpec: { mainContainer: { image: IMAGE, imagePulPolicy: 'Always' } },
        },
      },
    );
    expect(errorsOf(doc)).toEqual(
      expect.arrayContaining([
        'spec.services[Frontend].replcas: unknown field "replcas"; did you mean "replicas"?',
        'spec.services[Frontend].extraPodSpec.mainContainer.imagePulPolicy: unknown field "imagePulPolicy"; did you mean "imagePullPolicy"?',
      ]),
    );
  });

  test('no suggestion when nothing known is near', () => {
    expect(unknownFieldMessage('colour', ['replicas', 'image'])).toBe('unknown field "colour"');
    expect(unknownFieldMessage('imagePulPolicy', [])).toBe('unknown field "imagePulPolicy"');
  });

  test('in the platform options too', () => {
    expect(() => renderPlatform({ namespace: 'dynamo-system', imagee: 'x' } as never)).toThrow(
      'imagee: unknown field "imagee"; did you mean "image"?',
    );
  });

  test('nearestName: at most two edits, case ignored, the nearest wins', () => {
    expect(nearestName('Replicas', ['replicas', 'resources'])).toBe('replicas');
    expect(nearestName('envs', ['env', 'envFrom'])).toBe('env');
    expect(nearestName('imagePullPolicyy', ['imagePullPolicy', 'image'])).toBe('imagePullPolicy');
    expect(nearestName('abcdef', ['abcxyz'])).toBeUndefined();
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

test('a number or a boolean where a string is expected: quote it', () => {
  const doc = graph(
    { name: 'g' },
    { Frontend: frontend, VllmWorker: { ...workerWithoutImage, resources: { limits: { gpu: 1 } } } },
  );
  expect(errorsOf(doc)).toContain('spec.services[VllmWorker].resources.limits.gpu: must be a string (quote it: "1")');
  const beta = {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'g' },
    spec: {
      components: [
        {
          name: 'Frontend',
          type: 'frontend',
          podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE, args: ['--port', 8000, true] }] } },
        },
      ],
    },
  };
  expect(errorsOf(beta)).toEqual(
    expect.arrayContaining([
      'spec.components[0].podTemplate.spec.containers[0].args[1]: must be a string (quote it: "8000")',
      'spec.components[0].podTemplate.spec.containers[0].args[2]: must be a string (quote it: "true")',
    ]),
  );
});
