/**
 * The GitOps layout splits what the pipeline rendered instead of rendering again: each graph
 * renders once, and with the DynamoCheckpoints of its input (a second render once forgot them).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { run as gitops } from '../../src/cli/commands/gitops';
import { gitopsOptions } from './gitops-options';
import * as stdio from '../../src/cli/stdio';
import * as graph from '../../src/render/graph';

const FIXTURES = path.join(__dirname, '..', 'fixtures');

test('dynamo-iac gitops renders each graph once, checkpoints included', async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-once-'));
  const render = jest.spyOn(graph, 'renderGraphObjects');
  // The CLI writes stderr through stdio.ts (fd 2 directly), not process.stderr.
  const stderr = jest.spyOn(stdio, 'writeStderr').mockImplementation(() => undefined);
  try {
    const files = [path.join(FIXTURES, 'cli', 'two-graphs.yaml'), path.join(FIXTURES, 'cli', 'checkpoint-graph.yaml')];
    const code = await gitops(
      files,
      gitopsOptions({ output: path.join(out, 'repo'), platform: false, crds: false, dynamoVersion: '1.6' }),
    );
    expect(code).toBe(0);
    const rendered = render.mock.calls.map(([g]) => `${g.namespace}/${g.name}`);
    expect(rendered.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rendered).size).toBe(rendered.length);
    // The graphs rendered with the input's DynamoCheckpoints.
    const restored = render.mock.calls.find(([, , options]) => (options?.checkpoints ?? []).length > 0);
    expect(restored).toBeDefined();
  } finally {
    render.mockRestore();
    stderr.mockRestore();
    fs.rmSync(out, { recursive: true, force: true });
  }
});
