/** SGLang: torch distributed init at the leader; every node learns its rank. */
import { commandLineOf, injectFlags } from './command-injection';
import type { BackendHooks, MultinodeLaunch, MultinodeLaunchInput } from './hooks';

export const SGLANG_DIST_INIT_PORT = 29500;

export const sglangBackend: BackendHooks = {
  multinode: sglangMultinode,
};

function sglangMultinode({ node, container }: MultinodeLaunchInput): MultinodeLaunch {
  const leader = node.role === 'leader';
  const rank = leader ? { expression: '0', needsShell: false } : node.addressing.workerRank;
  const flags = [
    '--dist-init-addr',
    `${node.addressing.leaderHost}:${SGLANG_DIST_INIT_PORT}`,
    '--nnodes',
    String(node.nodeCount),
    '--node-rank',
    rank.expression,
  ];
  const launched = injectFlags(commandLineOf(container), flags, rank.needsShell, 'sglang');
  return {
    command: launched.command,
    args: launched.args,
    // Only the leader serves Dynamo's health endpoints.
    ...(leader ? {} : { removeProbes: ['livenessProbe', 'readinessProbe', 'startupProbe'] as const }),
  };
}
