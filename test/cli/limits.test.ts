/** Inputs, settings and plan locks are bounded by the bytes actually read: /dev/zero and FIFOs end. */
import { execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FIXTURES, lines, ROOT, run } from './run';

const LIMIT = 10 * 1024 * 1024;
const TOO_LARGE = `is more than ${LIMIT} bytes; the limit is ${LIMIT} bytes (10 MiB)`;

describe('bounded input', () => {
  const agg = path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml');

  test.each([
    ['a manifest', ['validate', '/dev/zero']],
    ['a settings file', ['render', '--settings', '/dev/zero', agg]],
    ['a plan lock', ['render', '--lock', '/dev/zero', agg]],
  ])('%s that never ends (/dev/zero) is refused at the limit', (_, args) => {
    const r = run(args);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`/dev/zero: ${TOO_LARGE}`]);
  });

  test('a FIFO fed without end is refused at the limit', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-fifo-'));
    const fifo = path.join(work, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', `exec cat /dev/zero > '${fifo}'`], { stdio: 'ignore' });
    try {
      const r = run(['validate', fifo]);
      expect(r.code).toBe(1);
      expect(lines(r.stderr)).toEqual([`${fifo}: ${TOO_LARGE}`]);
    } finally {
      writer.kill();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('a directory input', () => {
  test('is bounded as one file: its files together, the one that goes over named by its directory', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-dir-limit-'));
    try {
      // Each under the limit, together over it.
      const half = `# ${'x'.repeat(LIMIT / 2)}\n`;
      fs.writeFileSync(path.join(work, 'a.yaml'), half);
      fs.writeFileSync(path.join(work, 'b.yaml'), half);
      const r = run(['validate', work]);
      expect(r.code).toBe(1);
      expect(lines(r.stderr)).toContain(
        `${work}: its manifest files are more than ${LIMIT} bytes together; the limit is ${LIMIT} bytes (10 MiB)`,
      );
      // Each file alone is within the limit.
      expect(
        lines(run(['validate', path.join(work, 'a.yaml'), path.join(work, 'b.yaml')]).stderr).join('\n'),
      ).not.toMatch(/more than/);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
