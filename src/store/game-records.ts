// The service's game-records port (src/service/ports/game-records.ts) over Postgres: the event
// store's SQL for games and seats, Prisma Client for the open-games listing (not a hot path,
// docs/operations.md).

import type pg from 'pg';
import type { Deadline } from '../clock/deadlines.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { lockLimit } from '../db/limit-locks.ts';
import type { Queryable } from '../db/queryable.ts';
import type { GameRecords, HeldGame } from '../service/ports/game-records.ts';
import type { StoredGames } from '../service/verify.ts';
import type { GameRow, SeatRow, StoredOptions } from '../service/ports/records.ts';
import type { EventStore } from './event-store.ts';
import { claimSeat, createSeats, gamesOfAccount, seatsOf } from './seats.ts';
import { cancelGame, freeSeat, handoversOf, takeBack } from './seat-handovers.ts';

/** The changes a transaction holding a game may make, on that transaction's connection. */
function held(store: EventStore, tx: Queryable): HeldGame {
  return {
    claimSeat: (gameId, seat, accountId) => claimSeat(tx, gameId, seat, accountId),
    seatsOf: (gameId) => seatsOf(tx, gameId),
    start: (gameId, deadlines: Deadline[], channel) => store.start(tx, gameId, deadlines, channel),
    moveDeadlines: (game, deadlines, channel) => store.moveDeadlines(tx, game, deadlines, channel),
    cancel: (gameId) => cancelGame(tx, gameId),
    freeSeat: (gameId, seat, accountId) => freeSeat(tx, gameId, seat, accountId),
    takeBack: (gameId, seat, version) => takeBack(tx, gameId, seat, version),
  };
}

export class PostgresGameRecords implements GameRecords {
  private readonly store: EventStore;
  private readonly pool: pg.Pool;
  private readonly prisma: PrismaClient;

  constructor(
    store: EventStore,
    pool: pg.Pool,
    prisma: PrismaClient,
  ) {
    this.store = store;
    this.pool = pool;
    this.prisma = prisma;
  }

  read(gameId: string) {
    return this.store.gameWithSeats(this.pool, gameId);
  }

  stamp(gameId: string) {
    return this.store.stamp(this.pool, gameId);
  }

  game(gameId: string) {
    return this.store.game(this.pool, gameId);
  }

  events(gameId: string, after: number, upTo?: number, limit?: number) {
    return this.store.events(this.pool, gameId, after, upTo, limit);
  }

  commands(gameId: string) {
    return this.store.commands(this.pool, gameId);
  }

  gameIds() {
    return this.store.gameIds(this.pool);
  }

  createGame<T>(
    module: string,
    options: StoredOptions,
    bots: boolean[],
    then: (held: HeldGame, game: GameRow, seats: SeatRow[]) => Promise<T>,
    check?: (created: { open: number; today: number }) => void,
  ): Promise<T> {
    return this.store.transaction(async (tx) => {
      if (check && options.createdBy) {
        // Creations by one account wait here for each other: each counts the others' games.
        await lockLimit(tx, 'games', options.createdBy);
        check(await gamesCreatedBy(tx, options.createdBy));
      }
      const game = await this.store.createGame(tx, { module, status: 'open', options, createdBy: options.createdBy });
      await createSeats(tx, game.id, bots);
      return then(held(this.store, tx), game, await seatsOf(tx, game.id));
    });
  }

  withGameLocked<T>(gameId: string, work: (held: HeldGame, game: GameRow, seats: SeatRow[]) => Promise<T>) {
    return this.store.withGameLocked(gameId, (tx, game, seats) => work(held(this.store, tx), game, seats));
  }

  gamesCreatedBy(accountId: string): Promise<{ open: number; today: number }> {
    return gamesCreatedBy(this.pool, accountId);
  }

  async openGames(limit: number, include: { chosen: boolean; game?: string }): Promise<string[]> {
    const games = await this.prisma.game.findMany({
      where: {
        status: 'open',
        seats: { some: { accountId: null, bot: false } },
        ...(include.game === undefined ? {} : { module: include.game }),
        AND: [
          { options: { path: ['private'], equals: false } },
          ...(include.chosen ? [] : [{ options: { path: ['fairness', 'seeded'], equals: false } }]),
        ],
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit,
      select: { id: true },
    });
    return games.map((g) => g.id);
  }

  gamesOfAccount(accountId: string) {
    return gamesOfAccount(this.pool, accountId);
  }

  async gamesAwaitingBots(limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT DISTINCT g.id
         FROM games g
         JOIN game_seats s ON s.game_id = g.id AND (s.bot OR s.absent_since IS NOT NULL)
        WHERE g.status = 'active'
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(g.deadlines) d WHERE (d->>'seat')::int = s.seat)
        LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  async gamesAwaitingAccount(accountId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ gameId: string }>(
      `SELECT s.game_id AS "gameId" FROM game_seats s JOIN games g ON g.id = s.game_id
       WHERE s.account_id = $1 AND g.status = 'active'
         AND EXISTS (SELECT 1 FROM jsonb_array_elements(g.deadlines) d WHERE (d->>'seat')::int = s.seat)`,
      [accountId],
    );
    return rows.map((r) => r.gameId);
  }

  pausesChanged(accountId: string) {
    return this.store.pausesChanged(this.pool, accountId);
  }

  handovers(gameId: string) {
    return handoversOf(this.pool, gameId);
  }
}

/** The account's games waiting for players, and those it created in the last 24 hours. */
async function gamesCreatedBy(db: Queryable, accountId: string): Promise<{ open: number; today: number }> {
  const { rows } = await db.query<{ open: number; today: number }>(
    `SELECT count(*) FILTER (WHERE status = 'open')::int AS open,
            count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS today
       FROM games WHERE created_by = $1 AND (status = 'open' OR created_at > now() - interval '1 day')`,
    [accountId],
  );
  return rows[0]!;
}

/** The stored games as verification reads them (`npm run verify`). */
export const storedGames = (store: EventStore): StoredGames => ({
  gameIds: () => store.gameIds(store.pool),
  game: (id) => store.game(store.pool, id),
  commands: (id) => store.commands(store.pool, id),
  events: (id, after, upTo, limit) => store.events(store.pool, id, after, upTo, limit),
});
