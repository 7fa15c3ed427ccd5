import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { crdManifests, crdToYaml } from '../../src/crds';

describe('CRD output', () => {
  test('full output (a change here is a schema change: review it, then update with --ci=false)', () => {
    expect(crdManifests()).toMatchSnapshot();
  });

  test('is byte-identical across calls', () => {
    expect(crdManifests().map(crdToYaml)).toEqual(crdManifests().map(crdToYaml));
  });

  // The committed files feed `cdk8s import`; regenerate both with `npx ts-node scripts/write-crds.ts`.
  test('imports/crds matches src/crds', () => {
    const dir = join(__dirname, '..', '..', 'imports', 'crds');
    const committed = Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    const expected = Object.fromEntries(crdManifests().map((c) => [`${c.metadata.name}.yaml`, crdToYaml(c)]));
    expect(committed).toEqual(expected);
  });
});
