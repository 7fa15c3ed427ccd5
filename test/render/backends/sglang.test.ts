import { multinodeGraph, renderOn, worker } from '../multinode/helpers';

const GROVE_LEADER = '$(GROVE_PCSG_NAME)-$(GROVE_PCSG_INDEX)-worker-ldr-0.$(GROVE_HEADLESS_SERVICE)';
const g = multinodeGraph(worker('sglang', ['--model-path', 'm', '--tp', '16'], { multinode: { nodeCount: 3 } }));
const BASE = ['-m', 'dynamo.sglang', '--model-path', 'm', '--tp', '16'];

describe('SGLang', () => {
  test('LWS: dist-init address at the leader, rank from the worker index, appended to args', () => {
    const r = renderOn('lws', g);
    expect(r.mainOf('leader').command).toEqual(['python3']);
    expect(r.mainOf('leader').args).toEqual([
      ...BASE,
      '--dist-init-addr',
      '$(LWS_LEADER_ADDRESS):29500',
      '--nnodes',
      '3',
      '--node-rank',
      '0',
    ]);
    expect(r.mainOf('worker').command).toEqual(['python3']);
    expect(r.mainOf('worker').args).toEqual([
      ...BASE,
      '--dist-init-addr',
      '$(LWS_LEADER_ADDRESS):29500',
      '--nnodes',
      '3',
      '--node-rank',
      '$(LWS_WORKER_INDEX)',
    ]);
  });

  test('Grove: leader appended, worker wrapped in sh -c exec for the rank arithmetic', () => {
    const r = renderOn('grove', g);
    expect(r.mainOf('leader').command).toEqual(['python3']);
    expect(r.mainOf('leader').args).toEqual([
      ...BASE,
      '--dist-init-addr',
      `${GROVE_LEADER}:29500`,
      '--nnodes',
      '3',
      '--node-rank',
      '0',
    ]);
    expect(r.mainOf('worker').command).toEqual(['sh', '-c']);
    expect(r.mainOf('worker').args).toEqual([
      `exec python3 -m dynamo.sglang --model-path m --tp 16 --dist-init-addr ${GROVE_LEADER}:29500 --nnodes 3 --node-rank $((GROVE_PCLQ_POD_INDEX + 1))`,
    ]);
  });

  test('a shell command gets the flags right after dynamo.sglang, before the next shell operator', () => {
    const shell = multinodeGraph(
      worker('sglang', [], {
        mainContainer: {
          name: 'main',
          image: 'img',
          command: ['/bin/bash'],
          args: ['-c', 'python3.11 -m dynamo.sglang --model-path m; echo done'],
        },
      }),
    );
    const r = renderOn('lws', shell);
    expect(r.mainOf('worker').command).toEqual(['/bin/bash']);
    expect(r.mainOf('worker').args).toEqual([
      '-c',
      'python3.11 -m dynamo.sglang --dist-init-addr $(LWS_LEADER_ADDRESS):29500 --nnodes 2 --node-rank $(LWS_WORKER_INDEX) --model-path m; echo done',
    ]);
  });

  test('workers lose all three probes, the leader keeps them; no extra env, volumes or init containers', () => {
    for (const orchestrator of ['lws', 'grove'] as const) {
      const r = renderOn(orchestrator, g);
      const w = r.mainOf('worker');
      expect([w.livenessProbe, w.readinessProbe, w.startupProbe]).toEqual([undefined, undefined, undefined]);
      expect(r.mainOf('leader').readinessProbe.httpGet.path).toBe('/health');
      expect(r.podSpec('worker').initContainers).toBeUndefined();
      expect(r.podSpec('worker').volumes.map((v: any) => v.name)).toEqual(['shared-memory']);
      expect(Object.keys(r.envOf(w))).not.toContain('VLLM_NIXL_SIDE_CHANNEL_HOST');
    }
  });

  test('the wait-for-leader ConfigMap is a graph object: rendered for any multinode component', () => {
    expect(renderOn('lws', g).ids).toContain('ConfigMap/demo-wait-leader-script');
  });
});
