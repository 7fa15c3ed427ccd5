/**
 * Regenerates the committed CRD artifacts from src/crds:
 *   imports/crds/<crd-name>.yaml  one file per CRD, keys sorted (byte-stable)
 * (No `cdk8s import` classes: the typed input of every kind is src/api's, one declaration.)
 * Run: npx ts-node scripts/write-crds.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';
import { crdManifests, crdToYaml } from '../src/crds';

const ROOT = join(__dirname, '..');
const CRD_DIR = join(ROOT, 'imports', 'crds');

function writeYaml(): void {
  rmSync(CRD_DIR, { recursive: true, force: true });
  mkdirSync(CRD_DIR, { recursive: true });
  for (const crd of crdManifests()) writeFileSync(join(CRD_DIR, `${crd.metadata.name}.yaml`), crdToYaml(crd));
}

writeYaml();
