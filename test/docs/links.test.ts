/**
 * The documentation a user reads points only at files that exist: every relative Markdown link
 * of the README, CONTRIBUTING, CHANGELOG and docs/*.md resolves (the generated docs/api/ is
 * checked by docs:api:check), and nothing names the design notes that live outside the repository.
 */
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');
const DOCS = [
  ...['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].filter((f) => fs.existsSync(path.join(ROOT, f))),
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** `[text](target)` links that are not URLs or in-page anchors, without their `#anchor`. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#'))
    .map((t) => t.split('#')[0]);
}

test.each(DOCS)('%s: every relative link resolves', (doc) => {
  const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
  const missing = relativeLinks(text).filter((t) => !fs.existsSync(path.join(ROOT, path.dirname(doc), t)));
  expect(missing).toEqual([]);
});

test.each(DOCS)('%s: points to no DESIGN.md (not in the repository)', (doc) => {
  expect(fs.readFileSync(path.join(ROOT, doc), 'utf8')).not.toMatch(/DESIGN\.md/);
});
