// Player pages over HTTP on the real Postgres: games in progress and finished ones with result,
// opponents (bots named as bots) and date, counts per game, pages of finished games; only what any
// visitor may see (no game whose creator chose its seed, no hand); a handle that does not exist, or
// never played, is 404 problem+json, and a bad query 400. And the long-poll that follows my games.

import { describe, expect, it } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { call, postCommand, readGame, register } from '../support/http-client.ts';
import { blockWar, playerPageWhen, surrender, toFirstTurn } from './players-support.ts';

interface PlayerGame {
  id: string;
  game: string;
  title: string;
  status: string;
  seat: number;
  result: string | null;
  rated: boolean;
  opponents: { seat: number; handle: string | null; bot: string | null }[];
  startedAt: string;
  endedAt: string | null;
}
interface Page {
  handle: string;
  counts: { game: string; inProgress: number; finished: number; won: number; lost: number; drawn: number; abandoned: number }[];
  inProgress: PlayerGame[];
  finished: PlayerGame[];
  next: string | null;
}

const t = useTestApp({ worker: QUICK_WORKER });

describe('a player page', () => {
  it('lists games in progress and finished ones with result, opponents and date, counts them per game, and pages the finished', async () => {
    const [kim, lou] = [await register(t.base, 'pp-kim'), await register(t.base, 'pp-lou')];
    // Two finished games between Kim and Lou; in progress, one against a bot and two with Lou; one seeded.
    const finished: string[] = [];
    const results = new Map<string, string>();
    for (let i = 0; i < 2; i++) {
      const id = await blockWar(t.base, kim, [kim, lou]);
      const turn = await toFirstTurn(t.base, id, [kim, lou]);
      const loser = turn.awaiting[0]!.seat === 0 ? lou : kim;
      await surrender(t.base, id, [loser]);
      finished.push(id);
      results.set(id, loser === kim ? 'lost' : 'won');
    }
    const withBot = await blockWar(t.base, kim, [kim, 'bot']);
    const running = await blockWar(t.base, kim, [kim, lou]);
    const another = await blockWar(t.base, lou, [kim, lou]);
    const chosen = await call(t.base, 'POST', '/v1/games', { token: kim.token, body: { game: 'block-war', options: { seed: 'chosen', seats: [{ block: 'A' }, { block: 'B' }] } } });
    expect(chosen.status, chosen.text).toBe(201);
    const chosenId = (chosen.body as { id: string }).id;
    await call(t.base, 'POST', `/v1/games/${chosenId}/seats/0/claim`, { token: kim.token });
    await call(t.base, 'POST', `/v1/games/${chosenId}/seats/1/claim`, { token: lou.token });

    const page = await playerPageWhen<Page>(t.base, kim.handle.toUpperCase(), (p) => p.finished.filter((g) => g.result !== null).length === 2);
    expect(page.handle).toBe(kim.handle);
    const ids = (games: PlayerGame[]) => games.map((g) => g.id).sort();
    expect(ids(page.inProgress)).toEqual([running, another, withBot].sort());
    expect(ids(page.finished)).toEqual([...finished].sort());
    for (const game of page.finished) {
      expect(game).toMatchObject({ game: 'block-war', title: 'Block War: 2 blocks', status: 'finished', seat: 0, result: results.get(game.id), rated: true });
      expect(game.opponents).toEqual([{ seat: 1, handle: lou.handle, bot: null }]);
      expect(Date.parse(game.endedAt!)).toBeGreaterThanOrEqual(Date.parse(game.startedAt));
    }
    expect(page.inProgress.find((g) => g.id === withBot)).toMatchObject({ result: null, endedAt: null, rated: false, opponents: [{ seat: 1, handle: null, bot: 'heuristic' }] });
    const won = [...results.values()].filter((r) => r === 'won').length;
    expect(page.counts).toEqual([{ game: 'block-war', inProgress: 3, finished: 2, won, lost: 2 - won, drawn: 0, abandoned: 0 }]);
    // The game whose creator chose its seed is reached by its link only: not here.
    expect(JSON.stringify(page)).not.toContain(chosenId);
    // Nothing of any hand or pool.
    expect(JSON.stringify(page)).not.toMatch(/"(pool|hand|view|setup|key)"/);

    // One finished game a page: two pages, then none.
    const first = await call(t.base, 'GET', `/v1/players/${kim.handle}?limit=1`);
    expect(first.status).toBe(200);
    const one = first.body as Page;
    expect(one.finished).toHaveLength(1);
    expect(one.next).toEqual(expect.any(String));
    const second = (await call(t.base, 'GET', `/v1/players/${kim.handle}?limit=1&cursor=${one.next}`)).body as Page;
    expect(second.finished).toHaveLength(1);
    expect(second.next).toBeNull();
    expect([one.finished[0]!.id, second.finished[0]!.id].sort()).toEqual([...finished].sort());
    expect(Date.parse(one.finished[0]!.endedAt!)).toBeGreaterThanOrEqual(Date.parse(second.finished[0]!.endedAt!));
  }, 240_000);

  it('a handle that does not exist, or has played nothing any visitor could list, is 404 problem+json', async () => {
    const quiet = await register(t.base, 'pp-quiet');
    for (const handle of ['nobody-at-all', quiet.handle]) {
      const res = await call(t.base, 'GET', `/v1/players/${handle}`);
      expect(res.status).toBe(404);
      expect(res.contentType).toContain('application/problem+json');
      expect(res.body).toMatchObject({ status: 404, code: 'PLAYER_NOT_FOUND' });
    }
  });

  it('a bad handle, limit or cursor is 400 problem+json', async () => {
    const mia = await register(t.base, 'pp-mia');
    await blockWar(t.base, mia, [mia, 'bot']);
    for (const [query, code] of [
      [`/v1/players/${mia.handle}?limit=0`, 'VALIDATION_FAILED'],
      [`/v1/players/${mia.handle}?limit=51`, 'VALIDATION_FAILED'],
      [`/v1/players/${mia.handle}?limit=ten`, 'VALIDATION_FAILED'],
      [`/v1/players/${mia.handle}?colour=red`, 'VALIDATION_FAILED'],
      [`/v1/players/${mia.handle}?cursor=not%20base64`, 'VALIDATION_FAILED'],
      [`/v1/players/${mia.handle}?cursor=${Buffer.from('yesterday|42').toString('base64url')}`, 'INVALID_CURSOR'],
      [`/v1/players/no%20such%20handle`, 'VALIDATION_FAILED'],
    ] as const) {
      const res = await call(t.base, 'GET', query);
      expect(res.status, query).toBe(400);
      expect(res.contentType).toContain('application/problem+json');
      expect(res.body, query).toMatchObject({ status: 400, code });
    }
  });
});

describe('my games, followed', () => {
  it('a waiting long-poll answers a new stamp when one of my games moves, and the same stamp when nothing did', async () => {
    const [ned, ola] = [await register(t.base, 'mg-ned'), await register(t.base, 'mg-ola')];
    const id = await blockWar(t.base, ned, [ned, ola]);
    const start = await call(t.base, 'GET', '/v1/me/games/changes', { token: ned.token });
    expect(start.status).toBe(200);
    const { stamp } = start.body as { stamp: string };
    // Nothing moves: the wait ends with the same stamp.
    expect((await call(t.base, 'GET', `/v1/me/games/changes?since=${stamp}&wait=1`, { token: ned.token })).body).toEqual({ stamp });
    // Ola moves while Ned waits: the wait answers another stamp.
    const waiting = call(t.base, 'GET', `/v1/me/games/changes?since=${stamp}&wait=60`, { token: ned.token });
    const game = await readGame(t.base, id, ned);
    const mover = game.awaiting[0]!.seat === 0 ? ned : ola;
    const mine = await readGame(t.base, id, mover);
    expect((await postCommand(t.base, id, mover, mine.legalCommands[0])).status).toBe(200);
    const answered = await waiting;
    expect(answered.status).toBe(200);
    expect((answered.body as { stamp: string }).stamp).not.toBe(stamp);
    // Without a token: 401; a bad stamp or wait: 400.
    expect((await call(t.base, 'GET', '/v1/me/games/changes')).status).toBe(401);
    expect((await call(t.base, 'GET', '/v1/me/games/changes?since=a%20b', { token: ned.token })).status).toBe(400);
    expect((await call(t.base, 'GET', '/v1/me/games/changes?wait=61', { token: ned.token })).status).toBe(400);
  }, 120_000);
});
