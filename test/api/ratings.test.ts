// Ratings over HTTP on the real Postgres: a rated 2-player game moves its players' Glicko-2
// ratings, a rated 3-player game their OpenSkill ones; a game with a bot seat, an unrated game and
// a solo game move none; and a finished game's ratings move once, however many processes (or
// repeated looks) record its end. Nothing of it enters the game's log.

import { describe, expect, it } from 'vitest';
import { Ratings } from '../../src/service/ratings.ts';
import { playerPorts } from '../../src/store/player-ports.ts';
import { appOn, QUICK_WORKER, useTestApp } from '../support/app.ts';
import { call, register, type HttpPlayer } from '../support/http-client.ts';
import { blockWar, playerPageWhen, surrender, toFirstTurn } from './players-support.ts';

interface Page {
  ratings: { game: string; system: string; rating: number; deviation: number; games: number }[];
  finished: { id: string; result: string | null; rated: boolean }[];
}

const recorded = (id: string) => (page: Page) => page.finished.some((g) => g.id === id && g.result !== null);

/** Plays a Block War game of these seats to its end: the seat awaited at the first turn wins, the others surrender. */
async function played(base: string, seats: HttpPlayer[], extra: Record<string, unknown> = {}): Promise<{ id: string; winner: HttpPlayer; losers: HttpPlayer[] }> {
  const id = await blockWar(base, seats[0]!, seats, extra);
  const turn = await toFirstTurn(base, id, seats);
  const winner = seats[turn.awaiting[0]!.seat]!;
  const losers = seats.filter((p) => p !== winner);
  await surrender(base, id, losers);
  return { id, winner, losers };
}

describe('ratings, recorded by the background', () => {
  const t = useTestApp({ worker: QUICK_WORKER });

  it('a rated 2-player game moves both players’ Glicko-2 ratings, winner up and loser down, and adds nothing to its log', async () => {
    const [anna, bill] = [await register(t.base, 'rt-anna'), await register(t.base, 'rt-bill')];
    const { id, winner, losers } = await played(t.base, [anna, bill]);
    const won = await playerPageWhen<Page>(t.base, winner.handle, recorded(id));
    expect(won.finished.find((g) => g.id === id)).toMatchObject({ result: 'won', rated: true });
    expect(won.ratings).toEqual([{ game: 'block-war', system: 'glicko2', rating: expect.any(Number), deviation: expect.any(Number), games: 1 }]);
    expect(won.ratings[0]!.rating).toBeGreaterThan(1500);
    expect(won.ratings[0]!.deviation).toBeLessThan(350);
    const lost = await playerPageWhen<Page>(t.base, losers[0]!.handle, recorded(id));
    expect(lost.finished.find((g) => g.id === id)!.result).toBe('lost');
    expect(lost.ratings[0]!.rating).toBeLessThan(1500);
    // The log holds the game's events only: no event names a rating.
    const events = await call(t.base, 'GET', `/v1/games/${id}/events?after=0`);
    expect(JSON.stringify(events.body)).not.toMatch(/rating|glicko|openskill/i);
    const { rows } = await t.db.pool.query('SELECT system, rank FROM rating_changes WHERE game_id = $1 ORDER BY rank', [id]);
    expect(rows).toEqual([{ system: 'glicko2', rank: 1 }, { system: 'glicko2', rank: 2 }]);
  }, 180_000);

  it('a rated 3-player game moves its players’ OpenSkill ratings: the winner up, the two beaten tied below', async () => {
    const seats = [await register(t.base, 'rt-cara'), await register(t.base, 'rt-dave'), await register(t.base, 'rt-emma')];
    const { id, winner, losers } = await played(t.base, seats);
    const won = await playerPageWhen<Page>(t.base, winner.handle, recorded(id));
    expect(won.ratings).toEqual([{ game: 'block-war', system: 'openskill', rating: expect.any(Number), deviation: expect.any(Number), games: 1 }]);
    const { rows } = await t.db.pool.query<{ handle: string; rank: number; before: number; after: number }>(
      'SELECT a.handle, c.rank, c.rating_before AS before, c.rating_after AS after FROM rating_changes c JOIN accounts a ON a.id = c.account_id WHERE c.game_id = $1',
      [id],
    );
    const of = (p: HttpPlayer) => rows.find((r) => r.handle === p.handle)!;
    expect(of(winner)).toMatchObject({ rank: 1, before: 25 });
    expect(of(winner).after).toBeGreaterThan(25);
    for (const loser of losers) {
      expect(of(loser)).toMatchObject({ rank: 2, before: 25 });
      expect(of(loser).after).toBeLessThan(25);
    }
    expect(of(losers[0]!).after).toBeCloseTo(of(losers[1]!).after, 9);
  }, 240_000);

  it('a game with a bot seat, an unrated game and a solo game are recorded but move no rating', async () => {
    const [fay, gus, hal] = [await register(t.base, 'rt-fay'), await register(t.base, 'rt-gus'), await register(t.base, 'rt-hal')];
    // Fay against a bot: she surrenders once set-up is over.
    const withBot = await blockWar(t.base, fay, [fay, 'bot']);
    await toFirstTurn(t.base, withBot, [fay, 'bot']);
    await surrender(t.base, withBot, [fay]);
    // Gus and Hal, created unrated.
    const unrated = await played(t.base, [gus, hal], { rated: false });
    // Hal alone against the Dark Judges.
    const solo = await call(t.base, 'POST', '/v1/games', { token: hal.token, body: { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', solo: true, seats: [{ team: 'judges' }] }, seat: 0 } });
    expect(solo.status, solo.text).toBe(201);

    const fayPage = await playerPageWhen<Page>(t.base, fay.handle, recorded(withBot));
    expect(fayPage.finished.find((g) => g.id === withBot)).toMatchObject({ result: 'lost', rated: false });
    expect(fayPage.ratings).toEqual([]);
    for (const p of [gus, hal]) {
      const page = await playerPageWhen<Page>(t.base, p.handle, recorded(unrated.id));
      expect(page.finished.find((g) => g.id === unrated.id)!.rated).toBe(false);
      expect(page.ratings).toEqual([]);
    }
    const { rows } = await t.db.pool.query<{ id: string; rated: boolean }>(
      `SELECT g.id, coalesce((g.options->>'rated')::boolean, false) AS rated FROM games g WHERE g.id = ANY($1::uuid[])`,
      [[withBot, unrated.id, (solo.body as { id: string }).id]],
    );
    expect(rows.map((r) => r.rated)).toEqual([false, false, false]);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM rating_changes WHERE game_id = ANY($1::uuid[])', [[withBot, unrated.id]])).rows[0]).toEqual({ n: 0 });
  }, 240_000);
});

describe('exactly once', () => {
  // No background here: the game's end is recorded only by the recorders the test makes.
  const t = useTestApp();

  it('two processes on one database, each looking twice, move the ratings of a finished game once', async () => {
    const [ivy, jon] = [await register(t.base, 'rt-ivy'), await register(t.base, 'rt-jon')];
    const { id } = await played(t.base, [ivy, jon]);
    const other = await appOn(t.database.url);
    try {
      const recorders = [t.parts, other.parts].map((parts) => {
        const ports = playerPorts(t.db.pool);
        return new Ratings(ports.outcomes, parts.gameService.states, ports.listen, 60_000);
      });
      const first = await Promise.all(recorders.map((r) => r.recordOne(id)));
      expect(first.filter(Boolean)).toHaveLength(1);
      // The end looked at again (a replayed notice, a restart): nothing moves.
      expect(await Promise.all(recorders.map((r) => r.recordOne(id)))).toEqual([false, false]);
    } finally {
      await other.close();
    }
    const ratings = await t.db.pool.query<{ games: number }>(`SELECT games FROM ratings WHERE game = 'block-war'`);
    expect(ratings.rows.map((r) => r.games)).toEqual([1, 1]);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM rating_changes WHERE game_id = $1', [id])).rows[0]).toEqual({ n: 2 });
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM game_outcomes WHERE game_id = $1', [id])).rows[0]).toEqual({ n: 1 });
  }, 180_000);
});
