/**
 * Engine detection from a worker's command line: `python[X.Y] ... -m dynamo.<engine>`,
 * also inside `sh -c` strings and pipelines.
 */
const ENGINE_PATTERN = /python[0-9.]*\s(?:.*?\s)?-m\s+dynamo\.(vllm|sglang|trtllm)\b/g;

/** Every distinct engine named in the command line, in order of appearance. */
export function detectBackend(command: unknown, args: unknown): string[] {
  const parts = [...asStrings(command), ...asStrings(args)];
  const found: string[] = [];
  for (const m of parts.join(' ').matchAll(ENGINE_PATTERN)) {
    if (!found.includes(m[1])) found.push(m[1]);
  }
  return found;
}

function asStrings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
