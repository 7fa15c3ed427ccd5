/**
 * Talking to a graph's frontend: which models it lists (`GET /v1/models`: a model is listed once a
 * worker serving it has registered), and passing a request through, streamed both ways.
 */
import * as http from 'http';

/** The model ids `GET <base>/v1/models` lists; [] when the frontend does not answer or lists none. */
export function listModels(base: string, timeoutMs = 2000): Promise<string[]> {
  return new Promise((resolve) => {
    const req = http.get(new URL('/v1/models', base), { timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', () => resolve([]));
      res.on('end', () => {
        if (res.statusCode !== 200) return resolve([]);
        try {
          const data = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: { id?: unknown }[] }).data;
          resolve(
            Array.isArray(data) ? data.map((m) => m?.id).filter((id): id is string => typeof id === 'string') : [],
          );
        } catch {
          resolve([]);
        }
      });
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve([]));
  });
}

/** Headers that describe one connection, not the request (RFC 9110 §7.6.1); never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([k, v]) => v !== undefined && !HOP_BY_HOP.has(k)));
}

/**
 * Sends `body` to `<base><path>` and pipes the answer to `res` as it arrives (server-sent events
 * stream through). `onFailure` runs when the frontend cannot be reached before it answered.
 */
export function forward(
  base: string,
  path: string,
  req: http.IncomingMessage,
  body: Buffer,
  res: http.ServerResponse,
  onFailure: (err: Error) => void,
): void {
  const headers = { ...endToEnd(req.headers), 'content-length': String(body.length) };
  const upstream = http.request(new URL(path, base), { method: req.method, headers }, (answer) => {
    const out = endToEnd(answer.headers);
    res.writeHead(answer.statusCode ?? 502, out);
    res.flushHeaders();
    answer.pipe(res);
    answer.on('error', () => res.destroy());
  });
  upstream.on('error', (err) => (res.headersSent ? res.destroy() : onFailure(err)));
  // A client that goes away takes its request to the frontend with it.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.end(body);
}
