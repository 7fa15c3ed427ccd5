/**
 * vLLM: the compilation-cache env, and on several nodes either one engine spread over the nodes
 * (TP×PP larger than a node: `mp` or `ray` executor) or one engine group per node with hybrid
 * data-parallel load balancing (DP×TP×PP larger than a node).
 */
import { envField, envValue } from '../env';
import { useMpExecutor } from '../version-gates';
import { waitForLeader } from '../wait-leader';
import { BIN_SH, CommandLine, commandLineOf, injectFlags, shellLine } from './command-injection';
import type { BackendHooks, MultinodeLaunch, MultinodeLaunchInput } from './hooks';

export const RAY_PORT = 6379;
export const MP_MASTER_PORT = 29500;
export const DATA_PARALLEL_RPC_PORT = 13445;
const EXECUTOR_FLAG = '--distributed-executor-backend';

export const vllmBackend: BackendHooks = {
  compilationCacheEnv: (mountPath) => [envValue('VLLM_CACHE_ROOT', mountPath)],
  multinode: vllmMultinode,
};

function vllmMultinode(input: MultinodeLaunchInput): MultinodeLaunch {
  const { node, container, gpuLimit } = input;
  const line = commandLineOf(container);
  // Upstream reads the parallel sizes from args only, split on whitespace, `--flag N` form.
  const tokens = line.args.flatMap((a) => a.split(/\s+/).filter(Boolean));
  const tp = flagValue(tokens, '--tensor-parallel-size');
  const pp = flagValue(tokens, '--pipeline-parallel-size');
  const dp = flagValue(tokens, '--data-parallel-size');
  const mp = useMpExecutor(input.annotations);
  const worldSize = tp * pp;

  let launched: CommandLine = line;
  if (gpuLimit > 0 && worldSize > gpuLimit) {
    launched = mp ? mpLaunch(input, line) : rayLaunch(input, line);
  } else if (gpuLimit > 0 && worldSize * dp > gpuLimit) {
    launched = dataParallelLaunch(input, line, tokens, Math.floor(gpuLimit / worldSize), dp);
  }

  const worker = node.role === 'worker';
  // A worker that runs the mp executor (injected here or written by the user) waits for the
  // leader's master port first, as upstream; the mp choice alone adds the side-channel host.
  const waiting =
    worker && runsMpExecutor(launched) && input.waitLeaderConfigMap !== undefined
      ? waitForLeader(input.waitLeaderConfigMap, container.image, node.addressing.leaderHost, MP_MASTER_PORT)
      : undefined;
  return {
    ...(launched === line ? {} : { command: launched.command, args: launched.args }),
    ...(mp ? { env: [envField('VLLM_NIXL_SIDE_CHANNEL_HOST', 'status.podIP')] } : {}),
    ...(worker ? { removeProbes: ['livenessProbe', 'readinessProbe', 'startupProbe'] as const } : {}),
    ...(waiting ? { initContainers: [waiting.initContainer], volumes: [waiting.volume] } : {}),
  };
}

/** torch distributed over the nodes: the leader is node 0, workers run headless. */
function mpLaunch({ node }: MultinodeLaunchInput, line: CommandLine): CommandLine {
  const flags = [
    EXECUTOR_FLAG,
    'mp',
    '--nnodes',
    String(node.nodeCount),
    '--master-addr',
    node.addressing.leaderHost,
    '--master-port',
    String(MP_MASTER_PORT),
  ];
  if (node.role === 'leader') return injectFlags(line, [...flags, '--node-rank', '0'], false, 'vllm');
  const rank = node.addressing.workerRank;
  return injectFlags(line, [...flags, '--node-rank', rank.expression, '--headless'], rank.needsShell, 'vllm');
}

/** A ray cluster: the leader starts the head and the engine, workers only join the cluster. */
function rayLaunch({ node }: MultinodeLaunchInput, line: CommandLine): CommandLine {
  if (node.role === 'worker') {
    return { command: [...BIN_SH], args: [`ray start --address=${node.addressing.leaderHost}:${RAY_PORT} --block`] };
  }
  const command = shellLine({ command: line.command, args: [] });
  const args = shellLine({ command: [], args: line.args });
  return {
    command: [...BIN_SH],
    args: [`ray start --head --port=${RAY_PORT} && ${command} ${args} ${EXECUTOR_FLAG} ray`],
  };
}

/** One engine group per node; Dynamo routes between nodes, vLLM balances within one. */
function dataParallelLaunch(
  { node }: MultinodeLaunchInput,
  line: CommandLine,
  tokens: string[],
  localSize: number,
  dp: number,
): CommandLine {
  const total = dp === 1 ? localSize * node.nodeCount : dp;
  const leader = node.role === 'leader';
  const startRank = leader ? '0' : `$(( ${localSize} * ${node.addressing.workerRankInArithmetic} ))`;
  const flags = [
    '--data-parallel-hybrid-lb',
    ...(tokens.includes('--data-parallel-size') ? [] : ['--data-parallel-size', String(total)]),
    '--data-parallel-size-local',
    String(localSize),
    '--data-parallel-start-rank',
    startRank,
    '--data-parallel-address',
    node.addressing.leaderHost,
    '--data-parallel-rpc-port',
    String(DATA_PARALLEL_RPC_PORT),
  ];
  // A worker's start rank is arithmetic, which only a shell evaluates.
  return injectFlags(line, flags, !leader, 'vllm');
}

/** Whether the command line runs vLLM's `mp` executor (`--distributed-executor-backend mp`, or `=mp`). */
function runsMpExecutor(line: CommandLine): boolean {
  const tokens = [...line.command, ...line.args].flatMap((a) => a.split(/\s+/).filter(Boolean));
  return tokens.some((t, i) => t === `${EXECUTOR_FLAG}=mp` || (t === EXECUTOR_FLAG && tokens[i + 1] === 'mp'));
}

/** `--flag N` in args; 1 when absent or not a number. */
function flagValue(tokens: string[], flag: string): number {
  for (let i = 0; i < tokens.length - 1; i++) {
    if (tokens[i] === flag && /^-?\d+$/.test(tokens[i + 1])) return Number(tokens[i + 1]);
  }
  return 1;
}
