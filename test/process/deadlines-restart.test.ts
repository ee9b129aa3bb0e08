// A deadline survives the death of the process that set it: it is stored with the game
// (`games.next_deadline`), not held in a process. A real server process opens a window, is killed
// outright before the deadline, and a new process on the same database fires it, once.

import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/database.ts';
import { readGame, register, startGame } from '../support/http-client.ts';
import { jobServiceEnv, startService, stopLeftoverServices } from '../support/service-process.ts';

const db = useTestDatabase();
afterAll(stopLeftoverServices); // before the database goes: vitest runs afterAll hooks last first
const env = () => jobServiceEnv(db.database.url);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function expiries(gameId: string, windowId: string): Promise<{ acceptedAt: Date }[]> {
  const { rows } = await db.pool.query(
    `SELECT accepted_at AS "acceptedAt" FROM commands
      WHERE game_id = $1 AND sender_kind = 'system' AND type = 'EXPIRE_WINDOW' AND payload->>'windowId' = $2`,
    [gameId, windowId],
  );
  return rows;
}

/** When the sweepers will next expire a window of the game, in ms. */
const nextExpiry = async (gameId: string): Promise<number | null> =>
  ((await db.pool.query(`SELECT next_deadline FROM games WHERE id = $1`, [gameId])).rows[0].next_deadline as Date | null)?.getTime() ?? null;

describe('a deadline set by a process that dies', () => {
  it('fires once, in the next process on the same database', async () => {
    const first = await startService(env());
    const players = await Promise.all([0, 1].map(() => register(first.url, 'restart')));
    const id = await startGame(first.url, players, { clock: { setup: 1.5 } });
    const opened = await readGame(first.url, id, null);
    expect(opened.awaiting.map((a) => a.situation)).toEqual(['setup', 'setup']);
    const { windowId } = opened.awaiting[0]!;
    const deadline = Date.parse(opened.awaiting[0]!.deadline!);

    // Killed outright while the window is open: no shutdown, no chance to run the job.
    expect(Date.now()).toBeLessThan(deadline);
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await nextExpiry(id)).toBe(deadline);

    // The deadline passes with no process running: nothing fires.
    while (Date.now() < deadline + 300) await sleep(50);
    expect(await expiries(id, windowId)).toEqual([]);

    // A new process sweeps the overdue game at start.
    const second = await startService(env());
    const stop = Date.now() + 15_000;
    while ((await expiries(id, windowId)).length === 0 && Date.now() < stop) await sleep(50);
    const fired = await expiries(id, windowId);
    expect(fired).toHaveLength(1);
    expect(fired[0]!.acceptedAt.getTime()).toBeGreaterThanOrEqual(deadline);

    // Nothing fires it again: a few more polls later there is still exactly one.
    await sleep(800);
    expect(await expiries(id, windowId)).toHaveLength(1);
    const game = await readGame(second.url, id, null);
    expect(game.status).toBe('active');
    expect(game.awaiting.map((a) => a.situation)).toEqual(['turn']);
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM events WHERE game_id = $1 AND type = 'SetupCompleted'`, [id]);
    expect(rows[0].n).toBe(1);
    // The game's next expiry is the new turn's deadline, for the window that is open now.
    expect(await nextExpiry(id)).toBe(Date.parse(game.awaiting[0]!.deadline!));
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 60_000);
});
