/** `npm run synth` (the app command of cdk8s.yaml) ends with one line that says what it wrote. */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT } from './run';

test('synth says how many objects in how many files, and whether anything changed', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-synth-'));
  const synth = () =>
    spawnSync(process.execPath, ['--require', './scripts/run-ts.cjs', 'examples/main.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, CDK8S_OUTDIR: out },
    });
  try {
    const first = synth();
    expect(first.status).toBe(0);
    const files = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'));
    const objects = files.filter((f) => path.basename(f) !== 'kustomization.yaml');
    const where = `${path.relative(ROOT, out)}/`;
    const last = (s: string) => s.trim().split('\n').pop();
    expect(last(first.stderr)).toBe(
      `wrote ${objects.length} objects in ${files.length} files under ${where} (${files.length} changed)`,
    );
    expect(last(synth().stderr)).toBe(
      `wrote ${objects.length} objects in ${files.length} files under ${where} (unchanged)`,
    );
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}, 60_000);
