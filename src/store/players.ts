// The service's player records (src/service/ports/players.ts) over Postgres. Raw SQL: each read
// joins seats, games, outcomes and accounts, filtered to the games any visitor could list.

import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { FinishedCursor, PlayerCounts, PlayerGameRow, PlayerRecords, StoredRating } from '../service/ports/players.ts';
import type { RatingSystem } from '../service/ports/outcomes.ts';

/** A game any visitor could list: not one whose creator chose its seed or position (reached by link only). */
/** What any visitor may see of a player's games: neither a seeded game nor a private one (src/service/invites.ts). */
const LISTABLE = `coalesce((g.options->'fairness'->>'seeded')::boolean, false) = false AND coalesce((g.options->>'private')::boolean, false) = false`;

/** The columns of a `PlayerGameRow`, over `game_seats s` (the player's seat) and `games g`. */
const GAME_COLUMNS = `g.id, g.module, g.status, g.options->'public' AS "publicOptions", s.seat,
  (SELECT json_agg(json_build_object('seat', x.seat, 'handle', a.handle, 'botKind', CASE WHEN x.bot THEN coalesce(g.options->'botKinds'->>x.seat, 'random') END) ORDER BY x.seat)
     FROM game_seats x LEFT JOIN accounts a ON a.id = x.account_id WHERE x.game_id = g.id) AS seats,
  o.winners, coalesce((g.options->>'rated')::boolean, false) AS rated, g.created_at AS "createdAt", g.updated_at AS "updatedAt"`;

export class PostgresPlayerRecords implements PlayerRecords {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async account(handle: string): Promise<{ id: string; handle: string } | null> {
    const { rows } = await this.pool.query<{ id: string; handle: string }>(`SELECT id, handle FROM accounts WHERE lower(handle) = lower($1)`, [handle]);
    return rows[0] ?? null;
  }

  async inProgress(accountId: string, limit: number): Promise<PlayerGameRow[]> {
    const { rows } = await this.pool.query<PlayerGameRow>(
      `SELECT ${GAME_COLUMNS} FROM game_seats s JOIN games g ON g.id = s.game_id LEFT JOIN game_outcomes o ON o.game_id = g.id
       WHERE s.account_id = $1 AND g.status = 'active' AND ${LISTABLE}
       ORDER BY g.updated_at DESC, g.id DESC LIMIT $2`,
      [accountId, limit],
    );
    return rows;
  }

  async ended(accountId: string, cursor: FinishedCursor | null, limit: number): Promise<PlayerGameRow[]> {
    const { rows } = await this.pool.query<PlayerGameRow>(
      `SELECT ${GAME_COLUMNS} FROM game_seats s JOIN games g ON g.id = s.game_id LEFT JOIN game_outcomes o ON o.game_id = g.id
       WHERE s.account_id = $1 AND g.status IN ('finished', 'abandoned') AND ${LISTABLE}
         AND ($2::timestamptz IS NULL OR (g.updated_at, g.id) < ($2::timestamptz, $3::uuid))
       ORDER BY g.updated_at DESC, g.id DESC LIMIT $4`,
      [accountId, cursor?.at ?? null, cursor?.id ?? null, limit],
    );
    return rows;
  }

  async counts(accountId: string): Promise<PlayerCounts[]> {
    // Results as src/service/players.ts's resultOf reads the winners: none or all of the seats, a draw.
    const { rows } = await this.pool.query<PlayerCounts>(
      `SELECT g.module,
              count(*) FILTER (WHERE g.status = 'active')::int AS "inProgress",
              count(*) FILTER (WHERE g.status = 'finished')::int AS finished,
              count(*) FILTER (WHERE o.game_id IS NOT NULL AND cardinality(o.winners) > 0 AND cardinality(o.winners) < n.seats AND s.seat = ANY(o.winners))::int AS won,
              count(*) FILTER (WHERE o.game_id IS NOT NULL AND cardinality(o.winners) > 0 AND cardinality(o.winners) < n.seats AND NOT s.seat = ANY(o.winners))::int AS lost,
              count(*) FILTER (WHERE o.game_id IS NOT NULL AND (cardinality(o.winners) = 0 OR cardinality(o.winners) >= n.seats))::int AS drawn,
              count(*) FILTER (WHERE g.status = 'abandoned')::int AS abandoned
         FROM game_seats s JOIN games g ON g.id = s.game_id LEFT JOIN game_outcomes o ON o.game_id = g.id
         CROSS JOIN LATERAL (SELECT count(*)::int AS seats FROM game_seats x WHERE x.game_id = g.id) n
        WHERE s.account_id = $1 AND g.status <> 'open' AND ${LISTABLE}
        GROUP BY g.module ORDER BY g.module`,
      [accountId],
    );
    return rows;
  }

  async ratings(accountId: string): Promise<StoredRating[]> {
    const { rows } = await this.pool.query<{ module: string; system: RatingSystem; rating: number; deviation: number; volatility: number | null; games: number }>(
      `SELECT game AS module, system, rating, deviation, volatility, games FROM ratings WHERE account_id = $1 ORDER BY game, system`,
      [accountId],
    );
    return rows.map((r) => ({ module: r.module, system: r.system, value: { rating: r.rating, deviation: r.deviation, volatility: r.volatility }, games: r.games }));
  }

  async gamesStamp(accountId: string): Promise<{ stamp: string; moving: string[] }> {
    const { rows } = await this.pool.query<{ id: string; version: number; status: string; seatsRevision: number }>(
      `SELECT g.id, g.version, g.status, g.seats_revision AS "seatsRevision" FROM game_seats s JOIN games g ON g.id = s.game_id
       WHERE s.account_id = $1 ORDER BY g.updated_at DESC, g.id LIMIT 500`,
      [accountId],
    );
    const hash = createHash('sha256');
    for (const r of rows) hash.update(`${r.id}:${r.version}:${r.status}:${r.seatsRevision}\n`);
    return { stamp: hash.digest('base64url').slice(0, 22), moving: rows.filter((r) => r.status === 'open' || r.status === 'active').map((r) => r.id) };
  }
}
