/**
 * The real search, end to end: `dynamo-iac plan` installs aiconfigurator 0.12.0 from PyPI into
 * its cached venv (first run only) and plans the example requests. The lock and every artifact
 * must come out byte-identical to the ones committed under examples/: the committed plan is
 * what the real tool produces, and the same input gives the same bytes.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { AIC_SYSTEMS } from '../../src/plan/aiconfigurator/tool';
import { venvDir } from '../../src/plan/aiconfigurator/install';
import { lines, ROOT, run } from '../cli/run';
import { tree } from '../plan/fake-tool';

const EXAMPLES = path.join(ROOT, 'examples');

test('plan of the example requests reproduces the committed lock, pictures, tables and graphs', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-real-search-'));
  fs.cpSync(path.join(EXAMPLES, 'requests'), path.join(dir, 'requests'), { recursive: true });
  const started = Date.now();
  const r = run(['plan', 'requests/qwen3-32b-h200.yaml', 'requests/qwen3-0.6b-review.yaml'], { cwd: dir });
  process.stderr.write(`real search: ${((Date.now() - started) / 1000).toFixed(1)} s\n${r.stderr}`);
  expect(r.code).toBe(0);
  expect(lines(r.stderr)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^dynamo-examples\/qwen3-32b: searched: disagg on vllm: /),
      expect.stringMatching(/^dynamo-examples\/qwen3-small: searched: agg on /),
    ]),
  );
  const produced = tree(dir);
  const committed = tree(EXAMPLES);
  for (const file of Object.keys(produced).filter((f) => !f.startsWith('requests/'))) {
    expect([file, produced[file]]).toEqual([file, committed[file]]);
  }
});

test("the systems the rapid search accepts are the installed package's", () => {
  // Runs after the first test, which installed the tool.
  const lib = path.join(venvDir(), 'lib');
  const systems = fs
    .readdirSync(lib)
    .map((py) => path.join(lib, py, 'site-packages', 'aiconfigurator_core', 'systems'))
    .find((d) => fs.existsSync(d))!;
  // A system is a spec file with performance data next to it.
  const installed = fs
    .readdirSync(systems)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.replace(/\.yaml$/, ''))
    .filter((f) => fs.existsSync(path.join(systems, 'data', f)))
    .sort();
  expect(installed).toEqual([...AIC_SYSTEMS]);
});

test('a model the tool does not know fails on spec.model, from the real tool', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-real-search-'));
  const request = fs
    .readFileSync(path.join(EXAMPLES, 'requests', 'qwen3-32b-h200.yaml'), 'utf8')
    .replace('model: Qwen/Qwen3-32B', 'model: acme/NoSuchModel-7B');
  fs.writeFileSync(path.join(dir, 'r.yaml'), request);
  const r = run(['plan', 'r.yaml'], { cwd: dir });
  expect(r.code).toBe(1);
  expect(
    lines(r.stderr).filter((l) =>
      l.startsWith(
        'r.yaml: spec.model: Invalid value: "acme/NoSuchModel-7B": aiconfigurator 0.12.0 does not know this model',
      ),
    ),
  ).toHaveLength(1);
  expect(fs.readdirSync(dir)).toEqual(['r.yaml']);
});
