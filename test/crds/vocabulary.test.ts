/**
 * The words of the nvidia.com kinds are defined once (src/crds/vocabulary.ts): the CRD schemas and
 * validation must read the same lists.
 */
import { validateGraph } from '../../src/api';
import { detectBackendFramework } from '../../src/api/backend-framework';
import { loadCheckpoint } from '../../src/kinds/checkpoint/load';
import { loadGraph } from '../../src/api/convert/load';
import { resolveSettings } from '../../src/api/settings';
import { crdManifests } from '../../src/crds';
import {
  BACKEND_FRAMEWORKS,
  COMPONENT_TYPES,
  DGDR_BACKENDS,
  MAIN_CONTAINER_NAME,
  MAX_COMPONENTS,
} from '../../src/crds/vocabulary';

/** Every schema in the CRDs under a property called `name`, with where it stands. */
function schemasOf(name: string): { at: string; schema: Record<string, unknown> }[] {
  const found: { at: string; schema: Record<string, unknown> }[] = [];
  const walk = (node: unknown, at: string, key: string): void => {
    if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${at}[${i}]`, key));
    else if (typeof node === 'object' && node !== null) {
      const o = node as Record<string, unknown>;
      if (key === name) found.push({ at, schema: o });
      for (const [k, v] of Object.entries(o)) walk(v, `${at}.${k}`, k);
    }
  };
  for (const crd of crdManifests()) walk(crd, crd.metadata.name, '');
  return found;
}

/** Every `enum` in the CRDs under a property called `name`. */
const enumsOf = (name: string) =>
  schemasOf(name).flatMap(({ at, schema }) => (Array.isArray(schema.enum) ? [{ at, values: schema.enum }] : []));

const sorted = (xs: readonly unknown[]) => [...xs].map(String).sort();

test('every backendFramework enum of every CRD holds exactly the backend list', () => {
  const enums = enumsOf('backendFramework');
  // DGD and DCD (both versions, graph and component level) and DynamoCheckpoint.
  expect(enums.length).toBeGreaterThanOrEqual(5);
  for (const e of enums)
    expect({ at: e.at, values: sorted(e.values) }).toEqual({ at: e.at, values: sorted(BACKEND_FRAMEWORKS) });
});

test("the request's backend enum is `auto` and the backend list", () => {
  expect(sorted(DGDR_BACKENDS)).toEqual(sorted(['auto', ...BACKEND_FRAMEWORKS]));
  const enums = enumsOf('backend').filter((e) => e.values.includes('auto'));
  expect(enums.length).toBeGreaterThan(0);
  for (const e of enums) expect(sorted(e.values)).toEqual(sorted(DGDR_BACKENDS));
});

test('the component type enum is the component type list', () => {
  const enums = enumsOf('type').filter((e) => e.values.includes('frontend'));
  expect(enums.length).toBeGreaterThan(0);
  for (const e of enums) expect(e.values).toEqual([...COMPONENT_TYPES]);
});

test('the CRD defaults name the main container', () => {
  const defaults = schemasOf('targetContainerName').map((s) => s.schema.default);
  expect(defaults.length).toBeGreaterThan(0);
  expect(new Set(defaults)).toEqual(new Set([MAIN_CONTAINER_NAME]));
});

const graphWith = (backendFramework: string, components = 1) =>
  loadGraph({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'g', namespace: 'ns' },
    spec: {
      backendFramework,
      components: Array.from({ length: components }, (_, i) => ({
        name: `c${i}`,
        type: 'frontend',
        podTemplate: { spec: { containers: [{ name: MAIN_CONTAINER_NAME, image: 'img' }] } },
      })),
    },
  }).model!;

test.each(BACKEND_FRAMEWORKS)('validation accepts backend %s and detects it in a command line', (backend) => {
  const problems = validateGraph(graphWith(backend), resolveSettings({}));
  expect(problems.filter((p) => p.path === 'spec.backendFramework')).toEqual([]);
  expect(detectBackendFramework(['python3', '-m', `dynamo.${backend}`])).toEqual([backend]);
});

test('validation refuses a backend outside the list, and names the list', () => {
  const problems = validateGraph(graphWith('tgi'), resolveSettings({}));
  expect(problems).toContainEqual({
    path: 'spec.backendFramework',
    message: `unsupported backend framework "tgi": must be one of ${BACKEND_FRAMEWORKS.join(', ')}`,
    severity: 'error',
  });
  expect(detectBackendFramework(['python3', '-m', 'dynamo.tgi'])).toEqual([]);
});

test('validation and the CRD share the component limit', () => {
  const over = validateGraph(graphWith('vllm', MAX_COMPONENTS + 1), resolveSettings({}));
  expect(over.map((p) => p.message)).toContain(
    `Too many: ${MAX_COMPONENTS + 1}: must have at most ${MAX_COMPONENTS} items`,
  );
  expect(schemasOf('components').map((s) => s.schema.maxItems)).toContain(MAX_COMPONENTS);
});

test('a checkpoint identity outside the backend list is refused with the list', () => {
  const { problems } = loadCheckpoint({
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoCheckpoint',
    metadata: { name: 'c', namespace: 'ns' },
    spec: { identity: { model: 'm', backendFramework: 'onnx' } },
  });
  expect(problems.map((p) => p.message)).toContain(
    `Unsupported value: "onnx": supported values: ${BACKEND_FRAMEWORKS.map((b) => `"${b}"`).join(', ')}`,
  );
});
