// Bots against the clock: four bot seats under live clocks scaled down a thousandfold,
// with the job worker on, so expiries race the bots' own answers. The game finishes on its own,
// and its log replays through the rules exactly (what `npm run verify` checks).

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MIN_SECONDS, presetClocks } from '../../src/clock/clocks.ts';
import { helterSkelter } from '../../src/games/helter-skelter/index.ts';
import { verifyAll } from '../../src/service/verify.ts';
import { EventStore } from '../../src/store/event-store.ts';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { as, registerPlayer } from '../support/players.ts';
import { storedGames } from '../../src/store/game-records.ts';
import { GAMES as REGISTERED } from '../../src/service/registry.ts';

const t = useTestApp({ worker: QUICK_WORKER });

const TEAMS = ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'];
/** `live`, a thousand times faster: turn 0.3 s, defence 0.06 s, set-up 0.18 s, interrupt 0.05 s (the floor). */
const SCALED = Object.fromEntries(Object.entries(presetClocks('live', helterSkelter.situations)).map(([k, ms]) => [k, Math.max(MIN_SECONDS, ms / 1000 / 1000)]));

describe('a game of four bots on short clocks', () => {
  it('finishes on its own, and its log verifies', async () => {
    const owner = await registerPlayer(t.app);
    const created = await request(t.app.server)
      .post('/v1/games')
      .set(as(owner))
      .send({ game: 'helter-skelter', options: { map: 'grand-hall-of-justice', clock: SCALED, seats: TEAMS.map((team) => ({ team, bot: true })) } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;

    const stop = Date.now() + 90_000;
    let status = '';
    while (Date.now() < stop) {
      ({ status } = (await t.db.pool.query(`SELECT status FROM games WHERE id = $1`, [id])).rows[0]);
      if (status === 'finished') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('finished');
    await t.parts.gameService.bots.idle();

    const game = (await request(t.app.server).get(`/v1/games/${id}`)).body;
    expect(game.view.winners.length).toBeGreaterThan(0);
    expect(game.awaiting).toEqual([]);

    // Expiries that raced the bots: each window at most once, and none left waiting.
    const { rows: expiries } = await t.db.pool.query(
      `SELECT payload->>'windowId' AS "windowId" FROM commands WHERE game_id = $1 AND sender_kind = 'system' AND type = 'EXPIRE_WINDOW'`,
      [id],
    );
    const windows = expiries.map((e) => e.windowId);
    expect(new Set(windows).size).toBe(windows.length);
    const { rows: jobs } = await t.db.pool.query(`SELECT key FROM graphile_worker.jobs WHERE key LIKE $1`, [`expire:${id}:%`]);
    expect(jobs).toEqual([]);

    // The log verifier, as `npm run verify` runs it, over this test's database (this one game).
    const report = await verifyAll(REGISTERED, storedGames(new EventStore(t.db.pool)));
    expect(report.games).toBe(1);
    expect(report.commands).toBeGreaterThan(0);
    expect(report.mismatches).toEqual([]);
  }, 120_000);
});

describe('a bot loop that fails', () => {
  it('is tried again with backoff, and the game still finishes', async () => {
    const owner = await registerPlayer(t.app);
    // The first two moves the bots try fail as a lost database connection would.
    const play = t.parts.gameService.play;
    const submit = play.submit.bind(play);
    let failures = 2;
    play.submit = async (...args: Parameters<typeof submit>) => {
      if (failures > 0) {
        failures--;
        throw new Error('Connection terminated unexpectedly');
      }
      return submit(...args);
    };
    try {
      const created = await request(t.app.server)
        .post('/v1/games')
        .set(as(owner))
        .send({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges', bot: true }, { team: 'slaine', bot: true }] } });
      expect(created.status).toBe(201);
      const stop = Date.now() + 60_000;
      let status = '';
      while (Date.now() < stop && status !== 'finished') {
        ({ status } = (await t.db.pool.query(`SELECT status FROM games WHERE id = $1`, [created.body.id])).rows[0]);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(failures).toBe(0);
      expect(status).toBe('finished');
    } finally {
      play.submit = submit;
    }
  }, 90_000);
});
