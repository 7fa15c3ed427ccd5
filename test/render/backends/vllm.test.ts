import { multinodeGraph, renderOn, worker } from '../multinode/helpers';

const GROVE_LEADER = '$(GROVE_PCSG_NAME)-$(GROVE_PCSG_INDEX)-worker-ldr-0.$(GROVE_HEADLESS_SERVICE)';
const MP = { 'nvidia.com/vllm-distributed-executor-backend': 'mp' };
const RAY = { 'nvidia.com/vllm-distributed-executor-backend': 'ray' };
const BASE = ['-m', 'dynamo.vllm', '--model', 'm'];

/** TP 16 on 8-GPU nodes: one engine across both nodes. */
const tensorParallel = (annotations: Record<string, string> = {}) =>
  multinodeGraph(worker('vllm', ['--model', 'm', '--tensor-parallel-size', '16'], { annotations }));

describe('vLLM mp executor', () => {
  test('LWS: flags appended to args, the kubelet expands the leader address and rank', () => {
    const r = renderOn('lws', tensorParallel(MP));
    const mp = [
      '--distributed-executor-backend',
      'mp',
      '--nnodes',
      '2',
      '--master-addr',
      '$(LWS_LEADER_ADDRESS)',
      '--master-port',
      '29500',
    ];
    expect(r.mainOf('leader').command).toEqual(['python3']);
    expect(r.mainOf('leader').args).toEqual([...BASE, '--tensor-parallel-size', '16', ...mp, '--node-rank', '0']);
    expect(r.mainOf('worker').command).toEqual(['python3']);
    expect(r.mainOf('worker').args).toEqual([
      ...BASE,
      '--tensor-parallel-size',
      '16',
      ...mp,
      '--node-rank',
      '$(LWS_WORKER_INDEX)',
      '--headless',
    ]);
  });

  test('Grove: the worker rank is arithmetic, so the worker runs under sh -c exec', () => {
    const r = renderOn('grove', tensorParallel(MP));
    expect(r.mainOf('leader').args).toEqual([
      ...BASE,
      '--tensor-parallel-size',
      '16',
      '--distributed-executor-backend',
      'mp',
      '--nnodes',
      '2',
      '--master-addr',
      GROVE_LEADER,
      '--master-port',
      '29500',
      '--node-rank',
      '0',
    ]);
    expect(r.mainOf('worker').command).toEqual(['sh', '-c']);
    expect(r.mainOf('worker').args).toEqual([
      `exec python3 -m dynamo.vllm --model m --tensor-parallel-size 16 --distributed-executor-backend mp --nnodes 2 --master-addr ${GROVE_LEADER} --master-port 29500 --node-rank $((GROVE_PCLQ_POD_INDEX + 1)) --headless`,
    ]);
  });

  test("workers wait for the leader with an init container running the graph's script", () => {
    for (const [orchestrator, host] of [
      ['lws', '${LWS_LEADER_ADDRESS}'],
      ['grove', '${GROVE_PCSG_NAME}-${GROVE_PCSG_INDEX}-worker-ldr-0.${GROVE_HEADLESS_SERVICE}'],
    ] as const) {
      const r = renderOn(orchestrator, tensorParallel(MP));
      expect(r.podSpec('worker').initContainers).toEqual([
        {
          name: 'wait-for-leader-mp',
          image: 'img',
          command: [
            'sh',
            '-c',
            `export LEADER_HOST="${host}" LEADER_PORT="29500" && exec python3 /scripts/wait-for-leader.py`,
          ],
          volumeMounts: [{ name: 'wait-leader-script', mountPath: '/scripts', readOnly: true }],
        },
      ]);
      expect(r.podSpec('worker').volumes.at(-1)).toEqual({
        name: 'wait-leader-script',
        configMap: { name: 'demo-wait-leader-script' },
      });
      expect(r.podSpec('leader').initContainers).toBeUndefined();
      const cm = r.find('ConfigMap', 'demo-wait-leader-script');
      expect(cm.metadata.labels).toEqual({ 'nvidia.com/dynamo-graph-deployment-name': 'demo' });
      expect(cm.data['wait-for-leader.py']).toContain('socket.create_connection((host, port)');
    }
  });

  test('both roles learn their pod IP as the NIXL side-channel host, after every other env var', () => {
    const r = renderOn('lws', tensorParallel(MP));
    for (const role of ['leader', 'worker'] as const) {
      expect(r.mainOf(role).env.at(-1)).toEqual({
        name: 'VLLM_NIXL_SIDE_CHANNEL_HOST',
        valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.podIP' } },
      });
    }
  });
});

describe('vLLM ray executor', () => {
  test('LWS: the leader starts the ray head and the engine, workers join with --block', () => {
    const r = renderOn('lws', tensorParallel(RAY));
    expect(r.mainOf('leader').command).toEqual(['/bin/sh', '-c']);
    expect(r.mainOf('leader').args).toEqual([
      'ray start --head --port=6379 && python3 -m dynamo.vllm --model m --tensor-parallel-size 16 --distributed-executor-backend ray',
    ]);
    expect(r.mainOf('worker').command).toEqual(['/bin/sh', '-c']);
    expect(r.mainOf('worker').args).toEqual(['ray start --address=$(LWS_LEADER_ADDRESS):6379 --block']);
    expect(r.podSpec('worker').initContainers).toBeUndefined();
    expect(r.envOf(r.mainOf('leader')).VLLM_NIXL_SIDE_CHANNEL_HOST).toBeUndefined();
  });

  test('Grove: workers join the head at the Grove leader hostname', () => {
    const r = renderOn('grove', tensorParallel(RAY));
    expect(r.mainOf('worker').args).toEqual([`ray start --address=${GROVE_LEADER}:6379 --block`]);
  });

  test('args with shell characters are quoted inside the leader script', () => {
    const g = multinodeGraph(
      worker('vllm', ['--tensor-parallel-size', '16', '--override', '{"a": "$x"}'], { annotations: RAY }),
    );
    expect(renderOn('lws', g).mainOf('leader').args).toEqual([
      'ray start --head --port=6379 && python3 -m dynamo.vllm --tensor-parallel-size 16 --override "{\\"a\\": \\"\\$x\\"}" --distributed-executor-backend ray',
    ]);
  });
});

describe('vLLM executor choice', () => {
  test.each([
    // A graph is rendered as created through upstream's webhook: stamped with our target release.
    [{}, 'mp'],
    [{ 'nvidia.com/dynamo-operator-origin-version': '0.9.1' }, 'ray'],
    [{ 'nvidia.com/dynamo-operator-origin-version': '1.0.0-rc.1' }, 'ray'],
    [{ 'nvidia.com/dynamo-operator-origin-version': '1.0.0' }, 'mp'],
    [{ 'nvidia.com/dynamo-operator-origin-version': 'v1.2.0' }, 'mp'],
    [
      { 'nvidia.com/dynamo-operator-origin-version': '1.2.0', 'nvidia.com/vllm-distributed-executor-backend': 'RAY' },
      'ray',
    ],
    [{ 'nvidia.com/vllm-distributed-executor-backend': 'Mp' }, 'mp'],
  ])('annotations %j -> %s', (annotations, expected) => {
    const args = renderOn('lws', tensorParallel(annotations)).mainOf('leader').args.join(' ');
    expect(args).toContain(`--distributed-executor-backend ${expected}`);
  });

  test('graph metadata annotations reach the component (upstream propagates them)', () => {
    const g = { ...tensorParallel(), metadataAnnotations: RAY };
    expect(renderOn('lws', g).mainOf('leader').args.join(' ')).toContain('--distributed-executor-backend ray');
  });

  test('the pod template annotation decides, over the graph and the component annotations', () => {
    const c = worker('vllm', ['--model', 'm', '--tensor-parallel-size', '16'], {
      annotations: RAY,
      podAnnotations: MP,
    });
    const args = renderOn('lws', multinodeGraph(c, { metadataAnnotations: RAY }))
      .mainOf('leader')
      .args.join(' ');
    expect(args).toContain('--distributed-executor-backend mp');
  });

  test('a graph created by an older operator keeps its origin version: ray', () => {
    const g = { ...tensorParallel(), metadataAnnotations: { 'nvidia.com/dynamo-operator-origin-version': '0.9.1' } };
    expect(renderOn('lws', g).mainOf('leader').args[0]).toMatch(/^ray start --head/);
  });

  test('a standalone DynamoComponentDeployment gets no origin version: ray, as upstream', () => {
    const dcd = { ...tensorParallel(), kind: 'DynamoComponentDeployment' as const };
    expect(renderOn('lws', dcd).mainOf('leader').args[0]).toMatch(/^ray start --head/);
  });

  test('mp without a distributed launch (TP fits a node): the side-channel host, but no leader wait', () => {
    const r = renderOn('lws', multinodeGraph(worker('vllm', ['--tensor-parallel-size', '4'])));
    expect(r.envOf(r.mainOf('worker')).VLLM_NIXL_SIDE_CHANNEL_HOST).toBeDefined();
    expect(r.podSpec('worker').initContainers).toBeUndefined();
    expect(r.mainOf('worker').args.join(' ')).not.toContain('--distributed-executor-backend');
  });

  test('a worker whose own command runs the mp executor waits for the leader', () => {
    const own = ['--tensor-parallel-size', '4', '--distributed-executor-backend=mp'];
    const r = renderOn('lws', multinodeGraph(worker('vllm', own)));
    expect(r.podSpec('worker').initContainers.map((c: any) => c.name)).toEqual(['wait-for-leader-mp']);
  });

  test('TP×PP within one node and no data parallelism: nothing is injected', () => {
    const g = multinodeGraph(worker('vllm', ['--tensor-parallel-size', '4', '--pipeline-parallel-size', '2']));
    const r = renderOn('lws', g);
    expect(r.mainOf('leader').args).toEqual([
      '-m',
      'dynamo.vllm',
      '--tensor-parallel-size',
      '4',
      '--pipeline-parallel-size',
      '2',
    ]);
    expect(r.mainOf('worker').args).toEqual(r.mainOf('leader').args);
  });

  test('PP counts too: TP 8 × PP 2 on 8 GPUs is distributed', () => {
    const g = multinodeGraph(
      worker('vllm', ['--tensor-parallel-size', '8', '--pipeline-parallel-size', '2'], { annotations: RAY }),
    );
    expect(renderOn('lws', g).mainOf('leader').args[0]).toMatch(/^ray start --head/);
  });
});

describe('vLLM data-parallel hybrid load balancing', () => {
  // DP 4 × TP 4 = 16 GPUs over two 8-GPU nodes: two engines per node.
  const g = multinodeGraph(worker('vllm', ['--tensor-parallel-size', '4', '--data-parallel-size', '4']));
  const local = ['--data-parallel-size-local', '2'];

  test('LWS leader: start rank 0, flags appended', () => {
    expect(renderOn('lws', g).mainOf('leader').args).toEqual([
      '-m',
      'dynamo.vllm',
      '--tensor-parallel-size',
      '4',
      '--data-parallel-size',
      '4',
      '--data-parallel-hybrid-lb',
      ...local,
      '--data-parallel-start-rank',
      '0',
      '--data-parallel-address',
      '$(LWS_LEADER_ADDRESS)',
      '--data-parallel-rpc-port',
      '13445',
    ]);
  });

  test('LWS worker: the start rank is shell arithmetic over the worker index', () => {
    const main = renderOn('lws', g).mainOf('worker');
    expect(main.command).toEqual(['sh', '-c']);
    expect(main.args).toEqual([
      'exec python3 -m dynamo.vllm --tensor-parallel-size 4 --data-parallel-size 4 --data-parallel-hybrid-lb --data-parallel-size-local 2 --data-parallel-start-rank $(( 2 * ${LWS_WORKER_INDEX} )) --data-parallel-address $(LWS_LEADER_ADDRESS) --data-parallel-rpc-port 13445',
    ]);
  });

  test('Grove worker: nested arithmetic over the clique pod index', () => {
    expect(renderOn('grove', g).mainOf('worker').args[0]).toContain(
      `--data-parallel-start-rank $(( 2 * $((GROVE_PCLQ_POD_INDEX + 1)) )) --data-parallel-address ${GROVE_LEADER}`,
    );
  });
});

describe('vLLM probes and shell commands', () => {
  test('workers lose all three probes; the leader keeps them', () => {
    for (const orchestrator of ['lws', 'grove'] as const) {
      const r = renderOn(orchestrator, tensorParallel(MP));
      const w = r.mainOf('worker');
      expect([w.livenessProbe, w.readinessProbe, w.startupProbe]).toEqual([undefined, undefined, undefined]);
      const l = r.mainOf('leader');
      expect(l.livenessProbe.httpGet.path).toBe('/live');
      expect(l.readinessProbe.httpGet.path).toBe('/health');
      expect(l.startupProbe.failureThreshold).toBe(720);
    }
  });

  test('a shell command gets the flags right after the dynamo.vllm module', () => {
    const g = multinodeGraph(
      worker('vllm', [], {
        annotations: MP,
        mainContainer: {
          name: 'main',
          image: 'img',
          command: ['sh', '-c'],
          args: ['python3 -m dynamo.vllm --tensor-parallel-size 16 2>&1 | tee /tmp/log'],
        },
      }),
    );
    const r = renderOn('grove', g);
    expect(r.mainOf('worker').command).toEqual(['sh', '-c']);
    expect(r.mainOf('worker').args).toEqual([
      `python3 -m dynamo.vllm --distributed-executor-backend mp --nnodes 2 --master-addr ${GROVE_LEADER} --master-port 29500 --node-rank $((GROVE_PCLQ_POD_INDEX + 1)) --headless --tensor-parallel-size 16 2>&1 | tee /tmp/log`,
    ]);
  });
});
