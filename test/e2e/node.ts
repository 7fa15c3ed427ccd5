/**
 * What the e2e tests share: the real node's client, `kubectl` and the CLI run as a user would,
 * namespaces, waiting for pods, and OpenAI requests through a Service. Every call goes to the
 * node inside its own network namespace, where this process runs (test/e2e/run.sh).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cachedTestBinaries } from '../cluster/harness';
import { keepFigure } from './figures';
import { PulumiStack } from '../pulumi-e2e/pulumi-cli';
import { parseAllDocuments } from 'yaml';
import { KubeClient, ServerObject, poll, podSecurityLabels, uniqueName } from '../cluster/kube';

export const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bin', 'dynamo-iac');
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;

/** Built by test/node/images/build.sh and imported into the node's containerd. */
export const OPERATOR_IMAGE = `dynamo-iac/operator:${VERSION}`;
export const RUNTIME_IMAGE = 'dynamo-iac-e2e/dynamo-runtime:1.6.1';
/** The model directory baked into the runtime image, and the name the workers serve it under. */
export const MODEL = 'tiny';
export const GRAPHS = path.join(__dirname, 'graphs');

export { cachedTestBinaries, KubeClient, poll, uniqueName };
export type { ServerObject };

export type Live = ServerObject & { spec?: any; status?: any };

/**
 * The name the render gave a component's Deployment in rendered YAML: a worker generation's
 * carries the graph's worker hash (`<graph>-<component>-<hash>`), so tests ask instead of spelling it.
 */
export function renderedWorkload(yaml: string, component: string): string {
  const found = parseAllDocuments(yaml)
    .map((d) => d.toJS())
    .find((o) => o?.kind === 'Deployment' && o.metadata?.labels?.['nvidia.com/dynamo-component'] === component);
  if (!found) throw new Error(`no Deployment of component ${component} in the rendered output`);
  return found.metadata.name;
}

export function kube(): KubeClient {
  return KubeClient.fromTestEnv();
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], input?: string, cwd = ROOT): Run {
  const r = spawnSync(command, args, {
    cwd,
    input,
    env: { ...process.env, NODE_OPTIONS: '' },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function ok(what: string, r: Run): string {
  if (r.code !== 0) throw new Error(`${what} exited ${r.code}:\n${r.stderr}${r.stdout.slice(0, 4000)}`);
  return r.stdout;
}

/** The dynamo-iac CLI as installed (bin/dynamo-iac over lib/), exit code and output kept. */
export function cli(...args: string[]): Run {
  return run(process.execPath, [CLI, ...args]);
}

/** The CLI, which must succeed; returns stdout. */
export function cliOk(...args: string[]): string {
  return ok(`dynamo-iac ${args.join(' ')}`, cli(...args));
}

/** kubectl (on PATH inside the node's namespace); throws with its stderr on failure. */
export function kubectl(args: string[], input?: string): string {
  return ok(`kubectl ${args.join(' ')}`, run('kubectl', args, input));
}

/** `kubectl apply --server-side` of multi-document YAML, as a user applies rendered output. */
export function applyYaml(yaml: string, fieldManager = 'dynamo-iac-e2e'): string {
  return kubectl(['apply', '--server-side', '--force-conflicts', `--field-manager=${fieldManager}`, '-f', '-'], yaml);
}

/** A fresh namespace; `restricted` enforces that Pod Security level on it. */
export async function namespace(prefix: string, opts: { restricted?: boolean } = {}): Promise<string> {
  const ns = uniqueName(prefix);
  await kube().createNamespace(ns, opts.restricted ? podSecurityLabels('restricted') : {});
  return ns;
}

/** Deletes a namespace and waits until it is gone (pods stopped), so the next test has the node. */
export async function deleteNamespace(ns: string): Promise<void> {
  const k = kube();
  await k.delete('v1', 'Namespace', ns);
  await poll(`namespace ${ns} deleted`, async () => ((await k.get('v1', 'Namespace', ns)) ? undefined : true), {
    timeoutMs: 240_000,
    intervalMs: 1000,
  });
}

interface PodStatus {
  phase?: string;
  podIP?: string;
  conditions?: { type: string; status: string }[];
  containerStatuses?: { name: string; ready: boolean; restartCount: number; state?: unknown }[];
}
export type Pod = ServerObject & { status?: PodStatus; spec?: any };

export function isReady(pod: Pod): boolean {
  return (
    !pod.metadata.deletionTimestamp &&
    (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True')
  );
}

export async function pods(ns: string, labelSelector?: string): Promise<Pod[]> {
  return kube().list<Pod>('v1', 'Pod', { namespace: ns, labelSelector });
}

/** What to print when a wait runs out: every pod's state and the tail of its logs. */
export function describePods(ns: string): string {
  const r = run('kubectl', ['-n', ns, 'get', 'pods,svc,endpointslices,dynamoworkermetadatas', '-o', 'wide']);
  let out = r.stdout + r.stderr;
  const names = run('kubectl', ['-n', ns, 'get', 'pods', '-o', 'name']).stdout.split('\n').filter(Boolean);
  for (const name of names) {
    const logs = run('kubectl', ['-n', ns, 'logs', name, '--all-containers', '--tail=25']);
    out += `\n--- ${name}\n${logs.stdout}${logs.stderr}`;
    const events = run('kubectl', [
      '-n',
      ns,
      'get',
      'events',
      `--field-selector=involvedObject.name=${name.replace('pod/', '')}`,
    ]);
    out += events.stdout;
  }
  return out;
}

/** Waits until `count` pods match the selector and every one of them is Ready. */
export async function waitPodsReady(
  ns: string,
  labelSelector: string,
  count: number,
  timeoutMs = 180_000,
): Promise<Pod[]> {
  return poll(
    `${count} Ready pod(s) ${labelSelector} in ${ns}`,
    async () => {
      const list = (await pods(ns, labelSelector)).filter((p) => !p.metadata.deletionTimestamp);
      return list.length === count && list.every(isReady) ? list : undefined;
    },
    { timeoutMs, intervalMs: 500, context: () => describePods(ns) },
  );
}

/** `http://<ClusterIP>:<port>` of a Service's port (the first, or the one named). */
export async function serviceUrl(ns: string, name: string, portName?: string): Promise<string> {
  const svc = await kube().get<Live>('v1', 'Service', name, ns);
  if (!svc) throw new Error(`Service ${ns}/${name} not found`);
  const ports: { name?: string; port: number }[] = svc.spec.ports;
  const port = portName ? ports.find((p) => p.name === portName) : ports[0];
  if (!port) throw new Error(`Service ${ns}/${name} has no port ${portName ?? ''}`);
  return `http://${svc.spec.clusterIP}:${port.port}`;
}

export interface Completion {
  status: number;
  body: any;
}

export interface ChatRequest {
  /** @default MODEL */
  readonly model?: string;
  readonly content?: string;
  /** @default 8 */
  readonly maxTokens?: number;
  readonly stream?: boolean;
  /** @default 30 s */
  readonly timeoutMs?: number;
}

/** POST /v1/chat/completions: the one request the e2e clients send, plain or streamed. */
export function postChat(base: string, request: ChatRequest = {}): Promise<Response> {
  const { model = MODEL, content = 'Say hello to the real node.', maxTokens = 8, stream = false } = request;
  return fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content }], max_tokens: maxTokens, stream }),
    signal: AbortSignal.timeout(request.timeoutMs ?? 30_000),
  });
}

/** A chat completion asking for `maxTokens` tokens (no streaming), its body parsed. */
export async function chat(base: string, maxTokens = 8, timeoutMs = 30_000): Promise<Completion> {
  const res = await postChat(base, { maxTokens, timeoutMs });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // kept as text for the failure message
  }
  return { status: res.status, body };
}

/** The model ids on GET /v1/models; undefined while the frontend does not answer. */
export async function models(base: string): Promise<string[] | undefined> {
  try {
    const res = await fetch(`${base}/v1/models`, { signal: AbortSignal.timeout(5_000) });
    if (res.status !== 200) return undefined;
    const body = (await res.json()) as { data?: { id: string }[] };
    return (body.data ?? []).map((m) => m.id);
  } catch {
    return undefined;
  }
}

/**
 * Waits until the frontend behind `base` lists the model and answers a completion with the tokens
 * asked for; returns that completion and how long the wait took.
 */
export async function waitServing(
  base: string,
  ns: string,
  timeoutMs = 180_000,
): Promise<{ completion: Completion; ms: number }> {
  const start = Date.now();
  let last = '';
  const completion = await poll(
    `a served completion from ${base}`,
    async () => {
      const ids = await models(base);
      if (!ids?.includes(MODEL)) {
        last = `GET /v1/models: ${JSON.stringify(ids)}`;
        return undefined;
      }
      const c = await chat(base).catch((err: Error) => ({ status: 0, body: String(err.cause ?? err) }));
      last = `chat: ${c.status} ${JSON.stringify(c.body).slice(0, 500)}`;
      return c.status === 200 ? c : undefined;
    },
    { timeoutMs, intervalMs: 500, context: () => `${last}\n${describePods(ns)}` },
  );
  return { completion, ms: Date.now() - start };
}

/** Asserts the shape of a served completion: the model, the tokens asked for, a finish reason. */
export function expectServed(c: Completion, maxTokens = 8): void {
  expect(c.status).toBe(200);
  expect(c.body.model).toBe(MODEL);
  expect(c.body.usage.completion_tokens).toBe(maxTokens);
  expect(c.body.choices[0].finish_reason).toEqual(expect.stringMatching(/^(length|stop)$/));
}

/** A temp directory removed by the caller (afterAll). */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `dynamo-iac-e2e-${prefix}-`));
}

/** A graph fixture with its namespace set, written to `dir`; returns the file path. */
export function graphFile(dir: string, fixture: string, ns: string, edit: (text: string) => string = (t) => t): string {
  const text = edit(fs.readFileSync(path.join(GRAPHS, fixture), 'utf8')).replace(
    /^(metadata:\n)/m,
    `$1  namespace: ${ns}\n`,
  );
  const file = path.join(dir, `${ns}-${fixture}`);
  fs.writeFileSync(file, text);
  return file;
}

/** Logs a measured figure for the CI log (budgets are reported, never asserted). */
export function report(what: string, value: string): void {
  process.stderr.write(`[e2e] ${what}: ${value}\n`);
  keepFigure(ROOT, what, value);
}

/**
 * A Pulumi stack of the program in `apps/<app>` against the node, with the Pulumi binaries of
 * `groups`; TypeScript programs run transpile-only (the type check is `npm test`'s). Its log
 * lines go to stderr prefixed with `label`.
 */
export function pulumiStack(
  app: string,
  stack: string,
  label: string,
  { groups = ['pulumi'], transpileOnly = true }: { groups?: string[]; transpileOnly?: boolean } = {},
): Promise<PulumiStack> {
  process.env.DYNAMO_IAC_PULUMI_BINARIES = JSON.stringify(cachedTestBinaries(...groups));
  return PulumiStack.create({
    projectDir: path.join(__dirname, 'apps', app),
    stack,
    kubeconfig: process.env.KUBECONFIG!,
    ...(transpileOnly ? { transpileOnly } : {}),
    log: (line) => process.stderr.write(`[${label}] ${line}\n`),
  });
}
