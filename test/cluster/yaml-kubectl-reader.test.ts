/**
 * Differential fuzz: what our YAML writer emits, kubectl reads back as the same data. The reader
 * is sigs.k8s.io/yaml at the version kubectl v1.36.3 uses (go-yaml v2 then JSON), built by
 * test/infra/build.sh yamlreader; seeded random strings from every Unicode plane, control
 * characters, YAML indicators and number- or bool-like words go into values, keys, list items
 * and nested maps, and every document must come back value for value.
 */
import { execFileSync } from 'child_process';
import { isDeepStrictEqual } from 'util';
import { toYaml } from '../../src/output/yaml';
import { random, randomDocument } from '../output/yaml-fuzz';
import { buildTestBinaries } from './harness';

/** Documents per seed; each holds 15 random strings (test/output/yaml-fuzz.ts). */
export const KUBECTL_READER_CASES = 20000;
const BATCH = 2000;

describe("kubectl's YAML reader reads what we write", () => {
  const reader = buildTestBinaries('yamlreader').YAML_READER;

  test.each([1, 2])(`${KUBECTL_READER_CASES} random documents, seed %i`, (seed) => {
    const next = random(seed);
    const failures: string[] = [];
    for (let start = 0; start < KUBECTL_READER_CASES; start += BATCH) {
      const docs = Array.from({ length: BATCH }, () => randomDocument(next));
      const texts = docs.map(toYaml);
      const out = execFileSync(reader, { input: texts.join('---\n'), encoding: 'utf8', maxBuffer: 1 << 28 });
      const lines = out.split('\n').filter((l) => l !== '');
      expect(lines).toHaveLength(BATCH);
      lines.forEach((line, i) => {
        const back: unknown = JSON.parse(line);
        if (!isDeepStrictEqual(back, docs[i]) && failures.length < 5) {
          failures.push(`case ${start + i}:\n${texts[i]}read back as ${line}\nnot ${JSON.stringify(docs[i])}`);
        }
      });
    }
    expect(failures).toEqual([]);
  });
});
