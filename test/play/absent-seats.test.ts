// Absent players (issue 31): a seat whose player lets ZOMBIE_AFTER_MISSED deadlines pass in a row is
// played by the game's default bot until the player takes it back; the handovers are listed with
// the game version each happened at; the player's own commands are refused meanwhile; the count is
// made with the expiry, once, whichever process sweeps.

import { describe, expect, it } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { call, postCommand, readGame, register } from '../support/http-client.ts';

const t = useTestApp({ worker: QUICK_WORKER, zombieAfterMissed: 3 });

/** Short deadlines: a set-up and a turn pass in a fraction of a second; INTERRUPT windows (never counted) at the floor. */
const CLOCK = { setup: 0.3, turn: 0.3, defence: 0.3, interrupt: 0.05, target: 0.3 };

type Seat = { seat: number; absent: boolean };
type Handover = { seat: number; kind: string; version: number; at: string };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const stop = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > stop) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('absent players', () => {
  it('after three missed deadlines a bot plays the seat; the player takes it back with one request; both handovers are recorded', async () => {
    const rico = await register(t.base, 'zb-rico');
    const created = await call(t.base, 'POST', '/v1/games', {
      token: rico.token,
      body: { game: 'helter-skelter', seat: 0, options: { map: 'dan-tanna-enid-blyton', clock: CLOCK, seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] } },
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { id: string }).id;

    // Rico sends nothing: set-up, then his turns, pass by their deadlines.
    const absent = await until(() => readGame(t.base, id, rico), (g) => (g.seats as unknown as Seat[])[0]!.absent || g.status !== 'active', 'the handover');
    expect(absent.status).toBe('active');
    const handed = (await call(t.base, 'GET', `/v1/games/${id}/handovers`)).body as { handovers: Handover[] };
    expect(handed.handovers).toHaveLength(1);
    expect(handed.handovers[0]).toMatchObject({ seat: 0, kind: 'absent' });
    // Exactly three of his deadlines had passed (INTERRUPT windows not counted), each once.
    const { rows } = await t.db.pool.query<{ missed: number; absent: boolean }>(
      `SELECT missed_deadlines AS missed, absent_since IS NOT NULL AS absent FROM game_seats WHERE game_id = $1 AND seat = 0`,
      [id],
    );
    expect(rows[0]).toEqual({ missed: 3, absent: true });

    // While the bot plays it, his own commands are refused; the bot plays on.
    const refused = await postCommand(t.base, id, rico, { type: 'END_TURN' });
    expect(refused.body).toMatchObject({ status: 409, code: 'SEAT_ABSENT' });
    const moved = await until(() => readGame(t.base, id, null), (g) => g.version > absent.version + 2 || g.status !== 'active', 'the bot to play');
    expect(moved.version).toBeGreaterThan(absent.version);

    // Someone else cannot take it; he can, once.
    const vic = await register(t.base, 'zb-vic');
    expect((await call(t.base, 'POST', `/v1/games/${id}/seats/0/return`, { token: vic.token })).body).toMatchObject({ status: 403, code: 'NOT_YOUR_SEAT' });
    const back = await call(t.base, 'POST', `/v1/games/${id}/seats/0/return`, { token: rico.token });
    if ((await readGame(t.base, id, null)).status === 'active') {
      expect(back.status, back.text).toBe(200);
      expect((back.body as { seats: Seat[] }).seats[0]!.absent).toBe(false);
      const list = ((await call(t.base, 'GET', `/v1/games/${id}/handovers`)).body as { handovers: Handover[] }).handovers;
      expect(list.map((h) => h.kind)).toEqual(['absent', 'returned']);
      expect(list[1]!.version).toBeGreaterThanOrEqual(list[0]!.version);
      expect((await call(t.base, 'POST', `/v1/games/${id}/seats/0/return`, { token: rico.token })).body).toMatchObject({ status: 409, code: expect.stringMatching(/^(SEAT_NOT_ABSENT|GAME_OVER)$/) });
    }
    await t.parts.gameService.bots.idle();
  }, 90_000);
});
