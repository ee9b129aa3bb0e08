// Tells waiting readers (long-polls, SSE streams) that a game has new events. A command accepted
// here is told to this process's readers at once (`local`). One accepted by another process
// reaches them through the Postgres NOTIFY its append sends at commit — which it sends only when
// some process other than its own watches the game (`watch`, the `game_watchers` rows): a move
// that nobody elsewhere waits for wakes no other process. The same NOTIFY, when it comes, wakes
// the notifier and tells the deadline sweeper the game's next expiry (`onSignal`); without it,
// the committing process does both for itself, and every process's sweeper and notifier still
// look on their own every second.

import { EventEmitter } from 'node:events';
import type { ChannelSubscription, Listen, Watchers } from './ports/changes.ts';

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

/** How this process tells others that its readers wait on a game: the store, and its own id. */
export interface Watching {
  watchers: Watchers;
  /** This process's id, as its appends name it (AppendInput.processId). */
  processId: string;
  /** How often a watched game's row is renewed (default 30 s); it lapses after three times that. */
  renewSeconds?: number;
}

export class GameSignals {
  private readonly emitter = new EventEmitter();
  private readonly listener: ChannelSubscription;
  /** Games this process's readers wait on, and how many readers each. */
  private readonly watched = new Map<string, number>();
  private renewal: NodeJS.Timeout | undefined;
  /** The watchers' writes, one after another: a game's delete must never overtake a later insert. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    listen: Listen,
    onSignal: (signal: GameSignal) => void = () => undefined,
    /** Absent: every append notifies (one process, or a store without watchers). */
    private readonly watching?: Watching,
  ) {
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
    if (this.watching) {
      this.renewal = setInterval(() => void this.renew(), this.renewSeconds * 1000);
      this.renewal.unref();
    }
    return this.listener.start();
  }

  async stop(): Promise<void> {
    clearInterval(this.renewal);
    const watching = this.watching;
    if (watching) await this.write(() => watching.watchers.unwatch(watching.processId)).catch(() => undefined);
    await this.listener.stop();
  }

  /**
   * A reader of this process waits on the game: once this resolves, a command another process
   * accepts on it is signalled here. Call before reading what the reader has not seen, so that
   * nothing committed in between goes unheard; call the returned function when the reader leaves.
   */
  async watch(gameId: string): Promise<() => void> {
    const readers = this.watched.get(gameId) ?? 0;
    this.watched.set(gameId, readers + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.watched.get(gameId) ?? 1) - 1;
      if (left > 0) this.watched.set(gameId, left);
      else {
        this.watched.delete(gameId);
        // A failed delete only lets the row lapse later: appends on the game notify until then.
        const watching = this.watching;
        if (watching) void this.write(() => watching.watchers.unwatch(watching.processId, [gameId])).catch(() => undefined);
      }
    };
    const watching = this.watching;
    if (watching) {
      try {
        await this.write(() => watching.watchers.watch(watching.processId, [gameId], this.lapseSeconds));
      } catch (error) {
        release();
        throw error;
      }
    }
    return release;
  }

  private get renewSeconds(): number {
    return this.watching?.renewSeconds ?? 30;
  }

  private get lapseSeconds(): number {
    return this.renewSeconds * 3;
  }

  /** Renews every game this process watches; a failure is tried again at the next renewal, well before the rows lapse. */
  private async renew(): Promise<void> {
    const watching = this.watching;
    if (!watching || this.watched.size === 0) return;
    await this.write(() => watching.watchers.watch(watching.processId, [...this.watched.keys()], this.lapseSeconds)).catch(() => undefined);
  }

  private write<T>(work: () => Promise<T>): Promise<T> {
    const done = this.writes.then(work, work);
    this.writes = done.catch(() => undefined);
    return done;
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

