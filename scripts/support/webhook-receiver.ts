// A webhook receiver on loopback, for `npm run soak` and `npm run bench:notify`: every delivery's
// `webhook-id` and arrival, answered 204. ./notice-delays.ts times each from the commit of the
// command that opened the window it announces, whoever sent that command (a player, a bot, the
// clock).

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Arrival } from './notice-delays.ts';

export class Receiver {
  private server: http.Server | undefined;
  private arrivals: Arrival[] = [];
  received = 0;

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        this.received += 1;
        this.arrivals.push({ id: String(req.headers['webhook-id'] ?? ''), at: performance.timeOrigin + performance.now() });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** The deliveries since the last call. */
  take(): Arrival[] {
    const taken = this.arrivals;
    this.arrivals = [];
    return taken;
  }

  close(): void {
    this.server?.closeAllConnections();
    this.server?.close();
  }
}
