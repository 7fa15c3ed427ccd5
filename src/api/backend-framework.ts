/** Which inference engine a worker's command line runs. */
import { BACKEND_FRAMEWORKS, BackendFramework } from '../crds/vocabulary';
import { ComponentModel, GraphModel } from './model';
import { strings } from './read';

/**
 * `python[X.Y] … -m … dynamo.<engine>` anywhere in the joined command line, so `sh -c` strings,
 * pipelines and versioned interpreters (`python3.11`) are recognised too.
 */
// The optional gaps are lazy (`??`) so one match never spans two commands of an `sh -c` string.
const ENGINE_RUN = new RegExp(
  String.raw`python[0-9.]*\s(?:.*?\s)??-m\s+(?:.*?\s)??dynamo\.(${BACKEND_FRAMEWORKS.join('|')})\b`,
  'g',
);

/** Every distinct engine named in `command` + `args`, in order of first appearance. */
export function detectBackendFramework(
  command: readonly string[] = [],
  args: readonly string[] = [],
): BackendFramework[] {
  const line = [...command, ...args].join(' ');
  let found = enginesByCommandLine.get(line);
  if (!found) {
    found = [];
    for (const match of line.matchAll(ENGINE_RUN)) {
      const engine = match[1] as BackendFramework;
      if (!found.includes(engine)) found.push(engine);
    }
    // Validation and render both ask for every worker, and an app's workers mostly share command lines.
    if (enginesByCommandLine.size >= MEMO_LIMIT) enginesByCommandLine.clear();
    enginesByCommandLine.set(line, found);
  }
  return [...found];
}

const MEMO_LIMIT = 256;
const enginesByCommandLine = new Map<string, BackendFramework[]>();

/** The engine a worker runs: detected from its command when unambiguous, else the graph's `backendFramework`. */
export function workerBackend(graph: GraphModel, c: ComponentModel): string | undefined {
  const detected = detectBackendFramework(strings(c.mainContainer?.command), strings(c.mainContainer?.args));
  return detected.length === 1 ? detected[0] : graph.backendFramework;
}
