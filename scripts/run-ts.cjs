/**
 * Runs TypeScript sources without type-checking, for `npm run synth` (cdk8s.yaml):
 *
 *   node --require ./scripts/run-ts.cjs examples/main.ts
 *
 * ts-node type-checked the whole project on every synth (~15 s); `npx tsc -p tsconfig.dev.json`
 * and the test suite type-check it anyway. Each .ts file is transpiled on load with esbuild (as
 * ts-jest does with isolatedModules), and relative imports without an extension find their .ts
 * file, as TypeScript resolves them. Everything else loads as Node loads it. Transpiled files are
 * kept in node_modules/.cache/run-ts by content.
 */
require('../bin/node-version.js').requireSupportedNode();
const { createHash } = require('node:crypto');
const { registerHooks } = require('node:module');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { fileURLToPath } = require('node:url');
const esbuild = require('esbuild');

const OPTIONS = { loader: 'ts', format: 'cjs', platform: 'node', target: 'node22', sourcemap: 'inline' };
/** Transpiled files by content, so an unchanged file is not transpiled again on the next run. */
const CACHE = join(__dirname, '..', 'node_modules', '.cache', 'run-ts');

function transpile(file) {
  const source = readFileSync(file, 'utf8');
  const key = createHash('sha256')
    .update(JSON.stringify([esbuild.version, OPTIONS, file, source]))
    .digest('hex');
  const cached = join(CACHE, `${key}.js`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    const { code } = esbuild.transformSync(source, { ...OPTIONS, sourcefile: file });
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(cached, code);
    return code;
  }
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (e) {
      if (!/^\.\.?\//.test(specifier)) throw e;
      for (const candidate of [`${specifier}.ts`, `${specifier}/index.ts`]) {
        try {
          return nextResolve(candidate, context);
        } catch {
          // try the next form
        }
      }
      throw e;
    }
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
    return { format: 'commonjs', source: transpile(fileURLToPath(url)), shortCircuit: true };
  },
});
