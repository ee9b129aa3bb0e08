// Each situation's clock, end to end (docs/architecture.md §4, Helter Skelter's situations): games built from
// explicit positions, real short deadlines, the real job queue in the app's process, and the
// game's log as the witness. Only the clock of the situation under test is short.

import { beforeAll, describe, expect, it } from 'vitest';
import { cardById } from '../../src/games/helter-skelter/content/index.ts';
import type { TeamId } from '../../src/games/helter-skelter/content/types.ts';
import type { ScenarioCharacter } from '../../src/games/helter-skelter/scenario.ts';
import { board, DAN_TANNA, othersDead, wild } from '../games/helter-skelter/support.ts';
import { interrupts, padding, showingNoInterrupt } from '../games/helter-skelter/rules/support-part1.ts';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { call, postCommand, readGame, register, type GameAnswer, type HttpPlayer } from '../support/http-client.ts';

let players: HttpPlayer[];

const t = useTestApp({ worker: QUICK_WORKER });
beforeAll(async () => {
  players = await Promise.all([0, 1, 2, 3].map(() => register(t.base, 'sit')));
});

const TEAMS: TeamId[] = ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'];
/** The character each seat moves about with. */
const CHAR = ['dredd', 'johnny-alpha', 'viktor', 'slaine'];
const dt = board(DAN_TANNA);
const HOME = dt.spaces.filter((s) => dt.adjacent(s).length > 0).slice(0, 4);
/** Long enough never to run out during a test. */
const LONG = 600;
/** The short clock under test, in seconds. */
const SHORT = 0.3;

interface StoredEvent {
  seq: number;
  commandSeq: number;
  type: string;
  payload: Record<string, unknown>;
}

interface SystemCommand {
  seq: number;
  payload: { type: string; windowId: string };
  acceptedAt: Date;
}

const isInterrupt = (card: string) => cardById(card).action === 'INTERRUPT';

/**
 * Creates a game from `scenario` for the first `seats` players, who claim their seats; it starts.
 * Only the characters the scenario names are in play: the others are named dead (`othersDead`).
 * Every seat then sets `ask` for interrupts and defences: the defaults never wait on a seat
 * (docs/rulings.md R11, R14), and these tests are about the deadlines of seats that are waited on.
 */
async function scenarioGame(
  seats: number,
  scenario: { characters?: Record<string, ScenarioCharacter> } & Record<string, unknown>,
  clock: Record<string, number>,
): Promise<string> {
  const teams = TEAMS.slice(0, seats).map((team) => ({ team }));
  const { characters } = othersDead({ seats: teams, characters: scenario.characters });
  const created = await call(t.base, 'POST', '/v1/games', {
    token: players[0]!.token,
    body: {
      game: 'helter-skelter',
      options: { map: DAN_TANNA, seats: teams, scenario: { ...scenario, characters }, clock },
    },
  });
  expect(created.status, created.text).toBe(201);
  const id = (created.body as { id: string }).id;
  for (let seat = 0; seat < seats; seat++) {
    const claimed = await call(t.base, 'POST', `/v1/games/${id}/seats/${seat}/claim`, { token: players[seat]!.token });
    expect(claimed.status, claimed.text).toBe(200);
  }
  for (let seat = 0; seat < seats; seat++) {
    const asked = await call(t.base, 'PUT', `/v1/games/${id}/seats/${seat}/orders`, { token: players[seat]!.token, body: { interrupt: 'ask', defence: 'ask' } });
    expect(asked.status, asked.text).toBe(200);
  }
  return id;
}

/**
 * A table of `count` seats, one character each at its home space; seats in `withInterrupt` hold
 * two INTERRUPT cards. Decks hold no INTERRUPT, so draws change nothing.
 */
function table(count: number, withInterrupt: number[]) {
  const seats = TEAMS.slice(0, count).map((team, i) => {
    const hand = [...showingNoInterrupt(team, CHAR[i]!).slice(0, 4), ...(withInterrupt.includes(i) ? interrupts(team).slice(0, 2) : [])];
    return { hand, deck: padding(team).filter((c) => !hand.includes(c)) };
  });
  const characters: Record<string, ScenarioCharacter> = {};
  for (let i = 0; i < count; i++) characters[CHAR[i]!] = { space: HOME[i]! };
  return { seats, characters };
}

async function eventsOf(id: string): Promise<StoredEvent[]> {
  const { rows } = await t.db.pool.query(
    `SELECT seq, command_seq AS "commandSeq", type, payload FROM events WHERE game_id = $1 ORDER BY seq`,
    [id],
  );
  return rows;
}

async function systemCommands(id: string): Promise<SystemCommand[]> {
  const { rows } = await t.db.pool.query(
    `SELECT seq, payload, accepted_at AS "acceptedAt" FROM commands WHERE game_id = $1 AND sender_kind = 'system' ORDER BY seq`,
    [id],
  );
  return rows;
}

/** Polls until `done` returns something, for at most `ms`. */
async function until<T>(done: () => Promise<T | undefined>, ms = 5_000): Promise<T> {
  const stop = Date.now() + ms;
  for (;;) {
    const value = await done();
    if (value !== undefined) return value;
    if (Date.now() > stop) throw new Error(`not done within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The first system expiry of the game, once it has fired, with the events it produced. */
async function firstExpiry(id: string): Promise<{ command: SystemCommand; events: StoredEvent[] }> {
  const command = await until(async () => (await systemCommands(id))[0]);
  const events = (await eventsOf(id)).filter((e) => e.commandSeq === command.seq);
  return { command, events };
}

const handOf = async (id: string, seat: number): Promise<string[]> => {
  const game = await readGame(t.base, id, players[seat]!);
  const mine = (game.view.seats as { seat: number; hand?: string[] }[]).find((s) => s.seat === seat);
  return mine!.hand!;
};

/** The awaited seat's deadline, as the API shows it when the situation opens. */
function deadlineOf(game: GameAnswer, seat: number, situation: string): { windowId: string; deadline: number } {
  const awaited = game.awaiting.find((a) => a.seat === seat && a.situation === situation);
  expect(awaited, `seat ${seat} awaited for ${situation}: ${JSON.stringify(game.awaiting)}`).toBeDefined();
  return { windowId: awaited!.windowId, deadline: Date.parse(awaited!.deadline!) };
}

/** The expiry fired at or after its deadline, and soon after it. */
function expectOnTime(command: SystemCommand, deadline: number) {
  expect(command.acceptedAt.getTime()).toBeGreaterThanOrEqual(deadline);
  expect(command.acceptedAt.getTime() - deadline).toBeLessThan(2_000);
}

/** The seat's character takes one MOVE, paid with a card that is no INTERRUPT. */
async function move(id: string, seat: number) {
  const card = (await handOf(id, seat)).find((c) => !isInterrupt(c) && cardById(c).characters.includes(CHAR[seat]!))!;
  const characters = (await readGame(t.base, id, null)).view.characters as { id: string; space: number }[];
  const from = characters.find((c) => c.id === CHAR[seat])!.space;
  const res = await postCommand(t.base, id, players[seat]!, { type: 'MOVE', character: CHAR[seat], to: dt.adjacent(from)[0], cards: [card] });
  expect(res.status, res.text).toBe(200);
}

describe('each situation ends at its deadline', () => {
  it('an unanswered defence times out into damage, and the attacker’s turn goes on', async () => {
    const melee = wild('judges', 'MELEE')[0]!;
    const block = wild('strontium-dogs', 'MELEE')[0]!;
    const id = await scenarioGame(
      2,
      {
        seats: [
          { hand: [melee], deck: padding('judges').filter((c) => c !== melee) },
          { hand: [block], deck: padding('strontium-dogs', [], ['MELEE']) },
        ],
        characters: { dredd: { space: HOME[0]! }, 'johnny-alpha': { space: HOME[0]! } },
      },
      { turn: LONG, defence: SHORT, interrupt: LONG, setup: LONG },
    );
    const health = async () =>
      ((await readGame(t.base, id, null)).view.characters as { id: string; health: number }[]).find((c) => c.id === 'johnny-alpha')!.health;
    const before = await health();

    const attacked = await postCommand(t.base, id, players[0]!, { type: 'MELEE', character: 'dredd', card: melee, defender: 'johnny-alpha' });
    expect(attacked.status, attacked.text).toBe(200);
    const asked = deadlineOf(await readGame(t.base, id, null), 1, 'defence');
    expect(asked.deadline - Date.now()).toBeLessThanOrEqual(SHORT * 1000);

    const { command, events } = await firstExpiry(id);
    expect(command.payload).toEqual({ type: 'EXPIRE_WINDOW', windowId: asked.windowId });
    expectOnTime(command, asked.deadline);
    // The action is complete: the window after it asks seat 1 whatever its hand holds (R11).
    expect(events.map((e) => e.type)).toEqual(['DefenderDecided', 'DamageTaken', 'InterruptWindowOpened']);
    expect(events[0]!.payload).toMatchObject({ character: 'johnny-alpha', choice: { kind: 'damage' }, expired: true });
    expect(events[1]!.payload).toMatchObject({ character: 'johnny-alpha', from: 'dredd' });
    const amount = events[1]!.payload.amount as number;
    expect(amount).toBeGreaterThan(0);
    expect(await health()).toBe(before - amount);
    // The card that could have blocked was not spent for the defender.
    expect(await handOf(id, 1)).toContain(block);
    const game = await readGame(t.base, id, null);
    expect(game.awaiting.map((a) => [a.seat, a.situation])).toEqual([[1, 'interrupt']]);
    expect((await systemCommands(id)).length).toBe(1);
  });

  it('an unclaimed interrupt window closes at its deadline and the actor’s turn resumes', async () => {
    const id = await scenarioGame(2, table(2, [1]), { turn: LONG, defence: LONG, interrupt: SHORT, setup: LONG });
    const cards = await handOf(id, 1);
    await move(id, 0);
    const asked = deadlineOf(await readGame(t.base, id, null), 1, 'interrupt');

    const { command, events } = await firstExpiry(id);
    expect(command.payload).toEqual({ type: 'EXPIRE_WINDOW', windowId: asked.windowId });
    expectOnTime(command, asked.deadline);
    expect(events.map((e) => e.type)).toEqual(['InterruptWindowClosed', 'TurnBegan']);
    expect(events[0]!.payload).toMatchObject({ windowId: asked.windowId, winner: null, expired: true });
    expect(events[1]!.payload).toMatchObject({ seat: 0, interrupting: false });
    const game = await readGame(t.base, id, null);
    expect(game.awaiting.map((a) => [a.seat, a.situation])).toEqual([[0, 'turn']]);
    expect(await handOf(id, 1)).toEqual(cards);
    // Play goes on: the actor acts again in the new window.
    await move(id, 0);
  });

  it('two claims sent at once: the seat nearer in turn order wins; only its card is discarded', async () => {
    const id = await scenarioGame(3, table(3, [1, 2]), { turn: LONG, defence: LONG, interrupt: LONG, setup: LONG });
    await move(id, 0);
    const window = deadlineOf(await readGame(t.base, id, null), 1, 'interrupt').windowId;
    const [near, far] = [(await handOf(id, 1)).find(isInterrupt)!, (await handOf(id, 2)).find(isInterrupt)!];

    const [first, second] = await Promise.all([
      postCommand(t.base, id, players[1]!, { type: 'CLAIM_INTERRUPT', card: near }),
      postCommand(t.base, id, players[2]!, { type: 'CLAIM_INTERRUPT', card: far }),
    ]);
    expect(first.status, first.text).toBe(200);
    const closed = await until(async () => (await eventsOf(id)).find((e) => e.type === 'InterruptWindowClosed'));
    expect(closed.payload).toMatchObject({ windowId: window, winner: 1, expired: false });
    // Whichever arrived first, seat 1 wins: if its claim came first the window closed at once
    // (R13) and seat 2's came too late; otherwise both are held and turn order decides.
    if (second.status === 200) expect(closed.payload).toMatchObject({ claimants: [1, 2], decidedBy: 'NEAREST_IN_TURN_ORDER' });
    else expect(closed.payload).toMatchObject({ claimants: [1], decidedBy: 'ONLY_CLAIM' });

    const discards = (await eventsOf(id)).filter((e) => e.type === 'CardsDiscarded' && e.payload.reason === 'INTERRUPT');
    expect(discards.map((e) => e.payload)).toEqual([expect.objectContaining({ seat: 1, cards: [near] })]);
    expect(await handOf(id, 1)).not.toContain(near);
    expect(await handOf(id, 2)).toContain(far);
    const game = await readGame(t.base, id, null);
    expect(game.awaiting.map((a) => [a.seat, a.situation])).toEqual([[1, 'turn']]);
  });

  it('two claims held when the deadline passes: the nearer claimant wins, the silent nearer seat passes', async () => {
    const id = await scenarioGame(4, table(4, [1, 2, 3]), { turn: LONG, defence: LONG, interrupt: SHORT * 2, setup: LONG });
    await move(id, 0);
    const asked = deadlineOf(await readGame(t.base, id, null), 1, 'interrupt');
    const [near, far] = [(await handOf(id, 2)).find(isInterrupt)!, (await handOf(id, 3)).find(isInterrupt)!];

    const answers = await Promise.all([
      postCommand(t.base, id, players[3]!, { type: 'CLAIM_INTERRUPT', card: far }),
      postCommand(t.base, id, players[2]!, { type: 'CLAIM_INTERRUPT', card: near }),
    ]);
    for (const res of answers) expect(res.status, res.text).toBe(200);
    // Seat 1, nearest of all, has not answered: the window waits for it until the deadline.
    expect((await readGame(t.base, id, null)).awaiting.map((a) => [a.seat, a.situation])).toEqual([[1, 'interrupt']]);

    const { command, events } = await firstExpiry(id);
    expect(command.payload).toEqual({ type: 'EXPIRE_WINDOW', windowId: asked.windowId });
    expectOnTime(command, asked.deadline);
    expect(events.map((e) => e.type)).toEqual(['CardsDiscarded', 'InterruptWindowClosed', 'TurnBegan']);
    expect(events[0]!.payload).toMatchObject({ seat: 2, cards: [near], reason: 'INTERRUPT' });
    expect(events[1]!.payload).toMatchObject({ winner: 2, claimants: [2, 3], decidedBy: 'NEAREST_IN_TURN_ORDER', expired: true });
    expect(events[2]!.payload).toMatchObject({ seat: 2, interrupting: true });
    expect(await handOf(id, 3)).toContain(far);
    expect(await handOf(id, 1)).toEqual(expect.arrayContaining(interrupts('strontium-dogs').slice(0, 2)));
  });

  it('a turn clock ends a stalled turn: the system declares end of turn for the actor', async () => {
    const id = await scenarioGame(2, table(2, []), { turn: SHORT, defence: LONG, interrupt: LONG, setup: LONG });
    const asked = deadlineOf(await readGame(t.base, id, null), 0, 'turn');

    const { command, events } = await firstExpiry(id);
    expect(command.payload).toEqual({ type: 'EXPIRE_WINDOW', windowId: asked.windowId });
    expectOnTime(command, asked.deadline);
    // The declared end of turn opens the end-of-turn window, which asks seat 1 whatever it holds
    // (R11); seat 1 is now awaited there, under the interrupt clock.
    expect(events.map((e) => e.type)).toEqual(['TurnEnded', 'InterruptWindowOpened']);
    // The log tells it apart: "… ran out of time", never "… ends the turn".
    expect(events[0]).toMatchObject({ payload: { seat: 0, interrupting: false, expired: true } });
    expect(events[1]!.payload).toMatchObject({ after: 'endOfTurn', eligible: [1] });
    const next = await readGame(t.base, id, null);
    const window = next.awaiting.find((a) => a.seat === 1 && a.situation === 'interrupt');
    expect(Date.parse(window!.deadline!)).toBeGreaterThan(asked.deadline);
  });
});
