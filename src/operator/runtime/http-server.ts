/** `/metrics` (Prometheus text), `/healthz` (process alive) and `/readyz` (caches synced, or a standby replica). */
import * as http from 'http';
import { AddressInfo } from 'net';
import { Registry } from 'prom-client';

export interface HttpServerOptions {
  readonly port: number;
  readonly registry: Registry;
  readonly ready: () => boolean;
  readonly host?: string;
}

export class OperatorHttpServer {
  private server?: http.Server;

  constructor(private readonly o: HttpServerOptions) {}

  /** Resolves with the bound port (useful with port 0). */
  start(): Promise<number> {
    const server = http.createServer((req, res) => {
      void this.handle(req, res);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.o.port, this.o.host ?? '0.0.0.0', () => resolve((server.address() as AddressInfo).port));
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(res, 405, 'method not allowed\n');
    if (path === '/healthz') return send(res, 200, 'ok\n');
    if (path === '/readyz') return this.o.ready() ? send(res, 200, 'ok\n') : send(res, 503, 'not ready\n');
    if (path === '/metrics') {
      try {
        return send(res, 200, await this.o.registry.metrics(), this.o.registry.contentType);
      } catch (err) {
        return send(res, 500, `${err}\n`);
      }
    }
    send(res, 404, 'not found\n');
  }
}

function send(res: http.ServerResponse, status: number, body: string, contentType = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
