// `games.seats_revision` moves whenever what a reader is shown of a game's seats may have changed
// (triggers: migration 20261129090000_seats_revision). A process holding a game's row and seats in
// memory reads only the row's changing part and trusts what it holds while the version, clock
// revision and this revision stay (src/service/views.ts): a change it missed must move one of them.

import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/database.ts';

const db = useTestDatabase();

let n = 0;
async function account(): Promise<string> {
  n++;
  const { rows } = await db.pool.query<{ id: string }>(`INSERT INTO accounts (handle, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`, [
    `sr-${n}`,
    `sr-${n}@example.test`,
  ]);
  return rows[0]!.id;
}

async function game(): Promise<string> {
  const { rows } = await db.pool.query<{ id: string }>(`INSERT INTO games (module, status, options) VALUES ('helter-skelter', 'open', '{}') RETURNING id`);
  return rows[0]!.id;
}

const revision = async (gameId: string) => (await db.pool.query<{ r: number }>(`SELECT seats_revision AS r FROM games WHERE id = $1`, [gameId])).rows[0]!.r;

describe('a game’s seats revision', () => {
  it('moves when a seat is added, taken or given up, and not for another game’s seats', async () => {
    const [g, other] = [await game(), await game()];
    await db.pool.query(`INSERT INTO game_seats (game_id, seat, bot) VALUES ($1, 0, false), ($1, 1, true)`, [g]);
    const made = await revision(g);
    expect(made).toBe(2);
    await db.pool.query(`UPDATE game_seats SET account_id = $2 WHERE game_id = $1 AND seat = 0`, [g, await account()]);
    expect(await revision(g)).toBe(made + 1);
    await db.pool.query(`UPDATE game_seats SET account_id = NULL WHERE game_id = $1 AND seat = 0`, [g]);
    expect(await revision(g)).toBe(made + 2);
    expect(await revision(other)).toBe(0);
  });

  it('moves in every game of an account whose handle or vacation changes, and not for what seats do not show', async () => {
    const alice = await account();
    const [g1, g2, elsewhere] = [await game(), await game(), await game()];
    for (const g of [g1, g2]) await db.pool.query(`INSERT INTO game_seats (game_id, seat, account_id) VALUES ($1, 0, $2)`, [g, alice]);
    await db.pool.query(`INSERT INTO game_seats (game_id, seat, account_id) VALUES ($1, 0, $2)`, [elsewhere, await account()]);
    const before = await Promise.all([g1, g2, elsewhere].map(revision));

    await db.pool.query(`UPDATE accounts SET vacation_until = now() + interval '3 days' WHERE id = $1`, [alice]);
    await db.pool.query(`UPDATE accounts SET handle = 'alice-renamed' WHERE id = $1`, [alice]);
    expect(await Promise.all([g1, g2, elsewhere].map(revision))).toEqual([before[0]! + 2, before[1]! + 2, before[2]]);

    // Preferences, sessions, the same handle written again: nothing a seat shows.
    await db.pool.query(`UPDATE accounts SET preferences = '{"timeZone":"Europe/Paris"}', session_generation = session_generation + 1, handle = handle WHERE id = $1`, [alice]);
    expect(await Promise.all([g1, g2].map(revision))).toEqual([before[0]! + 2, before[1]! + 2]);
  });

  it('moves when a seated account is deleted (its seats freed by the foreign key)', async () => {
    const bob = await account();
    const g = await game();
    await db.pool.query(`INSERT INTO game_seats (game_id, seat, account_id) VALUES ($1, 0, $2)`, [g, bob]);
    const before = await revision(g);
    await db.pool.query(`DELETE FROM accounts WHERE id = $1`, [bob]);
    expect(await revision(g)).toBe(before + 1);
  });
});
