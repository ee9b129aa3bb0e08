// The event log as the command path, the deadline sweeper and the notifier use it: one contract,
// two stores. `PostgresGameLog` is the service's (over `EventStore`'s SQL); `MemoryGameLog`
// (memory-game-log.ts) keeps everything in this process, for tests of the service that are not
// tests of Postgres. test/store/game-log-contract.test.ts runs the same suite against both.
//
// Optimistic concurrency and idempotency live here, not in the service: `append` writes only if
// the game is still at the version (and clock revision) it was decided on, and records the
// Idempotency-Key with the command in the same write.

import type pg from 'pg';
import type { Deadline } from '../clock/deadlines.ts';
import type { Queryable } from '../db/queryable.ts';
import { inTransaction } from '../db/transaction.ts';
import type { AppendInput, Appended, EventStore, GameRow, KeyedCommand, StoredEvent, UnnotifiedGame } from './event-store.ts';
import type { SeatRow } from './seats.ts';

export interface GameWithSeats {
  game: GameRow;
  seats: SeatRow[];
}

export interface NotifiedMark {
  gameId: string;
  /** The cursor as read: the mark applies only if it is still there. */
  from: number;
  to: number;
  /** The deadlines at `to`, against which the next news is compared. */
  deadlines: readonly Deadline[];
}

export interface GameLog {
  /** The game and its seats, as they are now; null when there is no such game. */
  read(gameId: string): Promise<GameWithSeats | null>;
  /** The newest snapshot at or before `atMost`. */
  snapshot(gameId: string, atMost: number): Promise<{ version: number; state: unknown } | null>;
  /** Events with `after < seq <= upTo`, in order. */
  events(gameId: string, after: number, upTo?: number): Promise<StoredEvent[]>;
  /** The events the command numbered `commandSeq` produced. */
  eventsOfCommand(gameId: string, commandSeq: number): Promise<StoredEvent[]>;
  /** Whether the game's last `count` accepted commands were all the system's. */
  silentFor(gameId: string, count: number): Promise<boolean>;
  /** What an Idempotency-Key of this caller produced, while it is remembered. */
  keyed(callerId: string, key: string): Promise<KeyedCommand | null>;
  /**
   * Appends the command and its events if the game is still at `game.version` and
   * `game.clockRevision`; null (nothing written) if it moved. Throws `IdempotencyKeyTaken` when
   * another request with the same key was appended first (nothing written).
   */
  append(game: GameRow, input: AppendInput): Promise<Appended | null>;
  /**
   * Runs `work` for the active game whose next expiry passed longest ago, holding it so that no
   * other sweeper takes it meanwhile (`log` writes within that hold); null when none is due.
   */
  withDueGame<T>(work: (log: GameLog, due: GameWithSeats) => Promise<T>): Promise<{ value: T } | null>;
  /** Sets when the game is next looked at by the sweepers, whatever its deadlines say. */
  deferExpiry(gameId: string, until: Date): Promise<void>;
  /** The earliest window expiry of any active game. */
  nextDeadline(): Promise<Date | null>;
  /** Games whose log is ahead of what their players were told, longest waiting first. */
  unnotified(limit: number): Promise<UnnotifiedGame[]>;
  /** Moves notifier cursors that are still where they were read; returns the games moved. */
  markNotified(marks: readonly NotifiedMark[]): Promise<string[]>;
}

/** Another request with the same Idempotency-Key committed first: look the key up again. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('Idempotency-Key taken by a concurrent request');
    this.name = 'IdempotencyKeyTaken';
  }
}

export class PostgresGameLog implements GameLog {
  constructor(
    readonly store: EventStore,
    /** Where reads and writes go: the pool, or a transaction holding a game (`withDueGame`). */
    private readonly db: Queryable,
    private readonly pool: pg.Pool,
  ) {}

  read(gameId: string) {
    return this.store.gameWithSeats(this.db, gameId);
  }

  snapshot(gameId: string, atMost: number) {
    return this.store.snapshot(this.db, gameId, atMost);
  }

  events(gameId: string, after: number, upTo?: number) {
    return this.store.events(this.db, gameId, after, upTo);
  }

  eventsOfCommand(gameId: string, commandSeq: number) {
    return this.store.eventsOfCommand(this.db, gameId, commandSeq);
  }

  silentFor(gameId: string, count: number) {
    return this.store.silentFor(this.db, gameId, count);
  }

  keyed(callerId: string, key: string) {
    return this.store.keyed(this.db, callerId, key);
  }

  async append(game: GameRow, input: AppendInput): Promise<Appended | null> {
    try {
      return await this.store.append(this.db, game, input);
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'idempotency_keys_pkey') throw new IdempotencyKeyTaken();
      throw error;
    }
  }

  withDueGame<T>(work: (log: GameLog, due: GameWithSeats) => Promise<T>): Promise<{ value: T } | null> {
    return inTransaction(this.pool, async (tx) => {
      const due = await this.store.lockDueGame(tx);
      if (!due) return null;
      return { value: await work(new PostgresGameLog(this.store, tx, this.pool), due) };
    });
  }

  deferExpiry(gameId: string, until: Date) {
    return this.store.deferExpiry(this.db, gameId, until);
  }

  nextDeadline() {
    return this.store.nextDeadline(this.db);
  }

  unnotified(limit: number) {
    return this.store.unnotified(this.db, limit);
  }

  markNotified(marks: readonly NotifiedMark[]) {
    return this.store.markNotified(this.db, marks);
  }
}
