// Who sits where: the lobby's view of a game. A seat is held by an account, by a bot, or is free.

import type { Queryable } from '../db/queryable.ts';
import { violatedUniqueConstraint } from '../db/transaction.ts';
import type { SeatClaim } from '../service/ports/game-records.ts';
import type { SeatRow } from '../service/ports/records.ts';

export type { SeatRow } from '../service/ports/records.ts';

export async function createSeats(db: Queryable, gameId: string, bots: boolean[]): Promise<void> {
  await db.query(
    `INSERT INTO game_seats (game_id, seat, bot) SELECT $1, s - 1, b FROM unnest($2::boolean[]) WITH ORDINALITY AS t(b, s)`,
    [gameId, bots],
  );
}

/**
 * A select-list column `seats`: the game's seats as `seatsOf` returns them, for reading a game and
 * its seats in one query. `games` is the games table's alias in that query.
 */
export const seatsColumn = (games: string): string =>
  `COALESCE((SELECT json_agg(json_build_object('seat', s.seat, 'accountId', s.account_id, 'handle', a.handle, 'bot', s.bot, 'pausedUntil', a.vacation_until, 'absent', s.absent_since IS NOT NULL) ORDER BY s.seat)
     FROM game_seats s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ${games}.id), '[]'::json) AS seats`;

export async function seatsOf(db: Queryable, gameId: string): Promise<SeatRow[]> {
  const { rows } = await db.query<SeatRow>(
    `SELECT s.seat, s.account_id AS "accountId", a.handle, s.bot, a.vacation_until AS "pausedUntil", s.absent_since IS NOT NULL AS absent
     FROM game_seats s LEFT JOIN accounts a ON a.id = s.account_id
     WHERE s.game_id = $1 ORDER BY s.seat`,
    [gameId],
  );
  return rows;
}

/** The unique index that keeps an account to one seat per game (migration one_seat_per_account). */
const ONE_SEAT_PER_ACCOUNT = 'game_seats_game_id_account_id_key';

/**
 * Takes a free seat: 'taken' when it was not free, 'already-seated' when the account holds another
 * seat of the game. The unique index decides the latter, so two claims at once cannot both pass;
 * the transaction is then aborted, and the caller must refuse (roll back).
 */
export async function claimSeat(db: Queryable, gameId: string, seat: number, accountId: string): Promise<SeatClaim> {
  try {
    const { rowCount } = await db.query(
      `UPDATE game_seats SET account_id = $3, claimed_at = now()
       WHERE game_id = $1 AND seat = $2 AND account_id IS NULL AND NOT bot`,
      [gameId, seat, accountId],
    );
    return rowCount === 1 ? 'claimed' : 'taken';
  } catch (error) {
    if (violatedUniqueConstraint(error) === ONE_SEAT_PER_ACCOUNT) return 'already-seated';
    throw error;
  }
}

/** Games where the account holds a seat, newest activity first. */
export async function gamesOfAccount(db: Queryable, accountId: string): Promise<{ gameId: string; seat: number }[]> {
  const { rows } = await db.query<{ gameId: string; seat: number }>(
    `SELECT s.game_id AS "gameId", s.seat FROM game_seats s JOIN games g ON g.id = s.game_id
     WHERE s.account_id = $1 ORDER BY g.updated_at DESC LIMIT 500`,
    [accountId],
  );
  return rows;
}
