// Bots never stall a game (issue: "A bot seat's loop that crashes stays dead today"). Bot moves are
// driven from durable state: a process killed while its bots play leaves games that the next process
// finds at start-up and plays to the end; and never does a bot act twice for one window.

import { afterAll, describe, expect, it } from 'vitest';
import { verifyAll } from '../../src/service/verify.ts';
import { EventStore } from '../../src/store/event-store.ts';
import { useTestDatabase } from '../support/database.ts';
import { call, register } from '../support/http-client.ts';
import { jobServiceEnv, startService, stopLeftoverServices } from '../support/service-process.ts';
import { storedGames } from '../../src/store/game-records.ts';
import { GAMES as REGISTERED } from '../../src/service/registry.ts';

const db = useTestDatabase();
afterAll(stopLeftoverServices); // before the database goes: vitest runs afterAll hooks last first
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TEAMS = ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'];
const GAMES = 6;

const statuses = async (ids: string[]) =>
  (await db.pool.query<{ id: string; status: string; version: number }>(`SELECT id, status, version FROM games WHERE id = ANY($1::uuid[])`, [ids])).rows;

describe('a process killed while its bots play', () => {
  it('leaves no game stalled: the next process finds every game awaiting a bot and plays it to the end', async () => {
    const first = await startService(jobServiceEnv(db.database.url));
    const owner = await register(first.url, 'botkill');
    const ids: string[] = [];
    for (let i = 0; i < GAMES; i++) {
      const created = await call(first.url, 'POST', '/v1/games', {
        token: owner.token,
        // The daily clock: nothing but the bots (and the sweep) can move these games in this test.
        body: { game: 'helter-skelter', options: { map: 'grand-hall-of-justice', clock: 'daily', seats: TEAMS.map((team) => ({ team, bot: true })) } },
      });
      expect(created.status, created.text).toBe(201);
      ids.push((created.body as { id: string }).id);
    }
    // Killed outright mid-play: loops in memory are gone, moves may be half-way through.
    await sleep(150);
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const atKill = await statuses(ids);
    expect(atKill.some((g) => g.status === 'active'), 'some games were still being played when the process died').toBe(true);

    // Nothing moves while no process runs.
    const still = await statuses(ids);
    await sleep(300);
    expect(await statuses(ids)).toEqual(still);

    const second = await startService(jobServiceEnv(db.database.url));
    const stop = Date.now() + 120_000;
    while ((await statuses(ids)).some((g) => g.status !== 'finished') && Date.now() < stop) await sleep(200);
    expect((await statuses(ids)).map((g) => g.status)).toEqual(ids.map(() => 'finished'));
    await second.stop('SIGTERM');

    // Never twice for one window, no fork: every game's log replays through the rules exactly.
    const report = await verifyAll(REGISTERED, storedGames(new EventStore(db.pool)));
    expect(report.games).toBe(GAMES);
    expect(report.mismatches).toEqual([]);
  }, 180_000);
});
