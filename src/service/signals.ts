// Tells waiting readers (long-polls, SSE streams) that a game has new events. The append
// transaction sends a Postgres NOTIFY, delivered at commit to every server process listening, so
// a reader connected to one process hears about commands accepted by another.

import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { ChannelListener } from '../db/listener.ts';

export const CHANNEL = 'game_events';

export class GameSignals {
  private readonly emitter = new EventEmitter();
  private readonly listener: ChannelListener;

  constructor(pool: pg.Pool) {
    this.emitter.setMaxListeners(0);
    this.listener = new ChannelListener(pool, CHANNEL, (payload) => {
      const [gameId, version] = payload.split(':');
      if (gameId && version) this.emitter.emit(gameId, Number(version));
    });
  }

  /**
   * Starts listening; call once per process. Never throws: when the database is unreachable, or
   * the listening connection is lost later (restart, failover), it keeps reconnecting. Readers
   * in this process still hear this process's own commands meanwhile (`local`).
   */
  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
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
