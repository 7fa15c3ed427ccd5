import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, Chart, Testing } from 'cdk8s';
import { parse } from 'yaml';
import { buildExampleApp } from '../../examples/app';
import { addExampleGitOps } from '../../examples/gitops';
import { DynamoFluxSync, DynamoGitOpsApp, DynamoGraphDeployment, DynamoPlatform } from '../../src';
import { SUBSTITUTE_ANNOTATION } from '../../src/gitops/substitution';
import { fluxHealthCheckExprs } from '../../src/gitops/health/flux-health';
import { validateWithFluxSchemas } from './flux-schemas';
import { withPrefillArgs } from '../worker-change';
import { captureStderr, EXAMPLE_WARNINGS } from '../captured-stderr';

// Not about warnings: the example's own (npm run synth prints them) are kept from the output.
captureStderr(EXAMPLE_WARNINGS);

const exampleLayout = () =>
  addExampleGitOps(buildExampleApp(new DynamoGitOpsApp({ outdir: '/nonexistent' }))).gitOpsLayout();
const objectFiles = (files: { path: string; content: string }[]) =>
  files.filter((f) => !f.path.endsWith('/kustomization.yaml'));
const withoutGuard = (o: any) => {
  if (o.metadata.annotations?.[SUBSTITUTE_ANNOTATION] === undefined) return o;
  const { [SUBSTITUTE_ANNOTATION]: _, ...rest } = o.metadata.annotations;
  return { ...o, metadata: { ...o.metadata, annotations: Object.keys(rest).length ? rest : undefined } };
};
const key = (o: any) => `${o.apiVersion}/${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

describe('DynamoGitOpsApp', () => {
  const layout = exampleLayout();

  test('the example app lays out as crds/, platform/, graphs/<namespace>/<graph>/ and flux/ (file list)', () => {
    expect(layout.layers).toEqual(['crds', 'platform', 'graphs', 'flux']);
    expect(layout.files.map((f) => f.path)).toMatchSnapshot();
  });

  test('one file per object: exactly the objects a plain App synthesizes, none lost, none added', () => {
    const plain = addExampleGitOps(buildExampleApp(Testing.app()));
    const synthesized = plain.charts.flatMap((c) => Testing.synth(c));
    const laidOut = objectFiles(layout.files).map((f) => withoutGuard(parse(f.content)));
    expect(laidOut.map(key).sort()).toEqual(synthesized.map(key).sort());
    const byKey = new Map(synthesized.map((o: any) => [key(o), o]));
    for (const o of laidOut) expect(o).toEqual(JSON.parse(JSON.stringify(byKey.get(key(o)))));
  });

  test('every object whose YAML has ${ (multinode launch scripts) carries the substitution guard, and only those', () => {
    const files = objectFiles(layout.files);
    const guarded = files
      .filter((f) => parse(f.content).metadata.annotations?.[SUBSTITUTE_ANNOTATION] === 'disabled')
      .map((f) => f.path);
    expect(guarded).toEqual(files.filter((f) => f.content.includes('${')).map((f) => f.path));
    expect(guarded).toEqual(
      expect.arrayContaining(['graphs/dynamo/vllm-multinode/leaderworkerset-vllm-multinode-vllmworker-0.yaml']),
    );
  });

  test('DynamoFluxSync: one Kustomization per layer, each waiting for what it applied; the graphs through the nvidia.com health checks', () => {
    const ks = (name: string) => parse(layout.files.find((f) => f.path === `flux/kustomization-${name}.yaml`)!.content);
    expect(ks('dynamo-examples-platform').spec).toMatchObject({
      wait: true,
      dependsOn: [{ name: 'dynamo-examples-crds' }],
    });
    expect(ks('dynamo-examples-graphs').spec).toMatchObject({
      wait: true,
      healthCheckExprs: fluxHealthCheckExprs(),
      dependsOn: [{ name: 'dynamo-examples-platform' }],
    });
    expect(ks('dynamo-examples-crds').spec).toMatchObject({ prune: false, path: './crds' });
    const flux = layout.files
      .filter((f) => f.path.startsWith('flux/') && !f.path.endsWith('/kustomization.yaml'))
      .map((f) => parse(f.content));
    expect(validateWithFluxSchemas(flux)).toEqual(flux.map(() => ({ ok: true })));
  });

  test('objects outside Dynamo constructs: a Namespace goes to platform/, a namespaced object to graphs/<ns>/_shared/', () => {
    const app = new DynamoGitOpsApp({ outdir: '/nonexistent' });
    const chart = new Chart(app, 'extra', { namespace: 'llm' });
    new ApiObject(chart, 'ns', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'llm', namespace: undefined as any },
    });
    new ApiObject(chart, 'cm', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cluster-vars' } });
    const paths = app.gitOpsLayout().files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(['platform/namespace-llm.yaml', 'graphs/llm/_shared/configmap-cluster-vars.yaml']),
    );
  });

  test("an invalid graph fails synth with cdk8s's construct path and field path, and writes nothing", () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-gitops-app-'));
    try {
      const app = new DynamoGitOpsApp({ outdir: path.join(outdir, 'dist') });
      new DynamoGraphDeployment(new Chart(app, 'llm', { namespace: 'llm' }), 'bad', {
        spec: { components: [{ name: 'w', type: 'worker', replicas: -1 }] } as any,
      });
      expect(() => app.synth()).toThrow(/Validation failed with the following errors:\n {2}\[llm\/bad\] /);
      expect(fs.readdirSync(outdir)).toEqual([]);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  test('synth writes the layout to outdir; synthesizing again changes no file', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-gitops-app-'));
    try {
      const make = () => {
        const app = new DynamoGitOpsApp({ outdir });
        new DynamoPlatform(new Chart(app, 'platform'), 'dynamo', { namespace: 'dynamo-system' });
        new DynamoFluxSync(new Chart(app, 'flux'), 'sync', {
          sourceRef: {
            apiVersion: 'source.toolkit.fluxcd.io/v1',
            kind: 'GitRepository',
            name: 'flux-system',
            namespace: 'flux-system',
          },
          path: './deploy',
        });
        return app;
      };
      make().synth();
      expect(fs.readdirSync(outdir).sort()).toEqual(['crds', 'flux', 'graphs', 'platform']);
      expect(make().synthGitOps()).toEqual(expect.objectContaining({ written: [], removed: [] }));
      // A synth problem like every other construct's, not an exception at construction.
      const neither = make();
      new DynamoFluxSync(new Chart(neither, 'f2'), 'sync', {});
      expect(() => neither.synth()).toThrow(
        '[f2/sync] give exactly one of source (a source to create) and sourceRef (an existing one)',
      );
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  test("synth carries a graph's previous worker generation from outdir, as dynamo-iac gitops does; retirePreviousWorkers drops it", () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-gitops-app-'));
    const dir = path.join(outdir, 'graphs', 'llm', 'vllm-disagg-planner');
    const generations = () => [
      ...new Set(fs.readdirSync(dir).flatMap((f) => /-([0-9a-f]{8})\.yaml$/.exec(f)?.[1] ?? [])),
    ];
    const synth = (extraArg: string[], retirePreviousWorkers = false) => {
      const app = new DynamoGitOpsApp({ outdir, retirePreviousWorkers });
      new DynamoGraphDeployment(new Chart(app, 'llm', { namespace: 'llm' }), 'g', {
        ...withPrefillArgs(...extraArg),
        settings: { workerRollout: 'commits' },
      });
      return app.synthGitOps();
    };
    try {
      synth([]);
      const [first] = generations();
      synth(['--enforce-eager']);
      expect(generations()).toHaveLength(2);
      expect(generations()).toContain(first);
      expect(synth(['--enforce-eager'])).toEqual(expect.objectContaining({ written: [], removed: [] }));
      expect(synth(['--enforce-eager'], true).removed.length).toBeGreaterThan(0);
      expect(generations()).toHaveLength(1);
      expect(generations()).not.toContain(first);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });
});
