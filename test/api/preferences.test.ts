// Your preferences (GET/PUT /v1/me/preferences, docs/api.md): the standing orders your seats start every
// game with, and your time zone.

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { as, getGame, registerPlayer, startGameFor, type Player } from '../support/players.ts';

const t = useTestApp();

const getPreferences = (who: Player | null) => request(t.app.server).get('/v1/me/preferences').set(as(who));
const putPreferences = (who: Player | null, body: unknown) => request(t.app.server).put('/v1/me/preferences').set(as(who)).send(body as object);

/** Judges v Sláine, and with `extraBot` a Strontium Dogs bot in seat 2. */
const startGame = (seated: Player[], extraBot = false) =>
  startGameFor(t.app, seated, extraBot ? { seats: [{ team: 'judges' }, { team: 'slaine' }, { team: 'strontium-dogs', bot: true }] } : {});

describe('preferences', () => {
  it('start at each game’s defaults in UTC (every game’s orders: Helter Skelter’s interrupt and defence, Miniatures’ push-back)', async () => {
    const p = await registerPlayer(t.app, 'pref');
    const res = await getPreferences(p);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orders: { interrupt: 'armed', defence: 'always', pushBack: 'ask' }, timeZone: 'UTC' });
    expect((await getPreferences(null)).status).toBe(401);
  });

  it('a change is merged: what it leaves out, each order too, stays as it was', async () => {
    const p = await registerPlayer(t.app, 'pref');
    expect((await putPreferences(p, { orders: { interrupt: 'ask' } })).body).toEqual({ orders: { interrupt: 'ask', defence: 'always', pushBack: 'ask' }, timeZone: 'UTC' });
    expect((await putPreferences(p, { timeZone: 'Europe/London' })).body).toEqual({ orders: { interrupt: 'ask', defence: 'always', pushBack: 'ask' }, timeZone: 'Europe/London' });
    expect((await putPreferences(p, { orders: { defence: 'never' } })).body).toEqual({
      orders: { interrupt: 'ask', defence: 'never', pushBack: 'ask' },
      timeZone: 'Europe/London',
    });
    expect((await getPreferences(p)).body).toEqual({ orders: { interrupt: 'ask', defence: 'never', pushBack: 'ask' }, timeZone: 'Europe/London' });
  });

  it('settings stored beside these by other parts of the service are kept', async () => {
    const p = await registerPlayer(t.app, 'pref');
    await t.db.pool.query(`UPDATE accounts SET preferences = $2 WHERE handle = $1`, [p.handle, JSON.stringify({ notifications: { email: 'digest' } })]);
    await putPreferences(p, { timeZone: 'Asia/Tokyo' });
    const { rows } = await t.db.pool.query(`SELECT preferences FROM accounts WHERE handle = $1`, [p.handle]);
    expect(rows[0].preferences).toEqual({ notifications: { email: 'digest' }, timeZone: 'Asia/Tokyo' });
  });

  it('a time zone is an IANA zone, named as Intl names it; anything else is 400 INVALID_TIME_ZONE and changes nothing', async () => {
    const p = await registerPlayer(t.app, 'pref');
    expect((await putPreferences(p, { timeZone: 'america/new_york' })).body.timeZone).toBe('America/New_York');
    for (const timeZone of ['Mars/Olympus_Mons', 'GMT+25', 'not a zone']) {
      const res = await putPreferences(p, { timeZone, orders: { interrupt: 'ask' } });
      expect(res.status, timeZone).toBe(400);
      expect(res.body.code).toBe('INVALID_TIME_ZONE');
    }
    expect((await getPreferences(p)).body).toEqual({ orders: { interrupt: 'armed', defence: 'always', pushBack: 'ask' }, timeZone: 'America/New_York' });
  });

  it('malformed changes are 400 VALIDATION_FAILED', async () => {
    const p = await registerPlayer(t.app, 'pref');
    for (const body of [{}, { orders: {} }, { orders: { interrupt: 'sometimes' } }, { orders: { interrupt: 'never' } }, { orders: { colour: 'red' } }, { theme: 'dark' }, { timeZone: '' }]) {
      const res = await putPreferences(p, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await getPreferences(p)).body).toEqual({ orders: { interrupt: 'armed', defence: 'always', pushBack: 'ask' }, timeZone: 'UTC' });
  });

  it('when a game starts, each seat gets its owner’s preferred orders, privately', async () => {
    const [cautious, eager] = [await registerPlayer(t.app, 'pref'), await registerPlayer(t.app, 'pref')];
    await putPreferences(cautious, { orders: { interrupt: 'ask' } });
    const id = await startGame([cautious, eager], true);

    const mine = await getGame(t.app, id, cautious);
    expect(mine.status).toBe('active');
    expect((mine.view.seats[0] as { orders?: unknown }).orders).toEqual({ interrupt: 'ask', defence: 'always' });
    const orders = await request(t.app.server).get(`/v1/games/${id}/seats/0/orders`).set(as(cautious));
    expect(orders.body).toEqual({ interrupt: 'ask', defence: 'always' });
    // The other seat keeps the defaults, and sees nothing of seat 0's orders.
    const theirs = await getGame(t.app, id, eager);
    expect((theirs.view.seats[1] as { orders?: unknown }).orders).toEqual({ interrupt: 'armed', defence: 'always' });
    expect(theirs.view.seats[0]).not.toHaveProperty('orders');
    // Sent as the owner's own command, once, and only for the seat whose owner prefers other orders.
    const { rows } = await t.db.pool.query(`SELECT type, payload, seat FROM commands WHERE game_id = $1 AND type = 'SET_ORDERS'`, [id]);
    expect(rows).toEqual([{ type: 'SET_ORDERS', payload: { type: 'SET_ORDERS', interrupt: 'ask' }, seat: 0 }]);
  });

  it('preferences changed later leave games already running as they are', async () => {
    const [a, b] = [await registerPlayer(t.app, 'pref'), await registerPlayer(t.app, 'pref')];
    const id = await startGame([a, b]);
    await putPreferences(a, { orders: { defence: 'never' } });
    expect((await request(t.app.server).get(`/v1/games/${id}/seats/0/orders`).set(as(a))).body).toEqual({ interrupt: 'armed', defence: 'always' });
  });
});
