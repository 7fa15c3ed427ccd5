/**
 * A pack's source holds each file's text on lines of its own (src/cli/code-pack.ts), so a bug's
 * stack trace can name the files and lines it ran from, as without the pack.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vm from 'vm';
import { packSource, readPack, unpackStack } from '../../src/cli/code-pack';

test('a position in a pack is its file and line, columns as they are', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-pack-'));
  try {
    const a = path.join(dir, 'a.js');
    const b = path.join(dir, 'b.js');
    fs.writeFileSync(a, '// a\nexports.a = () => 1;\n');
    fs.writeFileSync(b, '"use strict";\n// b\n\nexports.fail = () => {\n  null.x;\n};');
    const file = path.join(dir, 'test.pack');
    fs.writeFileSync(file, packSource([a, b])!);
    const pack = readPack(file)!;
    const modules = new vm.Script(pack.source, { filename: file, lineOffset: 1 }).runInThisContext();
    const exports: { fail?: () => void } = {};
    modules[b].call(exports, exports, require, {}, b, dir);
    let stack = '';
    try {
      exports.fail!();
    } catch (e) {
      stack = (e as Error).stack!;
    }
    expect(stack).toContain(`${file}:`);
    expect(unpackStack(stack, file, pack.files)).toContain(`(${b}:5:8)`);
    // Other files' positions are left alone.
    expect(unpackStack(`at x (${a}:3:4)\nat y (${file}:1:2)`, file, pack.files)).toBe(
      `at x (${a}:3:4)\nat y (${file}:1:2)`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
