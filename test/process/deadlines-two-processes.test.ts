// Two server processes on one database, both running the job worker (docs/architecture.md §4,
// "Firing exactly once"). Games nobody plays run
// on their clocks alone; every window expires at most once and no game's log forks.

import { afterAll, describe, expect, it } from 'vitest';
import { EventStore } from '../../src/store/event-store.ts';
import { verifyGame, type VerifyReport } from '../../src/service/verify.ts';
import { useTestDatabase } from '../support/database.ts';
import { register, startGame } from '../support/http-client.ts';
import { jobServiceEnv, startService, stopLeftoverServices } from '../support/service-process.ts';
import { storedGames } from '../../src/store/game-records.ts';
import { GAMES as REGISTERED } from '../../src/service/registry.ts';

const db = useTestDatabase();
afterAll(stopLeftoverServices); // before the database goes: vitest runs afterAll hooks last first
const env = () => jobServiceEnv(db.database.url);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const GAMES = 10;
const CLOCK = { setup: 0.1, turn: 0.1, defence: 0.1, interrupt: 0.1 };
/** How long the games get to run on their own. */
const RUN_MS = 12_000;

describe('two processes, one database', () => {
  it('each window expires at most once, and every game moves on without a fork', async () => {
    const processes = await Promise.all([startService(env()), startService(env())]);
    // Half the games are created through each process, so each schedules (and rings) its own.
    const ids = await Promise.all(
      Array.from({ length: GAMES }, async (_, g) => {
        const { url } = processes[g % 2]!;
        const players = await Promise.all([0, 1].map(() => register(url, 'two')));
        return startGame(url, players, { clock: CLOCK });
      }),
    );

    const stop = Date.now() + RUN_MS;
    for (;;) {
      const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM games WHERE id = ANY($1) AND status = 'finished'`, [ids]);
      if (rows[0].n === GAMES || Date.now() > stop) break;
      await sleep(200);
    }
    for (const p of processes) expect(await p.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    // Both sweepers took part (each logs the windows it expires), and no sweep failed.
    for (const p of processes) {
      expect(p.stdout()).toMatch(/"msg":"window expired"/);
      expect(p.stdout()).not.toMatch(/deadline sweep failed/);
    }

    const { rows: expiries } = await db.pool.query<{ gameId: string; windowId: string; n: number }>(
      `SELECT game_id AS "gameId", payload->>'windowId' AS "windowId", count(*)::int AS n
         FROM commands WHERE game_id = ANY($1) AND sender_kind = 'system' AND type = 'EXPIRE_WINDOW'
        GROUP BY 1, 2`,
      [ids],
    );
    // No window expired twice.
    expect(expiries.filter((e) => e.n > 1)).toEqual([]);
    const store = new EventStore(db.pool);
    const report: VerifyReport = { games: 0, commands: 0, events: 0, mismatches: [] };
    for (const id of ids) {
      // Every game moved on by its clocks alone (set-up, then turns and windows).
      expect(expiries.filter((e) => e.gameId === id).length, `game ${id}`).toBeGreaterThanOrEqual(3);
      // No fork: commands and events numbered 1, 2, 3 … without a gap or a repeat, up to the version.
      const { rows: commands } = await db.pool.query(`SELECT seq FROM commands WHERE game_id = $1 ORDER BY seq`, [id]);
      expect(commands.map((c) => c.seq)).toEqual(commands.map((_, i) => i + 1));
      const { rows: events } = await db.pool.query(`SELECT seq FROM events WHERE game_id = $1 ORDER BY seq`, [id]);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      const game = (await store.game(db.pool, id))!;
      expect(game.version).toBe(events.length);
      // And the log replays through the rules to exactly what is stored.
      await verifyGame(REGISTERED, storedGames(store), game, report);
    }
    expect(report.mismatches).toEqual([]);
    // Finished games left no expiry job behind.
    const { rows: finished } = await db.pool.query(`SELECT id FROM games WHERE id = ANY($1) AND status = 'finished'`, [ids]);
    for (const { id } of finished) {
      const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key LIKE $1`, [`expire:${id}:%`]);
      expect(rows[0].n, `jobs left for finished game ${id}`).toBe(0);
    }
  }, 60_000);
});
