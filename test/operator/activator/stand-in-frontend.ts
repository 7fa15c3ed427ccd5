/**
 * A stand-in for a Dynamo frontend on loopback, answering as the real one does: `GET /v1/models`
 * lists the models whose workers registered, and a completion for a model no worker serves gets
 * 404. Completions report `usage.completion_tokens = max_tokens`; `stream: true` sends one
 * server-sent event per token. `hold()` keeps the next completions open until released.
 */
import * as http from 'http';
import { AddressInfo } from 'net';

export class StandInFrontend {
  readonly models = new Set<string>();
  /** Every completion that reached the frontend, by its status. */
  readonly answered: number[] = [];
  /** Completions for a listed model that arrived (answered or still held). */
  received = 0;
  private server?: http.Server;
  private gate?: Promise<void>;
  private release?: () => void;

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', () => r()));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.release?.();
    await new Promise<void>((r) => {
      this.server?.close(() => r());
      this.server?.closeAllConnections();
    });
  }

  /** Completions wait until the returned function is called. */
  hold(): () => void {
    this.gate = new Promise((r) => (this.release = r));
    return () => {
      this.gate = undefined;
      this.release?.();
    };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method === 'GET' && req.url === '/v1/models') {
      const data = [...this.models].map((id) => ({ id, object: 'model', owned_by: 'nvidia' }));
      return json(res, 200, { object: 'list', data });
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      model?: string;
      max_tokens?: number;
      stream?: boolean;
    };
    if (!body.model || !this.models.has(body.model)) {
      this.answered.push(404);
      return json(res, 404, { message: `Model not found: ${body.model}`, type: 'Not Found', code: 404 });
    }
    this.received++;
    await this.gate;
    this.answered.push(200);
    const n = body.max_tokens ?? 4;
    if (!body.stream) {
      return json(res, 200, {
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: 'x'.repeat(n) }, finish_reason: 'length' }],
        usage: { prompt_tokens: 3, completion_tokens: n, total_tokens: 3 + n },
      });
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    for (let i = 0; i < n; i++) {
      res.write(
        `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ delta: { content: 'x' } }] })}\n\n`,
      );
      await new Promise((r) => setTimeout(r, 10));
    }
    res.end('data: [DONE]\n\n');
  }
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** A POST through `base` (the activator): status, headers, body, and when the first body byte came. */
export function post(
  url: string,
  body: unknown,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; firstByteAt: number }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      url,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } },
      (res) => {
        let firstByteAt = 0;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          firstByteAt ||= Date.now();
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            firstByteAt,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
