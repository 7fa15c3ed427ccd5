/**
 * Seeded fuzz of the YAML writer with strings from every Unicode plane, control characters, YAML
 * indicators and number- or bool-like words in values, keys, list items and nested maps:
 * - read back by the `yaml` package as YAML 1.1 and 1.2: always;
 * - read back by kubectl's own reader (sigs.k8s.io/yaml on go-yaml v2, test/infra/build.sh
 *   yamlreader) when that binary is built; the cluster suite runs the long version
 *   (test/cluster/yaml-kubectl-reader.test.ts) and builds it.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as path from 'path';
import { isDeepStrictEqual } from 'util';
import { parse } from 'yaml';
import { toYaml } from '../../src/output/yaml';
import { random, randomDocument } from './yaml-fuzz';

export const ROUNDTRIP_CASES = 1000;
export const KUBECTL_READER_FAST_CASES = 2000;

/** The reader's path, or undefined when it is not built (never builds here). */
function cachedReader(): string | undefined {
  const r = spawnSync(
    'bash',
    [path.join(__dirname, '..', 'infra', 'build.sh'), '--cached-only', '--print-paths', 'yamlreader'],
    {
      encoding: 'utf8',
    },
  );
  return r.status === 0 ? /^YAML_READER=(.*)$/m.exec(r.stdout)?.[1] : undefined;
}

describe('YAML writer round trip (seeded fuzz)', () => {
  test.each(['1.1', '1.2'] as const)(
    `${ROUNDTRIP_CASES} random documents read back identically with YAML %s`,
    (version) => {
      const next = random(25);
      for (let i = 0; i < ROUNDTRIP_CASES; i++) {
        const doc = randomDocument(next);
        const text = toYaml(doc);
        const back: unknown = parse(text, { version, uniqueKeys: false });
        if (!isDeepStrictEqual(back, doc)) expect({ case: i, text, back }).toEqual({ case: i, text, back: doc });
      }
    },
  );

  const reader = cachedReader();
  if (reader === undefined) {
    test.skip(`${KUBECTL_READER_FAST_CASES} random documents read back identically with kubectl's reader: not built (bash test/infra/build.sh yamlreader)`, () => {});
    return;
  }
  test(`${KUBECTL_READER_FAST_CASES} random documents read back identically with kubectl's reader`, () => {
    const next = random(26);
    const docs = Array.from({ length: KUBECTL_READER_FAST_CASES }, () => randomDocument(next));
    const texts = docs.map(toYaml);
    const out = execFileSync(reader, { input: texts.join('---\n'), encoding: 'utf8', maxBuffer: 1 << 28 });
    const lines = out.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(docs.length);
    lines.forEach((line, i) => {
      const back: unknown = JSON.parse(line);
      if (!isDeepStrictEqual(back, docs[i]))
        expect({ case: i, text: texts[i], back }).toEqual({ case: i, text: texts[i], back: docs[i] });
    });
  });
});
