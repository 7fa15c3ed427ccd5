/**
 * Render benchmark: 1,000 graphs of 5 components, four ways. Each variant runs
 * in its own child process so peak RSS belongs to that variant alone. This is a
 * report, not a test: a missed target is marked ✗ but never fails the run.
 *
 *   npm run bench          (tsc -p bench/tsconfig.json && node .bench/bench/render.bench.js)
 *
 * The operator benchmark (operator.bench.ts) runs after this one, from the same entry point.
 */
import { execFileSync } from 'child_process';
import { ApiObject, App, Chart } from 'cdk8s';
import { KubeObject } from '../src/api/k8s-types';
import { resolveSettings } from '../src/api/settings';
import type { ComponentSpec, DynamoGraphDeploymentSpec } from '../src/api/v1beta1';
import { DynamoGraphDeployment } from '../src/cdk8s';
import { toYamlStream } from '../src/output/yaml';
import { renderManifests } from '../src/manifests';
import { operatorBench } from './operator.bench';

const GRAPHS = 1000;
const NAMESPACES = 10;
const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';

/** A v1beta1 graph: a frontend and four vLLM workers, like a real disaggregated deployment. */
function graph(i: number): { metadata: { name: string; namespace: string }; spec: DynamoGraphDeploymentSpec } {
  const worker = (name: string, args: string[]): ComponentSpec => ({
    name,
    type: 'worker',
    replicas: 2,
    podTemplate: {
      spec: {
        containers: [{
          name: 'main',
          image: IMAGE,
          command: ['python3', '-m', 'dynamo.vllm'],
          args: ['--model', 'Qwen/Qwen3-0.6B', ...args],
          resources: { limits: { 'nvidia.com/gpu': '1' } },
        }],
      },
    },
  });
  return {
    metadata: { name: `graph-${i}`, namespace: `team-${i % NAMESPACES}` },
    spec: {
      backendFramework: 'vllm',
      components: [
        { name: 'Frontend', type: 'frontend', replicas: 1, podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } } },
        worker('PrefillA', ['--is-prefill-worker']),
        worker('PrefillB', ['--is-prefill-worker']),
        worker('DecodeA', []),
        worker('DecodeB', []),
      ],
    },
  };
}

const graphs = () => Array.from({ length: GRAPHS }, (_, i) => graph(i));
const manifestText = () => graphs()
  .map((g) => JSON.stringify({ apiVersion: 'nvidia.com/v1beta1', kind: 'DynamoGraphDeployment', ...g }))
  .join('\n---\n');

function renderedObjects(): KubeObject[] {
  const r = renderManifests([{ source: 'bench', text: manifestText() }], resolveSettings());
  if (r.problems.length) throw new Error(`bench input is invalid: ${r.problems[0].path}: ${r.problems[0].message}`);
  return r.objects;
}

interface Measured { readonly ms: number; readonly objects: number; readonly bytes: number }

/** Only the body of `run` is timed; preparing its input is not. */
function time(run: () => { objects: number; yaml: string }): Measured {
  const start = process.hrtime.bigint();
  const { objects, yaml } = run();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, objects, bytes: Buffer.byteLength(yaml) };
}

const VARIANTS: Record<string, { label: string; run: () => Measured }> = {
  cli: {
    label: 'CLI path (text -> renderManifests -> YAML)',
    run: () => {
      const text = manifestText();
      return time(() => {
        const { objects } = renderManifests([{ source: 'bench', text }], resolveSettings());
        return { objects: objects.length, yaml: toYamlStream(objects) };
      });
    },
  },
  construct: {
    label: 'cdk8s DynamoGraphDeployment construct',
    run: () => {
      const input = graphs();
      return time(() => {
        const app = new App();
        const chart = new Chart(app, 'bench');
        input.forEach((g, i) => new DynamoGraphDeployment(chart, `g${i}`, { ...g.metadata, spec: g.spec }));
        return { objects: chart.node.findAll().filter((c) => c instanceof ApiObject).length, yaml: app.synthYaml() };
      });
    },
  },
  floor: {
    label: 'baseline: rendered objects -> YAML (floor)',
    run: () => {
      const objects = renderedObjects();
      return time(() => ({ objects: objects.length, yaml: toYamlStream(objects) }));
    },
  },
  handmade: {
    label: 'baseline: hand-made cdk8s ApiObjects',
    run: () => {
      const objects = renderedObjects();
      return time(() => {
        const app = new App();
        const chart = new Chart(app, 'bench');
        objects.forEach((o, i) => new ApiObject(chart, `o${i}`, o));
        return { objects: objects.length, yaml: app.synthYaml() };
      });
    },
  },
};

interface Result extends Measured { readonly rssMiB: number }

function child(variant: string): void {
  const m = VARIANTS[variant].run();
  // maxRSS is in KiB; it covers the whole process, input preparation included.
  const result: Result = { ...m, rssMiB: process.resourceUsage().maxRSS / 1024 };
  process.stdout.write(JSON.stringify(result));
}

function measure(variant: string): Result | string {
  try {
    return JSON.parse(execFileSync(process.execPath, [__filename, variant], { encoding: 'utf8', maxBuffer: 1 << 20 })) as Result;
  } catch (e) {
    return `failed: ${(e as Error).message.split('\n')[0]}`;
  }
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

function parent(): void {
  console.log(`dynamo-iac render benchmark: ${GRAPHS} graphs x 5 components, Node ${process.version}, one child process per variant`);
  console.log('Numbers vary with machine load; compare variants of one run, not runs on different machines.\n');
  const results: Record<string, Result | string> = {};
  for (const name of Object.keys(VARIANTS)) results[name] = measure(name);
  const floor = results.floor;
  const rows = Object.entries(VARIANTS).map(([name, v]) => {
    const r = results[name];
    if (typeof r === 'string') return [v.label, r, '', '', '', ''];
    const ratio = typeof floor === 'string' ? '-' : `${(r.ms / floor.ms).toFixed(2)}x`;
    return [v.label, `${r.ms.toFixed(0)} ms`, String(r.objects), `${(r.bytes / 2 ** 20).toFixed(1)} MiB`, ratio, `${r.rssMiB.toFixed(0)} MiB`];
  });
  const table = [['variant', 'wall', 'objects', 'YAML', 'vs floor', 'peak RSS'], ...rows];
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  for (const row of table) console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));

  const ok = (r: Result | string): r is Result => typeof r !== 'string';
  const { cli, construct, handmade } = results;
  console.log('\nTargets (reported, never enforced):');
  if (ok(cli) && ok(floor)) console.log(`  ${mark(cli.ms <= 1.5 * floor.ms)} CLI path <= 1.5x floor (${(cli.ms / floor.ms).toFixed(2)}x)`);
  if (ok(construct) && ok(handmade)) console.log(`  ${mark(construct.ms <= handmade.ms)} cdk8s construct path <= hand-made cdk8s (${construct.ms.toFixed(0)} ms vs ${handmade.ms.toFixed(0)} ms)`);
  for (const [name, r] of Object.entries(results)) {
    if (ok(r)) console.log(`  ${mark(r.rssMiB < 400)} ${name}: peak RSS < 400 MiB (${r.rssMiB.toFixed(0)} MiB)`);
  }
}

const variant = process.argv[2];
if (variant === undefined) {
  parent();
  void operatorBench();
}
else if (variant in VARIANTS) child(variant);
else throw new Error(`unknown variant ${variant}; expected one of ${Object.keys(VARIANTS).join(', ')}`);
