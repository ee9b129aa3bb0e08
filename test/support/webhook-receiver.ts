// A webhook receiver on loopback for tests: keeps every request it is sent, by path, and answers
// 204. (test/notify/webhooks-e2e.test.ts has its own, which can be told to fail.)

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

export class WebhookReceiver {
  readonly byPath = new Map<string, ReceivedWebhook[]>();
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      this.byPath.set(path, [...(this.byPath.get(path) ?? []), { headers, body: Buffer.concat(chunks).toString('utf8') }]);
      res.writeHead(204).end();
    });
  });
  /** `http://127.0.0.1:<port>`, once started. */
  base = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The requests to `path` once `done` holds for them (or whatever came within `ms`). */
  async waitFor(path: string, done: (got: ReceivedWebhook[]) => boolean, ms = 10_000): Promise<ReceivedWebhook[]> {
    const stop = Date.now() + ms;
    while (!done(this.byPath.get(path) ?? []) && Date.now() < stop) await new Promise((r) => setTimeout(r, 20));
    return this.byPath.get(path) ?? [];
  }
}
