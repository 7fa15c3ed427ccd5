/**
 * Engine-specific changes to the main container: the compilation-cache env on a single node, and
 * the multinode launch rules (ray / mp, torch distributed init, MPI over SSH) per node role.
 */
import { BackendHooks } from './hooks';
import type { BackendFramework } from '../../crds/vocabulary';
import { sglangBackend } from './sglang';
import { trtllmBackend } from './trtllm';
import { vllmBackend } from './vllm';

const NO_HOOKS: BackendHooks = {};

const HOOKS: Record<BackendFramework, BackendHooks> = {
  vllm: vllmBackend,
  sglang: sglangBackend,
  trtllm: trtllmBackend,
};

export function backendHooks(backend: string | undefined): BackendHooks {
  return (backend !== undefined && HOOKS[backend as BackendFramework]) || NO_HOOKS;
}
