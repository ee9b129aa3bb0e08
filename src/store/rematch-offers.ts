// The service's RematchOffers port over Postgres (`rematch_offers`, one row per ended game). A
// change holds the ended game's row lock for its transaction: every answer to one offer waits for
// the one before, so exactly one of them finds every seat accepted and starts the rematch.

import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
import type { RematchOffers, StoredRematch } from '../service/ports/rematch-offers.ts';

const COLUMNS = `game_id AS "gameId", offered_by AS "offeredBy", accepted, declined, new_game_id AS "newGameId", created_at AS "createdAt"`;

export class RematchOfferTable implements RematchOffers {
  constructor(private readonly pool: pg.Pool) {}

  async read(gameId: string): Promise<StoredRematch | null> {
    const { rows } = await this.pool.query<StoredRematch>(`SELECT ${COLUMNS} FROM rematch_offers WHERE game_id = $1`, [gameId]);
    return rows[0] ?? null;
  }

  change<T>(gameId: string, work: (stored: StoredRematch | null) => Promise<{ save: StoredRematch | null; answer: T }>): Promise<T> {
    return inTransaction(this.pool, async (tx) => {
      // The ended game's row: nothing else writes it any more but its outcome's record, briefly.
      await tx.query(`SELECT 1 FROM games WHERE id = $1 FOR UPDATE`, [gameId]);
      const { rows } = await tx.query<StoredRematch>(`SELECT ${COLUMNS} FROM rematch_offers WHERE game_id = $1`, [gameId]);
      const { save, answer } = await work(rows[0] ?? null);
      if (save)
        await tx.query(
          `INSERT INTO rematch_offers (game_id, offered_by, accepted, declined, new_game_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (game_id) DO UPDATE SET offered_by = excluded.offered_by, accepted = excluded.accepted, declined = excluded.declined,
             new_game_id = excluded.new_game_id, created_at = excluded.created_at`,
          [gameId, save.offeredBy, save.accepted, save.declined, save.newGameId, save.createdAt],
        );
      return answer;
    });
  }
}
