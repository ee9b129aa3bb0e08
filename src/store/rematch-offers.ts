// The service's RematchOffers port over Postgres (`rematch_offers`, one row per ended game). Each
// write is one statement comparing the row's version: of two answers read at the same version,
// one is stored and the other reads again, so exactly one finds every seat accepted and starts the
// rematch, and no connection is held while it does.

import type pg from 'pg';
import type { RematchChange, RematchOffers, StoredRematch } from '../service/ports/rematch-offers.ts';

const COLUMNS = `offered_by AS "offeredBy", accepted, declined, new_game_id AS "newGameId", starting_at AS "startingAt", created_at AS "createdAt", version`;

export class RematchOfferTable implements RematchOffers {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async read(gameId: string): Promise<StoredRematch | null> {
    const { rows } = await this.pool.query<StoredRematch>(`SELECT ${COLUMNS} FROM rematch_offers WHERE game_id = $1`, [gameId]);
    return rows[0] ?? null;
  }

  async write(gameId: string, version: number | null, next: RematchChange): Promise<StoredRematch | null> {
    const values = [gameId, next.offeredBy, next.accepted, next.declined, next.startingAt, next.createdAt];
    const { rows } =
      version === null
        ? await this.pool.query<StoredRematch>(
            `INSERT INTO rematch_offers (game_id, offered_by, accepted, declined, starting_at, created_at, version) VALUES ($1, $2, $3, $4, $5, $6, 1)
             ON CONFLICT (game_id) DO NOTHING RETURNING ${COLUMNS}`,
            values,
          )
        : await this.pool.query<StoredRematch>(
            `UPDATE rematch_offers SET offered_by = $2, accepted = $3, declined = $4, starting_at = $5, created_at = $6, version = version + 1
              WHERE game_id = $1 AND version = $7 AND new_game_id IS NULL RETURNING ${COLUMNS}`,
            [...values, version],
          );
    return rows[0] ?? null;
  }

  async started(gameId: string, newGameId: string): Promise<StoredRematch> {
    const { rows } = await this.pool.query<StoredRematch>(
      `UPDATE rematch_offers SET new_game_id = $2, starting_at = NULL, version = version + 1 WHERE game_id = $1 RETURNING ${COLUMNS}`,
      [gameId, newGameId],
    );
    return rows[0]!;
  }

  async notStarting(gameId: string): Promise<void> {
    await this.pool.query(`UPDATE rematch_offers SET starting_at = NULL, version = version + 1 WHERE game_id = $1 AND new_game_id IS NULL`, [gameId]);
  }
}
