/** Runtime images the examples use (one place to bump them). */
const REGISTRY = 'nvcr.io/nvidia/ai-dynamo';
const VERSION = '0.6.1';
export const VLLM_RUNTIME = `${REGISTRY}/vllm-runtime:${VERSION}`;
export const SGLANG_RUNTIME = `${REGISTRY}/sglang-runtime:${VERSION}`;
export const TRTLLM_RUNTIME = `${REGISTRY}/tensorrtllm-runtime:${VERSION}`;
