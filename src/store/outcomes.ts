// The service's outcome records (src/service/ports/outcomes.ts) over Postgres: raw SQL, because
// recording is one transaction that must hold the game's row and its players' ratings in a set
// order while it reads and writes them.

import type pg from 'pg';
import type { Queryable } from '../db/queryable.ts';
import { inTransaction } from '../db/transaction.ts';
import { EventStore } from './event-store.ts';
import type { OutcomeRecords, Rating, RatingValue } from '../service/ports/outcomes.ts';

export class PostgresOutcomeRecords implements OutcomeRecords {
  private readonly store: EventStore;

  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
    this.store = new EventStore(pool);
  }

  read(gameId: string) {
    return this.store.gameWithSeats(this.pool, gameId);
  }

  async pending(limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM games WHERE status = 'finished' AND NOT outcome_recorded ORDER BY updated_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  record(gameId: string, winners: readonly number[], rating: Rating | null): Promise<boolean> {
    return inTransaction(this.pool, async (tx) => {
      // The game's row, held: a second recorder waits here, then finds the flag set.
      const held = await tx.query<{ endedAt: Date }>(
        `SELECT updated_at AS "endedAt" FROM games WHERE id = $1 AND status = 'finished' AND NOT outcome_recorded FOR UPDATE`,
        [gameId],
      );
      const endedAt = held.rows[0]?.endedAt;
      if (!endedAt) return false;
      if (rating) await rate(tx, gameId, rating);
      await tx.query(`INSERT INTO game_outcomes (game_id, winners, ended_at, rated) VALUES ($1, $2, $3, $4)`, [gameId, winners, endedAt, rating !== null]);
      await tx.query(`UPDATE games SET outcome_recorded = true WHERE id = $1`, [gameId]);
      return true;
    });
  }
}

interface RatingRow {
  accountId: string;
  rating: number;
  deviation: number;
  volatility: number | null;
}

/**
 * Moves the players' ratings, creating and then holding them in account order, so that two games
 * with players in common, recorded at once, wait for each other instead of deadlocking.
 */
async function rate(tx: Queryable, gameId: string, rating: Rating): Promise<void> {
  const accounts = rating.players.map((p) => p.accountId);
  const { initial } = rating;
  await tx.query(
    `INSERT INTO ratings (account_id, game, system, rating, deviation, volatility)
     SELECT a, $2, $3, $4, $5, $6 FROM unnest($1::uuid[]) AS a ORDER BY a
     ON CONFLICT DO NOTHING`,
    [accounts, rating.game, rating.system, initial.rating, initial.deviation, initial.volatility],
  );
  const { rows } = await tx.query<RatingRow>(
    `SELECT account_id AS "accountId", rating, deviation, volatility FROM ratings
     WHERE account_id = ANY($1::uuid[]) AND game = $2 AND system = $3 ORDER BY account_id FOR UPDATE`,
    [accounts, rating.game, rating.system],
  );
  const byAccount = new Map(rows.map((r) => [r.accountId, r]));
  const before: RatingValue[] = accounts.map((a) => {
    const r = byAccount.get(a)!;
    return { rating: r.rating, deviation: r.deviation, volatility: r.volatility };
  });
  const after = rating.rate(before);
  for (const [i, player] of rating.players.entries()) {
    const b = before[i]!;
    const a = after[i]!;
    await tx.query(
      `UPDATE ratings SET rating = $4, deviation = $5, volatility = $6, games = games + 1, updated_at = now()
       WHERE account_id = $1 AND game = $2 AND system = $3`,
      [player.accountId, rating.game, rating.system, a.rating, a.deviation, a.volatility],
    );
    await tx.query(
      `INSERT INTO rating_changes (game_id, account_id, seat, system, rank, rating_before, deviation_before, volatility_before, rating_after, deviation_after, volatility_after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [gameId, player.accountId, player.seat, rating.system, player.rank, b.rating, b.deviation, b.volatility, a.rating, a.deviation, a.volatility],
    );
  }
}
