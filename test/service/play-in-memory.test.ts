// The command path and the deadline sweeper on the in-memory log (src/store/memory-game-log.ts):
// the service's decisions — who may send what, versions, idempotency, expiries, abandonment —
// tested without Postgres. The same log contract is held by both stores
// (test/store/game-log-contract.test.ts).

import { describe, expect, it } from 'vitest';
import { commitment } from '../../src/platform/fairness.ts';
import { pickCommand } from '../../src/platform/random-player.ts';
import { keyedRng } from '../../src/platform/random.ts';
import { DeadlineKeeper } from '../../src/service/deadlines.ts';
import { Refusal } from '../../src/platform/refusal.ts';
import { GameStates } from '../../src/service/game-states.ts';
import { Play, type Accepted } from '../../src/service/play.ts';
import { GAMES } from '../../src/service/registry.ts';
import type { StoredOptions } from '../../src/service/ports/records.ts';
import { MemoryGameLog } from '../../src/store/memory-game-log.ts';

const module = GAMES.get('helter-skelter')!;
const KEY = 'ab'.repeat(32);
const SECOND = 1000;

function table(options: { abandonAfter?: number } = {}) {
  let now = Date.parse('2026-11-25T12:00:00.000Z');
  const clock = () => new Date(now);
  const signals: string[] = [];
  const log = new MemoryGameLog(clock, (_channel, payload) => signals.push(payload));
  const keeper = new DeadlineKeeper(GAMES, clock);
  const states = new GameStates(log, GAMES);
  const committed: Accepted[] = [];
  const play = new Play(log, states, keeper, options.abandonAfter ?? 0, (accepted) => committed.push(accepted));
  const setup = module.createSetup({ map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] }, { key: KEY });
  if (setup instanceof Error) throw setup;
  const stored: StoredOptions = {
    setup,
    public: {},
    fairness: { key: KEY, commitment: commitment(KEY), seeded: false, position: false },
    bots: [false, false],
    botKinds: [null, null],
    createdBy: 'a',
    clocks: { setup: 60 * SECOND, turn: 60 * SECOND, defence: 60 * SECOND, interrupt: 60 * SECOND },
  };
  const seats = ['a', 'b'].map((accountId, seat) => ({ seat, accountId, handle: accountId, bot: false, pausedUntil: null }));
  const draft = { id: '', module: module.id, options: stored as unknown as Record<string, unknown>, version: 0, deadlines: [], clockRevision: 0, status: 'open' as const, createdAt: clock(), updatedAt: clock() };
  const deadlines = keeper.plan(draft, seats, module.awaiting(module.initialState(setup)));
  const game = log.create({ module: module.id, options: stored, status: 'active', seats, deadlines });
  return { log, play, states, game, signals, committed, advance: (ms: number) => (now += ms), now: clock };
}

/** The account holding `seat`. */
const account = (seat: number) => ['a', 'b'][seat]!;

describe('Play on the in-memory log', () => {
  it('plays a whole game to its end; the log replays to the state the service holds', async () => {
    const t = table();
    let rng = keyedRng('cd'.repeat(32));
    let moves = 0;
    for (;;) {
      const { game } = (await t.log.read(t.game.id))!;
      if (game.status !== 'active') break;
      const state = await t.states.at(game);
      const awaited = module.awaiting(state)[0]!;
      const legal = module.legalCommands(state, awaited.seat) as { type: string }[];
      let command: { type: string };
      [command, rng] = pickCommand(legal, rng);
      const accepted = await t.play.submit({ gameId: game.id, author: { account: account(awaited.seat) }, command, expectedVersion: game.version });
      expect(accepted.version).toBe(game.version + accepted.events.length);
      expect(++moves).toBeLessThan(5_000);
    }
    const { game } = (await t.log.read(t.game.id))!;
    expect(game.status).toBe('finished');
    expect(game.deadlines).toEqual([]);
    const events = await t.log.events(game.id, 0);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: game.version }, (_, i) => i + 1));
    const replayed = module.replay(module.initialState((game.options as unknown as StoredOptions).setup), events.map((e) => e.payload));
    expect(JSON.stringify(replayed)).toBe(JSON.stringify(await t.states.at(game)));
    expect(module.isOver(replayed)).toBe(true);
    // Every commit was announced to listeners, with the version it reached.
    // (No next expiry once it is over; `:news`: the start was never told, no notifier runs here.)
    expect(t.signals.at(-1)).toBe(`${game.id}:${game.version}::news`);
    expect(t.committed.at(-1)!.version).toBe(game.version);
  });

  it('refuses a command from someone without a seat, at a stale version, or against the rules; nothing is written', async () => {
    const t = table();
    const { game } = (await t.log.read(t.game.id))!;
    const state = await t.states.at(game);
    const [awaited] = module.awaiting(state);
    const command = module.legalCommands(state, awaited!.seat)[0] as Record<string, unknown>;
    await expect(t.play.submit({ gameId: game.id, author: { account: 'stranger' }, command })).rejects.toMatchObject({ code: 'NOT_SEATED' });
    await expect(t.play.submit({ gameId: game.id, author: { account: account(awaited!.seat) }, command, expectedVersion: 7 })).rejects.toMatchObject({
      code: 'VERSION_CONFLICT',
      extensions: { version: 0 },
    });
    await expect(t.play.submit({ gameId: game.id, author: { account: account(awaited!.seat) }, command: { type: 'NO_SUCH_COMMAND' } })).rejects.toBeInstanceOf(Refusal);
    expect((await t.log.read(game.id))!.game.version).toBe(0);
    expect(await t.log.commands(game.id)).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with what its command did, and refuses the key for another request', async () => {
    const t = table();
    const { game } = (await t.log.read(t.game.id))!;
    const state = await t.states.at(game);
    const [awaited] = module.awaiting(state);
    const author = { account: account(awaited!.seat) };
    const [command, other] = module.legalCommands(state, awaited!.seat) as Record<string, unknown>[];
    const first = await t.play.submit({ gameId: game.id, author, command: command!, idempotencyKey: 'k1' });
    const again = await t.play.submit({ gameId: game.id, author, command: command!, idempotencyKey: 'k1' });
    expect(again).toMatchObject({ replayed: true, version: first.version });
    expect(again.events).toEqual(first.events);
    expect(await t.log.commands(game.id)).toHaveLength(1);
    await expect(t.play.submit({ gameId: game.id, author, command: other ?? { type: 'X' }, idempotencyKey: 'k1' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('decides on what it last saw, but never answers wrongly from it: another process moved the game on', async () => {
    const t = table();
    // A second process on the same log: its own memory of the game.
    const other = new Play(t.log, new GameStates(t.log, GAMES), new DeadlineKeeper(GAMES, t.now));
    const move = async (via: Play, states: GameStates) => {
      const { game } = (await t.log.read(t.game.id))!;
      const state = await states.at(game);
      const [awaited] = module.awaiting(state);
      const command = module.legalCommands(state, awaited!.seat).find((c) => (c as { type: string }).type !== 'SET_ORDERS') as Record<string, unknown>;
      return via.submit({ gameId: game.id, author: { account: account(awaited!.seat) }, command });
    };
    await move(t.play, t.states); // this process remembers the game after its own move
    const remembered = t.states.lastSeen(t.game.id)!;
    expect(remembered.game.version).toBe((await t.log.read(t.game.id))!.game.version);
    for (let i = 0; i < 6; i++) await move(other, new GameStates(t.log, GAMES)); // the other process moves it on
    // What this process remembers is stale now: the awaited seat's command is still accepted (a
    // refusal or a conflict reached on memory is checked on a fresh read), and nothing forks.
    const before = (await t.log.read(t.game.id))!.game.version;
    expect(remembered.game.version).toBeLessThan(before);
    const accepted = await move(t.play, new GameStates(t.log, GAMES));
    expect(accepted.version).toBeGreaterThan(before);
    const events = await t.log.events(t.game.id, 0);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: accepted.version }, (_, i) => i + 1));
    // And an expected version that memory would call a conflict is accepted when it is current.
    const { game } = (await t.log.read(t.game.id))!;
    const state = await t.states.at(game);
    const [awaited] = module.awaiting(state);
    const command = module.legalCommands(state, awaited!.seat)[0] as Record<string, unknown>;
    await other.submit({ gameId: game.id, author: { account: account(awaited!.seat) }, command, expectedVersion: game.version });
    const now = (await t.log.read(t.game.id))!.game;
    const next = await t.states.at(now);
    const [nextAwaited] = module.awaiting(next);
    const nextCommand = module.legalCommands(next, nextAwaited!.seat)[0] as Record<string, unknown>;
    await expect(t.play.submit({ gameId: game.id, author: { account: account(nextAwaited!.seat) }, command: nextCommand, expectedVersion: now.version })).resolves.toMatchObject({
      version: expect.any(Number),
    });
  });

  it('a game whose expiry fails is put back a minute and does not hold up the others', async () => {
    const t = table();
    // A game the rules cannot even load, due before the good one.
    const broken = t.log.create({
      module: module.id,
      options: { setup: null, clocks: {} },
      status: 'active',
      seats: [],
      deadlines: [{ seat: 0, windowId: 'w1', situation: 'turn', deadline: new Date(t.now().getTime() - 1).toISOString() }],
    });
    t.advance(61 * SECOND);
    await expect(t.play.expireDue()).rejects.toThrow();
    // Put back a minute, the broken game no longer comes first: the good one is expired.
    const expired = await t.play.expireDue();
    expect(expired?.gameId).toBe(t.game.id);
    expect(await t.play.expireDue()).toBeNull();
    // A minute later it is tried again (and fails again), beside the good game's next expiry.
    t.advance(61 * SECOND);
    const outcomes = await Promise.all([0, 1].map(async () => t.play.expireDue().then((e) => e?.gameId ?? null, () => 'failed')));
    expect(outcomes.sort()).toEqual([t.game.id, 'failed'].sort());
    expect((await t.log.read(broken.id))!.game.version).toBe(0);
  });

  it('the sweeper’s step expires a window only once its deadline has passed, once, and abandons a game nobody plays', async () => {
    const t = table({ abandonAfter: 3 });
    expect(await t.play.expireDue()).toBeNull();
    const windows: string[] = [];
    for (;;) {
      t.advance(61 * SECOND);
      const expired = await t.play.expireDue();
      if (!expired) break;
      windows.push(expired.windowId);
      // Its deadline was a minute after the window opened; the sweep came 61 s after it opened: a second late.
      expect(expired.latenessMs).toBe(1 * SECOND);
      // Expired: the next window is not due before its own deadline.
      expect(await t.play.expireDue()).toBeNull();
      if (expired.status !== 'active') break;
    }
    const { game } = (await t.log.read(t.game.id))!;
    expect(game.status).toBe('abandoned');
    expect(windows).toHaveLength(3);
    expect(new Set(windows).size).toBe(3);
    const commands = await t.log.commands(game.id);
    expect(commands.map((c) => c.senderKind)).toEqual(['system', 'system', 'system']);
    expect(await t.log.nextDeadline()).toBeNull();
  });
});
