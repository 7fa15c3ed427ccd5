import { envValue } from '../env';
import type { BackendHooks } from './index';

export const vllmBackend: BackendHooks = {
  defaultCompilationCachePath: '/root/.cache/vllm',
  compilationCacheEnv: (mountPath) => [envValue('VLLM_CACHE_ROOT', mountPath)],
};
