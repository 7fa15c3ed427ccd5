/**
 * The constructs called from JavaScript with props of the wrong shape report through cdk8s
 * validation with the prop path, never a TypeError; settings are checked as the CLI checks a
 * settings file; a spec that contains itself is a problem, not a stack overflow.
 */
import { Chart, Testing } from 'cdk8s';
import {
  DynamoCheckpoint,
  DynamoComponentDeployment,
  DynamoGraphDeployment,
  DynamoGraphDeploymentRequest,
  DynamoModel,
  DynamoPlatform,
  setPlatformSettings,
} from '../../src';
import { synthError } from './synth-error';
import { expectedLine, HOSTILE_PROPS, HOSTILE_TABLE_SPEC } from '../hostile-props-table';
import { DynamoArgoCdSync, DynamoFluxSync } from '../../src/cdk8s';

const spec = {
  components: [
    {
      name: 'Frontend',
      type: 'frontend' as const,
      podTemplate: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1' }] } },
    },
  ],
};

/** Builds one construct through `make`; the error app.synth() reports, '' when none. */
function problemsOf(make: (chart: Chart) => void): string {
  const app = Testing.app();
  const chart = new Chart(app, 'c');
  make(chart);
  return synthError(app);
}

describe('cdk8s constructs with hostile props', () => {
  test.each([
    ['undefined props', undefined, /props: must be an object, got undefined/],
    ['null props', null, /props: must be an object, got null/],
    ['a string for props', 'graph', /props: must be an object, got string/],
    ['no spec', {}, /spec: Required value: must be an object, got undefined/],
    ['a null spec', { spec: null }, /spec: Required value: must be an object, got null/],
    [
      'components that are not a list',
      { spec: { components: 'x' } },
      /spec\.components: (must be a list|unknown field)/,
    ],
  ])('%s is a validation problem, not a TypeError', (_, props, expected) => {
    for (const Construct of [DynamoGraphDeployment, DynamoComponentDeployment]) {
      let message = '';
      expect(() => {
        message = problemsOf((chart) => new Construct(chart, 'g', props as never));
      }).not.toThrow();
      expect(message).toMatch(expected);
      expect(message).not.toMatch(/TypeError|Cannot read/);
    }
  });

  test('settings are checked as the CLI checks them: lwsAvailable "false" is refused, not truthy', () => {
    const message = problemsOf(
      (chart) => new DynamoGraphDeployment(chart, 'g', { spec, settings: { lwsAvailable: 'false' as never } }),
    );
    expect(message).toMatch(/settings\.lwsAvailable: must be a boolean \(true or false\)/);
    const onScope = problemsOf((chart) => {
      setPlatformSettings(chart, { lwsAvailable: 'false', bogus: 1 } as never);
      new DynamoGraphDeployment(chart, 'g', { spec });
    });
    expect(onScope).toMatch(/settings\.lwsAvailable: must be a boolean/);
    expect(onScope).toMatch(/settings\.bogus: unknown field/);
  });

  test('a spec that contains itself is a problem naming the depth limit', () => {
    const circular: Record<string, unknown> = { ...spec };
    circular.self = circular;
    const message = problemsOf((chart) => new DynamoGraphDeployment(chart, 'g', { spec: circular as never }));
    expect(message).toMatch(/spec: is nested more than 100 levels deep; the limit is 100/);
    const manifest: Record<string, unknown> = {
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'g' },
    };
    manifest.spec = manifest;
    const adopted = problemsOf((chart) => DynamoGraphDeployment.fromManifest(chart, 'g', manifest));
    expect(adopted).toMatch(/the manifest is nested more than 100 levels deep/);
  });
});

describe('the other constructs with hostile props', () => {
  const circular: Record<string, unknown> = { a: 1 };
  circular.self = circular;
  const constructs = [
    ['DynamoCheckpoint', DynamoCheckpoint],
    ['DynamoModel', DynamoModel],
    ['DynamoGraphDeploymentRequest', DynamoGraphDeploymentRequest],
  ] as const;
  // The v1beta2 factory takes its props through the same check.
  const factories = [
    ...constructs.map(
      ([, C]) =>
        (chart: Chart, props: unknown) =>
          new C(chart, 'g', props as never),
    ),
    (chart: Chart, props: unknown) => DynamoGraphDeploymentRequest.v1beta2(chart, 'g', props as never),
  ];
  test.each([
    ['undefined props', undefined, 'props: must be an object, got undefined'],
    ['null props', null, 'props: must be an object, got null'],
    ['a string for props', 'x', 'props: must be an object, got string'],
    ['no spec', {}, 'spec: Required value: must be an object, got undefined'],
    ['a list for spec', { spec: [] }, 'spec: Required value: must be an object, got an array'],
    ['a spec that contains itself', { spec: circular }, 'spec: is nested more than 100 levels deep; the limit is 100'],
  ])('%s is a validation problem with the prop path, not a TypeError', (_, props, line) => {
    for (const make of factories) {
      let message = '';
      expect(() => {
        message = problemsOf((chart) => make(chart, props));
      }).not.toThrow();
      expect(message.split('\n').slice(1)).toEqual([`  [c/g] ${line}`]);
    }
  });

  test('wrong-typed metadata props are problems with their path', () => {
    for (const [, Construct] of constructs) {
      const message = problemsOf((chart) => new Construct(chart, 'g', { spec: {}, labels: 'x' } as never));
      expect(message).toMatch(/\[c\/g\] metadata\.labels: must be an object/);
    }
  });

  test("a DynamoGraphDeploymentRequest's settings are checked as the CLI checks them", () => {
    const message = problemsOf(
      (chart) =>
        new DynamoGraphDeploymentRequest(chart, 'g', { spec: {}, settings: { lwsAvailable: 'false' } } as never),
    );
    expect(message.split('\n').slice(1)).toEqual(['  [c/g] settings.lwsAvailable: must be a boolean (true or false)']);
  });

  test.each([
    ['undefined props', undefined, ['props: must be an object, got undefined']],
    ['a string for props', 'x', ['props: must be an object, got string']],
    ['a wrong-typed option', { namespace: 5 }, ['namespace: must be a string, got 5']],
    [
      'an option object that contains itself',
      { namespace: 'x', nats: circular },
      ['nats.a: unknown field "a"', 'nats.self: unknown field "self"'],
    ],
  ])('DynamoPlatform: %s is a validation problem with the option path', (_, props, lines) => {
    const message = problemsOf((chart) => new DynamoPlatform(chart, 'g', props as never));
    expect(message.split('\n').slice(1)).toEqual(lines.map((l) => `  [c/g] ${l}`));
  });
});

describe('the hostile props table (test/hostile-props-table.ts) through the cdk8s DynamoGraphDeployment', () => {
  test.each(HOSTILE_PROPS.map((row) => [row.what, row] as const))('%s: one line with the prop path', (_, row) => {
    let message = '';
    expect(() => {
      message = problemsOf((chart) => new DynamoGraphDeployment(chart, 'g', row.props as never));
    }).not.toThrow();
    const lines = message.split('\n').slice(1);
    expect(lines).toHaveLength(1);
    expect(lines[0].replace(/^ {2}\[c\/g\] /, '')).toMatch(expectedLine(row, 'cdk8s'));
  });

  test(`${HOSTILE_PROPS.length} rows, each refused`, () => expect(HOSTILE_PROPS.length).toBeGreaterThanOrEqual(20));
});

describe('adopting and syncing with hostile arguments', () => {
  const manifest = {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'g' },
    spec: HOSTILE_TABLE_SPEC,
  };
  const lines = (make: (chart: Chart) => void) => problemsOf(make).split('\n').slice(1);

  test('fromManifest(undefined) is a problem, not a graph of nothing', () => {
    expect(lines((chart) => DynamoGraphDeployment.fromManifest(chart, 'g', undefined))).toEqual([
      '  [c/g] expected a Kubernetes object (a map with apiVersion and kind), got an empty document',
    ]);
  });

  test('fromManifest(m, null) and wrong-typed options are problems with the option path, not a TypeError', () => {
    expect(lines((chart) => DynamoGraphDeployment.fromManifest(chart, 'g', manifest, null as never))).toEqual([
      '  [c/g] options: must be an object, got null',
    ]);
    expect(
      lines((chart) =>
        DynamoGraphDeployment.fromManifest(chart, 'g', manifest, { settings: 'x', orchestrator: 1 } as never),
      ),
    ).toEqual(['  [c/g] settings: must be a map', '  [c/g] orchestrator: must be one of: lws, grove']);
  });

  test.each([
    ['no props', undefined, ['props: must be an object, got undefined']],
    [
      'neither source nor sourceRef',
      {},
      ['give exactly one of source (a source to create) and sourceRef (an existing one)'],
    ],
    ['a source without a url', { source: { name: 'x' } }, ['source.url: Required value']],
    ['a source that is a string', { source: 'oci://x' }, ['source: must be a map']],
    [
      'a layer Flux does not know',
      { sourceRef: { apiVersion: 'v1', kind: 'K', name: 'n' }, layers: ['gpus'] },
      ['layers[0]: must be one of: crds, platform, graphs, flux, argocd'],
    ],
    [
      'an unknown prop',
      { sourceRef: { apiVersion: 'v1', kind: 'K', name: 'n' }, intervall: '1m' },
      [/^intervall: unknown field; expected one of: /],
    ],
  ])('DynamoFluxSync with %s: a synth problem, not a TypeError', (_, props, expected) => {
    let got: string[] = [];
    expect(() => {
      got = lines((chart) => new DynamoFluxSync(chart, 'g', props as never));
    }).not.toThrow();
    expect(got).toHaveLength(expected.length);
    got.forEach((l, i) => expect(l.replace(/^ {2}\[c\/g\] /, '')).toMatch(expected[i]));
  });

  test.each([
    ['no props', undefined, 'props: must be an object, got undefined'],
    ['no repoURL', {}, 'repoURL: Required value'],
    [
      'healthChecks "yes"',
      { repoURL: 'https://x', healthChecks: 'yes' },
      'healthChecks: must be a boolean (true or false)',
    ],
  ])('DynamoArgoCdSync with %s: a synth problem, not a TypeError', (_, props, line) => {
    expect(lines((chart) => new DynamoArgoCdSync(chart, 'g', props as never))).toEqual([`  [c/g] ${line}`]);
  });
});
