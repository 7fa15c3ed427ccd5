/**
 * `dynamo-iac/core` is a small door (issue 37): what the docs name, and the types of its arguments
 * and results, as the built `lib/core.d.ts` declares them. Needs lib/ (`npm run test:package`
 * builds it).
 */
import { join } from 'path';
import * as ts from 'typescript';
import { ROOT } from '../cli/run';

/** The names lib/core.d.ts exports, split into runtime values and types only. */
function coreExports(): { values: string[]; types: string[] } {
  const file = join(ROOT, 'lib', 'core.d.ts');
  const program = ts.createProgram([file], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  const values: string[] = [];
  const types: string[] = [];
  for (const s of checker.getExportsOfModule(module)) {
    const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
    (target.flags & ts.SymbolFlags.Value ? values : types).push(s.name);
  }
  return { values: values.sort(), types: types.sort() };
}

const exported = coreExports();

test('dynamo-iac/core exports at most 60 names', () => {
  expect(exported.values.length + exported.types.length).toBeLessThanOrEqual(60);
});

// Each function or class a doc tells users to call from dynamo-iac/core, by the doc that names it.
test.each([
  ['README, CHANGELOG, test/package, .ci/pack-install.sh', ['renderManifests', 'resolveSettings', 'loadManifests']],
  ['CHANGELOG', ['renderGraph', 'crdManifests', 'planRequests', 'writeGitOpsLayout']],
  ['docs/operator.md', ['renderPlatform', 'infraAddresses']],
  ['docs/gitops-flux.md', ['fluxSource', 'fluxKustomizations', 'gitOpsLayout']],
  ['docs/gitops-argocd.md, docs/hostile-input.md', ['argoHealthConfigMap', 'argoCdApplications']],
])('%s: the names it uses are exported', (_doc, names) => {
  expect(names.filter((n) => !exported.values.includes(n))).toEqual([]);
});

test('the internal model and its helpers stay behind the door', () => {
  const internal = ['GraphModel', 'ComponentModel', 'loadGraph', 'validateGraph', 'acceptValidated', 'operatorImage'];
  expect(internal.filter((n) => [...exported.values, ...exported.types].includes(n))).toEqual([]);
});
