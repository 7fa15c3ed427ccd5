/**
 * Every front end reports the same problems for the same input, because each runs the one document
 * pipeline (src/pipeline/process-document.ts) with the kind it expects: a table of bad documents of
 * every Dynamo kind through the CLI (the built bin, all documents in one run), the cdk8s constructs'
 * `fromManifest` and the Pulumi components (under `pulumi.runtime.setMocks`), comparing the lists.
 */
import * as path from 'path';
import * as pulumi from '@pulumi/pulumi';
import { App, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { WARNING_METADATA } from '../../src/cdk8s/warnings';
import { stringify } from 'yaml';
import * as cdk8s from '../../src';
import * as pulumiFrontEnd from '../../src/pulumi';
import { run } from '../cli/run';
import { programWarnings, runProgram } from '../pulumi/mocks';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const LOCK_FILE = path.join(__dirname, '..', '..', 'examples', 'dynamo-plan.lock');
const pod = { spec: { containers: [{ name: 'main', image: IMAGE }] } };
const frontend = { name: 'Frontend', type: 'frontend', podTemplate: pod };

type Kind =
  | 'DynamoGraphDeployment'
  | 'DynamoComponentDeployment'
  | 'DynamoModel'
  | 'DynamoCheckpoint'
  | 'DynamoGraphDeploymentRequest'
  | 'DynamoGraphDeploymentCandidate';

interface BadDocument {
  readonly what: string;
  readonly kind: Kind;
  readonly apiVersion?: string;
  readonly spec: unknown;
  /** The Dynamo release every front end renders the row for. @default - the default release */
  readonly release?: '1.6';
}

/** DynamoCheckpoint and a graph's reference to one are Dynamo 1.6's. */
const ON_1_6 = { release: '1.6' } as const;

const graph = (extra: Record<string, unknown>, component: Record<string, unknown> = {}) => ({
  components: [{ ...frontend, ...component }],
  ...extra,
});
const model = (extra: Record<string, unknown>) => ({
  modelName: 'support-lora',
  baseModelName: 'Qwen/Qwen3-0.6B',
  modelType: 'lora',
  source: { uri: 'hf://example-org/support-lora@main' },
  ...extra,
});
const checkpoint = (identity: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  identity: { model: 'Qwen/Qwen3-0.6B', backendFramework: 'vllm', ...identity },
  job: { podTemplateSpec: pod },
  ...extra,
});
const request = (extra: Record<string, unknown>) => ({
  model: 'Qwen/Qwen3-32B',
  backend: 'vllm',
  hardware: { gpuSku: 'h200_sxm', totalGpus: 8 },
  workload: { isl: 4000, osl: 500 },
  sla: { ttft: 600, itl: 20 },
  ...extra,
});

const STATIC = { isl: 4000, osl: 500, numRequestRatio: 10, concurrency: 8 };
const OBJECTIVE = { mode: 'optimize', metric: 'throughputPerGpu', sla: { ttftMs: 600, itlMs: 20 } };
const requestV1beta2 = (extra: Record<string, unknown>) => ({
  modelRef: { name: 'Qwen/Qwen3-32B' },
  backends: ['vllm'],
  image: 'nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.7.0',
  hardware: { gpu: { sku: 'h200_sxm', budget: 8 } },
  workload: { static: STATIC },
  objective: OBJECTIVE,
  search: { budget: { maxRounds: 2, parallelEvaluations: 2 } },
  ...extra,
});

const TABLE: readonly BadDocument[] = [
  { what: 'an unknown spec field', kind: 'DynamoGraphDeployment', spec: graph({ bogus: 1 }) },
  { what: 'an unknown component field', kind: 'DynamoGraphDeployment', spec: graph({}, { bogusField: true }) },
  { what: 'negative replicas', kind: 'DynamoGraphDeployment', spec: graph({}, { replicas: -1 }) },
  { what: 'an unknown backend', kind: 'DynamoGraphDeployment', spec: graph({ backendFramework: 'onnx' }) },
  {
    what: 'a v1alpha1 service with an unknown field',
    kind: 'DynamoGraphDeployment',
    apiVersion: 'nvidia.com/v1alpha1',
    spec: {
      services: {
        Frontend: { componentType: 'frontend', extraPodSpec: { mainContainer: { image: IMAGE } }, bogus: 1 },
      },
    },
  },
  {
    what: 'a dangling checkpointRef',
    kind: 'DynamoGraphDeployment',
    ...ON_1_6,
    spec: graph({}, { experimental: { checkpoint: { enabled: true, checkpointRef: 'missing' } } }),
  },
  {
    what: 'an unknown field',
    kind: 'DynamoComponentDeployment',
    spec: { type: 'worker', backendFramework: 'vllm', podTemplate: pod, bogus: 'x' },
  },
  {
    what: 'a replicas string',
    kind: 'DynamoComponentDeployment',
    spec: { type: 'worker', backendFramework: 'vllm', podTemplate: pod, replicas: 'two' },
  },
  {
    what: 'an unknown field under spec.source',
    kind: 'DynamoModel',
    spec: model({ source: { uri: 'hf://a/b', extra: 1 } }),
  },
  { what: 'an unknown spec field', kind: 'DynamoModel', spec: model({ bogus: true }) },
  { what: 'no modelName', kind: 'DynamoModel', spec: model({ modelName: undefined }) },
  { what: 'an https URI', kind: 'DynamoModel', spec: model({ source: { uri: 'https://example.com/adapter' } }) },
  { what: 'an unknown spec field', kind: 'DynamoCheckpoint', ...ON_1_6, spec: checkpoint({}, { bogus: 1 }) },
  { what: 'an unknown identity field', kind: 'DynamoCheckpoint', ...ON_1_6, spec: checkpoint({ extra: 'x' }) },
  { what: 'no identity model', kind: 'DynamoCheckpoint', ...ON_1_6, spec: checkpoint({ model: undefined }) },
  { what: 'an unknown backend', kind: 'DynamoCheckpoint', ...ON_1_6, spec: checkpoint({ backendFramework: 'onnx' }) },
  { what: 'an unknown spec field', kind: 'DynamoGraphDeploymentRequest', spec: request({ bogus: 1 }) },
  { what: 'no model', kind: 'DynamoGraphDeploymentRequest', spec: request({ model: undefined }) },
  { what: 'a negative ttft', kind: 'DynamoGraphDeploymentRequest', spec: request({ sla: { ttft: -1, itl: 20 } }) },
  ...(
    [
      ['a v1beta1 field', requestV1beta2({ model: 'Qwen/Qwen3-32B' })],
      ['the v1beta1 conversion view', requestV1beta2({ v1beta1: { model: 'x' } })],
      ['no workload shape', requestV1beta2({ workload: {} })],
      [
        'a trace and a static shape',
        requestV1beta2({ workload: { static: STATIC, trace: { source: { uri: 's3://t' } } } }),
      ],
      ['optimize without a metric', requestV1beta2({ objective: { mode: 'optimize', sla: { e2eMs: 900 } } })],
      ['an SLA with ttft only', requestV1beta2({ objective: { ...OBJECTIVE, sla: { ttftMs: 600 } } })],
      [
        'remoteCode TrustCacheAndRevision without revision',
        requestV1beta2({ modelRef: { name: 'm', remoteCode: 'TrustCacheAndRevision' } }),
      ],
      [
        'a zero GPU budget and no search budget',
        requestV1beta2({ hardware: { gpu: { sku: 'h200_sxm', budget: 0 } }, search: undefined }),
      ],
    ] as const
  ).map(([what, spec]) => ({
    what: `v1beta2: ${what}`,
    kind: 'DynamoGraphDeploymentRequest' as const,
    apiVersion: 'nvidia.com/v1beta2',
    spec,
  })),
  // A search candidate: the DGD front ends take it as the DGD it describes (with a warning).
  { what: 'an unknown spec field', kind: 'DynamoGraphDeploymentCandidate', spec: graph({ bogus: 1 }) },
  { what: 'negative replicas', kind: 'DynamoGraphDeploymentCandidate', spec: graph({}, { replicas: -1 }) },
];

const API_VERSION: Record<Kind, string> = {
  DynamoGraphDeployment: 'nvidia.com/v1beta1',
  DynamoComponentDeployment: 'nvidia.com/v1beta1',
  DynamoModel: 'nvidia.com/v1alpha1',
  DynamoCheckpoint: 'nvidia.com/v1alpha1',
  DynamoGraphDeploymentRequest: 'nvidia.com/v1beta1',
  DynamoGraphDeploymentCandidate: 'nvidia.com/v1beta2',
};

/** Each row's document, named after its row so the CLI's lines can be told apart. */
const nameOf = (i: number) => `bad-${i}`;
function manifestOf(row: BadDocument, i: number) {
  return JSON.parse(
    JSON.stringify({
      apiVersion: row.apiVersion ?? API_VERSION[row.kind],
      kind: row.kind,
      metadata: { name: nameOf(i), namespace: 'dynamo' },
      spec: row.spec,
    }),
  );
}

interface Lines {
  readonly errors: string[];
  /** `<path>: <message>`, as the Pulumi log and the cdk8s metadata carry them. */
  readonly warnings: string[];
}

/** The CLI: the documents of `table` of each release in one `validate -` run; its lines grouped by document. */
function cliLines(table: readonly BadDocument[]): Lines[] {
  const byDocument: Lines[] = table.map(() => ({ errors: [], warnings: [] }));
  for (const release of new Set(table.map((row) => row.release))) {
    const rows = table.flatMap((row, i) => (row.release === release ? [i] : []));
    const text = rows.map((i) => stringify(manifestOf(table[i], i))).join('---\n');
    const r = run(['validate', ...(release ? ['--dynamo-version', release] : []), '-'], { input: text });
    for (const line of r.stderr.split('\n')) {
      // A run of one document names no document.
      const m = /^-(?: \(document (\d+), [^)]*\))?: (.*)$/.exec(line);
      if (!m) continue;
      const warning = /^([^:]*): warning: (.*)$/.exec(m[2]);
      const lines = byDocument[rows[Number(m[1] ?? 1) - 1]];
      if (warning) lines.warnings.push(`${warning[1]}: ${warning[2]}`);
      else lines.errors.push(m[2]);
    }
  }
  return byDocument;
}

/** The cdk8s construct of the row's kind, adopting the manifest: its synth errors and warnings. */
function cdk8sLines(row: BadDocument, i: number): Lines {
  const app = new App();
  if (row.release) cdk8s.setPlatformSettings(app, { dynamoVersion: row.release });
  const chart = new Chart(app, 'chart', { namespace: 'dynamo' });
  const manifest = manifestOf(row, i);
  const adopt: Record<Kind, (scope: Construct) => Construct> = {
    DynamoGraphDeployment: (s) => cdk8s.DynamoGraphDeployment.fromManifest(s, 'c', manifest),
    DynamoGraphDeploymentCandidate: (s) => cdk8s.DynamoGraphDeployment.fromManifest(s, 'c', manifest),
    DynamoComponentDeployment: (s) => cdk8s.DynamoComponentDeployment.fromManifest(s, 'c', manifest),
    DynamoModel: (s) => cdk8s.DynamoModel.fromManifest(s, 'c', manifest),
    DynamoCheckpoint: (s) => cdk8s.DynamoCheckpoint.fromManifest(s, 'c', manifest),
    DynamoGraphDeploymentRequest: (s) =>
      cdk8s.DynamoGraphDeploymentRequest.fromManifest(s, 'c', manifest, { lockFile: LOCK_FILE }),
  };
  const nodes = adopt[row.kind](chart).node.findAll();
  const warnings = nodes.flatMap((c) =>
    c.node.metadata.filter((m) => m.type === WARNING_METADATA).map((m) => String(m.data)),
  );
  const errors = jest.isMockFunction(process.stderr.write)
    ? nodes.flatMap((c) => c.node.validate())
    : withQuietStderr(() => nodes.flatMap((c) => c.node.validate()));
  return { errors, warnings };
}

/** cdk8s prints the warnings at validation, as synth does; here they are read from the metadata. */
function withQuietStderr<T>(f: () => T): T {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return f();
  } finally {
    spy.mockRestore();
  }
}

/** The Pulumi component of the row's kind: the lines of its ResourceError, or its logged warnings. */
async function pulumiLines(row: BadDocument, i: number): Promise<Lines> {
  const manifest = manifestOf(row, i);
  const settings = row.release ? { dynamoVersion: row.release } : undefined;
  const args = {
    name: manifest.metadata.name,
    namespace: manifest.metadata.namespace,
    spec: manifest.spec,
    ...(settings ? { settings } : {}),
  };
  const build: Record<Kind, () => unknown> = {
    DynamoGraphDeployment: () => pulumiFrontEnd.DynamoGraphDeployment.fromManifest('c', manifest, { settings }),
    DynamoGraphDeploymentCandidate: () =>
      pulumiFrontEnd.DynamoGraphDeployment.fromManifest('c', manifest, { settings }),
    DynamoComponentDeployment: () => pulumiFrontEnd.DynamoComponentDeployment.fromManifest('c', manifest),
    DynamoModel: () => new pulumiFrontEnd.DynamoModel('c', args as never),
    DynamoCheckpoint: () => new pulumiFrontEnd.DynamoCheckpoint('c', args as never),
    DynamoGraphDeploymentRequest: () =>
      pulumiFrontEnd.DynamoGraphRequest.fromManifest('c', manifest, { lockFile: LOCK_FILE }),
  };
  const error = await runProgram(() => void build[row.kind]()).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error === undefined) return { errors: [], warnings: [...programWarnings()] };
  if (!pulumi.ResourceError.isInstance(error)) throw error;
  const [, ...lines] = error.message.split('\n');
  // A component that fails logs nothing: its error is all the engine shows.
  return { errors: lines.map((l) => l.replace(/^ {2}/, '')), warnings: [] };
}

/** Valid documents with warnings: every front end renders them and says the same warnings. */
const WARNED: readonly BadDocument[] = [
  {
    what: 'a deprecated v1alpha1 field',
    kind: 'DynamoGraphDeployment',
    apiVersion: 'nvidia.com/v1alpha1',
    spec: {
      backendFramework: 'vllm',
      services: {
        Frontend: {
          componentType: 'frontend',
          dynamoNamespace: 'legacy',
          extraPodSpec: { mainContainer: { image: IMAGE } },
        },
      },
    },
  },
  {
    what: "a Job template's pull secret no Secret can be named",
    kind: 'DynamoCheckpoint',
    ...ON_1_6,
    spec: checkpoint(
      {},
      { job: { podTemplateSpec: { spec: { ...pod.spec, imagePullSecrets: [{ name: 'Reg Cred' }] } } } },
    ),
  },
  { what: 'a candidate taken as the DGD it describes', kind: 'DynamoGraphDeploymentCandidate', spec: graph({}) },
];

describe('the front ends report the same problems for the same document', () => {
  const cli = cliLines(TABLE);

  test.each(TABLE.map((row, i) => [`${row.kind}: ${row.what}`, row, i] as const))('%s', async (_, row, i) => {
    expect(cli[i].errors.length).toBeGreaterThan(0);
    const errors = (lines: Lines) => lines.errors;
    expect({ cdk8s: errors(cdk8sLines(row, i)), pulumi: errors(await pulumiLines(row, i)) }).toEqual({
      cdk8s: cli[i].errors,
      pulumi: cli[i].errors,
    });
  });
});

describe('the front ends warn alike about a valid document', () => {
  const cli = cliLines(WARNED);

  test.each(WARNED.map((row, i) => [`${row.kind}: ${row.what}`, row, i] as const))('%s', async (_, row, i) => {
    expect(cli[i]).toEqual({ errors: [], warnings: [expect.any(String)] });
    expect({ cdk8s: cdk8sLines(row, i), pulumi: await pulumiLines(row, i) }).toEqual({ cdk8s: cli[i], pulumi: cli[i] });
  });
});

describe('the front ends render the same objects for a planned request', () => {
  const planned = require('yaml').parse(
    require('fs').readFileSync(path.join(__dirname, '..', '..', 'examples', 'requests', 'qwen3-32b-h200.yaml'), 'utf8'),
  );
  const names = (objects: { kind: string; metadata: { name: string } }[]) =>
    objects.map((o) => `${o.kind}/${o.metadata.name}`).sort();

  test.each([
    ['autoApply: true (the graph, its planner ConfigMap and RBAC)', true],
    ['autoApply: false (the record only: the plan is for review)', false],
  ])('%s', async (_, autoApply) => {
    const manifest = { ...planned, spec: { ...planned.spec, autoApply } };
    const r = run(['render', '--lock', LOCK_FILE, '-'], { input: stringify(manifest) });
    expect(r.code).toBe(0);
    const cli = names(
      require('yaml')
        .parseAllDocuments(r.stdout)
        .map((d: any) => d.toJS()),
    );
    expect(cli.includes('ConfigMap/qwen3-32b-planner-config') || !autoApply).toBe(true);
    if (!autoApply) expect(cli).toEqual(['DynamoGraphDeploymentRequest/qwen3-32b']);

    const chart = new Chart(new App(), 'chart');
    cdk8s.DynamoGraphDeploymentRequest.fromManifest(chart, 'c', manifest, { lockFile: LOCK_FILE });
    expect(names(chart.toJson())).toEqual(cli);

    const resources = await runProgram(
      () => void pulumiFrontEnd.DynamoGraphRequest.fromManifest('c', manifest, { lockFile: LOCK_FILE }),
    );
    expect(names(resources.filter((x) => x.type.startsWith('kubernetes:')).map((x) => x.inputs))).toEqual(cli);
  });
});
