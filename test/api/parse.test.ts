/**
 * Manifest parsing takes a fast path (js-yaml) for common YAML and `yaml` for the rest. Both must
 * give the same documents for the same text, or a manifest would mean different things
 * depending on which path read it.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments, stringify } from 'yaml';
import { parseCommonYaml, parseManifestText } from '../../src/api/parse';
import { toYaml } from '../../src/output/yaml';
import { seededRng as random } from '../cluster/fuzz-mutate';

const ROOT = path.join(__dirname, '..', '..');

/** What the `yaml` path reads: every non-empty document, or undefined when yaml reports errors. */
function viaYaml(text: string): unknown[] | undefined {
  const docs = parseAllDocuments(text);
  if (docs.some((d) => d.errors.length > 0)) return undefined;
  return docs.map((d) => d.toJS()).filter((d) => d !== null && d !== undefined);
}

function yamlFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => path.join(ROOT, dir, f));
}

const SCALARS = [
  'on',
  'y',
  'yes',
  'null',
  'Null',
  '~',
  '',
  'true',
  'True',
  'tRue',
  '0755',
  '0o17',
  '0x1F',
  '0b101',
  '1_000',
  '1:20',
  '1.5',
  '.5',
  '1.',
  '1e3',
  '1E+3',
  '.inf',
  '-.Inf',
  '.NaN',
  'NaN',
  '-0',
  '+1',
  '007',
  '9007199254740993',
  '2024-01-01',
  '0.6.1',
  '=',
  '<<',
  '"quoted"',
  "'single'",
  '"\\x41\\u00e9"',
  'a b',
  'ünï',
  '!!str 1',
  '!!int "2"',
  '|\n  block\n',
  '>\n  folded\n  text\n',
];

function randomValue(r: () => number, depth: number): unknown {
  const x = r();
  const word = () =>
    ['a', 'on', '1', 'x y', 'é', '-', 'k: v', '#c', '0x1', '', 'null', 'a\nb', ' s '][Math.floor(r() * 13)];
  if (depth > 3 || x < 0.4) return [word(), Math.floor(r() * 1000) - 500, r() * 10, true, null][Math.floor(r() * 5)];
  if (x < 0.7)
    return Object.fromEntries(Array.from({ length: Math.floor(r() * 4) }, () => [word(), randomValue(r, depth + 1)]));
  return Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth + 1));
}

describe('the fast path reads what yaml reads', () => {
  test.each(['test/fixtures', 'test/crds/fixtures', 'examples/graphs', 'imports/crds'].flatMap(yamlFiles))(
    '%s',
    (file) => {
      const text = fs.readFileSync(file, 'utf8');
      expect(parseCommonYaml(text)?.filter((d) => d !== null)).toEqual(viaYaml(text));
    },
  );

  test.each(SCALARS)('the scalar %j, plain, in a block and in a flow', (s) => {
    for (const text of [`a: ${s}\n`, `- ${s}\n`, `a: [${s.includes('\n') ? '1' : s}]\n`]) {
      const want = viaYaml(text);
      if (want === undefined) continue;
      expect({ text, got: parseCommonYaml(text) }).toEqual({ text, got: want });
    }
  });

  test('fuzzed documents written in block, flow and JSON styles', () => {
    const r = random(7);
    for (let i = 0; i < 1500; i++) {
      const docs = Array.from({ length: 1 + Math.floor(r() * 3) }, () => randomValue(r, 0));
      for (const text of [
        docs.map((d) => toYaml(d)).join('---\n'),
        docs.map((d) => stringify(d)).join('---\n'),
        docs.map((d) => stringify(d, { collectionStyle: 'flow' })).join('---\n'),
        docs.map((d) => JSON.stringify(d, null, 2)).join('\n---\n'),
      ]) {
        expect({ text, got: parseCommonYaml(text)?.filter((d) => d !== null) }).toEqual({ text, got: viaYaml(text) });
      }
    }
  });
});

describe('what the fast path leaves to yaml', () => {
  test.each([
    ['aliases (yaml bounds their expansion)', 'a: &x 1\nb: *x\n'],
    ['directives (%YAML 1.1 reads on as true)', '%YAML 1.1\n---\na: on\n'],
    ['unknown tags', 'a: !custom x\n'],
    ['syntax errors (yaml words them)', 'a: [1\n'],
    ['duplicate keys', 'a: 1\na: 2\n'],
  ])('%s', (_, text) => {
    expect(parseCommonYaml(text)).toBeUndefined();
  });

  test('errors: one line each, the location said once', () => {
    expect(parseManifestText('a: 1\na: 2\n', 'f.yaml').problems).toEqual([
      {
        path: '',
        message: 'invalid YAML at line 2, column 1: duplicate key "a": map keys must be unique',
        severity: 'error',
      },
    ]);
    expect(parseManifestText('%YAML 1.1\n---\na: on\n', 'f.yaml')).toEqual({
      docs: [{ a: true }],
      lines: [3],
      problems: [],
    });
  });

  test('the document limit holds on both paths', () => {
    const many = Array.from({ length: 1001 }, (_, i) => `a: ${i}`).join('\n---\n');
    expect(parseManifestText(many, 'f.yaml').problems[0].message).toBe('f.yaml has 1001 documents; the limit is 1000');
    expect(parseManifestText(`${many}\nb: &x 1\nc: *x`, 'f.yaml').problems[0].message).toBe(
      'f.yaml has 1001 documents; the limit is 1000',
    );
  });
});

describe('the line each document starts on (problems name the document by it)', () => {
  /** What yaml says: the line of each document's content (or of the document, when it is empty). */
  function viaYamlLines(text: string): number[] {
    const { LineCounter } = require('yaml') as typeof import('yaml');
    const counter = new LineCounter();
    return parseAllDocuments(text, { lineCounter: counter })
      .filter((d) => d.toJS() !== null && d.contents !== null)
      .map((d) => counter.linePos(d.contents!.range[0]).line);
  }

  const valid = ['test/fixtures', 'examples/graphs'].flatMap(yamlFiles).filter((f) => !f.endsWith('not-yaml.yaml'));
  test.each(valid)('%s: the fast path agrees with yaml', (file) => {
    const text = fs.readFileSync(file, 'utf8');
    expect(parseManifestText(text, file).lines).toEqual(viaYamlLines(text));
  });

  test('comments, empty documents and an explicit end are not documents of their own', () => {
    const text = '# a comment\n---\na: 1\n---\n---\n# only a comment\nb: 2\n...\n---\nc: 3\n';
    expect(parseManifestText(text, 'x').lines).toEqual([3, 7, 10]);
    expect(parseManifestText(text, 'x').lines).toEqual(viaYamlLines(text));
  });

  test('the yaml path gives them too', () => {
    const text = '%YAML 1.2\n---\na: 1\n---\nb: 2\n';
    expect(parseManifestText(text, 'x')).toMatchObject({ docs: [{ a: 1 }, { b: 2 }], lines: [3, 5] });
  });
});
