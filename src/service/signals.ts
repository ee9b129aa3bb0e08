// Tells waiting readers (long-polls, SSE streams) that a game has new events. The append
// transaction sends a Postgres NOTIFY, delivered at commit to every server process listening, so
// a reader connected to one process hears about commands accepted by another. The same NOTIFY
// wakes the notifier and tells the deadline sweeper the game's next expiry (`onSignal`).

import { EventEmitter } from 'node:events';
import type { ChannelSubscription, Listen } from './ports/changes.ts';

export const CHANNEL = 'game_events';

/** A NOTIFY on CHANNEL, as `gameSignal` (src/store/event-store.ts) writes it. */
export interface GameSignal {
  gameId: string;
  version: number;
  /** The game's next window expiry, epoch ms; null when nobody is awaited. */
  nextExpiry: number | null;
  /** The notifier has something to tell about the game. */
  news: boolean;
}

/** `<game>:<version>:<next expiry>`; null for anything else. */
export function parseSignal(payload: string): GameSignal | null {
  const [gameId, version, next, news] = payload.split(':');
  if (!gameId || !version || !/^\d+$/.test(version)) return null;
  return { gameId, version: Number(version), nextExpiry: next && /^\d+$/.test(next) ? Number(next) : null, news: news === 'news' };
}

export class GameSignals {
  private readonly emitter = new EventEmitter();
  private readonly listener: ChannelSubscription;

  constructor(listen: Listen, onSignal: (signal: GameSignal) => void = () => undefined) {
    this.emitter.setMaxListeners(0);
    this.listener = listen(CHANNEL, (payload) => {
      const signal = parseSignal(payload);
      if (!signal) return;
      this.emitter.emit(signal.gameId, signal.version);
      onSignal(signal);
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

