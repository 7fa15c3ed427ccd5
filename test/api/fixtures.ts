/** Loading the shared YAML fixtures under test/fixtures. */
import { readFileSync } from 'fs';
import { join } from 'path';
import { loadGraph, parseManifestText } from '../../src/api';
import { GraphModel } from '../../src/api/model';

export const FIXTURES = join(__dirname, '..', 'fixtures');

export function fixtureDoc(name: string): any {
  const parsed = parseManifestText(readFileSync(join(FIXTURES, name), 'utf8'), name);
  expect(parsed.problems).toEqual([]);
  expect(parsed.docs).toHaveLength(1);
  return parsed.docs[0];
}

/** Loads a fixture (optionally changed by `edit`) and expects no loader problems. */
export function fixtureModel(name: string, edit?: (doc: any) => void): GraphModel {
  const doc = fixtureDoc(name);
  edit?.(doc);
  const loaded = loadGraph(doc, {});
  expect(loaded.problems).toEqual([]);
  return loaded.model!;
}
