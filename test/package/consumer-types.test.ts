/**
 * The package's types as a user's project sees them: `lib/*.d.ts` through package.json, in a
 * project that imports `dynamo-iac`, `dynamo-iac/pulumi` and `dynamo-iac/core`, under each module resolution a
 * TypeScript project uses. `cdk8s init typescript-app` makes a `moduleResolution: node` (node10)
 * project without `skipLibCheck`, so an error inside our declarations (or a dependency's they
 * import) would fail its build. Needs lib/ (the slow phase of `npm test` builds it).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import * as ts from 'typescript';
import { ROOT } from '../cli/run';

const CONSUMER = `
import { App, Chart } from 'cdk8s';
import { DynamoGraphDeployment } from 'dynamo-iac';
import { DynamoGraph } from 'dynamo-iac/pulumi';
import { renderManifests, resolveSettings } from 'dynamo-iac/core';

const main = { name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1' };
new DynamoGraphDeployment(new Chart(new App(), 'c'), 'g', {
  spec: { components: [{ name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [{ ...main, imagePulPolicy: 'Always' }] } } }] },
});
export const graph = new DynamoGraph('g', {
  spec: { components: [{ name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [{ ...main, ports: [{ containerPort: 8000 }] }] } } }] },
});
export const objects = renderManifests([{ source: 'g.yaml', text: 'kind: DynamoGraphDeployment' }], resolveSettings({})).objects;
`;

/** Parsed declaration files, shared by the programs of every resolution mode (parsing is most of the cost). */
const parsed = new Map<string, ts.SourceFile | undefined>();

/** Every diagnostic of the consumer project, as `file(line): message` with the file relative to the project. */
function diagnostics(dir: string, options: ts.CompilerOptions): string[] {
  const all: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    types: [],
    skipDefaultLibCheck: true,
    ...options,
  };
  const host = ts.createCompilerHost(all);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (file, version, onError) => {
    const key = `${file}|${JSON.stringify(version)}`;
    if (!parsed.has(key)) parsed.set(key, read(file, version, onError));
    return parsed.get(key);
  };
  const program = ts.createProgram([join(dir, 'main.ts')], all, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.replace(`${dir}/`, '')}(${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1})`
      : '';
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

describe('a project using the package type-checks, and flags a misspelt container field', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dynamo-iac-consumer-'));
    writeFileSync(join(dir, 'main.ts'), CONSUMER);
    // The package as an installed dependency (resolved through its package.json), next to the
    // packages the consumer imports itself; the package's own dependencies resolve from its real path.
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'dynamo-iac'));
    for (const dep of ['cdk8s', 'constructs', '@pulumi'])
      symlinkSync(join(ROOT, 'node_modules', dep), join(dir, 'node_modules', dep));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const expected = [
    "main.ts(9): Object literal may only specify known properties, but 'imagePulPolicy' does not exist in type 'ContainerInput'. Did you mean to write 'imagePullPolicy'?",
  ];

  test.each([
    [
      'node10 without skipLibCheck (cdk8s init)',
      { module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10 },
    ],
    ['node16', { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 }],
  ])('%s', (_name, options) => {
    expect(diagnostics(dir, options)).toEqual(expected);
  });
});
