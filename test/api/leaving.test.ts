// Leaving a game before it starts (issue 31): the creator calls off an open game (it leaves the
// lobby), a seated player leaves one (the seat is free again); every refusal is problem+json with
// its stable code and changes nothing.

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { call, readGame, register, type HttpPlayer } from '../support/http-client.ts';

const t = useTestApp();

async function openGame(owner: HttpPlayer, options: { private?: boolean } = {}): Promise<string> {
  const created = await call(t.base, 'POST', '/v1/games', {
    token: owner.token,
    body: { game: 'helter-skelter', seat: 0, ...options, options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }, { team: 'strontium-dogs' }] } },
  });
  expect(created.status, created.text).toBe(201);
  return (created.body as { id: string }).id;
}
const lobby = async () => ((await call(t.base, 'GET', '/v1/games')).body as { games: { id: string }[] }).games.map((g) => g.id);
const claim = (id: string, seat: number, p: HttpPlayer) => call(t.base, 'POST', `/v1/games/${id}/seats/${seat}/claim`, { token: p.token });
const leave = (id: string, seat: number, p: HttpPlayer) => call(t.base, 'POST', `/v1/games/${id}/seats/${seat}/leave`, { token: p.token });
const cancel = (id: string, p: HttpPlayer | null) => call(t.base, 'DELETE', `/v1/games/${id}`, { token: p?.token ?? null });

describe('leaving a game before it starts', () => {
  it('the creator calls off an open game: it is gone from the lobby and from its players’ games', async () => {
    const [owner, guest] = [await register(t.base, 'lv-o'), await register(t.base, 'lv-g')];
    const id = await openGame(owner);
    expect(await lobby()).toContain(id);
    expect((await claim(id, 1, guest)).status).toBe(200);
    const gone = await cancel(id, owner);
    expect(gone.status, gone.text).toBe(204);
    expect(await lobby()).not.toContain(id);
    expect((await call(t.base, 'GET', `/v1/games/${id}`)).status).toBe(404);
    const guestsGames = (await call(t.base, 'GET', '/v1/me/games', { token: guest.token })).body as { games: { id: string }[] };
    expect(guestsGames.games.map((g) => g.id)).not.toContain(id);
    expect((await cancel(id, owner)).body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('only the creator may call it off, only while it waits for players; a private game is absent to strangers', async () => {
    const [owner, guest, other] = [await register(t.base, 'lv-o2'), await register(t.base, 'lv-g2'), await register(t.base, 'lv-x2')];
    const id = await openGame(owner);
    expect((await claim(id, 1, guest)).status).toBe(200);
    const refused = await cancel(id, guest);
    expect(refused.status).toBe(403);
    expect(refused.contentType).toContain('application/problem+json');
    expect(refused.body).toMatchObject({ code: 'NOT_CREATOR' });
    expect((await cancel(id, null)).status).toBe(401);
    expect((await claim(id, 2, other)).status).toBe(200);
    // Every seat taken: it has started.
    expect((await readGame(t.base, id, owner)).status).toBe('active');
    expect((await cancel(id, owner)).body).toMatchObject({ status: 409, code: 'GAME_STARTED' });
    expect((await leave(id, 1, guest)).body).toMatchObject({ status: 409, code: 'GAME_STARTED' });
    expect((await readGame(t.base, id, owner)).status).toBe('active');

    const hidden = await openGame(owner, { private: true });
    expect((await cancel(hidden, other)).body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await cancel(hidden, owner)).status).toBe(204);
  });

  it('a seated player leaves: the seat is free again, for anyone; refusals change nothing', async () => {
    const [owner, guest, other] = [await register(t.base, 'lv-o3'), await register(t.base, 'lv-g3'), await register(t.base, 'lv-x3')];
    const id = await openGame(owner);
    expect((await claim(id, 1, guest)).status).toBe(200);
    expect((await leave(id, 1, other)).body).toMatchObject({ status: 403, code: 'NOT_YOUR_SEAT' });
    expect((await leave(id, 2, guest)).body).toMatchObject({ status: 403, code: 'NOT_YOUR_SEAT' });
    expect((await leave(id, 3, guest)).body).toMatchObject({ status: 404, code: 'NOT_A_SEAT' });
    expect((await call(t.base, 'POST', `/v1/games/${id}/seats/x/leave`, { token: guest.token })).status).toBe(400);
    expect((await readGame(t.base, id, null)).seats[1]!.player).toBe(guest.handle);

    const left = await leave(id, 1, guest);
    expect(left.status, left.text).toBe(204);
    const game = await readGame(t.base, id, null);
    expect(game.seats[1]!.player).toBeNull();
    expect(game.status).toBe('open');
    expect(await lobby()).toContain(id);
    // Free for someone else, or for the same player again.
    expect((await claim(id, 1, other)).status).toBe(200);
    expect((await claim(id, 2, guest)).status).toBe(200);
    expect((await readGame(t.base, id, null)).status).toBe('active');
  });
});
