import { parseAllDocuments } from 'yaml';
import { FIXTURES, run } from './run';

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

  test('--dynamo-version 1.7: the release has no DynamoCheckpoint but the search records; an unknown release is a usage error', () => {
    const names = (args: string[]) => parseAllDocuments(run(args).stdout).map((d) => d.toJS().metadata.name as string);
    const on16 = names(['crds', '--dynamo-version', '1.6']);
    expect(on16).toContain('dynamocheckpoints.nvidia.com');
    const on17 = names(['crds', '--dynamo-version', '1.7']);
    // 1.7 is the default.
    expect(names(['crds'])).toEqual(on17);
    const search = ['dynamographdeploymentcandidates.nvidia.com', 'dynamographdeploymentruns.nvidia.com'];
    expect(on16).not.toEqual(expect.arrayContaining([search[0]]));
    expect(on17).toEqual([...on16.filter((n) => n !== 'dynamocheckpoints.nvidia.com'), ...search].sort());
    const bad = run(['crds', '--dynamo-version', '1.5']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('--dynamo-version: must be one of: 1.6, 1.7\n');
  });

  test('takes no arguments', () => {
    expect(run(['crds', 'extra']).code).toBe(2);
  });
});

test('gitops: crds/ holds the release of the graphs (--dynamo-version, or the settings file)', () => {
  const fs = require('fs') as typeof import('fs');
  const os = require('os') as typeof import('os');
  const path = require('path') as typeof import('path');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-crds-release-'));
  try {
    const crdFiles = (args: string[]) => {
      const repo = path.join(work, `repo-${args.join('-')}`);
      const r = run(['gitops', '-o', repo, '--no-platform', ...args, `${FIXTURES}/agg-v1beta1.yaml`]);
      expect(r.code).toBe(0);
      return fs.readdirSync(path.join(repo, 'crds'));
    };
    const checkpointCrd = 'customresourcedefinition-dynamocheckpoints.nvidia.com.yaml';
    expect(crdFiles([])).not.toContain(checkpointCrd);
    expect(crdFiles(['--dynamo-version', '1.6'])).toContain(checkpointCrd);
    const settings = path.join(work, 'settings.yaml');
    fs.writeFileSync(settings, 'dynamoVersion: "1.6"\n');
    expect(crdFiles(['--settings', settings])).toContain(checkpointCrd);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
