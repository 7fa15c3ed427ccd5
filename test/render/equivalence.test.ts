import * as fs from 'fs';
import * as path from 'path';
import { stringify } from 'yaml';
import { resolveSettings } from '../../src/api/settings';
import { renderManifests } from '../../src/pipeline/manifests';

const FIXTURES = path.join(__dirname, '..', 'fixtures');
const settings = resolveSettings({ natsAddress: 'nats://nats:4222' });

/** The CLI's output format: multi-document YAML with sorted keys. */
function renderYaml(file: string, includeGraphRecord = true): string {
  const text = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
  const { objects, problems } = renderManifests([{ source: file, text }], settings, { includeGraphRecord });
  expect(problems.filter((p) => p.severity !== 'warning')).toEqual([]);
  expect(objects.length).toBeGreaterThan(0);
  return objects.map((o) => stringify(o, { sortMapEntries: true })).join('---\n');
}

describe.each(['agg', 'disagg'])('%s graph', (name) => {
  test('v1alpha1 and v1beta1 inputs render byte-identical workloads', () => {
    // The graph record differs by design: it is the user's manifest, in the version they wrote.
    const a = renderYaml(`${name}-v1alpha1.yaml`, false);
    const b = renderYaml(`${name}-v1beta1.yaml`, false);
    expect(a).toBe(b);
  });

  test('rendering is deterministic: the same input gives the same bytes', () => {
    expect(renderYaml(`${name}-v1beta1.yaml`)).toBe(renderYaml(`${name}-v1beta1.yaml`));
  });

  test('the graph record keeps the version the user wrote', () => {
    expect(renderYaml(`${name}-v1alpha1.yaml`)).toContain(
      'apiVersion: nvidia.com/v1alpha1\nkind: DynamoGraphDeployment',
    );
    expect(renderYaml(`${name}-v1beta1.yaml`)).toContain('apiVersion: nvidia.com/v1beta1\nkind: DynamoGraphDeployment');
  });
});

test('rendered YAML of the disaggregated fixture (reviewable snapshot)', () => {
  expect(renderYaml('disagg-v1beta1.yaml')).toMatchSnapshot();
});
