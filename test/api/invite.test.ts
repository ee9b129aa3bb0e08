// Private games and invite links (issue 31, "Tables and invitations"): a private game is listed
// nowhere and absent to strangers; an invitation (256 random bits, stored hashed) lets a stranger
// read it and take a seat until it is revoked or expires; the lobby says who created each game and
// filters by game.

import { createHash } from 'node:crypto';
import request from 'supertest';
import { expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { as, createGame, registerPlayer, type Player } from '../support/players.ts';

let clockAheadMs = 0;
const t = useTestApp({ now: () => new Date(Date.now() + clockAheadMs) });
const DUEL = { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] };

async function privateGame(creator: Player): Promise<string> {
  const res = await request(t.app.server).post('/v1/games').set(as(creator)).send({ game: 'helter-skelter', private: true, seat: 0, options: DUEL }).expect(201);
  expect(res.body).toMatchObject({ private: true, creator: creator.handle, mySeat: 0 });
  return res.body.id as string;
}

const invite = (creator: Player, id: string, body: object = {}) => request(t.app.server).post(`/v1/games/${id}/invites`).set(as(creator)).send(body);
const claim = (player: Player, id: string, seat: number, token?: string) =>
  request(t.app.server).post(`/v1/games/${id}/seats/${seat}/claim`).set(as(player)).set(token === undefined ? {} : { 'invite-token': token });

it('a private game appears in no listing and reads 404 for a stranger, with or without a token of its own; its creator and seats see it', async () => {
  const [creator, stranger] = [await registerPlayer(t.app, 'priv'), await registerPlayer(t.app, 'stranger')];
  const id = await privateGame(creator);
  const open = await createGame(t.app, creator);

  const lobby = (await request(t.app.server).get('/v1/games').set(as(stranger)).expect(200)).body.games.map((g: { id: string }) => g.id);
  expect(lobby).toContain(open);
  expect(lobby).not.toContain(id);
  const anonymous = (await request(t.app.server).get('/v1/games').expect(200)).body.games.map((g: { id: string }) => g.id);
  expect(anonymous).not.toContain(id);
  expect((await request(t.app.server).get('/v1/me/games').set(as(stranger)).expect(200)).body.games).toEqual([]);
  expect((await request(t.app.server).get('/v1/me/games?awaiting=true').set(as(stranger)).expect(200)).body.games).toEqual([]);

  for (const reader of [stranger, null]) {
    const res = await request(t.app.server).get(`/v1/games/${id}`).set(as(reader)).expect(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body.code).toBe('NOT_FOUND');
    expect((await request(t.app.server).get(`/v1/games/${id}/events`).set(as(reader)).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await request(t.app.server).get(`/v1/games/${id}/chat`).set(as(reader)).expect(404)).body.code).toBe('NOT_FOUND');
    expect((await request(t.app.server).get(`/v1/games/${id}/commands`).set(as(reader)).expect(404)).body.code).toBe('NOT_FOUND');
  }
  expect((await request(t.app.server).post(`/v1/games/${id}/chat`).set(as(stranger)).send({ text: 'hello?' }).expect(404)).body.code).toBe('NOT_FOUND');
  // Nor does a seat's refusal tell a stranger the game exists.
  const command = { type: 'END_TURN' };
  expect((await request(t.app.server).post(`/v1/games/${id}/commands`).set(as(stranger)).send(command).expect(404)).body.code).toBe('NOT_FOUND');
  expect((await request(t.app.server).post(`/v1/games/${id}/preview`).set(as(stranger)).send(command).expect(404)).body.code).toBe('NOT_FOUND');
  expect((await request(t.app.server).get(`/v1/games/${id}/seats/1/orders`).set(as(stranger)).expect(404)).body.code).toBe('NOT_FOUND');
  // Its seated creator reads its chat as at any table.
  await request(t.app.server).get(`/v1/games/${id}/chat`).set(as(creator)).expect(200);
  // Not a way in either: a claim without an invitation finds no game, and takes nothing.
  expect((await claim(stranger, id, 1).expect(404)).body.code).toBe('NOT_FOUND');
  expect((await request(t.app.server).get(`/v1/games/${id}`).set(as(creator)).expect(200)).body.seats[1].player).toBeNull();
  // Nor can a stranger manage its invitations, or subscribe to its events: the game is absent to them.
  expect((await invite(stranger, id).expect(404)).body.code).toBe('NOT_FOUND');
  const hook = { url: 'https://example.com/hook', gameId: id };
  expect((await request(t.app.server).post('/v1/webhooks').set(as(stranger)).send(hook).expect(404)).body.code).toBe('NOT_FOUND');
});

it('with the token a stranger sees the game and claims a seat; the game starts', async () => {
  const [creator, friend] = [await registerPlayer(t.app, 'host'), await registerPlayer(t.app, 'friend')];
  const id = await privateGame(creator);
  const made = await invite(creator, id).expect(201);
  const { token, link } = made.body as { token: string; link: string };
  expect(link).toBe(`/invite?token=${token}`);

  const read = await request(t.app.server).get(`/v1/invite?token=${token}`).expect(200);
  expect(read.body).toMatchObject({ gameId: id, game: { id, private: true, creator: creator.handle, mySeat: null, status: 'open' } });
  expect(read.body.game.summary).toEqual(expect.any(String));
  expect(read.body.game.seats.map((s: { player: string | null }) => s.player)).toEqual([creator.handle, null]);

  const claimed = await claim(friend, id, 1, token).expect(200);
  expect(claimed.body).toMatchObject({ id, mySeat: 1, status: 'active' });
  // Seated now: the game reads as any other seat's, and is among the friend's games.
  expect((await request(t.app.server).get(`/v1/games/${id}`).set(as(friend)).expect(200)).body.mySeat).toBe(1);
  expect((await request(t.app.server).get('/v1/me/games').set(as(friend)).expect(200)).body.games.map((g: { game: { id: string } }) => g.game.id)).toContain(id);
});

it('tokens are 256 random bits in base64url, and only their SHA-256 is stored', async () => {
  const creator = await registerPlayer(t.app, 'hash');
  const id = await privateGame(creator);
  const tokens = await Promise.all([1, 2, 3].map(async () => (await invite(creator, id).expect(201)).body.token as string));
  for (const token of tokens) {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  }
  expect(new Set(tokens).size).toBe(3);
  const { rows } = await t.db.pool.query<Record<string, unknown>>(`SELECT * FROM game_invites WHERE game_id = $1`, [id]);
  expect(rows).toHaveLength(3);
  const stored = JSON.stringify(rows);
  for (const token of tokens) expect(stored).not.toContain(token);
  expect(rows.map((r) => r.token_hash).sort()).toEqual(tokens.map((x) => createHash('sha256').update(x).digest('hex')).sort());
});

it('a revoked invitation is refused (410 INVITE_REVOKED) and changes nothing; revoking twice is harmless', async () => {
  const [creator, friend] = [await registerPlayer(t.app, 'rev'), await registerPlayer(t.app, 'late')];
  const id = await privateGame(creator);
  const { token, id: inviteId } = (await invite(creator, id).expect(201)).body as { token: string; id: string };
  expect((await request(t.app.server).get(`/v1/games/${id}/invites`).set(as(creator)).expect(200)).body.invites.map((i: { id: string }) => i.id)).toEqual([inviteId]);
  // Only the creator revokes; to a seated player who did not create it, the game is there but not theirs to manage.
  await request(t.app.server).delete(`/v1/games/${id}/invites/${inviteId}`).set(as(creator)).expect(204);
  await request(t.app.server).delete(`/v1/games/${id}/invites/${inviteId}`).set(as(creator)).expect(204);
  expect((await request(t.app.server).get(`/v1/games/${id}/invites`).set(as(creator)).expect(200)).body.invites).toEqual([]);

  const read = await request(t.app.server).get(`/v1/invite?token=${token}`).expect(410);
  expect(read.headers['content-type']).toContain('application/problem+json');
  expect(read.body.code).toBe('INVITE_REVOKED');
  expect((await claim(friend, id, 1, token).expect(410)).body.code).toBe('INVITE_REVOKED');
  const game = await request(t.app.server).get(`/v1/games/${id}`).set(as(creator)).expect(200);
  expect(game.body).toMatchObject({ status: 'open' });
  expect(game.body.seats[1].player).toBeNull();
});

it('an invitation expires: its default lifetime is 7 days, a chosen one within bounds; expired → 410 INVITE_EXPIRED, nothing changed', async () => {
  const [creator, friend] = [await registerPlayer(t.app, 'exp'), await registerPlayer(t.app, 'slow')];
  const id = await privateGame(creator);
  const lasting = (await invite(creator, id).expect(201)).body as { token: string; createdAt: string; expiresAt: string };
  expect(Date.parse(lasting.expiresAt) - Date.parse(lasting.createdAt)).toBe(7 * 86_400_000);
  const hour = (await invite(creator, id, { ttlSeconds: 3600 }).expect(201)).body as { token: string; createdAt: string; expiresAt: string };
  expect(Date.parse(hour.expiresAt) - Date.parse(hour.createdAt)).toBe(3_600_000);
  for (const ttlSeconds of [0, 59, 31 * 86_400, 1.5, 'soon'])
    expect((await invite(creator, id, { ttlSeconds }).expect(400)).body.code).toBe('VALIDATION_FAILED');

  try {
    clockAheadMs = 2 * 3_600_000;
    expect((await request(t.app.server).get(`/v1/invite?token=${hour.token}`).expect(410)).body.code).toBe('INVITE_EXPIRED');
    expect((await claim(friend, id, 1, hour.token).expect(410)).body.code).toBe('INVITE_EXPIRED');
    expect((await request(t.app.server).get(`/v1/games/${id}`).set(as(creator)).expect(200)).body.seats[1].player).toBeNull();
    // The week-long one still works two hours on.
    await request(t.app.server).get(`/v1/invite?token=${lasting.token}`).expect(200);
    clockAheadMs = 8 * 86_400_000;
    expect((await request(t.app.server).get(`/v1/invite?token=${lasting.token}`).expect(410)).body.code).toBe('INVITE_EXPIRED');
    expect((await request(t.app.server).get(`/v1/games/${id}/invites`).set(as(creator)).expect(200)).body.invites).toEqual([]);
  } finally {
    clockAheadMs = 0;
  }
});

it('invitations are capped per game (429 INVITE_LIMIT_REACHED), and revoking one makes room', async () => {
  const creator = await registerPlayer(t.app, 'cap');
  const id = await privateGame(creator);
  const made = [];
  for (let i = 0; i < 10; i++) made.push((await invite(creator, id).expect(201)).body.id as string);
  const over = await invite(creator, id).expect(429);
  expect(over.body).toMatchObject({ code: 'INVITE_LIMIT_REACHED', limit: 10 });
  await request(t.app.server).delete(`/v1/games/${id}/invites/${made[0]}`).set(as(creator)).expect(204);
  await invite(creator, id).expect(201);
});

it('bad input gets a problem, never a 500: unknown and malformed tokens, another game’s token, public games, other accounts', async () => {
  const [creator, other] = [await registerPlayer(t.app, 'bad'), await registerPlayer(t.app, 'other')];
  const id = await privateGame(creator);
  const otherGame = await privateGame(other);
  const publicGame = await createGame(t.app, creator);
  const { token } = (await invite(creator, id).expect(201)).body as { token: string };

  expect((await request(t.app.server).get(`/v1/invite?token=${'A'.repeat(43)}`).expect(404)).body.code).toBe('INVITE_NOT_FOUND');
  expect((await request(t.app.server).get('/v1/invite?token=short').expect(404)).body.code).toBe('INVITE_NOT_FOUND');
  expect((await request(t.app.server).get(`/v1/invite?token=${'x'.repeat(101)}`).expect(400)).body.code).toBe('VALIDATION_FAILED');
  expect((await request(t.app.server).get('/v1/invite').expect(400)).body.code).toBe('VALIDATION_FAILED');
  expect((await claim(other, otherGame, 1).expect(409)).body.code).toBe('ALREADY_SEATED');
  const stranger = await registerPlayer(t.app, 'str');
  expect((await claim(stranger, otherGame, 1, token).expect(400)).body.code).toBe('INVITE_FOR_ANOTHER_GAME');
  expect((await claim(stranger, id, 1, 'nonsense').expect(404)).body.code).toBe('INVITE_NOT_FOUND');
  expect((await invite(creator, publicGame).expect(409)).body.code).toBe('GAME_NOT_PRIVATE');
  expect((await invite(creator, id, { ttl: 5 }).expect(400)).body.code).toBe('VALIDATION_FAILED');
  expect((await request(t.app.server).post(`/v1/games/${id}/invites`).send({}).expect(401)).body.code).toBe('UNAUTHENTICATED');
  expect((await request(t.app.server).delete(`/v1/games/${id}/invites/not-a-uuid`).set(as(creator)).expect(400)).body.code).toBe('VALIDATION_FAILED');
  expect((await request(t.app.server).delete(`/v1/games/${id}/invites/00000000-0000-4000-8000-000000000000`).set(as(creator)).expect(404)).body.code).toBe('NOT_FOUND');
  // A seated player who did not create the game sees it but may not manage its invitations.
  await claim(stranger, id, 1, token).expect(200);
  expect((await request(t.app.server).get(`/v1/games/${id}/invites`).set(as(stranger)).expect(403)).body.code).toBe('NOT_CREATOR');
  // Every seat taken: nothing left to invite to.
  expect((await invite(creator, id).expect(409)).body.code).toBe('GAME_NOT_OPEN');
});

it('the lobby says who created each game and its options in words, and filters by game', async () => {
  const creator = await registerPlayer(t.app, 'lob');
  const hs = await createGame(t.app, creator);
  const res = await request(t.app.server).get('/v1/games').expect(200);
  const listed = (res.body.games as { id: string; creator: string; summary: string; private: boolean }[]).find((g) => g.id === hs)!;
  expect(listed).toMatchObject({ creator: creator.handle, private: false });
  expect(listed.summary).toMatch(/\S/);
  const only = await request(t.app.server).get('/v1/games?game=helter-skelter').expect(200);
  expect(only.body.games.every((g: { game: string }) => g.game === 'helter-skelter')).toBe(true);
  expect(only.body.games.map((g: { id: string }) => g.id)).toContain(hs);
  const others = await request(t.app.server).get('/v1/games?game=block-war').expect(200);
  expect(others.body.games.map((g: { id: string }) => g.id)).not.toContain(hs);
  expect((await request(t.app.server).get('/v1/games?game=chess').expect(400)).body.code).toBe('VALIDATION_FAILED');
});
