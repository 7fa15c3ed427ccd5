/**
 * What each inference engine supports and how its command line looks, in one table that validation
 * and render both read (render's backend hooks add the pod changes; the facts live here).
 */
import { BackendFramework } from '../crds/vocabulary';

export interface EngineProfile {
  /** Mount path of a compilation cache given without a mountPoint; undefined = the engine needs one. */
  readonly defaultCompilationCachePath?: string;
  /** Failover (shadow engines over the GPU memory service) is wired for this engine. */
  readonly failover: boolean;
  /**
   * How a multinode component starts: `flags` inserts launch flags into the engine's command line on
   * every node; `mpi` starts every rank from the leader over SSH, so the leader waits for the workers.
   */
  readonly multinodeLaunch: 'flags' | 'mpi';
  /** The planner's profiling data is read in benchmark mode (`DYN_BENCHMARK_MODE`) by this engine. */
  readonly benchmarkMode: boolean;
}

const ENGINE_PROFILES: Record<BackendFramework, EngineProfile> = {
  vllm: {
    defaultCompilationCachePath: '/root/.cache/vllm',
    failover: true,
    multinodeLaunch: 'flags',
    benchmarkMode: true,
  },
  sglang: { failover: false, multinodeLaunch: 'flags', benchmarkMode: false },
  trtllm: { failover: false, multinodeLaunch: 'mpi', benchmarkMode: false },
};

/** The engine's profile; undefined when the backend is unset or not one we know. */
export function engineProfile(backend: string | undefined): EngineProfile | undefined {
  return backend !== undefined && Object.hasOwn(ENGINE_PROFILES, backend)
    ? ENGINE_PROFILES[backend as BackendFramework]
    : undefined;
}

/** `python`, `python3`, `/usr/bin/python3.11`: a command whose first word runs Python directly. */
const PYTHON_BINARY = /^(?:.*\/)?python[0-9.]*$/;

export const isPythonCommand = (command: readonly string[]) => command.length > 0 && PYTHON_BINARY.test(command[0]);

/**
 * `python[X.Y] … dynamo.<engine>` up to the end of the module name inside one shell command (no `|`,
 * `&`, `;`): where multinode launch flags go when the engine runs from a shell string.
 */
export function engineRunInShell(engine: string, flags = ''): RegExp {
  return new RegExp(`python[0-9.]*\\s+[^|&;]*?dynamo\\.${engine}(?=\\s|$|[|&;])`, flags);
}
