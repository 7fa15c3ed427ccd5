/**
 * Every public construct and component class has a class-level doc comment with an example, so
 * an editor's hover shows what it is and how it is used, not only its signature.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');

function classesIn(dir: string): { file: string; name: string; doc: string; abstract: boolean }[] {
  const files = fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'));
  return files.flatMap((f) => {
    const file = path.join(dir, f);
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(path.join(ROOT, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    return source.statements.filter(ts.isClassDeclaration).flatMap((c) => {
      const mods = ts.getModifiers(c) ?? [];
      if (!c.name || !mods.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return [];
      const doc = ts
        .getJSDocCommentsAndTags(c)
        .map((d) => d.getText())
        .join('\n');
      return [{ file, name: c.name.text, doc, abstract: mods.some((m) => m.kind === ts.SyntaxKind.AbstractKeyword) }];
    });
  });
}

const PUBLIC = [...classesIn('src/cdk8s'), ...classesIn('src/pulumi')].filter(
  (c) => !c.abstract && c.name.startsWith('Dynamo'),
);

test('the construct and component classes are all found', () => {
  expect(PUBLIC.length).toBeGreaterThanOrEqual(15);
});

test.each(PUBLIC.map((c) => [`${c.file} ${c.name}`, c.doc]))('%s: a doc comment with an @example', (_, doc) => {
  expect(doc).toMatch(/^\/\*\*/);
  expect(doc).toContain('@example');
});
