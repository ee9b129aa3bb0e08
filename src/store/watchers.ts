// `game_watchers`: which processes have readers waiting on a game (src/service/ports/changes.ts).
// Read by the append's NOTIFY condition (src/store/event-store.ts); written here, rarely: when a
// process's first reader of a game arrives, on each renewal, and when its last one leaves.

import type pg from 'pg';
import type { Watchers } from '../service/ports/changes.ts';

export class PostgresWatchers implements Watchers {
  constructor(private readonly pool: pg.Pool) {}

  async watch(processId: string, gameIds: readonly string[], seconds: number): Promise<void> {
    if (gameIds.length === 0) return;
    // Lapsed rows (a crashed process's) go at the same time: the table stays as small as the readers.
    await this.pool.query(
      `WITH lapsed AS (DELETE FROM game_watchers WHERE expires_at < now())
       INSERT INTO game_watchers (game_id, process_id, expires_at)
       SELECT g, $1::uuid, now() + make_interval(secs => $3) FROM unnest($2::uuid[]) AS g
       ON CONFLICT (game_id, process_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
      [processId, gameIds, seconds],
    );
  }

  async unwatch(processId: string, gameIds?: readonly string[]): Promise<void> {
    if (gameIds === undefined) await this.pool.query(`DELETE FROM game_watchers WHERE process_id = $1`, [processId]);
    else if (gameIds.length > 0) await this.pool.query(`DELETE FROM game_watchers WHERE process_id = $1 AND game_id = ANY($2::uuid[])`, [processId, gameIds]);
  }
}
