import { parseAllDocuments } from 'yaml';
import { run } from './run';

describe('crds', () => {
  test('prints the nvidia.com CRDs as multi-document YAML, the same bytes every time', () => {
    const r = run(['crds']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const crds = parseAllDocuments(r.stdout).map((d) => d.toJS());
    expect(crds.map((c) => c.kind)).toEqual(crds.map(() => 'CustomResourceDefinition'));
    expect(crds.map((c) => c.metadata.name)).toEqual(
      expect.arrayContaining(['dynamographdeployments.nvidia.com', 'dynamocomponentdeployments.nvidia.com']),
    );
    expect(run(['crds']).stdout).toBe(r.stdout);
  });

  test('takes no arguments', () => {
    expect(run(['crds', 'extra']).code).toBe(2);
  });
});
