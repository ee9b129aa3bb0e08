// The soak's webhook receiver on loopback (`npm run soak`): every delivery's arrival, matched to
// the client's answer of the command whose version it announces (its `webhook-id`:
// `awaited_<game>_v<version>_s<seat>_<window>` or `ended_<game>_v<version>_s<seat>`), so that a
// notification's delay is the time from that command's answer to the delivery's arrival.
// Deliveries announcing a bot's or the clock's command have no client answer and are counted apart.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { percentile } from './bench-service.ts';
import { round } from './soak-figures.ts';

const ID = /^(?:awaited|ended)_([0-9a-f-]{36})_v(\d+)_/;
/** An answer not matched within this long is forgotten (its delivery, if any, is counted unmatched). */
const KEEP_MS = 120_000;

export class Receiver {
  private server: http.Server | undefined;
  private readonly answers = new Map<string, number>();
  private delays: number[] = [];
  /** Every delay since `keepFromNow` (ms): the whole run's after warm-up. */
  private kept: number[] | null = null;
  received = 0;
  unmatched = 0;

  /** A command's answer arrived at `at` (ms since the epoch). */
  answered = (gameId: string, version: number, at: number): void => {
    this.answers.set(`${gameId}:${version}`, at);
  };

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        this.arrived(String(req.headers['webhook-id'] ?? ''), performance.timeOrigin + performance.now());
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  private arrived(id: string, at: number): void {
    this.received += 1;
    const match = ID.exec(id);
    const answeredAt = match ? this.answers.get(`${match[1]}:${match[2]}`) : undefined;
    if (answeredAt === undefined) this.unmatched += 1;
    else {
      this.delays.push(at - answeredAt);
      this.kept?.push(at - answeredAt);
    }
  }

  /** From now on also keeps every delay for `sinceKept` (the soak's warm-up is over). */
  keepFromNow(): void {
    this.kept = [];
  }

  /** The delays kept since `keepFromNow`: count and p95 (ms). */
  sinceKept(): { n: number; p95: number | null } {
    const kept = this.kept ?? [];
    return { n: kept.length, p95: kept.length === 0 ? null : round(percentile(kept, 95)) };
  }

  /** The delays since the last call (ms): count, p50, p99; forgets old answers. */
  take(): { n: number; p50: number | null; p99: number | null } {
    const taken = this.delays;
    this.delays = [];
    const oldest = performance.timeOrigin + performance.now() - KEEP_MS;
    for (const [key, at] of this.answers) if (at < oldest) this.answers.delete(key);
    return taken.length === 0 ? { n: 0, p50: null, p99: null } : { n: taken.length, p50: round(percentile(taken, 50)), p99: round(percentile(taken, 99)) };
  }

  close(): void {
    this.server?.closeAllConnections();
    this.server?.close();
  }
}
