/**
 * Intra-pod failover, as upstream renders it after GPU Memory Service: `main` becomes two engine
 * containers (`engine-0` active, `engine-1` standby) that share the GMS claim; each serves its
 * own system port and the standby takes over through a lock file in the GMS socket directory.
 * Only vLLM's shadow mode is wired (validation refuses other engines).
 */
import { Container, EnvVar, JsonObject } from '../api/k8s-types';
import { SYSTEM_PORT } from './components/defaults';
import { FORWARDPASS_METRIC_PORT } from './components/worker';
import { envValue, setEnv } from './env';
import { GMS_MOUNT_PATH } from './gpu-memory-service';
import { clone, isPlainObject } from './merge';

const ENGINES = 2;
/** Set per engine below, or left out on purpose (the engine reports its own health). */
const ENGINE_ENV_REMOVED = [
  'DYN_SYSTEM_USE_ENDPOINT_HEALTH_STATUS',
  'DYN_SYSTEM_PORT',
  'DYN_SYSTEM_ENABLED',
  'DYN_HEALTH_CHECK_ENABLED',
  'CONTAINER_NAME',
];
const MASTER_PORT_FLAG = '--master-port';
const DEFAULT_MASTER_PORT = 29500;
const MASTER_PORT_STRIDE = 100;

/** Replaces `main` in the pod spec with the engines; the other containers follow them. */
export function applyFailover(spec: JsonObject, main: Container, nodeCount: number): void {
  const engines = Array.from({ length: ENGINES }, (_, i) => vllmEngine(engine(main, i), i, nodeCount));
  const others = (spec.containers as Container[]).filter((c) => c !== main);
  spec.containers = [...engines, ...others];
}

function engine(main: Container, id: number): Container {
  const name = `engine-${id}`;
  const port = `system-${id}`;
  const c = clone(main);
  c.name = name;
  c.ports = [{ name: port, containerPort: SYSTEM_PORT + id, protocol: 'TCP' }];
  let env = ((c.env ?? []) as EnvVar[]).filter((e) => !ENGINE_ENV_REMOVED.includes(e.name));
  for (const [k, v] of [
    ['ENGINE_ID', String(id)],
    ['CONTAINER_NAME', name],
    ['FAILOVER_LOCK_PATH', `${GMS_MOUNT_PATH}/failover.lock`],
    ['DYN_SYSTEM_STARTING_HEALTH_STATUS', 'notready'],
    ['DYN_SYSTEM_PORT', String(SYSTEM_PORT + id)],
    ['DYN_SYSTEM_ENABLED', 'true'],
  ])
    env = setEnv(env, envValue(k, v));
  c.env = env;
  // Each engine's probes follow its own system port.
  for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
    const p = c[probe];
    if (isPlainObject(p) && isPlainObject(p.httpGet)) p.httpGet = { ...p.httpGet, port };
  }
  return c;
}

/** vLLM shadow mode: per-engine side-channel and KV-event ports; the standby's torch store moves up. */
function vllmEngine(c: Container, id: number, nodeCount: number): Container {
  let env = c.env as EnvVar[];
  env = setEnv(env, envValue('DYN_VLLM_GMS_SHADOW_MODE', 'true'));
  env = setEnv(env, envValue('VLLM_NIXL_SIDE_CHANNEL_PORT', String(5600 + id)));
  env = setEnv(env, envValue('DYN_VLLM_KV_EVENT_PORT', String(20080 + id)));
  env = setEnv(env, envValue('DYN_FORWARDPASS_METRIC_PORT', String(FORWARDPASS_METRIC_PORT + id)));
  if (nodeCount > 1) env = setEnv(env, envValue('NNODES', String(nodeCount)));
  c.env = env;
  if (id > 0 && !staggerMasterPort(c, id * MASTER_PORT_STRIDE)) {
    c.args = [...strings(c.args), MASTER_PORT_FLAG, String(DEFAULT_MASTER_PORT + id * MASTER_PORT_STRIDE)];
  }
  return c;
}

/** Adds `offset` to an existing `--master-port N` (own argument, or inside a shell string); false when absent. */
function staggerMasterPort(c: Container, offset: number): boolean {
  const args = strings(c.args);
  const i = args.findIndex((a, j) => a === MASTER_PORT_FLAG && /^\d+$/.test(args[j + 1] ?? ''));
  if (i >= 0) {
    args[i + 1] = String(Number(args[i + 1]) + offset);
    c.args = args;
    return true;
  }
  const inline = new RegExp(`${MASTER_PORT_FLAG} (\\d+)`);
  for (const field of ['args', 'command'] as const) {
    const list = strings(c[field]);
    const k = list.findIndex((a) => inline.test(a));
    if (k >= 0) {
      list[k] = list[k].replace(inline, (_m, n: string) => `${MASTER_PORT_FLAG} ${Number(n) + offset}`);
      c[field] = list;
      return true;
    }
  }
  return false;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
