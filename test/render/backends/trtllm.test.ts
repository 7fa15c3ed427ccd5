import { multinodeGraph, renderOn, worker } from '../multinode/helpers';

const g = multinodeGraph(
  worker('trtllm', ['--model-path', 'm', '--extra-engine-args', '{"tp": 16}'], {
    multinode: { nodeCount: 3 },
    resources: { limits: { 'nvidia.com/gpu': '8' }, requests: { 'nvidia.com/gpu': '4' } },
    env: [{ name: 'MY_SETTING', value: 'x' }],
  }),
);

const SSH_SETUP = [
  'ls -la /ssh-pk/',
  'cp /ssh-pk/private.key $HOME/.ssh/id_rsa',
  'cp /ssh-pk/private.key.pub $HOME/.ssh/id_rsa.pub',
  'cp /ssh-pk/private.key.pub $HOME/.ssh/authorized_keys',
  'chmod 600 $HOME/.ssh/id_rsa $HOME/.ssh/authorized_keys',
  'chmod 644 $HOME/.ssh/id_rsa.pub',
  "printf 'Host *\\nIdentityFile '$HOME'/.ssh/id_rsa\\nStrictHostKeyChecking no\\nPort 2222\\n' > $HOME/.ssh/config",
];

const LWS_WORKERS = [
  '$(echo "$LWS_LEADER_ADDRESS" | sed \'s/\\./-1\\./\')',
  '$(echo "$LWS_LEADER_ADDRESS" | sed \'s/\\./-2\\./\')',
];

function mpirun(hosts: string[], env: string[]): string {
  return (
    'mpirun $([ "$(id -u)" = "0" ] && echo --allow-run-as-root) --oversubscribe -n 12 ' +
    `-H ${hosts.join(',')} --mca pml ob1 --mca plm_rsh_args "-p 2222 -o StrictHostKeyChecking=no -i $HOME/.ssh/id_rsa" ` +
    `${env.map((e) => `-x ${e}`).join(' ')} ` +
    'bash -c \'trtllm-llmapi-launch python3 -m dynamo.trtllm --model-path m --extra-engine-args "{\\"tp\\": 16}"\''
  );
}

function forwardedEnv(r: ReturnType<typeof renderOn>): string[] {
  const fixed = [
    'CUDA_VISIBLE_DEVICES',
    'MODEL_PATH',
    'HF_TOKEN',
    'HUGGING_FACE_HUB_TOKEN',
    'HF_ENDPOINT',
    'TOKENIZERS_PARALLELISM',
    'NCCL_DEBUG',
    'NCCL_IB_DISABLE',
    'NCCL_P2P_DISABLE',
    'TENSORRT_LLM_CACHE_DIR',
    'HF_HOME',
    'TRANSFORMERS_CACHE',
    'HF_DATASETS_CACHE',
    'PATH',
    'LD_LIBRARY_PATH',
    'PYTHONPATH',
    'HOME',
    'USER',
    'TRTLLM_USE_UCX_KVCACHE',
  ];
  const own = r.mainOf('leader').env.map((e: any) => e.name);
  return [...new Set([...fixed, ...own])].sort();
}

describe('TRT-LLM leader', () => {
  test('LWS: ssh setup, DNS wait for every worker, then mpirun over all hosts with the sorted -x env list', () => {
    const r = renderOn('lws', g);
    const main = r.mainOf('leader');
    expect(main.command).toEqual(['/bin/sh', '-c']);
    const dnsWait =
      'TIMEOUT=300; START_TIME=$(date +%s); ' +
      `for worker in ${LWS_WORKERS.join(' ')}; do echo "Waiting for DNS: $worker"; until getent hosts $worker >/dev/null 2>&1; do CURRENT_TIME=$(date +%s); ` +
      'if [ $((CURRENT_TIME - START_TIME)) -gt $TIMEOUT ]; then echo "ERROR: Timeout waiting for DNS: $worker"; exit 1; fi; ' +
      'echo "DNS not ready for $worker, retrying..."; sleep 2; done; echo "✓ DNS resolved: $worker"; done; echo "All workers DNS ready"';
    expect(main.args).toEqual([
      [
        'mkdir -p $HOME/.ssh',
        ...SSH_SETUP,
        dnsWait,
        mpirun(['$(LWS_LEADER_ADDRESS)', ...LWS_WORKERS], forwardedEnv(r)),
      ].join(' && '),
    ]);
    expect(forwardedEnv(r)).toEqual(
      expect.arrayContaining(['MY_SETTING', 'OMPI_MCA_orte_keep_fqdn_hostnames', 'DYN_NAMESPACE']),
    );
  });

  test('Grove: no DNS wait (the headless Service publishes not-ready pods); hosts are the clique pods', () => {
    const r = renderOn('grove', g);
    const host = (clique: string) => `$(GROVE_PCSG_NAME)-$(GROVE_PCSG_INDEX)-${clique}.$(GROVE_HEADLESS_SERVICE)`;
    expect(r.mainOf('leader').args).toEqual([
      [
        'mkdir -p $HOME/.ssh',
        ...SSH_SETUP,
        mpirun([host('worker-ldr-0'), host('worker-wkr-0'), host('worker-wkr-1')], forwardedEnv(r)),
      ].join(' && '),
    ]);
  });

  test('-n is nodes × GPU requests, falling back to the GPU limit', () => {
    const limitsOnly = multinodeGraph(worker('trtllm', ['--model-path', 'm']));
    expect(renderOn('grove', limitsOnly).mainOf('leader').args[0]).toContain('--oversubscribe -n 16 -H');
  });

  test('a shell command is passed to trtllm-llmapi-launch as its args string', () => {
    const shell = multinodeGraph(
      worker('trtllm', [], {
        mainContainer: {
          name: 'main',
          image: 'img',
          command: ['sh', '-c'],
          args: ['python3 -m dynamo.trtllm --model-path m'],
        },
      }),
    );
    expect(renderOn('grove', shell).mainOf('leader').args[0]).toMatch(
      / bash -c 'trtllm-llmapi-launch python3 -m dynamo\.trtllm --model-path m'$/,
    );
  });

  test('the leader keeps its probes', () => {
    const main = renderOn('lws', g).mainOf('leader');
    expect(main.livenessProbe.httpGet.path).toBe('/live');
    expect(main.startupProbe.failureThreshold).toBe(720);
  });
});

describe('TRT-LLM worker', () => {
  test('runs sshd on 2222 with host keys it generates', () => {
    const main = renderOn('lws', g).mainOf('worker');
    expect(main.command).toEqual(['/bin/sh', '-c']);
    expect(main.args).toEqual([
      [
        'mkdir -p $HOME/.ssh $HOME/.ssh/host_keys $HOME/.ssh/run',
        ...SSH_SETUP,
        "ssh-keygen -t rsa -f $HOME/.ssh/host_keys/ssh_host_rsa_key -N ''",
        "ssh-keygen -t ecdsa -f $HOME/.ssh/host_keys/ssh_host_ecdsa_key -N ''",
        "ssh-keygen -t ed25519 -f $HOME/.ssh/host_keys/ssh_host_ed25519_key -N ''",
        "printf 'Port 2222\\nHostKey '$HOME'/.ssh/host_keys/ssh_host_rsa_key\\nHostKey '$HOME'/.ssh/host_keys/ssh_host_ecdsa_key\\nHostKey '$HOME'/.ssh/host_keys/ssh_host_ed25519_key\\nPidFile '$HOME'/.ssh/run/sshd.pid\\nStrictModes no\\nPermitRootLogin yes\\nPasswordAuthentication no\\nPubkeyAuthentication yes\\nAuthorizedKeysFile '$HOME'/.ssh/authorized_keys\\n' > $HOME/.ssh/sshd_config",
        '/usr/sbin/sshd -D -f $HOME/.ssh/sshd_config',
      ].join(' && '),
    ]);
    expect(renderOn('grove', g).mainOf('worker').args).toEqual(main.args);
  });

  test('is ready when sshd accepts connections on 2222; liveness and startup probes are removed', () => {
    for (const orchestrator of ['lws', 'grove'] as const) {
      const main = renderOn(orchestrator, g).mainOf('worker');
      expect(main.readinessProbe).toEqual({
        tcpSocket: { port: 2222 },
        initialDelaySeconds: 20,
        periodSeconds: 20,
        timeoutSeconds: 5,
        failureThreshold: 10,
      });
      expect(main.livenessProbe).toBeUndefined();
      expect(main.startupProbe).toBeUndefined();
    }
  });
});

describe('TRT-LLM on both roles', () => {
  test('SSH key secret volume after shared memory, read-only mount before /dev/shm, FQDN env last', () => {
    const r = renderOn('lws', g, { mpiSshSecretName: 'my-ssh' });
    for (const role of ['leader', 'worker'] as const) {
      expect(r.podSpec(role).volumes).toEqual([
        { name: 'shared-memory', emptyDir: { medium: 'Memory', sizeLimit: '8Gi' } },
        { name: 'my-ssh', secret: { secretName: 'my-ssh', defaultMode: 0o644 } },
      ]);
      expect(r.mainOf(role).volumeMounts).toEqual([
        { name: 'my-ssh', mountPath: '/ssh-pk', readOnly: true },
        { name: 'shared-memory', mountPath: '/dev/shm' },
      ]);
      expect(r.mainOf(role).env.at(-1)).toEqual({ name: 'OMPI_MCA_orte_keep_fqdn_hostnames', value: '1' });
    }
  });

  test('the default secret name is mpi-run-ssh-secret', () => {
    expect(renderOn('grove', g).podSpec('worker').volumes.at(-1).secret.secretName).toBe('mpi-run-ssh-secret');
  });
});

describe('Grove startup ordering', () => {
  test('TRT-LLM multinode: Explicit startup, the leader clique starts after the worker clique', () => {
    const pcs = renderOn('grove', g).find('PodCliqueSet', 'demo');
    expect(pcs.spec.template.cliqueStartupType).toBe('CliqueStartupTypeExplicit');
    const [ldr, wkr] = pcs.spec.template.cliques;
    expect(ldr.name).toBe('worker-ldr');
    expect(ldr.spec.startsAfter).toEqual(['worker-wkr']);
    expect(wkr.spec.startsAfter).toBeUndefined();
  });

  test('other engines start in any order', () => {
    for (const engine of ['vllm', 'sglang'] as const) {
      const pcs = renderOn('grove', multinodeGraph(worker(engine, ['--model', 'm']))).find('PodCliqueSet', 'demo');
      expect(pcs.spec.template.cliqueStartupType).toBe('CliqueStartupTypeAnyOrder');
      expect(pcs.spec.template.cliques.every((c: any) => c.spec.startsAfter === undefined)).toBe(true);
    }
  });
});
