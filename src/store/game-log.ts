// The service's event-log port (src/service/ports/game-log.ts) over Postgres: `EventStore`'s SQL,
// on the pool or inside a transaction holding a game. Its twin for tests of the service that are
// not tests of Postgres is `MemoryGameLog` (memory-game-log.ts).

import type pg from 'pg';
import type { Queryable } from '../db/queryable.ts';
import type { AppendInput, EventStore, GameRow } from './event-store.ts';
import { IdempotencyKeyTaken, type GameLog, type NotifiedMark } from '../service/ports/game-log.ts';
import type { Appended, GameWithSeats } from '../service/ports/records.ts';
import { recordMisses } from './seat-handovers.ts';

export { IdempotencyKeyTaken, type GameLog, type NotifiedMark } from '../service/ports/game-log.ts';
export type { GameWithSeats } from '../service/ports/records.ts';

export class PostgresGameLog implements GameLog {
  readonly store: EventStore;
  private readonly db: Queryable;
  private readonly pool: pg.Pool;

  constructor(
    store: EventStore,
    /** Where reads and writes go: the pool, or a transaction holding a game (`withDueGame`). */
    db: Queryable,
    pool: pg.Pool,
  ) {
    this.store = store;
    this.db = db;
    this.pool = pool;
  }

  read(gameId: string) {
    return this.store.gameWithSeats(this.db, gameId);
  }

  snapshot(gameId: string, atMost: number) {
    return this.store.snapshot(this.db, gameId, atMost);
  }

  events(gameId: string, after: number, upTo?: number, limit?: number) {
    return this.store.events(this.db, gameId, after, upTo, limit);
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
    return this.store.withDueGame(this.pool, (tx, due) => work(new PostgresGameLog(this.store, tx, this.pool), due));
  }

  recordMisses(gameId: string, seats: readonly number[], version: number, after: number) {
    return recordMisses(this.db, gameId, seats, version, after);
  }

  deferExpiry(gameId: string, until: Date | null) {
    return this.store.deferExpiry(this.db, gameId, until);
  }

  nextDeadline(after?: Date) {
    return this.store.nextDeadline(this.db, after);
  }

  unnotified(limit: number) {
    return this.store.unnotified(this.db, limit);
  }

  markNotified(marks: readonly NotifiedMark[]) {
    return this.store.markNotified(this.db, marks);
  }
}
