/**
 * A report, not a gate: counts the places in the public API reachable from one entry (default
 * src/cdk8s/index.ts, the construct API) whose TypeScript shapes jsii refuses or would change,
 * for docs/jsii-decision.md. Run: node scripts/jsii-forbidden.cjs [entry]; places on stderr.
 */
const ts = require('typescript');
const path = require('path');
const root = path.resolve(__dirname, '..');
const ENTRY = process.argv[2] || 'src/cdk8s/index.ts';
const program = ts.createProgram([path.join(root, ENTRY)], {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  skipLibCheck: true,
});
const checker = program.getTypeChecker();
const entry = program.getSourceFile(path.join(root, ENTRY));
const counts = {};
const where = {};
const hit = (k, w) => {
  counts[k] = (counts[k] || 0) + 1;
  (where[k] ||= []).push(w);
};
const seenDecl = new Set();
const inSrc = (d) => d.getSourceFile().fileName.startsWith(path.join(root, 'src'));
const queue = [];
for (const s of checker.getExportsOfModule(checker.getSymbolAtLocation(entry))) {
  const t = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
  for (const d of t.declarations || []) queue.push(d);
}
function visitTypeNode(n, w) {
  if (!n) return;
  const k = n.kind;
  const isLit = (t) => ts.isLiteralTypeNode(t) && (ts.isStringLiteral(t.literal) || ts.isNumericLiteral(t.literal));
  if (isLit(n) && !(n.parent && ts.isUnionTypeNode(n.parent))) hit('literal type (jsii: enums only)', w);
  if (ts.isUnionTypeNode(n)) {
    const nonUndef = n.types.filter((t) => t.kind !== ts.SyntaxKind.UndefinedKeyword);
    if (nonUndef.length > 1)
      hit(
        nonUndef.every(isLit)
          ? 'union of literals (jsii: an enum)'
          : 'union type (jsii: unions of classes/interfaces/primitives only, no literals; poor in Go/Java)',
        w,
      );
  }
  if (ts.isIntersectionTypeNode(n)) hit('intersection type', w);
  if (ts.isTupleTypeNode(n)) hit('tuple type', w);
  if (ts.isFunctionTypeNode(n)) hit('function type', w);
  if (ts.isTypeLiteralNode(n)) hit('anonymous object type (jsii: a named interface)', w);
  if (
    ts.isMappedTypeNode(n) ||
    ts.isIndexedAccessTypeNode(n) ||
    ts.isTypeQueryNode(n) ||
    (ts.isTypeOperatorNode(n) && n.operator === ts.SyntaxKind.KeyOfKeyword)
  )
    hit('mapped / indexed / typeof / keyof type', w);
  if (ts.isTypeOperatorNode(n) && n.operator === ts.SyntaxKind.ReadonlyKeyword) hit('readonly T[] (jsii: T[])', w);
  if (ts.isTypeReferenceNode(n)) {
    const name = n.typeName.getText();
    if (
      ['Omit', 'Pick', 'Partial', 'Required', 'Exclude', 'Extract', 'NonNullable', 'ReturnType', 'Parameters'].includes(
        name,
      )
    )
      hit(`utility type ${name}<…>`, w);
    if (['Readonly', 'ReadonlyArray'].includes(name)) hit(`${name}<…>`, w);
    if (name === 'Record') {
      const key = n.typeArguments?.[0];
      if (key && key.kind !== ts.SyntaxKind.StringKeyword) hit('Record with a non-string key', w);
    }
    const sym = checker.getSymbolAtLocation(n.typeName);
    const target = sym && (sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym);
    for (const d of target?.declarations || []) {
      if (ts.isTypeAliasDeclaration(d) && inSrc(d)) hit('reference to a type alias (jsii: no aliases)', w);
      if (inSrc(d)) queue.push(d);
    }
    if (
      n.typeArguments &&
      !['Record', 'Readonly', 'ReadonlyArray', 'Array', 'Omit', 'Pick', 'Partial', 'Required', 'Promise'].includes(name)
    )
      hit('generic type reference', w);
  }
  if (k === ts.SyntaxKind.UnknownKeyword) hit('unknown', w);
  if (k === ts.SyntaxKind.NeverKeyword) hit('never', w);
  ts.forEachChild(n, (c) => ts.isTypeNode(c) && visitTypeNode(c, w));
  if (ts.isTypeLiteralNode(n)) for (const m of n.members) if (m.type) visitTypeNode(m.type, w);
}
while (queue.length) {
  const d = queue.shift();
  if (seenDecl.has(d)) continue;
  seenDecl.add(d);
  const file = path.relative(root, d.getSourceFile().fileName);
  const name = d.name?.getText?.() ?? '?';
  if (ts.isTypeAliasDeclaration(d)) {
    hit('exported/used type alias declaration', `${file} ${name}`);
    visitTypeNode(d.type, `${file} ${name}`);
  }
  if (ts.isInterfaceDeclaration(d) || ts.isClassDeclaration(d)) {
    if (d.typeParameters) hit('generic interface/class', `${file} ${name}`);
    for (const h of d.heritageClauses || [])
      for (const t of h.types) {
        visitTypeNode(t, `${file} ${name} extends`);
        const s = checker.getSymbolAtLocation(t.expression);
        const tt = s && (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
        for (const dd of tt?.declarations || []) if (inSrc(dd)) queue.push(dd);
      }
    for (const m of d.members) {
      const mw = `${file} ${name}.${m.name?.getText?.() ?? '[index]'}`;
      if (ts.isIndexSignatureDeclaration(m)) hit('index signature inside an interface', mw);
      if (ts.isMethodDeclaration(m) || ts.isMethodSignature(m) || ts.isConstructorDeclaration(m)) {
        for (const p of m.parameters) visitTypeNode(p.type, mw);
        visitTypeNode(m.type, mw);
      } else if (m.type) visitTypeNode(m.type, mw);
      if (
        ts.isInterfaceDeclaration(d) &&
        ts.isPropertySignature(m) &&
        !m.modifiers?.some((x) => x.kind === ts.SyntaxKind.ReadonlyKeyword)
      )
        hit('mutable struct property (jsii: readonly)', mw);
    }
  }
  if (ts.isFunctionDeclaration(d)) {
    hit('exported free function (jsii: static methods only)', `${file} ${name}`);
    for (const p of d.parameters) visitTypeNode(p.type, `${file} ${name}`);
    visitTypeNode(d.type, `${file} ${name}`);
  }
  if (ts.isVariableDeclaration(d)) hit('exported const (jsii: static class members only)', `${file} ${name}`);
}
const total = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(JSON.stringify({ declarations: seenDecl.size, total, counts }, null, 1));
for (const k of Object.keys(where)) console.error(`## ${k}\n  ` + where[k].slice(0, 4).join('\n  '));
