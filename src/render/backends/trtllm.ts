/**
 * TRT-LLM across nodes: MPI over SSH. Every node mounts the SSH key pair; workers run sshd on
 * port 2222, the leader waits for them and starts the engine on all nodes with `mpirun`.
 */
import { EnvVar } from '../../api/k8s-types';
import { envValue } from '../env';
import { isPythonCommand } from '../../api/engine-profile';
import { BIN_SH, commandLineOf, shellWordInSingleQuotes } from './command-injection';
import type { BackendHooks, MultinodeLaunch, MultinodeLaunchInput } from './hooks';

export const MPI_SSH_PORT = 2222;
export const SSH_KEY_MOUNT_PATH = '/ssh-pk';
const SSH_KEY_FILE_MODE = 0o644;

/** Env every rank needs, passed by mpirun with `-x` together with the container's own env. */
const MPI_FORWARDED_ENV = [
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

export const trtllmBackend: BackendHooks = {
  multinode: trtllmMultinode,
};

function trtllmMultinode(input: MultinodeLaunchInput): MultinodeLaunch {
  const secret = input.mpiSshSecretName;
  // OpenMPI would otherwise shorten the FQDN host names it is given to unresolvable short names.
  const env = [envValue('OMPI_MCA_orte_keep_fqdn_hostnames', '1')];
  const common = {
    command: [...BIN_SH],
    env,
    volumeMounts: [{ name: secret, mountPath: SSH_KEY_MOUNT_PATH, readOnly: true }],
    volumes: [{ name: secret, secret: { secretName: secret, defaultMode: SSH_KEY_FILE_MODE } }],
  };
  if (input.node.role === 'leader') return { ...common, args: [leaderScript(input, env)] };
  return {
    ...common,
    args: [workerScript()],
    // Workers run only sshd: ready once it accepts connections.
    removeProbes: ['livenessProbe', 'startupProbe'],
    readinessProbe: {
      tcpSocket: { port: MPI_SSH_PORT },
      initialDelaySeconds: 20,
      periodSeconds: 20,
      timeoutSeconds: 5,
      failureThreshold: 10,
    },
  };
}

/** `$HOME`, not `~`: images may set HOME to a directory other than the user's passwd entry. */
function sshClientSetup(mkdir: string): string[] {
  return [
    mkdir,
    `ls -la ${SSH_KEY_MOUNT_PATH}/`,
    `cp ${SSH_KEY_MOUNT_PATH}/private.key $HOME/.ssh/id_rsa`,
    `cp ${SSH_KEY_MOUNT_PATH}/private.key.pub $HOME/.ssh/id_rsa.pub`,
    `cp ${SSH_KEY_MOUNT_PATH}/private.key.pub $HOME/.ssh/authorized_keys`,
    'chmod 600 $HOME/.ssh/id_rsa $HOME/.ssh/authorized_keys',
    'chmod 644 $HOME/.ssh/id_rsa.pub',
    `printf 'Host *\\nIdentityFile '$HOME'/.ssh/id_rsa\\nStrictHostKeyChecking no\\nPort ${MPI_SSH_PORT}\\n' > $HOME/.ssh/config`,
  ];
}

function leaderScript(input: MultinodeLaunchInput, addedEnv: EnvVar[]): string {
  const { node } = input;
  const hosts = node.addressing.hostNames;
  const gpusPerNode = input.gpuRequest || input.gpuLimit;
  const envNames = new Set([...MPI_FORWARDED_ENV, ...envNamesOf(input.container.env), ...addedEnv.map((e) => e.name)]);
  const forwarded = [...envNames]
    .sort()
    .map((n) => `-x ${n}`)
    .join(' ');
  const mpirun = [
    'mpirun $([ "$(id -u)" = "0" ] && echo --allow-run-as-root) --oversubscribe',
    `-n ${node.nodeCount * gpusPerNode}`,
    `-H ${hosts.join(',')}`,
    '--mca pml ob1',
    `--mca plm_rsh_args "-p ${MPI_SSH_PORT} -o StrictHostKeyChecking=no -i $HOME/.ssh/id_rsa"`,
    forwarded,
    `bash -c 'trtllm-llmapi-launch ${originalCommand(input)}'`,
  ].join(' ');
  const steps = [...sshClientSetup('mkdir -p $HOME/.ssh')];
  if (node.addressing.needsDnsWait) steps.push(dnsWait(hosts.slice(1)));
  steps.push(mpirun);
  return steps.join(' && ');
}

/** The user's command as it runs under `bash -c '…'` on every rank. */
function originalCommand(input: MultinodeLaunchInput): string {
  const line = commandLineOf(input.container);
  if (isPythonCommand(line.command)) return [...line.command, ...line.args].map(shellWordInSingleQuotes).join(' ');
  if (line.args.length) return line.args.join(' ');
  return line.command.join(' ');
}

/** Waits (up to 300 s) until every worker's host name resolves: mpirun fails on the first unknown host. */
function dnsWait(workerHosts: readonly string[]): string {
  return (
    'TIMEOUT=300; START_TIME=$(date +%s); ' +
    `for worker in ${workerHosts.join(' ')}; do echo "Waiting for DNS: $worker"; ` +
    'until getent hosts $worker >/dev/null 2>&1; do CURRENT_TIME=$(date +%s); ' +
    'if [ $((CURRENT_TIME - START_TIME)) -gt $TIMEOUT ]; then echo "ERROR: Timeout waiting for DNS: $worker"; exit 1; fi; ' +
    'echo "DNS not ready for $worker, retrying..."; sleep 2; done; echo "✓ DNS resolved: $worker"; done; echo "All workers DNS ready"'
  );
}

function workerScript(): string {
  const hostKey = (type: string) => `$HOME/.ssh/host_keys/ssh_host_${type}_key`;
  const quotedHome = (path: string) => `'$HOME'${path}`; // leaves printf's single quotes so the shell expands $HOME
  const sshdConfig = [
    `Port ${MPI_SSH_PORT}`,
    ...['rsa', 'ecdsa', 'ed25519'].map((t) => `HostKey ${quotedHome(`/.ssh/host_keys/ssh_host_${t}_key`)}`),
    `PidFile ${quotedHome('/.ssh/run/sshd.pid')}`,
    'StrictModes no',
    'PermitRootLogin yes',
    'PasswordAuthentication no',
    'PubkeyAuthentication yes',
    `AuthorizedKeysFile ${quotedHome('/.ssh/authorized_keys')}`,
  ]
    .map((l) => `${l}\\n`)
    .join('');
  return [
    ...sshClientSetup('mkdir -p $HOME/.ssh $HOME/.ssh/host_keys $HOME/.ssh/run'),
    ...['rsa', 'ecdsa', 'ed25519'].map((t) => `ssh-keygen -t ${t} -f ${hostKey(t)} -N ''`),
    `printf '${sshdConfig}' > $HOME/.ssh/sshd_config`,
    '/usr/sbin/sshd -D -f $HOME/.ssh/sshd_config',
  ].join(' && ');
}

function envNamesOf(env: unknown): string[] {
  return Array.isArray(env) ? env.map((e) => (e as EnvVar).name).filter((n) => typeof n === 'string') : [];
}
