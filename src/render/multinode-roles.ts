/**
 * The leader / worker split of a multinode component and how each node finds the leader and its
 * own rank. LWS and Grove expose these through different environment variables.
 */
import { Orchestrator } from '../api/model';

export { isMultinode, nodeCountOf } from '../api/model';

export type MultinodeRole = 'leader' | 'worker';

export interface WorkerRank {
  /** The rank as written into a flag. */
  readonly expression: string;
  /** True when only a shell can evaluate it (arithmetic); `$(VAR)` alone is expanded by the kubelet. */
  readonly needsShell: boolean;
}

export interface MultinodeAddressing {
  /** The leader's hostname; `$(VAR)` references are expanded by the kubelet in command and args. */
  readonly leaderHost: string;
  readonly workerRank: WorkerRank;
  /**
   * The worker rank inside shell arithmetic `$(( … ))`. The kubelet does not expand `$(VAR)` nested
   * in `$((…))`, so the shell must read the variable itself.
   */
  readonly workerRankInArithmetic: string;
  /** Every node's hostname, leader first: the MPI host list. */
  readonly hostNames: readonly string[];
  /** LWS publishes worker DNS records only once the pods run: the MPI leader waits for them. */
  readonly needsDnsWait: boolean;
}

/** One pod template of a multinode component. */
export interface MultinodeNode {
  readonly orchestrator: Orchestrator;
  readonly role: MultinodeRole;
  readonly nodeCount: number;
  readonly addressing: MultinodeAddressing;
}

/** Grove clique names of a multinode component: `<lower(component)>-ldr` / `-wkr`. */
export const groveCliqueName = (componentName: string, role: MultinodeRole) =>
  `${componentName.toLowerCase()}-${role === 'leader' ? 'ldr' : 'wkr'}`;

export function addressingFor(
  orchestrator: Orchestrator,
  componentName: string,
  nodeCount: number,
): MultinodeAddressing {
  return orchestrator === 'grove' ? groveAddressing(componentName, nodeCount) : lwsAddressing(nodeCount);
}

function lwsAddressing(nodeCount: number): MultinodeAddressing {
  const leader = '$(LWS_LEADER_ADDRESS)';
  // LWS names worker k of a group `<leader pod>-<k>`: the first DNS label of the leader's address gets the suffix.
  const workers = range(1, nodeCount).map((k) => `$(echo "$LWS_LEADER_ADDRESS" | sed 's/\\./-${k}\\./')`);
  return {
    leaderHost: leader,
    workerRank: { expression: '$(LWS_WORKER_INDEX)', needsShell: false },
    workerRankInArithmetic: '${LWS_WORKER_INDEX}',
    hostNames: [leader, ...workers],
    needsDnsWait: true,
  };
}

function groveAddressing(componentName: string, nodeCount: number): MultinodeAddressing {
  // Grove pod hostnames: `<pcsg>-<pcsg index>-<clique>-<pod index>` under the set's headless Service.
  const host = (clique: string, index: number) =>
    `$(GROVE_PCSG_NAME)-$(GROVE_PCSG_INDEX)-${clique}-${index}.$(GROVE_HEADLESS_SERVICE)`;
  const leader = host(groveCliqueName(componentName, 'leader'), 0);
  const workers = range(0, nodeCount - 1).map((j) => host(groveCliqueName(componentName, 'worker'), j));
  // Worker pods are indexed from 0 within their clique; rank 0 is the leader.
  const rank = '$((GROVE_PCLQ_POD_INDEX + 1))';
  return {
    leaderHost: leader,
    workerRank: { expression: rank, needsShell: true },
    workerRankInArithmetic: rank,
    hostNames: [leader, ...workers],
    needsDnsWait: false,
  };
}

/** `$(VAR)` → `${VAR}`: for strings a shell evaluates where the kubelet's expansion does not apply. */
export function kubeVarsToShell(s: string): string {
  return s.replace(/\$\((\w+)\)/g, '$${$1}');
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}
