// One connection held LISTENing on a Postgres channel, for as long as the process runs: when the
// database is unreachable, or the connection is lost later (restart, failover), it reconnects with
// a growing wait (0.25 s doubling to 10 s) and never throws. `onListening` runs after every
// (re)connection, once LISTEN is in place, so whatever was missed while disconnected can be read
// again: a NOTIFY committed meanwhile is then both read and heard.

import type pg from 'pg';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

export class ChannelListener {
  private listener: pg.PoolClient | null = null;
  /** Releases the listening connection, once whoever asks (stop, a lost connection, a failed hook). */
  private dropListener: (() => void) | null = null;
  private stopped = true;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    /** A plain identifier: it is written into LISTEN as it is. */
    readonly channel: string,
    private readonly onNotification: (payload: string) => void,
    private readonly onListening: () => Promise<void> = async () => undefined,
  ) {}

  /** Starts listening; returns once the first attempt is done (it keeps retrying in the background if that failed). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect(FIRST_RETRY_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.listener;
    const drop = this.dropListener;
    if (!client || !drop) return;
    await client.query(`UNLISTEN ${this.channel}`).catch(() => undefined);
    drop();
  }

  private async connect(backoffMs: number): Promise<void> {
    if (this.stopped) return;
    let client: pg.PoolClient | undefined;
    let released = false;
    // Once only: the connection's error event and the failing query may both get here.
    const drop = () => {
      if (released || !client) return;
      released = true;
      if (this.listener === client) {
        this.listener = null;
        this.dropListener = null;
      }
      client.release(true);
    };
    try {
      client = await this.pool.connect();
      client.on('notification', (message) => {
        if (message.channel === this.channel) this.onNotification(message.payload ?? '');
      });
      const lost = () => {
        if (this.listener !== client) return;
        drop();
        this.reconnectLater(FIRST_RETRY_MS);
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.query(`LISTEN ${this.channel}`);
      this.listener = client;
      this.dropListener = drop;
      await this.onListening();
      // Stopped while connecting: nothing else would release it.
      if (this.stopped) drop();
    } catch {
      const wasListening = this.listener !== null && this.listener === client;
      const lostAlready = released;
      drop();
      // When the connection was lost during `onListening`, `lost` has already planned the reconnection.
      if (wasListening || !lostAlready) this.reconnectLater(Math.min(backoffMs * 2, MAX_RETRY_MS));
    }
  }

  private reconnectLater(backoffMs: number): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => void this.connect(backoffMs), backoffMs);
    this.retry.unref();
  }
}
