// Tells waiting readers (long-polls, SSE streams) that a game has new events. The append
// transaction sends a Postgres NOTIFY, delivered at commit to every server process listening, so
// a reader connected to one process hears about commands accepted by another.

import { EventEmitter } from 'node:events';
import type pg from 'pg';

export const CHANNEL = 'game_events';

export class GameSignals {
  private readonly emitter = new EventEmitter();
  private listener: pg.PoolClient | null = null;

  constructor(private readonly pool: pg.Pool) {
    this.emitter.setMaxListeners(0);
  }

  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  /**
   * Starts listening; call once per process. Never throws: when the database is unreachable, or
   * the listening connection is lost later (restart, failover), it keeps reconnecting. Readers
   * in this process still hear this process's own commands meanwhile (`local`).
   */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect(250);
  }

  private async connect(backoffMs: number): Promise<void> {
    if (this.stopped) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      client.on('notification', (n) => {
        const [gameId, version] = (n.payload ?? '').split(':');
        if (gameId && version) this.emitter.emit(gameId, Number(version));
      });
      const lost = () => {
        if (this.listener !== client) return;
        this.listener = null;
        client!.release(true);
        this.reconnectLater(250);
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
    } catch {
      client?.release(true);
      this.reconnectLater(Math.min(backoffMs * 2, 10_000));
    }
  }

  private reconnectLater(backoffMs: number): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => void this.connect(backoffMs), backoffMs);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.listener;
    this.listener = null;
    if (!client) return;
    await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
    client.release();
  }

  /** Also signals in-process at once (the NOTIFY arrives a moment later). */
  local(gameId: string, version: number): void {
    this.emitter.emit(gameId, version);
  }

  /** Calls `onVersion` for every new version of the game until the returned function is called. */
  subscribe(gameId: string, onVersion: (version: number) => void): () => void {
    this.emitter.on(gameId, onVersion);
    return () => this.emitter.off(gameId, onVersion);
  }

  /** Resolves with the new version once the game passes `after`, or with null after `timeoutMs`. */
  waitPast(gameId: string, after: number, timeoutMs: number, signal?: AbortSignal): Promise<number | null> {
    return new Promise((resolve) => {
      const done = (value: number | null) => {
        clearTimeout(timer);
        unsubscribe();
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      };
      const onAbort = () => done(null);
      const unsubscribe = this.subscribe(gameId, (version) => {
        if (version > after) done(version);
      });
      const timer = setTimeout(() => done(null), timeoutMs);
      signal?.addEventListener('abort', onAbort);
    });
  }
}

/** SQL to run inside the append transaction: the NOTIFY is delivered only if it commits. */
export const notifySql = `SELECT pg_notify('${CHANNEL}', $1)`;
