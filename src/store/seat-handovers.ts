// Seats changing hands outside the rules (issue 31), over Postgres: an open game called off or a
// seat left before the start (src/service/leaving.ts), and absent players' seats handed to a bot
// and taken back (src/service/absent-seats.ts), with the record of each handover.

import type { Queryable } from '../db/queryable.ts';
import type { SeatHandover } from '../service/ports/records.ts';

/** An open game is called off: its seats, then the game (invitations, chat and webhooks go with it: ON DELETE CASCADE). */
export async function cancelGame(db: Queryable, gameId: string): Promise<void> {
  await db.query(`DELETE FROM game_seats WHERE game_id = $1`, [gameId]);
  await db.query(`DELETE FROM games WHERE id = $1 AND status = 'open'`, [gameId]);
}

/** The account leaves its seat of an open game: free again. */
export async function freeSeat(db: Queryable, gameId: string, seat: number, accountId: string): Promise<void> {
  await db.query(`UPDATE game_seats SET account_id = NULL, claimed_at = NULL WHERE game_id = $1 AND seat = $2 AND account_id = $3`, [gameId, seat, accountId]);
}

/**
 * The seats whose deadlines just passed (the expiry appended at `version`) count one more miss; a
 * seat that sent a command of its own since its last miss starts again from one. Those reaching
 * `after` in a row are handed to a bot, and the handover recorded. One statement, run in the
 * transaction that appended the expiry: counted once, or not at all. Returns the seats handed over.
 */
export async function recordMisses(db: Queryable, gameId: string, seats: readonly number[], version: number, after: number): Promise<number[]> {
  if (seats.length === 0 || after <= 0) return [];
  const { rows } = await db.query<{ seat: number }>({
    name: 'record-misses',
    text: `WITH counted AS (
       SELECT s.seat,
              CASE WHEN EXISTS (SELECT 1 FROM commands c WHERE c.game_id = s.game_id AND c.sender_kind = 'seat' AND c.seat = s.seat AND c.version > s.missed_version)
                   THEN 1 ELSE s.missed_deadlines + 1 END AS missed
         FROM game_seats s
        WHERE s.game_id = $1 AND s.seat = ANY($2::int[]) AND s.account_id IS NOT NULL AND NOT s.bot AND s.absent_since IS NULL
     ), changed AS (
       UPDATE game_seats s SET missed_deadlines = c.missed, missed_version = $3,
              absent_since = CASE WHEN c.missed >= $4 THEN now() END
         FROM counted c WHERE s.game_id = $1 AND s.seat = c.seat
       RETURNING s.seat, s.absent_since IS NOT NULL AS absent
     ), recorded AS (
       INSERT INTO seat_handovers (game_id, seat, kind, version) SELECT $1, seat, 'absent', $3 FROM changed WHERE absent
     )
     SELECT seat FROM changed WHERE absent ORDER BY seat`,
    values: [gameId, seats, version, after],
  });
  return rows.map((r) => r.seat);
}

/**
 * The player takes the seat back: theirs again, its count of misses started afresh, the handover
 * recorded. The clock revision moves, so a bot's move decided before it is decided again (and
 * refused: the seat is no longer the bot's).
 */
export async function takeBack(db: Queryable, gameId: string, seat: number, version: number): Promise<void> {
  await db.query(`UPDATE game_seats SET absent_since = NULL, missed_deadlines = 0, missed_version = $3 WHERE game_id = $1 AND seat = $2`, [gameId, seat, version]);
  await db.query(`INSERT INTO seat_handovers (game_id, seat, kind, version) VALUES ($1, $2, 'returned', $3)`, [gameId, seat, version]);
  await db.query(`UPDATE games SET clock_revision = clock_revision + 1 WHERE id = $1`, [gameId]);
}

/** The game's handovers, oldest first. */
export async function handoversOf(db: Queryable, gameId: string): Promise<SeatHandover[]> {
  const { rows } = await db.query<SeatHandover>(
    `SELECT seat, kind, version, at FROM seat_handovers WHERE game_id = $1 ORDER BY id LIMIT 1000`,
    [gameId],
  );
  return rows;
}
