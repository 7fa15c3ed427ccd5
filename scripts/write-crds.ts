/**
 * Regenerates the committed CRD artifacts from src/crds:
 *   imports/crds/<crd-name>.yaml  one file per CRD, keys sorted (byte-stable)
 *   imports/nvidia.com.ts         `cdk8s import` classes for all of them
 * Run: npx ts-node scripts/write-crds.ts
 */
import { execFileSync } from 'child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { crdManifests, crdToYaml } from '../src/crds';

const ROOT = join(__dirname, '..');
const CRD_DIR = join(ROOT, 'imports', 'crds');

function writeYaml(): string[] {
  rmSync(CRD_DIR, { recursive: true, force: true });
  mkdirSync(CRD_DIR, { recursive: true });
  return crdManifests().map((crd) => {
    const file = join(CRD_DIR, `${crd.metadata.name}.yaml`);
    writeFileSync(file, crdToYaml(crd));
    return file;
  });
}

/**
 * `cdk8s import` takes one spec per call and names the module after the API group, so all CRDs
 * go in as one multi-document stream to produce a single `imports/nvidia.com.ts`.
 */
function importClasses(files: string[]): void {
  const scratch = mkdtempSync(join(tmpdir(), 'dynamo-crds-'));
  try {
    const all = join(scratch, 'nvidia.com.yaml');
    writeFileSync(all, files.map((f) => readFileSync(f, 'utf8')).join('---\n'));
    // --no-check-upgrade keeps the run offline; --no-save leaves cdk8s.yaml alone.
    execFileSync(
      'npx',
      ['cdk8s', 'import', all, '--output', 'imports', '--language', 'typescript', '--no-check-upgrade', '--no-save'],
      { cwd: ROOT, stdio: 'inherit' },
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

importClasses(writeYaml());
