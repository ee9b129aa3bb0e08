// GET /v1/games: the open games a player could join (Lobby.open, through Prisma Client).

import request from 'supertest';
import { expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { as, createGame, registerPlayer, startGameFor } from '../support/players.ts';

const t = useTestApp();

it('lists open games with a free seat, oldest first; not a started game (all bots start at once)', async () => {
  const [a, b] = [await registerPlayer(t.app, 'lister'), await registerPlayer(t.app, 'lister')];
  const first = await createGame(t.app, a);
  const started = await startGameFor(t.app, [a, b]);
  const second = await createGame(t.app, b);
  const allBots = await createGame(t.app, a, { seats: [{ team: 'judges', bot: true }, { team: 'slaine', bot: true }] });

  const res = await request(t.app.server).get('/v1/games').set(as(a)).expect(200);
  const ids = (res.body.games as { id: string }[]).map((g) => g.id);
  expect(ids).toEqual([first, second]);
  expect(ids).not.toContain(started);
  expect(ids).not.toContain(allBots);
});

it('POST /v1/games with `seat` takes the creator’s seat in the same step: a game of bots and that seat (solo) starts at once and is never open', async () => {
  const a = await registerPlayer(t.app, 'seated');
  const create = (body: object) => request(t.app.server).post('/v1/games').set(as(a)).send(body);
  const duel = await create({ game: 'helter-skelter', seat: 1, options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] } }).expect(201);
  expect(duel.body).toMatchObject({ status: 'open', mySeat: 1 });
  expect(duel.body.seats.map((s: { player: string | null }) => s.player)).toEqual([null, a.handle]);

  const solo = await create({ game: 'helter-skelter', seat: 0, options: { map: 'dan-tanna-enid-blyton', solo: true, seats: [{ team: 'judges' }] } }).expect(201);
  expect(solo.body).toMatchObject({ status: 'active', mySeat: 0 });
  expect(solo.body.awaiting.map((w: { seat: number }) => w.seat)).toEqual([0]);
  const against = await create({ game: 'helter-skelter', seat: 0, options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] } }).expect(201);
  expect(against.body).toMatchObject({ status: 'active', mySeat: 0 });

  const open = (await request(t.app.server).get('/v1/games').set(as(a)).expect(200)).body.games.map((g: { id: string }) => g.id);
  expect(open).toContain(duel.body.id);
  expect(open).not.toContain(solo.body.id);
  expect(open).not.toContain(against.body.id);

  // A bot's seat, or one the game does not have, is refused and creates nothing.
  const before = (await request(t.app.server).get('/v1/me/games').set(as(a)).expect(200)).body.games.length;
  const botSeat = await create({ game: 'helter-skelter', seat: 1, options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] } }).expect(400);
  expect(botSeat.body.code).toBe('NOT_A_SEAT');
  const beyond = await create({ game: 'helter-skelter', seat: 2, options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] } }).expect(400);
  expect(['NOT_A_SEAT', 'VALIDATION_FAILED']).toContain(beyond.body.code);
  await create({ game: 'helter-skelter', seat: 7, options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] } }).expect(400);
  expect((await request(t.app.server).get('/v1/me/games').set(as(a)).expect(200)).body.games.length).toBe(before);
});
