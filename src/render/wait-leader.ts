/**
 * The wait-for-leader script: vLLM `mp` workers must not start before the leader's torch master
 * port accepts connections, so an init container runs this script first. One ConfigMap per graph.
 */
import { JsonObject, KubeObject } from '../api/k8s-types';
import { LABEL } from './labels';
import { kubeVarsToShell } from './multinode-roles';

export const WAIT_LEADER_SCRIPT_KEY = 'wait-for-leader.py';
export const WAIT_LEADER_VOLUME = 'wait-leader-script';
export const WAIT_LEADER_MOUNT_PATH = '/scripts';
export const WAIT_LEADER_INIT_CONTAINER = 'wait-for-leader-mp';

export const waitLeaderConfigMapName = (graphName: string) => `${graphName}-wait-leader-script`;

/**
 * Reads LEADER_HOST and LEADER_PORT, then retries a TCP connection every 2 s until the port
 * answers (DNS failures count as "not yet"), reporting progress every 30 s. No timeout: the pod's
 * own restart and the orchestrator's gang semantics decide when to give up.
 */
export const WAIT_LEADER_SCRIPT = `import os
import socket
import sys
import time

host = os.environ["LEADER_HOST"]
port = int(os.environ["LEADER_PORT"])
started = time.monotonic()
next_report = started
print(f"wait-for-leader: waiting for {host}:{port}", flush=True)
while True:
    try:
        with socket.create_connection((host, port), timeout=3):
            pass
        print(f"wait-for-leader: {host}:{port} is up after {time.monotonic() - started:.0f}s", flush=True)
        sys.exit(0)
    except OSError as err:
        now = time.monotonic()
        if now >= next_report:
            print(f"wait-for-leader: {host}:{port} not reachable yet ({err})", flush=True)
            next_report = now + 30
    time.sleep(2)
`;

export function renderWaitLeaderConfigMap(graphName: string, namespace: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: waitLeaderConfigMapName(graphName), namespace, labels: { [LABEL.graphName]: graphName } },
    data: { [WAIT_LEADER_SCRIPT_KEY]: WAIT_LEADER_SCRIPT },
  };
}

/** The init container and its volume, for a worker whose leader listens on `leaderHost:port`. */
export function waitForLeader(configMap: string, image: unknown, leaderHost: string, port: number) {
  // The shell reads the orchestrator's variables itself (`${VAR}`), whatever order they are injected in.
  const script = `export LEADER_HOST="${kubeVarsToShell(leaderHost)}" LEADER_PORT="${port}" && exec python3 ${WAIT_LEADER_MOUNT_PATH}/${WAIT_LEADER_SCRIPT_KEY}`;
  const initContainer: JsonObject = {
    name: WAIT_LEADER_INIT_CONTAINER,
    ...(typeof image === 'string' && image ? { image } : {}),
    command: ['sh', '-c', script],
    volumeMounts: [{ name: WAIT_LEADER_VOLUME, mountPath: WAIT_LEADER_MOUNT_PATH, readOnly: true }],
  };
  const volume: JsonObject = { name: WAIT_LEADER_VOLUME, configMap: { name: configMap } };
  return { initContainer, volume };
}
