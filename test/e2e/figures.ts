/**
 * The figures the e2e suite prints (`report()` in node.ts), also kept as JSON lines in the
 * checkout's test-reports/, so `npm run bench` can print the real node's numbers beside its own.
 */
import * as fs from 'fs';
import * as path from 'path';

export const E2E_FIGURES_FILE = path.resolve(__dirname, '..', '..', 'test-reports', 'e2e-figures.jsonl');

interface Figure {
  readonly at: string;
  readonly what: string;
  readonly value: string;
}

export function keepFigure(what: string, value: string): void {
  const figure: Figure = { at: new Date().toISOString(), what, value };
  fs.mkdirSync(path.dirname(E2E_FIGURES_FILE), { recursive: true });
  fs.appendFileSync(E2E_FIGURES_FILE, `${JSON.stringify(figure)}\n`);
}

/** The newest figure of each name starting with `prefix`; undefined when no e2e run wrote any. */
export function latestFigures(prefix: string): Figure[] | undefined {
  let text: string;
  try {
    text = fs.readFileSync(E2E_FIGURES_FILE, 'utf8');
  } catch {
    return undefined;
  }
  const latest = new Map<string, Figure>();
  for (const line of text.split('\n').filter(Boolean)) {
    const figure = JSON.parse(line) as Figure;
    if (figure.what.startsWith(prefix)) latest.set(figure.what, figure);
  }
  return [...latest.values()];
}
