// An HTTP receiver on loopback for tests of what the service sends out (webhooks, Web Push): keeps
// every request by path and answers what the test's `answer` says (204 unless told), so a test can
// play a receiver that fails, recovers, or is gone.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string>;
  /** The body as sent (an encrypted push is binary). */
  raw: Buffer;
  /** The body as UTF-8 text. */
  body: string;
  /** What the receiver answered. */
  status: number;
  /** Date.now() when it arrived. */
  at: number;
}

/** The status to answer a request to `path`, given how many came to that path before it. */
export type Answer = (path: string, earlier: number) => number;

export class HttpReceiver {
  readonly byPath = new Map<string, Received[]>();
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const seen = this.byPath.get(path) ?? [];
      const status = this.answer(path, seen.length);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const raw = Buffer.concat(chunks);
      seen.push({ headers, raw, body: raw.toString('utf8'), status, at: Date.now() });
      this.byPath.set(path, seen);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 500 ? 'receiver down' : status >= 400 ? 'refused' : status === 204 ? undefined : 'ok');
    });
  });
  /** `http://127.0.0.1:<port>`, once started. */
  base = '';

  private readonly answer: Answer;

  constructor(answer: Answer = () => 204) {
    this.answer = answer;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The requests to `path` once there are `done` of them, or once `done` holds for them (or whatever came within `ms`). */
  async waitFor(path: string, done: number | ((got: Received[]) => boolean), ms = 10_000): Promise<Received[]> {
    const enough = typeof done === 'number' ? (got: Received[]) => got.length >= done : done;
    const stop = Date.now() + ms;
    while (!enough(this.byPath.get(path) ?? []) && Date.now() < stop) await new Promise((r) => setTimeout(r, 20));
    return this.byPath.get(path) ?? [];
  }
}
