/**
 * Worker generations (issue 28): upstream's v2 worker hash (which changes roll workers and which
 * do not, as upstream documents them), its Go-JSON input, and what the render makes of it.
 */
import * as fs from 'fs';
import * as path from 'path';
import { GraphModel } from '../../src/api/model';
import { DEFAULT_SETTINGS, PlatformSettings, resolveSettings } from '../../src/api/settings';
import { settingsProblems } from '../../src/api/settings-check';
import { loadManifests, renderManifests } from '../../src/pipeline/manifests';
import { PRUNE_DISABLED } from '../../src/render';
import { targetOperatorVersion } from '../../src/render/origin-version';
import { componentWorkloadName } from '../../src/render/context';
import { canonicalQuantity, goJson } from '../../src/render/go-json';
import { runtimeOwnsReplicas, workerRolloutOwnsReplicas } from '../../src/render/replicas';
import {
  renderedWorkerGeneration,
  workerGenerationOf,
  workerHash,
  workerHashInput,
} from '../../src/render/worker-generation';

const FIXTURES = path.join(__dirname, '..', 'fixtures');
type Doc = Record<string, any>;

/** A graph model as the hash sees it: only the manifest as written and its version matter. */
function graph(spec: Doc, apiVersion = 'nvidia.com/v1beta1'): GraphModel {
  const source = { apiVersion, kind: 'DynamoGraphDeployment', metadata: { name: 'g', namespace: 'ns' }, spec };
  return { kind: 'DynamoGraphDeployment', apiVersion, name: 'g', namespace: 'ns', source } as unknown as GraphModel;
}

const main = (over: Doc = {}) => ({ name: 'main', image: 'img:1.0.0', args: ['--model', 'm'], ...over });
const base = (): Doc => ({
  backendFramework: 'vllm',
  components: [
    { name: 'Frontend', type: 'frontend', replicas: 1, podTemplate: { spec: { containers: [main()] } } },
    { name: 'Prefill', type: 'prefill', replicas: 1, podTemplate: { spec: { containers: [main()] } } },
    { name: 'Decode', type: 'decode', replicas: 2, podTemplate: { spec: { containers: [main()] } } },
  ],
});
const comp = (spec: Doc, name: string): Doc => spec.components.find((c: Doc) => c.name === name);
const hashWith = (change: (spec: Doc) => void): string => {
  const spec = base();
  change(spec);
  return workerHash(graph(spec));
};
const baseHash = workerHash(graph(base()));

describe('the worker hash rolls workers on a change of', () => {
  test.each<[string, (s: Doc) => void]>([
    ['a worker image', (s) => (comp(s, 'Decode').podTemplate.spec.containers[0].image = 'img:2.0.0')],
    ['a worker argument', (s) => comp(s, 'Decode').podTemplate.spec.containers[0].args.push('--x')],
    ['a worker env', (s) => (comp(s, 'Decode').podTemplate.spec.containers[0].env = [{ name: 'A', value: '1' }])],
    ['the graph env (spec.env)', (s) => (s.env = [{ name: 'A', value: '1' }])],
    ['the graph annotations (spec.annotations)', (s) => (s.annotations = { a: 'b' })],
    ['the graph labels (spec.labels)', (s) => (s.labels = { a: 'b' })],
    ['backendFramework', (s) => (s.backendFramework = 'sglang')],
    ['sharedMemorySize', (s) => (comp(s, 'Decode').sharedMemorySize = '4Gi')],
    ['globalDynamoNamespace', (s) => (comp(s, 'Decode').globalDynamoNamespace = true)],
    ['a worker pod template label', (s) => (comp(s, 'Decode').podTemplate.metadata = { labels: { a: 'b' } })],
    ['a new worker', (s) => s.components.push({ name: 'Extra', type: 'worker' })],
    [
      'an EPP joining the graph (worker pods get the worker class label)',
      (s) => s.components.push({ name: 'Epp', type: 'epp' }),
    ],
  ])('%s', (_what, change) => {
    expect(hashWith(change)).not.toBe(baseHash);
  });

  test('a prefill change: one hash for the graph, so the decode generation rolls with it', () => {
    const spec = base();
    comp(spec, 'Prefill').podTemplate.spec.containers[0].image = 'img:2.0.0';
    const changed = graph(spec);
    const before = { hash: baseHash };
    const after = { hash: workerHash(changed) };
    expect(after.hash).not.toBe(before.hash);
    const model = { ...changed, components: [{ name: 'Decode', type: 'decode' }] } as unknown as GraphModel;
    expect(componentWorkloadName(model, 'Decode', after)).not.toBe(componentWorkloadName(model, 'Decode', before));
  });
});

describe('the worker hash does not roll workers on a change of', () => {
  test.each<[string, (s: Doc) => void]>([
    ['worker replicas', (s) => (comp(s, 'Decode').replicas = 7)],
    ['scalingAdapter', (s) => (comp(s, 'Decode').scalingAdapter = {})],
    ['modelRef', (s) => (comp(s, 'Decode').modelRef = { name: 'Qwen/Qwen3-0.6B' })],
    ['topologyConstraint', (s) => (comp(s, 'Decode').topologyConstraint = { packDomain: 'rack' })],
    ['eppConfig (EPP only)', (s) => (comp(s, 'Decode').eppConfig = { configMapRef: { name: 'x' } })],
    ['the frontend only', (s) => (comp(s, 'Frontend').podTemplate.spec.containers[0].image = 'img:2.0.0')],
    ['the order of the component list', (s) => s.components.reverse()],
    [
      'the order of keys in the manifest',
      (s) =>
        (comp(s, 'Decode').podTemplate.spec.containers[0] = {
          args: ['--model', 'm'],
          image: 'img:1.0.0',
          name: 'main',
        }),
    ],
    ['a quantity written another way (1024Mi = 1Gi)', (s) => (comp(s, 'Decode').sharedMemorySize = '1Gi')],
  ])('%s', (_what, change) => {
    const reference = base();
    comp(reference, 'Decode').sharedMemorySize = '1024Mi';
    const changed = structuredClone(reference);
    change(changed);
    expect(workerHash(graph(changed))).toBe(workerHash(graph(reference)));
  });

  test('an EPP config change, once the EPP is in the graph', () => {
    const withEpp = (config: string) =>
      hashWith((s) => s.components.push({ name: 'Epp', type: 'epp', eppConfig: { configMapRef: { name: config } } }));
    expect(withEpp('a')).toBe(withEpp('b'));
  });
});

describe('the hash input', () => {
  test("reproduces upstream's golden case: one worker, image worker:latest, env FOO=bar -> 2bc34b39", () => {
    const golden = graph({
      components: [
        {
          name: 'worker',
          type: 'worker',
          podTemplate: {
            spec: { containers: [{ name: 'main', image: 'worker:latest', env: [{ name: 'FOO', value: 'bar' }] }] },
          },
        },
      ],
    });
    expect(workerHash(golden)).toBe('2bc34b39');
  });

  test('is Go encoding/json of upstream structs: declared field order, omitempty, no zero creationTimestamp', () => {
    expect(workerHashInput(graph(base()))).toBe(
      '{"version":"dgd-worker-rollout-v2","backendFramework":"vllm","workers":{' +
        '"Decode":{"podTemplate":{"metadata":{},"spec":{"containers":[' +
        '{"name":"main","image":"img:1.0.0","args":["--model","m"],"resources":{}}]}}},' +
        '"Prefill":{"podTemplate":{"metadata":{},"spec":{"containers":[' +
        '{"name":"main","image":"img:1.0.0","args":["--model","m"],"resources":{}}]}}}}}',
    );
  });

  test('graph env goes into the main container (created first when absent), the component winning, sorted', () => {
    const spec = base();
    spec.env = [
      { name: 'Z', value: 'graph' },
      { name: 'A', value: 'graph' },
    ];
    comp(spec, 'Decode').podTemplate = { spec: { containers: [{ name: 'sidecar', image: 's' }] } };
    comp(spec, 'Prefill').podTemplate.spec.containers[0].env = [{ name: 'Z', value: 'own' }];
    const input = JSON.parse(workerHashInput(graph(spec)));
    expect(input.workers.Decode.podTemplate.spec.containers.map((c: Doc) => c.name)).toEqual(['main', 'sidecar']);
    expect(input.workers.Decode.podTemplate.spec.containers[0].env).toEqual(spec.env.slice().reverse());
    expect(input.workers.Prefill.podTemplate.spec.containers[0].env).toEqual([
      { name: 'A', value: 'graph' },
      { name: 'Z', value: 'own' },
    ]);
  });

  test('graph labels and annotations go under the pod template metadata, the component winning', () => {
    const spec = base();
    spec.labels = { team: 'graph', tier: 'graph' };
    comp(spec, 'Decode').podTemplate.metadata = { labels: { team: 'own' } };
    const input = JSON.parse(workerHashInput(graph(spec)));
    expect(input.workers.Decode.podTemplate.metadata.labels).toEqual({ team: 'own', tier: 'graph' });
  });

  test('an empty pod template is dropped; a present empty list is not empty (as reflect.DeepEqual)', () => {
    expect(workerHashInput(graph({ components: [{ name: 'W', type: 'worker', podTemplate: {} }] }))).toBe(
      '{"version":"dgd-worker-rollout-v2","workers":{"W":{}}}',
    );
    expect(
      workerHashInput(
        graph({ components: [{ name: 'W', type: 'worker', podTemplate: { spec: { containers: [] } } }] }),
      ),
    ).toBe(
      '{"version":"dgd-worker-rollout-v2","workers":{"W":{"podTemplate":{"metadata":{},"spec":{"containers":[]}}}}}',
    );
  });

  test('HTML characters are escaped as Go does', () => {
    const input = workerHashInput(
      graph({
        components: [
          { name: 'W', type: 'worker', podTemplate: { spec: { containers: [main({ args: ['a<b>&c'] })] } } },
        ],
      }),
    );
    expect(input).toContain('"args":["a\\u003cb\\u003e\\u0026c"]');
  });

  test('Go struct values are always written; pointers and omitempty zeros as Go does', () => {
    const probe = { httpGet: { path: '/health', port: 9090 }, periodSeconds: 0, terminationGracePeriodSeconds: 0 };
    expect(goJson(probe, 'Probe')).toBe('{"httpGet":{"path":"/health","port":9090},"terminationGracePeriodSeconds":0}');
    expect(goJson({ name: 'X', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } }, 'EnvVar')).toBe(
      '{"name":"X","valueFrom":{"resourceFieldRef":{"resource":"limits.cpu","divisor":"0"}}}',
    );
    expect(goJson({ mountPath: '/m', readOnly: false, zzz: 1, aaa: 2 }, 'VolumeMount')).toBe(
      '{"name":"","mountPath":"/m","aaa":2,"zzz":1}',
    );
  });

  test.each([
    ['8Gi', '8Gi'],
    ['1024Mi', '1Gi'],
    ['1536Mi', '1536Mi'],
    ['0.5Gi', '512Mi'],
    ['0.5Ki', '512'],
    ['1000m', '1'],
    ['0.5', '500m'],
    ['1500', '1500'],
    ['2000', '2k'],
    ['1e3', '1e3'],
    ['0', '0'],
    ['100m', '100m'],
    ['1.0000000001', '1000000001n'],
  ])('resource.Quantity %s marshals as %s', (input, canonical) => {
    expect(canonicalQuantity(input)).toBe(canonical);
  });

  test('is deterministic, and a v1alpha1 graph hashes as the v1beta1 graph it converts to', () => {
    const load = (file: string) => {
      const text = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
      return loadManifests([{ source: file, text }], resolveSettings({})).graphs[0].model;
    };
    for (const name of ['agg', 'disagg']) {
      const alpha = load(`${name}-v1alpha1.yaml`);
      const beta = load(`${name}-v1beta1.yaml`);
      expect(workerHash(alpha)).toBe(workerHash(beta));
      expect(workerHash(beta)).toBe(workerHash(load(`${name}-v1beta1.yaml`)));
    }
    // Pinned: a change here re-rolls every deployed graph (upstream keeps a golden test for the same reason).
    expect(workerHash(load('disagg-v1beta1.yaml'))).toBe('a9d02a61');
    expect(workerHash(load('agg-v1beta1.yaml'))).toBe('aea6f40f');
  });
});

/** Renders a manifest (JSON is YAML) and gives its objects and problems. */
function render(doc: Doc, settings: PlatformSettings = {}) {
  const r = renderManifests([{ source: 'g.yaml', text: JSON.stringify(doc) }], resolveSettings(settings));
  const find = (kind: string, name: string): any => r.objects.find((o) => o.kind === kind && o.metadata.name === name);
  return { ...r, find, names: r.objects.map((o) => `${o.kind}/${o.metadata.name}`) };
}

const manifest = (spec: Doc = base()): Doc => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g', namespace: 'ns' },
  spec,
});

describe('rendering worker generations', () => {
  const hash = workerHash(graph(base()));

  test('operator (the default): hashed names, label, suffix env, no worker replicas, prune opt-outs, record', () => {
    const r = render(manifest());
    expect(r.names).toEqual(
      expect.arrayContaining([
        'Deployment/g-frontend',
        `Deployment/g-decode-${hash}`,
        `Service/g-decode-${hash}`,
        `Deployment/g-prefill-${hash}`,
      ]),
    );
    const decode = r.find('Deployment', `g-decode-${hash}`);
    expect(decode.spec.replicas).toBeUndefined();
    // Available (what the operator drains the old generation by) only after 10 s Ready.
    expect(decode.spec.minReadySeconds).toBe(10);
    expect(decode.metadata.labels['nvidia.com/dynamo-worker-hash']).toBe(hash);
    expect(decode.spec.template.metadata.labels['nvidia.com/dynamo-worker-hash']).toBe(hash);
    expect(decode.spec.selector).toEqual({ matchLabels: { 'nvidia.com/selector': `g-decode-${hash}` } });
    expect(decode.metadata.annotations).toMatchObject({
      'kustomize.toolkit.fluxcd.io/prune': 'disabled',
      'argocd.argoproj.io/sync-options': 'Prune=false',
    });
    const env = decode.spec.template.spec.containers.find((c: Doc) => c.name === 'main').env;
    expect(env).toContainEqual({ name: 'DYN_NAMESPACE_WORKER_SUFFIX', value: hash });
    expect(env).toContainEqual({ name: 'DYN_NAMESPACE', value: 'ns-g' });
    const service = r.find('Service', `g-decode-${hash}`);
    expect(service.metadata.annotations['kustomize.toolkit.fluxcd.io/prune']).toBe('disabled');
    // The frontend is updated in place: no hash, no suffix, its replicas.
    const frontend = r.find('Deployment', 'g-frontend');
    expect(frontend.spec.replicas).toBe(1);
    expect(frontend.spec.minReadySeconds).toBeUndefined();
    expect(frontend.metadata.labels['nvidia.com/dynamo-worker-hash']).toBeUndefined();
    expect(JSON.stringify(frontend)).not.toContain('WORKER_SUFFIX');
    const record = r.find('DynamoGraphDeployment', 'g');
    expect(record.metadata.annotations).toEqual({
      'nvidia.com/dynamo-operator-origin-version': targetOperatorVersion(DEFAULT_SETTINGS),
      'nvidia.com/current-worker-hash': hash,
      'dynamo-iac.io/worker-rollout': 'operator',
    });
    expect(renderedWorkerGeneration(record.metadata.annotations)).toEqual({ hash, mode: 'operator' });
  });

  test('commits: the same generation, with replicas and without prune opt-outs', () => {
    const r = render(manifest(), { workerRollout: 'commits' });
    const decode = r.find('Deployment', `g-decode-${hash}`);
    expect(decode.spec.replicas).toBe(2);
    expect(decode.metadata.annotations?.['kustomize.toolkit.fluxcd.io/prune']).toBeUndefined();
    expect(r.find('DynamoGraphDeployment', 'g').metadata.annotations['dynamo-iac.io/worker-rollout']).toBe('commits');
  });

  test('in-place: stable names and no trace of generations', () => {
    const r = render(manifest(), { workerRollout: 'in-place' });
    expect(r.names).toContain('Deployment/g-decode');
    const text = JSON.stringify(r.objects);
    for (const s of ['worker-hash', 'WORKER_SUFFIX', 'worker-rollout', 'fluxcd.io/prune', 'minReadySeconds'])
      expect(text).not.toContain(s);
  });

  test('Grove and multinode workers roll in place under stable names, hash-labelled and suffixed as upstream; only commits mode warns', () => {
    const grove = render(manifest(), { groveAvailable: true });
    const groveText = JSON.stringify(grove.objects);
    expect(groveText).toContain(`"nvidia.com/dynamo-worker-hash":"${hash}"`);
    expect(groveText).toContain(`{"name":"DYN_NAMESPACE_WORKER_SUFFIX","value":"${hash}"}`);
    expect(groveText).not.toContain(`-${hash}"`);
    // As upstream's operator rolls them: nothing to warn about under the default mode.
    expect(grove.problems).toEqual([]);
    const commits = render(manifest(), { groveAvailable: true, workerRollout: 'commits' });
    expect(commits.problems.map((p) => `${p.path}: ${p.severity}: ${p.message}`)).toEqual([
      expect.stringMatching(
        /^spec\.components: warning: workerRollout "commits" does not apply: .*Grove.*stable names.*never pair/,
      ),
    ]);
    const spec = base();
    comp(spec, 'Decode').multinode = { nodeCount: 2 };
    comp(spec, 'Decode').podTemplate.spec.containers = [
      main({ command: ['python3', '-m', 'dynamo.vllm'], resources: { limits: { 'nvidia.com/gpu': '1' } } }),
    ];
    const lws = render(manifest(spec));
    const lwsHash = workerHash(graph(spec));
    expect(lws.names).toContain('LeaderWorkerSet/g-decode-0');
    const lwsText = JSON.stringify(lws.objects);
    expect(lwsText).toContain(`{"name":"DYN_NAMESPACE_WORKER_SUFFIX","value":"${lwsHash}"}`);
    expect(lwsText).not.toContain(`-${lwsHash}`);
    // `in-place`: no hash at all, as upstream before any managed rollout.
    const inPlace = render(manifest(), { groveAvailable: true, workerRollout: 'in-place' });
    expect(JSON.stringify(inPlace.objects)).not.toContain('worker-hash');
    expect(lws.problems.filter((p) => /workerRollout/.test(p.message))).toEqual([]);
    const lwsCommits = render(manifest(spec), { workerRollout: 'commits' });
    expect(lwsCommits.problems.filter((p) => /workerRollout/.test(p.message)).map((p) => p.path)).toEqual([
      'spec.components[2].multinode',
    ]);
    expect(render(manifest(), { groveAvailable: true, workerRollout: 'in-place' }).problems).toEqual([]);
  });

  test('the generation, the name and replica ownership agree for operator and render', () => {
    const model = render(manifest()).graphs![0].graph;
    const gen = workerGenerationOf(model, resolveSettings({}));
    expect(gen).toEqual({ hash, mode: 'operator' });
    expect(componentWorkloadName(model, 'Decode', gen)).toBe(`g-decode-${hash}`);
    expect(componentWorkloadName(model, 'Frontend', gen)).toBe('g-frontend');
    const decode = model.components.find((c) => c.name === 'Decode')!;
    const frontend = model.components.find((c) => c.name === 'Frontend')!;
    expect(workerRolloutOwnsReplicas(decode, gen)).toBe(true);
    expect(runtimeOwnsReplicas(frontend, gen)).toBe(false);
    expect(runtimeOwnsReplicas(decode, { mode: 'commits' })).toBe(false);
    expect(renderedWorkerGeneration({ 'nvidia.com/current-worker-hash': hash })).toBeUndefined();
  });

  test("a worker's name is checked with its hash: 63 characters for the selector label", () => {
    // `g-` + 53 characters = 55 fits as `<graph>-<component>`; with `-<hash>` it is 64.
    const spec = base();
    comp(spec, 'Decode').name = 'D'.repeat(53);
    const tooLong = render(manifest(spec)).problems.filter((p) => p.severity === 'error');
    expect(tooLong.map((p) => p.message)).toEqual([
      `object name "g-${'d'.repeat(53)}-<worker hash>" is the value of the nvidia.com/selector label and must be no more than 63 characters`,
    ]);
    expect(render(manifest(spec), { workerRollout: 'in-place' }).problems).toEqual([]);
  });

  test("a worker's Ingress is part of its generation: labelled with it and kept from prune", () => {
    const doc = {
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'g', namespace: 'ns' },
      spec: {
        services: {
          W: {
            componentType: 'worker',
            ingress: { enabled: true, host: 'w', ingressControllerClassName: 'nginx' },
            extraPodSpec: { mainContainer: { image: 'img:1.0.0' } },
          },
        },
      },
    };
    const r = render(doc);
    const ingress = r.objects.find((o) => o.kind === 'Ingress')!;
    const hash = ingress.metadata.labels!['nvidia.com/dynamo-worker-hash'];
    expect(ingress.metadata.name).toBe(`g-w-${hash}`);
    expect(ingress.metadata.annotations).toEqual(PRUNE_DISABLED);
    expect(render(doc, { workerRollout: 'in-place' }).objects.find((o) => o.kind === 'Ingress')!.metadata).toEqual({
      name: 'g-w',
      namespace: 'ns',
    });
  });

  test('a bad workerRollout is reported at its path', () => {
    expect(settingsProblems({ workerRollout: 'gradual' }, 'settings')).toEqual([
      { path: 'settings.workerRollout', message: 'must be one of: operator, commits, in-place', severity: 'error' },
    ]);
  });
});
