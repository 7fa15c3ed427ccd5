/**
 * The figures the e2e suite prints (`report()` in node.ts), also kept as JSON lines in the
 * checkout's test-reports/, so `npm run bench` can print the real node's numbers beside its own.
 * Each caller names the checkout's root: the bench runs compiled into `.bench/`, the suite from source.
 */
import * as fs from 'fs';
import * as path from 'path';

export const figuresFile = (root: string) => path.join(root, 'test-reports', 'e2e-figures.jsonl');

interface Figure {
  readonly at: string;
  readonly what: string;
  readonly value: string;
}

export function keepFigure(root: string, what: string, value: string): void {
  const figure: Figure = { at: new Date().toISOString(), what, value };
  fs.mkdirSync(path.dirname(figuresFile(root)), { recursive: true });
  fs.appendFileSync(figuresFile(root), `${JSON.stringify(figure)}\n`);
}

/** The newest figure of each name starting with `prefix`; undefined when no e2e run wrote any. */
export function latestFigures(root: string, prefix: string): Figure[] | undefined {
  let text: string;
  try {
    text = fs.readFileSync(figuresFile(root), 'utf8');
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
