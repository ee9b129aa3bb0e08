// No game may freeze (issue 27), over HTTP on the real Postgres: the platform's guard refuses a
// decision that would leave a seat awaited with nothing to do but give up, whoever sends it (a
// player: 422 with a stable code, nothing appended; the sweeper: the expiry is given up, not
// retried for ever), and the sweeper gives up on a window whose expiry changes nothing. Shown with
// odds and evens (test/support/games/odds-and-evens) broken in those two ways, as a test's own games.

import { describe, expect, it } from 'vitest';
import { STRANDED_SEAT } from '../../src/platform/awaited-guard.ts';
import type { GameModule } from '../../src/platform/game-module.ts';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { oddsAndEvens, type Command, type Setup, type State } from '../support/games/odds-and-evens/index.ts';
import { call, postCommand, readGame, register, type HttpPlayer } from '../support/http-client.ts';

type OddsModule = GameModule<Setup, State, Command, unknown, unknown, unknown>;

/** Its `respond` situation lists no command: the game would wait for ever once both have picked. */
const stranding = { ...oddsAndEvens, id: 'stranding-odds', title: 'Stranding odds', legalCommands: (s: State, seat: number) => (s.phase === 'respond' ? [] : oddsAndEvens.legalCommands(s, seat)) } as OddsModule;

/** Its expiries change nothing: a passed deadline would be swept again and again. */
const idle = {
  ...oddsAndEvens,
  id: 'idle-odds',
  title: 'Idle odds',
  decide: (s: State, c: Command, sender: Parameters<typeof oddsAndEvens.decide>[2]) => ((c as { type?: unknown })?.type === 'EXPIRE_WINDOW' ? { ok: true as const, events: [] } : oddsAndEvens.decide(s, c, sender)),
} as OddsModule;

const t = useTestApp({ extraGames: [stranding, idle], worker: QUICK_WORKER });

async function started(game: string, players: HttpPlayer[], clock: unknown): Promise<string> {
  const created = await call(t.base, 'POST', '/v1/games', { token: players[0]!.token, body: { game, options: { seats: [{ side: 'odd' }, { side: 'even' }], clock } } });
  expect(created.status, created.text).toBe(201);
  const id = (created.body as { id: string }).id;
  for (const [seat, player] of players.entries()) expect((await call(t.base, 'POST', `/v1/games/${id}/seats/${seat}/claim`, { token: player.token })).status).toBe(200);
  return id;
}

/** The game row and its log, as stored. */
async function stored(id: string) {
  const { rows } = await t.db.pool.query<{ version: number; next_deadline: Date | null; events: string; commands: string }>(
    `SELECT version, next_deadline, (SELECT count(*) FROM events WHERE game_id = $1) AS events, (SELECT count(*) FROM commands WHERE game_id = $1) AS commands FROM games WHERE id = $1`,
    [id],
  );
  return { version: rows[0]!.version, nextDeadline: rows[0]!.next_deadline, events: Number(rows[0]!.events), commands: Number(rows[0]!.commands) };
}

/** Polls until `done` (the sweeper runs in the background), at most a few seconds. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const stop = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > stop) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the platform refuses a decision that would leave a seat awaited with nothing to do', () => {
  it('a player’s command: 422 with a stable code, nothing appended, the log whole', async () => {
    const alice = await register(t.base, 'str-alice');
    const bob = await register(t.base, 'str-bob');
    const id = await started('stranding-odds', [alice, bob], { pick: 3600, respond: 3600 });
    expect((await postCommand(t.base, id, alice, { type: 'PICK', number: 2, windowId: 'w1' })).status).toBe(200);
    const before = await stored(id);

    const refused = await postCommand(t.base, id, bob, { type: 'PICK', number: 3, windowId: 'w1' });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.contentType).toMatch(/application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: STRANDED_SEAT });
    expect((refused.body as { detail: string }).detail).toMatch(/seat 0 \(respond, window w2\)/);

    expect(await stored(id)).toEqual(before);
    const game = await readGame(t.base, id, bob);
    expect(game.version).toBe(before.version);
    expect(game.awaiting.map((a) => [a.seat, a.situation])).toEqual([[1, 'pick']]);
    // Sent again, it is refused again: the fault is the rules', not a race with another command.
    expect((await postCommand(t.base, id, bob, { type: 'PICK', number: 3, windowId: 'w1' })).status).toBe(422);
    expect(await stored(id)).toEqual(before);
  });

  it('an expiry the guard refuses: the sweeper gives up on the game’s deadlines (logged and counted), appends nothing and does not sweep it again', async () => {
    const alice = await register(t.base, 'str-carol');
    const bob = await register(t.base, 'str-dave');
    const givenUp = t.parts.gameService.play.expiriesGivenUp;
    const id = await started('stranding-odds', [alice, bob], { pick: 0.2, respond: 3600 });
    const before = await stored(id);
    expect(before.nextDeadline).not.toBeNull();

    const after = await until(() => stored(id), (s) => s.nextDeadline === null);
    expect(after).toEqual({ ...before, nextDeadline: null });
    expect(t.parts.gameService.play.expiriesGivenUp).toBeGreaterThan(givenUp);
    // The seats can still act: the game waits on them, not on a deadline it can never pass.
    const sent = await postCommand(t.base, id, alice, { type: 'PICK', number: 4, windowId: 'w1' }, { prefer: 'return=representation' });
    expect(sent.status).toBe(200);
    // The command sets deadlines again (read from its answer: on a loaded machine the sweeper may
    // already have given the next 0.2 s one up as well, as above, before a second read).
    expect((sent.body as { awaiting: { deadline: string | null }[] }).awaiting.some((a) => a.deadline !== null)).toBe(true);
  });
});

describe('a deadline whose expiry changes nothing is given up, not retried for ever', () => {
  it('the sweeper expires it once, finds no event, and leaves the game unswept until a command moves it', async () => {
    const alice = await register(t.base, 'str-erin');
    const bob = await register(t.base, 'str-frank');
    const givenUp = t.parts.gameService.play.expiriesGivenUp;
    const id = await started('idle-odds', [alice, bob], { pick: 0.2, respond: 3600 });
    const before = await stored(id);

    const after = await until(() => stored(id), (s) => s.nextDeadline === null);
    expect(after).toEqual({ ...before, nextDeadline: null });
    expect(t.parts.gameService.play.expiriesGivenUp).toBeGreaterThan(givenUp);
    const game = await readGame(t.base, id, alice);
    expect(game.awaiting.map((a) => a.seat)).toEqual([0, 1]);
  });
});
