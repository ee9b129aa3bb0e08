// Deadlines fire on time (docs/architecture.md §4, "Firing exactly once"): real short clocks, the real
// job queue (graphile-worker) in the app's process, and the game's log as the witness.

import { beforeAll, describe, expect, it } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { verifyPublic } from '../../src/service/verify-public.ts';
import { call, readGame, register, startGame, type GameAnswer, type HttpPlayer } from '../support/http-client.ts';
import { GAMES as REGISTERED } from '../../src/service/registry.ts';

let players: HttpPlayer[];

const SILENT = 6;
const t = useTestApp({ worker: QUICK_WORKER, abandonAfterSilentDeadlines: SILENT });
beforeAll(async () => {
  players = await Promise.all([0, 1].map(() => register(t.base, 'clock')));
});

/** Reads the game until `done` holds, for at most `ms`. */
async function until(id: string, done: (g: GameAnswer) => boolean, ms: number): Promise<GameAnswer> {
  const stop = Date.now() + ms;
  for (;;) {
    const game = await readGame(t.base, id, null);
    if (done(game) || Date.now() > stop) return game;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function systemCommands(id: string): Promise<{ type: string; payload: { windowId: string }; accepted_at: Date }[]> {
  const { rows } = await t.db.pool.query(`SELECT type, payload, accepted_at FROM commands WHERE game_id = $1 AND sender_kind = 'system' ORDER BY seq`, [id]);
  return rows;
}

describe('deadlines', () => {
  it('every awaited seat carries its deadline, from the game clock', async () => {
    const before = Date.now();
    const id = await startGame(t.base, players, { clock: 'live' });
    const game = await readGame(t.base, id, players[0]!);
    expect(game.awaiting.map((a) => a.situation)).toEqual(['setup', 'setup']);
    for (const a of game.awaiting) {
      const due = Date.parse(a.deadline!);
      expect(due).toBeGreaterThanOrEqual(before + 3 * 60_000 - 50);
      expect(due).toBeLessThanOrEqual(Date.now() + 3 * 60_000);
    }
  });

  it('a game created without a clock gets the daily one', async () => {
    const id = await startGame(t.base, players);
    const game = await readGame(t.base, id, null);
    const hours = (Date.parse(game.awaiting[0]!.deadline!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('refuses a clock it does not know, or durations out of range', async () => {
    for (const clock of ['hourly', { turn: 0 }, { turn: 1e9 }, { lunch: 5 }, { turn: 'ten' }]) {
      const res = await call(t.base, 'POST', '/v1/games', {
        token: players[0]!.token,
        body: { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', clock, seats: [{ team: 'judges' }, { team: 'slaine' }] } },
      });
      expect(res.status, JSON.stringify(clock)).toBe(400);
    }
  });

  it('set-up choices not made in time are made for the seats, once', async () => {
    const id = await startGame(t.base, players, { clock: { setup: 0.3 } });
    const opened = await readGame(t.base, id, null);
    const deadline = Date.parse(opened.awaiting[0]!.deadline!);
    const game = await until(id, (g) => g.awaiting.every((a) => a.situation !== 'setup'), 5_000);
    expect(game.awaiting.map((a) => a.situation)).toEqual(['turn']);
    const fired = await systemCommands(id);
    expect(fired.map((c) => c.type)).toEqual(['EXPIRE_WINDOW']);
    expect(fired[0]!.accepted_at.getTime()).toBeGreaterThanOrEqual(deadline);
    expect(fired[0]!.accepted_at.getTime() - deadline).toBeLessThan(2_000);
  });

  // Absent players are the clock's business, not a rule (R33): the platform abandons a game whose
  // deadlines keep passing with nobody acting (ABANDON_AFTER_SILENT_DEADLINES, 6 in this file).
  it('with nobody playing, every clock runs out in turn until the game is abandoned, after exactly that many silent deadlines', async () => {
    const id = await startGame(t.base, players, { clock: { setup: 0.1, turn: 0.1, defence: 0.1, interrupt: 0.1 } });
    const game = await until(id, (g) => g.status === 'abandoned', 20_000);
    expect(game.status).toBe('abandoned');
    expect(game.awaiting).toEqual([]);
    const fired = await systemCommands(id);
    expect(fired).toHaveLength(SILENT);
    // A command to an abandoned game is refused and changes nothing.
    const res = await call(t.base, 'POST', `/v1/games/${id}/commands`, { token: players[0]!.token, body: { type: 'END_TURN' } });
    expect(res.status).toBe(409);
    expect((res.body as { code: string }).code).toBe('GAME_ABANDONED');
    // Each window expired at most once.
    const windows = fired.map((c) => c.payload.windowId);
    expect(new Set(windows).size).toBe(windows.length);
    // Nothing is left for the sweepers to expire.
    const { rows } = await t.db.pool.query(`SELECT next_deadline FROM games WHERE id = $1`, [id]);
    expect(rows[0].next_deadline).toBeNull();
    // An abandoned game has ended like a finished one: its key is revealed and anyone can check it.
    const verdict = await verifyPublic(REGISTERED, async (path) => {
      const answer = await call(t.base, 'GET', path);
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
      return answer.body;
    }, id);
    expect(verdict.lines.join('\n')).toMatch(/matches/);
    expect(verdict.ok, verdict.lines.join('\n')).toBe(true);
  });

  it('a window closed by the players takes its expiry with it; no command adds a job', async () => {
    const id = await startGame(t.base, players, { clock: 'daily' });
    const nextExpiry = async () => (await t.db.pool.query(`SELECT next_deadline FROM games WHERE id = $1`, [id])).rows[0].next_deadline as Date;
    const setup = (await readGame(t.base, id, null)).awaiting;
    expect((await nextExpiry()).toISOString()).toBe(setup.map((a) => a.deadline).sort().at(-1));
    const jobs = async () => (await t.db.pool.query(`SELECT count(*)::int AS n FROM graphile_worker.jobs`)).rows[0].n as number;
    const jobsBefore = await jobs();
    // Both seats make every set-up choice: the set-up window closes.
    for (;;) {
      const awaited = (await readGame(t.base, id, null)).awaiting.find((a) => a.situation === 'setup');
      if (!awaited) break;
      const p = players[awaited.seat]!;
      const game = await readGame(t.base, id, p);
      const res = await call(t.base, 'POST', `/v1/games/${id}/commands`, { token: p.token, body: game.legalCommands[0] });
      expect(res.status, res.text).toBe(200);
    }
    // The turn's window is the game's next expiry now, and the commands added no job rows.
    const turn = (await readGame(t.base, id, null)).awaiting;
    expect(turn.every((a) => a.situation !== 'setup')).toBe(true);
    expect((await nextExpiry()).toISOString()).toBe(turn.map((a) => a.deadline).sort().at(-1));
    expect(await jobs()).toBe(jobsBefore);
  });
});
