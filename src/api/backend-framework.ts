/** Which inference engine a worker's command line runs. */

/**
 * `python[X.Y] … -m … dynamo.<engine>` anywhere in the joined command line, so `sh -c` strings,
 * pipelines and versioned interpreters (`python3.11`) are recognised too.
 */
// The optional gaps are lazy (`??`) so one match never spans two commands of an `sh -c` string.
const ENGINE_RUN = /python[0-9.]*\s(?:.*?\s)??-m\s+(?:.*?\s)??dynamo\.(vllm|sglang|trtllm)\b/g;

/** Every distinct engine named in `command` + `args`, in order of first appearance. */
export function detectBackendFramework(command: readonly string[] = [], args: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const match of [...command, ...args].join(' ').matchAll(ENGINE_RUN)) {
    if (!found.includes(match[1])) found.push(match[1]);
  }
  return found;
}
