// POST /v1/games/{id}/preview: a command tried without being sent. Whether the rules would accept
// it, and why not; what the game measures of it (the test-only game's `winsAgainst`); nothing
// appended; refused for a caller without a seat; and nothing a seat may not see. Over HTTP on the
// real Postgres, with Odds and Evens (test/support/games/odds-and-evens) and Helter Skelter (which
// measures nothing: `details` null).

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { oddsAndEvens } from '../support/games/odds-and-evens/index.ts';
import { call, postCommand, readGame, register, type HttpPlayer } from '../support/http-client.ts';

const t = useTestApp(() => ({ extraGames: [oddsAndEvens] }));

async function oddsGame(): Promise<{ id: string; odd: HttpPlayer; even: HttpPlayer }> {
  const odd = await register(t.base, 'pv');
  const even = await register(t.base, 'pv');
  const created = await call(t.base, 'POST', '/v1/games', { token: odd.token, body: { game: 'odds-and-evens', options: { seats: [{ side: 'odd' }, { side: 'even' }] } } });
  expect(created.status, created.text).toBe(201);
  const id = (created.body as { id: string }).id;
  for (const [seat, player] of [odd, even].entries()) expect((await call(t.base, 'POST', `/v1/games/${id}/seats/${seat}/claim`, { token: player.token })).status).toBe(200);
  return { id, odd, even };
}

const preview = (id: string, player: HttpPlayer | null, body: unknown) => call(t.base, 'POST', `/v1/games/${id}/preview`, { token: player?.token ?? null, body });

describe('POST /v1/games/{id}/preview', () => {
  it('answers whether the rules would accept a command, with the game’s measures, and appends nothing', async () => {
    const { id, odd } = await oddsGame();
    const before = await readGame(t.base, id, odd);
    const legal = await preview(id, odd, { type: 'PICK', number: 2 });
    expect(legal.status, legal.text).toBe(200);
    expect(legal.body).toEqual({ game: 'odds-and-evens', version: before.version, legal: true, problem: null, details: { winsAgainst: [1, 3, 5] } });
    // Refused as sending it would be: the same code and sentence.
    const wrong = await preview(id, odd, { type: 'RESPOND', raise: true });
    const sent = await postCommand(t.base, id, odd, { type: 'RESPOND', raise: true });
    expect(sent.status).toBe(422);
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ legal: false, problem: { code: (sent.body as { code: string }).code, message: (sent.body as { detail: string }).detail }, details: null });
    const after = await readGame(t.base, id, odd);
    expect(after.version).toBe(before.version);
    expect(after.legalCommands).toEqual(before.legalCommands);
  });

  it('tells a seat nothing of the other seat’s hidden pick: the same answers whatever it picked', async () => {
    const answers: unknown[] = [];
    for (const hidden of [1, 4]) {
      const { id, odd, even } = await oddsGame();
      expect((await postCommand(t.base, id, even, { type: 'PICK', number: hidden })).status).toBe(200);
      const tried = await Promise.all([1, 2, 3, 4, 5].map((n) => preview(id, odd, { type: 'PICK', number: n })));
      answers.push(tried.map((r) => ({ status: r.status, body: { ...(r.body as object), version: undefined } })));
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('is refused to a caller without a seat, for a game not started, for an unknown game and for a body that is no command; never a 5xx', async () => {
    const { id } = await oddsGame();
    const stranger = await register(t.base, 'pv');
    expect((await preview(id, null, { type: 'PICK', number: 1 })).status).toBe(401);
    const notSeated = await preview(id, stranger, { type: 'PICK', number: 1 });
    expect(notSeated.status).toBe(403);
    expect(notSeated.body).toMatchObject({ code: 'NOT_SEATED' });
    const open = await call(t.base, 'POST', '/v1/games', { token: stranger.token, body: { game: 'odds-and-evens', options: { seats: [{ side: 'odd' }, { side: 'even' }] } } });
    const openId = (open.body as { id: string }).id;
    await call(t.base, 'POST', `/v1/games/${openId}/seats/0/claim`, { token: stranger.token });
    expect((await preview(openId, stranger, { type: 'PICK', number: 1 })).body).toMatchObject({ code: 'GAME_NOT_STARTED' });
    expect((await preview('00000000-0000-4000-8000-000000000000', stranger, { type: 'PICK', number: 1 })).status).toBe(404);
    for (const junk of [null, [], 'PICK', { type: 'NOPE' }, { type: 'PICK', number: 'x' }]) {
      const res = await preview(id, stranger, junk);
      expect(res.status, JSON.stringify(junk)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
  });

  it('gives null details for a game that measures nothing (Helter Skelter)', async () => {
    const a = await register(t.base, 'pv');
    const created = await call(t.base, 'POST', '/v1/games', { token: a.token, body: { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] } } });
    const id = (created.body as { id: string }).id;
    await call(t.base, 'POST', `/v1/games/${id}/seats/0/claim`, { token: a.token });
    const game = await readGame(t.base, id, a);
    const first = game.legalCommands[0];
    const res = await preview(id, a, first);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ game: 'helter-skelter', legal: true, problem: null, details: null });
  });
});
