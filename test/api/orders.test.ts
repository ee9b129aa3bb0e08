// Standing orders over HTTP (docs/rulings.md R34–R40; PUT /v1/games/{id}/seats/{seat}/orders):
// private to their seat, changed at any moment by the player holding it.

import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { as, createGame, getGame, registerPlayer, startGameFor, type Player } from '../support/players.ts';

let players: Player[];
let outsider: Player;

const t = useTestApp();
beforeAll(async () => {
  players = [await registerPlayer(t.app, 'ord'), await registerPlayer(t.app, 'ord')];
  outsider = await registerPlayer(t.app, 'ord');
});

const startedGame = () => startGameFor(t.app, players);

const ordersPath = (id: string, seat: number) => `/v1/games/${id}/seats/${seat}/orders`;
const putOrders = (id: string, seat: number, who: Player | null, body: unknown) => request(t.app.server).put(ordersPath(id, seat)).set(as(who)).send(body as object);
const getOrders = (id: string, seat: number, who: Player | null) => request(t.app.server).get(ordersPath(id, seat)).set(as(who));

describe('standing orders', () => {
  it('a seat starts with the defaults (armed, always), changes its orders at any moment, and reads them back', async () => {
    const id = await startedGame();
    expect((await getOrders(id, 0, players[0]!)).body).toEqual({ interrupt: 'armed', defence: 'always' });

    const changed = await putOrders(id, 0, players[0]!, { interrupt: 'ask' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ interrupt: 'ask', defence: 'always' });
    const again = await putOrders(id, 0, players[0]!, { defence: 'never' });
    expect(again.body).toEqual({ interrupt: 'ask', defence: 'never' });

    const read = await getOrders(id, 0, players[0]!);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ interrupt: 'ask', defence: 'never' });
    // Set-up is still waiting for both seats: orders are not a move.
    const game = await getGame(t.app, id, players[0]!);
    expect(game.awaiting.map((a) => a.situation)).toEqual(['setup', 'setup']);
    expect((game.view.seats[0] as { orders?: unknown }).orders).toEqual({ interrupt: 'ask', defence: 'never' });
  });

  it('orders are private: another seat, a spectator and an anonymous caller can neither read nor change them', async () => {
    const id = await startedGame();
    await putOrders(id, 0, players[0]!, { interrupt: 'endOfTurnOnly' });
    const version = (await getGame(t.app, id, null)).version;

    for (const who of [players[1]!, outsider]) {
      const read = await getOrders(id, 0, who);
      expect(read.status).toBe(403);
      expect(read.body.code).toBe('NOT_YOUR_SEAT');
      expect(read.headers['content-type']).toMatch(/^application\/problem\+json/);
      const changed = await putOrders(id, 0, who, { interrupt: 'ask' });
      expect(changed.status).toBe(403);
      expect(changed.body.code).toBe('NOT_YOUR_SEAT');
    }
    expect((await getOrders(id, 0, null)).status).toBe(401);
    expect((await putOrders(id, 0, null, { interrupt: 'ask' })).status).toBe(401);

    // Other readers' views of seat 0 show no orders.
    expect((await getGame(t.app, id, players[1]!)).view.seats[0]).not.toHaveProperty('orders');
    expect((await getGame(t.app, id, null)).view.seats[0]).not.toHaveProperty('orders');
    expect((await getGame(t.app, id, null)).version).toBe(version);
    expect((await getOrders(id, 0, players[0]!)).body).toEqual({ interrupt: 'endOfTurnOnly', defence: 'always' });
  });

  it('an unknown game or seat is 404', async () => {
    const id = await startedGame();
    const noGame = await getOrders('00000000-0000-4000-8000-000000000000', 0, players[0]!);
    expect(noGame.status).toBe(404);
    expect(noGame.body.code).toBe('NOT_FOUND');
    const noSeat = await putOrders(id, 3, players[0]!, { interrupt: 'ask' });
    expect(noSeat.status).toBe(404);
    expect(noSeat.body.code).toBe('NOT_A_SEAT');
  });

  it('invalid orders are refused with 400 and change nothing', async () => {
    const id = await startedGame();
    await putOrders(id, 1, players[1]!, { defence: 'never' });
    const version = (await getGame(t.app, id, null)).version;
    for (const body of [{}, { interrupt: 'sometimes' }, { defence: 'block' }, { colour: 'red' }, { interrupt: 'ask', windowId: 'w1' }, { interrupt: 3 }, { interrupt: 'never' }]) {
      const res = await putOrders(id, 1, players[1]!, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await getOrders(id, 1, players[1]!)).body).toEqual({ interrupt: 'armed', defence: 'never' });
    expect((await getGame(t.app, id, null)).version).toBe(version);
  });

  it('a game that has not started takes no orders yet (409 GAME_NOT_STARTED)', async () => {
    const id = await createGame(t.app, players[0]!);
    const claimed = await request(t.app.server).post(`/v1/games/${id}/seats/0/claim`).set(as(players[0]!));
    expect(claimed.status).toBe(200);
    const res = await putOrders(id, 0, players[0]!, { interrupt: 'ask' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('GAME_NOT_STARTED');
    expect((await getOrders(id, 0, players[0]!)).body).toEqual({ interrupt: 'armed', defence: 'always' });
  });
});
