// Vacations (docs/architecture.md §4, "Vacations"; /v1/me/vacation): a player pauses their clocks for whole days,
// within a yearly allowance. The server's clock is injected, so days pass without waiting.

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { as, getGame, registerPlayer, startGameFor, type Player } from '../support/players.ts';

const DAY = 86_400_000;
const ALLOWANCE = 10;

/** The server's "now". */
let clock = Date.parse('2026-12-20T12:00:00.000Z');

const t = useTestApp({ vacationDaysPerYear: ALLOWANCE, now: () => new Date(clock) });

const vacation = {
  get: (who: Player) => request(t.app.server).get('/v1/me/vacation').set(as(who)),
  start: (who: Player, days: unknown) => request(t.app.server).post('/v1/me/vacation').set(as(who)).send({ days }),
  end: (who: Player) => request(t.app.server).delete('/v1/me/vacation').set(as(who)),
};

const startGame = (seated: Player[]) => startGameFor(t.app, seated, { clock: 'daily' });

/** Each awaited seat's deadline, in ms. */
async function deadlines(id: string): Promise<Map<number, number>> {
  const game = (await getGame(t.app, id, null)) as unknown as { awaiting: { seat: number; deadline: string }[] };
  return new Map(game.awaiting.map((a) => [a.seat, Date.parse(a.deadline)]));
}

/** When the sweepers will next expire one of the game's windows (`games.next_deadline`), in ms. */
async function nextExpiry(id: string): Promise<number | null> {
  const { rows } = await t.db.pool.query<{ next: Date | null }>(`SELECT next_deadline AS next FROM games WHERE id = $1`, [id]);
  return rows[0]!.next?.getTime() ?? null;
}

describe('vacations', () => {
  it('a player not away has no vacation and the whole allowance', async () => {
    const p = await registerPlayer(t.app, 'vac');
    const res = await vacation.get(p);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ until: null, daysUsed: 0, daysAllowed: ALLOWANCE, year: 2026 });
  });

  it('going away for N days moves the deadline of each seat of yours awaited now by exactly N days, and the window’s expiry', async () => {
    const [away, home] = [await registerPlayer(t.app, 'vac'), await registerPlayer(t.app, 'vac')];
    const id = await startGame([away, home]);
    const before = await deadlines(id);
    const expiryBefore = await nextExpiry(id);
    expect(expiryBefore).toBe(Math.max(...before.values()));

    const res = await vacation.start(away, 3);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ until: new Date(clock + 3 * DAY).toISOString(), daysUsed: 3, daysAllowed: ALLOWANCE, year: 2026 });

    const after = await deadlines(id);
    expect(after.get(0)).toBe(before.get(0)! + 3 * DAY);
    expect(after.get(1)).toBe(before.get(1));
    // The window expires when its last seat's deadline passes.
    expect(await nextExpiry(id)).toBe(expiryBefore! + 3 * DAY);
    expect(after.get(0)).toBe(expiryBefore! + 3 * DAY);
  });

  it('extending a vacation moves the deadlines again, by the days added', async () => {
    const [away, home] = [await registerPlayer(t.app, 'vac'), await registerPlayer(t.app, 'vac')];
    const id = await startGame([away, home]);
    const before = await deadlines(id);
    await vacation.start(away, 1);
    const res = await vacation.start(away, 2);
    expect(res.body).toMatchObject({ until: new Date(clock + 3 * DAY).toISOString(), daysUsed: 3 });
    expect((await deadlines(id)).get(0)).toBe(before.get(0)! + 3 * DAY);
  });

  it('days beyond the yearly allowance are refused (422 VACATION_ALLOWANCE_EXCEEDED) and change nothing', async () => {
    const [away, home] = [await registerPlayer(t.app, 'vac'), await registerPlayer(t.app, 'vac')];
    await vacation.start(away, 4);
    const id = await startGame([away, home]);
    const before = await deadlines(id);
    const refused = await vacation.start(away, ALLOWANCE - 4 + 1);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'VACATION_ALLOWANCE_EXCEEDED', daysLeft: ALLOWANCE - 4 });
    expect((await vacation.get(away)).body).toMatchObject({ until: new Date(clock + 4 * DAY).toISOString(), daysUsed: 4 });
    expect(await deadlines(id)).toEqual(before);
    expect((await vacation.start(away, ALLOWANCE - 4)).status).toBe(200);
  });

  it('days must be a whole number, at least 1', async () => {
    const p = await registerPlayer(t.app, 'vac');
    for (const days of [0, -1, 1.5, 'two', null]) {
      const res = await vacation.start(p, days);
      expect(res.status, JSON.stringify(days)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await vacation.get(p)).body).toMatchObject({ until: null, daysUsed: 0 });
  });

  it('ending a vacation early gives back the whole days not yet begun; deadlines already moved stay', async () => {
    const [away, home] = [await registerPlayer(t.app, 'vac'), await registerPlayer(t.app, 'vac')];
    const id = await startGame([away, home]);
    await vacation.start(away, 5);
    const moved = await deadlines(id);
    clock += 1.5 * DAY;
    try {
      const res = await vacation.end(away);
      expect(res.status).toBe(200);
      // 3.5 days were left: 3 whole ones come back.
      expect(res.body).toEqual({ until: null, daysUsed: 2, daysAllowed: ALLOWANCE, year: 2026 });
      expect(await deadlines(id)).toEqual(moved);
      // Ending again changes nothing.
      expect((await vacation.end(away)).body).toEqual(res.body);
    } finally {
      clock -= 1.5 * DAY;
    }
  });

  it('a game that starts while you are away gives your seat deadlines from the end of your vacation', async () => {
    const [away, home] = [await registerPlayer(t.app, 'vac'), await registerPlayer(t.app, 'vac')];
    const until = Date.parse((await vacation.start(away, 2)).body.until);
    const id = await startGame([away, home]);
    const set = await deadlines(id);
    expect(set.get(0)).toBe(until + DAY);
    expect(set.get(1)).toBe(clock + DAY);
    expect(await nextExpiry(id)).toBe(until + DAY);
  });

  it('the allowance starts afresh with the UTC year', async () => {
    const p = await registerPlayer(t.app, 'vac');
    await vacation.start(p, ALLOWANCE);
    expect((await vacation.start(p, 1)).status).toBe(422);
    const saved = clock;
    clock = Date.parse('2027-01-01T00:00:00.000Z') + ALLOWANCE * DAY;
    try {
      expect((await vacation.get(p)).body).toEqual({ until: null, daysUsed: 0, daysAllowed: ALLOWANCE, year: 2027 });
      expect((await vacation.start(p, 1)).body).toMatchObject({ daysUsed: 1, year: 2027 });
    } finally {
      clock = saved;
    }
  });
});
