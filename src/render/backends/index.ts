/**
 * Engine-specific changes to a single-node main container. Multinode launch
 * rules (ray / mp / MPI over SSH) hook in here too.
 */
import { EnvVar } from '../../api/k8s-types';
import { vllmBackend } from './vllm';

export interface BackendHooks {
  /** Mount path for a compilation-cache volume without a mountPoint; undefined = the engine needs one. */
  readonly defaultCompilationCachePath?: string;
  /** Env the engine needs given its compilation-cache mount, appended after everything else. */
  compilationCacheEnv?(mountPath: string): EnvVar[];
}

const NO_HOOKS: BackendHooks = {};

export function backendHooks(backend: string | undefined): BackendHooks {
  // sglang and trtllm change nothing on a single node.
  return backend === 'vllm' ? vllmBackend : NO_HOOKS;
}
