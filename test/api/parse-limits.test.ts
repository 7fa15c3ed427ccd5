/** Input is bounded by what it expands to and by its depth, not only by its size on disk. */
import { MAX_DEPTH, MAX_EXPANDED_BYTES, parseManifestText } from '../../src/api/parse';

describe('parseManifestText limits', () => {
  test('a small file whose aliases expand past the limit is refused, naming the limit', () => {
    // 2 MB that expands to 200 MB: one big list, aliased 99 times (under the alias count limit).
    const text = `a: &a [${Array(100)
      .fill(`"${'y'.repeat(20000)}"`)
      .join(',')}]\nb: [${Array(99).fill('*a').join(',')}]\n`;
    expect(parseManifestText(text, 'f.yaml')).toEqual({
      docs: [],
      // The start line of each document kept (none here).
      lines: [],
      problems: [
        {
          path: '',
          message: `document 1 is more than ${MAX_EXPANDED_BYTES} bytes with its aliases expanded; the limit is ${MAX_EXPANDED_BYTES} bytes (10 MiB)`,
          severity: 'error',
        },
      ],
    });
  });

  test('aliases that expand modestly are fine', () => {
    const text = 'env: &env [{name: A, value: "1"}]\nx: *env\ny: *env\n';
    expect(parseManifestText(text, 'f.yaml').docs).toEqual([
      { env: [{ name: 'A', value: '1' }], x: [{ name: 'A', value: '1' }], y: [{ name: 'A', value: '1' }] },
    ]);
  });

  test.each([
    ['block YAML', `${Array.from({ length: MAX_DEPTH + 5 }, (_, i) => `${'  '.repeat(i)}a:`).join('\n')} 1\n`],
    ['flow JSON', `${'['.repeat(MAX_DEPTH + 5)}${']'.repeat(MAX_DEPTH + 5)}`],
  ])('%s nested deeper than the limit is refused, naming it', (_, text) => {
    expect(parseManifestText(text, 'f.yaml').problems).toEqual([
      {
        path: '',
        message: `document 1 is nested more than ${MAX_DEPTH} levels deep; the limit is ${MAX_DEPTH}`,
        severity: 'error',
      },
    ]);
  });

  test('nesting too deep for the parser is one problem naming the limit, not a stack overflow per error', () => {
    const text = `${'['.repeat(200000)}${']'.repeat(200000)}`;
    expect(parseManifestText(text, 'f.yaml').problems).toEqual([
      { path: '', message: `is nested too deeply to read; the limit is ${MAX_DEPTH} levels`, severity: 'error' },
    ]);
  });

  test('a lone surrogate escape, in a value or a key, is refused', () => {
    for (const text of ['{"a": "x\\ud800"}', '{"\\udc00": 1}', 'a: "\\ud800"\n']) {
      expect(parseManifestText(text, 'f.yaml').problems).toEqual([
        {
          path: '',
          message:
            'document 1 holds a lone UTF-16 surrogate (an escape such as \\ud800 without its pair), which is not text',
          severity: 'error',
        },
      ]);
    }
    expect(parseManifestText('{"a": "\\ud83d\\ude42"}', 'f.yaml').docs).toEqual([{ a: '\u{1f642}' }]);
  });
});
