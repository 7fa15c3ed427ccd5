/**
 * Generates src/api/generated/core-v1-types.ts: the core/v1 interfaces of pod content (Container, PodSpec,
 * Probe, EnvVar, ... and every type they reach), from kubernetes-models' declarations.
 *
 * Why a generated copy rather than `import type` from kubernetes-models in our props: its
 * declarations import `@kubernetes-models/base` through an `exports` map only, which TypeScript
 * cannot resolve under `moduleResolution: node` (node10). A cdk8s app made by `cdk8s init
 * typescript-app` uses exactly that, without `skipLibCheck`, so its `tsc` would fail inside
 * kubernetes-models. The generated file has no imports and works under every resolution mode.
 *
 * Every field and list is read-only. `npm run core-v1-types` rewrites the file; test/api/input/typed-props.test.ts fails when it is stale.
 */
import { readFileSync, writeFileSync } from 'fs';
import { dirname, join, resolve } from 'path';
import * as ts from 'typescript';
import { packageRoot } from '../src/api/esm-package';

/** The pod content our props type; every type they reach comes along. */
const ROOTS = ['Container', 'PodSpec', 'Probe', 'EnvVar', 'EnvFromSource', 'ResourceRequirements'];
export const CORE_V1_TYPES_FILE = join(__dirname, '..', 'src', 'api', 'generated', 'core-v1-types.ts');

interface Declaration {
  /** Our name for it: the file's base name (`Container`, `Quantity`). */
  readonly name: string;
  readonly text: string;
}

/** The source of src/api/generated/core-v1-types.ts. */
export function coreV1TypesSource(): string {
  const modelsDir = join(packageRoot('kubernetes-models'), 'v1');
  const version = JSON.parse(readFileSync(join(packageRoot('kubernetes-models'), 'package.json'), 'utf8'))
    .version as string;
  const done = new Map<string, Declaration>();
  const queue = ROOTS.map((r) => join(modelsDir, `${r}.d.ts`));
  while (queue.length) {
    const file = queue.shift()!;
    if (done.has(file)) continue;
    const { declaration, dependencies } = readDeclaration(file);
    done.set(file, declaration);
    queue.push(...dependencies);
  }
  const declarations = [...done.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = declarations.map((d) => d.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new Error(`two kubernetes-models types are both called ${duplicate}`);
  return [
    `// Generated from kubernetes-models ${version} (core/v1 and meta/v1 declarations) by scripts/core-v1-types.ts`,
    '// (`npm run core-v1-types`). Do not edit by hand.',
    '/* eslint-disable */',
    '',
    '/**',
    ' * The Kubernetes core/v1 types of the pod content the props take (`podTemplate`, `extraPodSpec`,',
    ' * probes, env), all fields read-only.',
    ' * @module core-v1',
    ' */',
    '',
    ...declarations.map((d) => d.text),
  ].join('\n');
}

/** The main type of one kubernetes-models declaration file, renamed, and the files it imports. */
function readDeclaration(file: string): { declaration: Declaration; dependencies: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const name = baseName(file);
  const renames = new Map<string, string>();
  const dependencies: string[] = [];
  for (const s of source.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    const target = resolveImport(file, s.moduleSpecifier.text);
    if (!target) continue;
    dependencies.push(target);
    const bindings = s.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const e of bindings.elements) renames.set(e.name.text, baseName(target));
  }
  const rename = (text: string) => text.replace(/\b[A-Za-z0-9]+\b/g, (id) => renames.get(id) ?? id);
  const main = source.statements.find(
    (s): s is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
      (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.name.text === `I${name}`,
  );
  if (!main) throw new Error(`${file}: no I${name}`);
  const docs = main.getFullText(source).slice(0, main.getLeadingTriviaWidth(source)).trim();
  const body = ts.isInterfaceDeclaration(main)
    ? `export interface ${name} {${main.members.map((m) => member(m, source, rename)).join('')}\n}`
    : `export type ${name} = ${readonlyType(rename(main.type.getText(source)))};`;
  return { declaration: { name, text: `${docs ? `${docs}\n` : ''}${body}\n` }, dependencies };
}

/**
 * One field, read-only: props are input, and read-only fields and lists accept what mutable ones
 * do plus frozen and `as const` values.
 */
function member(m: ts.TypeElement, source: ts.SourceFile, rename: (text: string) => string): string {
  if (!ts.isPropertySignature(m) || !m.type)
    throw new Error(`${source.fileName}: unexpected member ${m.getText(source)}`);
  const docs = m.getFullText(source).slice(0, m.getLeadingTriviaWidth(source));
  return `${docs}readonly ${m.name.getText(source)}${m.questionToken ? '?' : ''}: ${readonlyType(rename(m.type.getText(source)))};`;
}

function readonlyType(text: string): string {
  return text.replace(/\bArray</g, 'ReadonlyArray<').replace(/\[key: string\]/g, 'readonly [key: string]');
}

/** A relative import in the same package, or one into @kubernetes-models/apimachinery; never the runtime base. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier.replace(/\.js$/, '.d.ts'));
  const prefix = '@kubernetes-models/apimachinery/';
  if (specifier.startsWith(prefix))
    return join(packageRoot('@kubernetes-models/apimachinery'), `${specifier.slice(prefix.length)}.d.ts`);
  return undefined;
}

function baseName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1).replace(/\.d\.ts$/, '');
}

if (require.main === module) {
  writeFileSync(CORE_V1_TYPES_FILE, coreV1TypesSource());
  console.log(`wrote ${CORE_V1_TYPES_FILE}`);
}
