/**
 * The operator against an API server it cannot reach (a loopback port that refuses connections):
 * it says so at once, with the cause, and /readyz answers 503 until it reaches the API server.
 * Loopback only: the port is one this test opened and closed.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { ROOT } from './run';

const BIN = path.join(ROOT, 'bin', 'dynamo-iac');

/** A loopback port nothing listens on: opened by us, then closed. */
async function refusingPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function kubeconfig(port: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-unreachable-'));
  const file = path.join(dir, 'kubeconfig');
  fs.writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters: [{name: c, cluster: {server: "https://127.0.0.1:' + port + '", insecure-skip-tls-verify: true}}]',
      'users: [{name: u, user: {token: t}}]',
      'contexts: [{name: c, context: {cluster: c, user: u}}]',
      'current-context: c',
    ].join('\n'),
  );
  return file;
}

/** Starts the operator; resolves with the log records seen until `until` matches one, or rejects at the timeout. */
function startOperator(args: string[]): {
  child: ChildProcess;
  records: () => any[];
  waitFor: (f: (r: any) => boolean, ms: number) => Promise<any>;
} {
  const child = spawn(process.execPath, [BIN, 'operator', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const seen: any[] = [];
  let buffer = '';
  const waiters: { f: (r: any) => boolean; resolve: (r: any) => void }[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) {
      if (!line.trim()) continue;
      const record = JSON.parse(line);
      seen.push(record);
      for (const w of waiters.filter((x) => x.f(record))) w.resolve(record);
    }
  });
  const waitFor = (f: (r: any) => boolean, ms: number) =>
    new Promise<any>((resolve, reject) => {
      const found = seen.find(f);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`not logged within ${ms} ms: ${JSON.stringify(seen)}`)), ms);
      waiters.push({ f, resolve: (r) => (clearTimeout(timer), resolve(r)) });
    });
  return { child, records: () => seen, waitFor };
}

async function readyz(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`);
  return res.status;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe.each([
  ['with leader election', 'true', 'cannot reach the API server'],
  ['without leader election', 'false', 'watch failed'],
])('operator, API server refusing connections, %s', (_, leaderElect, msg) => {
  test('logs the cause within seconds and /readyz answers 503', async () => {
    const api = await refusingPort();
    const op = startOperator(['--kubeconfig', kubeconfig(api), '--http-port', '0', '--leader-elect', leaderElect]);
    try {
      const serving = await op.waitFor((r) => r.msg === 'serving /metrics, /healthz, /readyz', 10_000);
      const failure = await op.waitFor((r) => r.msg === msg, 5_000);
      // The cause, not only "TypeError: fetch failed".
      expect(failure.err).toMatch(/fetch failed: caused by .*ECONNREFUSED 127\.0\.0\.1:\d+/);
      expect(failure.level).toBe(40);
      expect(await readyz(serving.port)).toBe(503);
    } finally {
      await stop(op.child);
    }
  }, 30_000);
});
