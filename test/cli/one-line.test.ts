/** Problem lines are one line each, and input never reaches the terminal raw; text input is UTF-8. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { oneLine } from '../../src/cli/report';
import { decodeText } from '../../src/api/text-file';
import { lines, run } from './run';

const graph = (name: string) => `apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeployment
metadata:
  name: ${JSON.stringify(name)}
spec:
  backendFramework: vllm
  components: []
`;

describe('one line per problem', () => {
  test('a newline in a name cannot forge a line; escape sequences and NUL do not reach the terminal', () => {
    const r = run(['validate', '-'], { input: graph('x\nforged.yaml: all graphs valid\u001b[2J\u0085\u2028') });
    expect(r.code).toBe(1);
    const out = lines(r.stderr);
    expect(out.every((l) => l.startsWith('-: '))).toBe(true);
    // eslint-disable-next-line no-control-regex
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(r.stderr).toContain('\\n');
  });

  test('an escape sequence in a path of a CLI error does not reach the terminal', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-line-'));
    try {
      const bad = path.join(work, 'a\u001b[2Jb');
      fs.writeFileSync(bad, '');
      // A valid graph, so the output path is what is refused (empty input is refused first).
      const r = run(['render', '-o', bad, path.join(__dirname, '..', 'fixtures', 'agg-v1beta1.yaml')]);
      expect(r.code).toBe(2);
      expect(lines(r.stderr)).toEqual([`${work}/a\\x1b[2Jb: exists and is not a directory`]);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  test('oneLine escapes controls, separators and bidirectional overrides, and leaves other text alone', () => {
    expect(oneLine('a\nb\r\tc\u0000\u001b\u007f\u0085\u2028\u2029\u202e\u2066 é 日本 🙂')).toBe(
      'a\\nb\\r\\tc\\x00\\x1b\\x7f\\x85\\u2028\\u2029\\u202e\\u2066 é 日本 🙂',
    );
  });
});

describe('text input is UTF-8', () => {
  test.each([
    [Buffer.from([0x61, 0x0a, 0xff]), 'is not UTF-8 text: invalid byte 0xff at line 2'],
    [Buffer.from([0xc0, 0xaf]), 'is not UTF-8 text: invalid byte 0xc0 at line 1'], // overlong '/'
    [Buffer.from([0xed, 0xa0, 0x80]), 'is not UTF-8 text: invalid byte 0xed at line 1'], // a surrogate
    [Buffer.from([0x61, 0xe2, 0x82]), 'is not UTF-8 text: invalid byte 0xe2 at line 1'], // truncated
    [Buffer.from('a\n\nb\u0000'), 'is not a text file: NUL byte at line 3'],
  ])('%p is refused', (bytes, message) => {
    expect(() => decodeText(bytes)).toThrow(message);
  });

  test('valid UTF-8 of every length, and a byte order mark, is read as is', () => {
    const text = '\ufeffa é € 🙂';
    expect(decodeText(Buffer.from(text))).toBe(text);
  });

  test('the CLI refuses invalid UTF-8 instead of reading U+FFFD', () => {
    const r = run(['validate', '-'], {
      input: Buffer.from([...Buffer.from(graph('ok')), 0x23, 0xfe]) as unknown as string,
    });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual(['-: is not UTF-8 text: invalid byte 0xfe at line 8']);
  });
});
