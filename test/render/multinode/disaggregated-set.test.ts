import { validateGraph } from '../../../src/api/validate/validate';
import { resolveSettings } from '../../../src/api/settings';
import { frontend } from '../builders';
import { rendered } from '../helpers';
import { multinodeGraph, worker } from './helpers';

const OPT_IN = { 'nvidia.com/enable-disaggregatedset': 'true' };
const prefill = (over = {}) =>
  worker('sglang', ['--model-path', 'm'], { name: 'Prefill', type: 'prefill', replicas: 2, ...over });
const decode = (over = {}) => worker('sglang', ['--model-path', 'm'], { name: 'Decode', type: 'decode', ...over });

const disaggGraph = (annotations: Record<string, string> = OPT_IN, components = [frontend(), prefill(), decode()]) => ({
  ...multinodeGraph(prefill(), { metadataAnnotations: annotations, orchestrator: 'lws' as const }),
  components,
});

const warningsOf = (model: ReturnType<typeof disaggGraph>) =>
  validateGraph(model, resolveSettings({}))
    .filter((p) => p.path.includes('enable-disaggregatedset'))
    .map((p) => `${p.severity}: ${p.message}`);

describe('DisaggregatedSet path (nvidia.com/enable-disaggregatedset: "true")', () => {
  const r = rendered(disaggGraph());

  test("one set <graph>-disagg replaces the multinode workers' LeaderWorkerSets; the frontend stays a Deployment", () => {
    expect(r.ids.filter((id) => /^(LeaderWorkerSet|DisaggregatedSet|Deployment)\//.test(id)).sort()).toEqual([
      'Deployment/demo-frontend',
      'DisaggregatedSet/demo-disagg',
    ]);
    expect(warningsOf(disaggGraph())).toEqual([]);
  });

  test("each role is the LeaderWorkerSet the LWS path renders for the component, with the set's names", () => {
    const set = r.find('DisaggregatedSet', 'demo-disagg');
    expect(set.apiVersion).toBe('disaggregatedset.x-k8s.io/v1');
    expect(set.metadata.labels).toEqual({ 'nvidia.com/dynamo-graph-deployment-name': 'demo' });
    expect(set.spec.roles.map((role: any) => role.name)).toEqual(['prefill', 'decode']);
    const lwsPath = rendered(disaggGraph({})).find('LeaderWorkerSet', 'demo-prefill-0');
    const [prefillRole, decodeRole] = set.spec.roles;
    expect(prefillRole.metadata).toEqual({ labels: lwsPath.metadata.labels });
    expect(prefillRole.spec).toEqual(lwsPath.spec);
    // Replicas are always written: the set refuses a mix of unset (zero) and set counts.
    expect(decodeRole.spec.replicas).toBe(1);
  });

  test('Services select the leaders of each role, whichever revision runs them', () => {
    expect(r.find('Service', 'demo-decode').spec.selector).toMatchObject({
      role: 'leader',
      'nvidia.com/dynamo-component': 'Decode',
    });
  });

  test.each([
    [
      'one multinode worker',
      [frontend(), prefill(), decode({ multinode: undefined })],
      /needs 2 to 10 multinode worker components; the graph has 1/,
    ],
    [
      'a scaling adapter',
      [prefill(), decode({ scalingAdapter: true })],
      /component "Decode" scales through a scaling adapter/,
    ],
    ['zero beside non-zero replicas', [prefill({ replicas: 0 }), decode()], /mix zero and non-zero replicas/],
  ])('not eligible with %s: warned, rendered as LeaderWorkerSets', (_what, components, reason) => {
    const model = disaggGraph(OPT_IN, components);
    const [warning, ...rest] = warningsOf(model);
    expect(rest).toEqual([]);
    expect(warning).toMatch(/^warning: no DisaggregatedSet is rendered: /);
    expect(warning).toMatch(reason);
    expect(rendered(model).ids.some((id) => id.startsWith('DisaggregatedSet/'))).toBe(false);
  });

  test('Grove takes precedence', () => {
    const model = { ...disaggGraph(), orchestrator: 'grove' as const };
    expect(warningsOf(model)).toEqual([
      'warning: no DisaggregatedSet is rendered: the graph renders on the Grove pathway, which takes precedence; its multinode components render as LeaderWorkerSets',
    ]);
  });

  test('without the annotation (or with another value) nothing changes', () => {
    for (const a of [{}, { 'nvidia.com/enable-disaggregatedset': 'false' }] as Record<string, string>[])
      expect(
        rendered(disaggGraph(a))
          .ids.filter((id) => id.startsWith('LeaderWorkerSet/'))
          .sort(),
      ).toEqual(['LeaderWorkerSet/demo-decode-0', 'LeaderWorkerSet/demo-prefill-0']);
  });
});
