// Shared by the property tests: random set-ups as fast-check arbitraries, whole games played by the
// random legal player, the states a game passes through, and the normal form used to compare a
// command with the listed ones.

import fc from 'fast-check';
import { MAP_IDS, type MapId } from '../../../../src/games/helter-skelter/board/board.ts';
import { BASE_TEAM_IDS, TEAM_IDS, type TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import type { Command, Event, GameSetup, GameState, StandingOrders } from '../../../../src/games/helter-skelter/types.ts';
import type { Sender } from '../../../../src/platform/game-module.ts';
import { playRandomGame, type PlayedGame } from '../../../../src/platform/random-player.ts';
import { nextInt, seedRng, type RngState } from '../../../../src/platform/random.ts';

export const game = helterSkelter;

export interface RandomGame {
  setup: GameSetup;
  /** Seeds the random player's choices (which seat answers, which command, when a deadline passes). */
  playerSeed: number;
  /** Chance per step that the open window's deadline passes instead (0: nobody is ever late). */
  expiryRate: number;
  /** Every seat's standing orders from the start (default: the game's defaults). */
  orders?: StandingOrders;
}

/** Every seat on `ask`: every window and every defence waits on its seats (R11, R14). */
export const ASKED: StandingOrders = { interrupt: 'ask', defence: 'ask' };

/** The game's first state, with the game's orders for every seat if it names them. */
export function initialStateOf(g: RandomGame): GameState {
  const s = game.initialState(g.setup);
  const orders = g.orders;
  return orders ? { ...s, seats: s.seats.map((seat) => ({ ...seat, orders: { ...orders } })) } : s;
}

/** The module, starting every seat on the game's orders (`initialStateOf`). */
const gameFor = (g: RandomGame): typeof game => (g.orders ? { ...game, initialState: () => initialStateOf(g) } : game);

/**
 * 2–4 distinct teams in a random seating order, either map, any seed; with or without deadlines
 * passing. With `withTeam`, that team sits at every table (at a random seat).
 */
export const randomGameArb = (expiry: 'mixed' | 'none' | number = 'mixed', withTeam?: TeamId): fc.Arbitrary<RandomGame> => {
  const plain = { noNullPrototype: true };
  const teams =
    withTeam === undefined
      ? fc.shuffledSubarray<TeamId>([...TEAM_IDS], { minLength: 2, maxLength: 4 })
      : fc
          .tuple(fc.shuffledSubarray<TeamId>(TEAM_IDS.filter((t) => t !== withTeam), { minLength: 1, maxLength: 3 }), fc.nat())
          .map(([others, at]) => [...others.slice(0, at % (others.length + 1)), withTeam, ...others.slice(at % (others.length + 1))]);
  const setup = fc.record(
    {
      map: fc.constantFrom<MapId>(...MAP_IDS),
      seats: teams.map((ts) => ts.map((team) => ({ team }))),
      seed: fc.oneof(fc.string({ maxLength: 12 }), fc.integer()),
    },
    plain,
  );
  const expiryRate =
    expiry === 'none'
      ? fc.constant(0)
      : typeof expiry === 'number'
        ? fc.constant(expiry)
        : fc.oneof(fc.constant(0), fc.double({ min: 0.001, max: 0.1, noNaN: true }));
  return fc.record({ setup, playerSeed: fc.integer({ min: 0, max: 0xffffffff }), expiryRate }, plain);
};

/** A solo game ("Playing solo against the Dark Judges"): one base team, either map, any seed. */
export const soloGameArb = (expiry: 'mixed' | number = 'mixed'): fc.Arbitrary<RandomGame> =>
  fc.record(
    {
      setup: fc.record(
        {
          map: fc.constantFrom<MapId>(...MAP_IDS),
          seats: fc.constantFrom<TeamId>(...BASE_TEAM_IDS).map((team) => [{ team }]),
          seed: fc.oneof(fc.string({ maxLength: 12 }), fc.integer()),
          solo: fc.constant(true),
        },
        { noNullPrototype: true },
      ),
      playerSeed: fc.integer({ min: 0, max: 0xffffffff }),
      expiryRate: typeof expiry === 'number' ? fc.constant(expiry) : fc.oneof(fc.constant(0), fc.double({ min: 0.001, max: 0.1, noNaN: true })),
    },
    { noNullPrototype: true },
  );

export const expire = (windowId: string): Command => ({ type: 'EXPIRE_WINDOW', windowId });

/**
 * Random games end within a few hundred commands (median ≈ 350, longest seen ≈ 2,300 in 3,000
 * games). A game still going after this many is either deadlocked (see `isDeadlocked`) or a bug.
 */
export const COMMAND_CAP = 10_000;

export type Played = PlayedGame<GameState, Command, Event> & {
  /** The game stopped at the cap in a proven deadlock: no choice of anyone's can ever change it. */
  deadlocked: boolean;
};

export function play(g: RandomGame, maxCommands = COMMAND_CAP): Played {
  const p = playRandomGame(gameFor(g), g.setup, seedRng(g.playerSeed), { expiryRate: g.expiryRate, maxCommands }, expire);
  return { ...p, deadlocked: !p.finished && isDeadlocked(p.state) };
}

/** A state's JSON but for its window numbers (and key order: a scenario's state lists keys its own way). */
const strip = (s: GameState): string =>
  JSON.stringify(sortKeys({ ...s, windows: 0, situation: s.situation.kind === 'over' ? s.situation : { ...s.situation, windowId: '' } }));

/**
 * True when the game can never end, whatever anyone sends: for a whole round every awaited seat's
 * one legal command is END_TURN (no INTERRUPT card anywhere, so no window opens), no card is drawn
 * (hands are full), and the round comes back to the same state but for the window numbers. Passing
 * deadlines changes nothing either: an expired turn is an ended turn. Random play found such games
 * (every seat holding seven cards it can never play); since R33 ends such a game at the end of the
 * turn, no game should be deadlocked any more, and the tests say so.
 */
export function isDeadlocked(start: GameState): boolean {
  if (game.isOver(start)) return false;
  const target = strip(start);
  let s = start;
  for (let k = 0; k < 4 * s.seats.length; k++) {
    const awaited = game.awaiting(s);
    if (awaited.length !== 1) return false;
    const legal = game.legalCommands(s, awaited[0]!.seat);
    if (legal.length !== 1 || legal[0]!.type !== 'END_TURN') return false;
    const d = game.decide(s, legal[0]!, { kind: 'seat', seat: awaited[0]!.seat });
    if (!d.ok) return false;
    for (const e of d.events) {
      if (e.type === 'CardsDrawn' || e.type === 'DeckReshuffled' || e.type === 'InterruptWindowOpened') return false;
      s = game.evolve(s, e);
    }
    if (strip(s) === target) return true;
  }
  return false;
}

const played = new Map<string, Played>();

/**
 * `play`, remembered: several properties of one file check the same generated games (fast-check
 * with the same seed generates the same ones), so each game is played once per file.
 */
export function playOnce(g: RandomGame): Played {
  const key = JSON.stringify(g);
  let p = played.get(key);
  if (!p) {
    p = play(g);
    played.set(key, p);
  }
  return p;
}

/** One accepted command and the states either side of it. */
export interface Step {
  index: number;
  before: GameState;
  command: Command;
  sender: Sender;
  events: Event[];
  after: GameState;
}

/** Replays a played game command by command (from its stored events, not by deciding again). */
export function* steps(g: RandomGame, played: PlayedGame<GameState, Command, Event>): Generator<Step> {
  let state = initialStateOf(g);
  let at = 0;
  for (const [index, h] of played.history.entries()) {
    const events = played.events.slice(at, at + h.events);
    at += h.events;
    let next = state;
    for (const e of events) next = game.evolve(next, e);
    yield { index, before: state, command: h.command, sender: h.sender, events, after: next };
    state = next;
  }
}

/** Every state the game passed through after each single event, with the events so far. */
export function* eventStates(g: RandomGame, events: readonly Event[]): Generator<{ state: GameState; event: Event; index: number }> {
  let state = initialStateOf(g);
  for (const [index, event] of events.entries()) {
    state = game.evolve(state, event);
    yield { state, event, index };
  }
}

// ───────────────────────────── comparing commands ─────────────────────────────

/** Sorts object keys recursively: a canonical form for comparing commands. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = sortKeys((value as Record<string, unknown>)[k]);
    return out;
  }
  return value;
}

/**
 * The normal form of a command for "is it one of the listed ones": no windowId (checked
 * separately), card lists sorted (the order cards are discarded in does not matter), RALLY legs
 * sorted by character (each leg starts from where its character stood), `hiEx: false` as absent.
 */
export function normalize(command: unknown): string {
  if (command === null || typeof command !== 'object' || Array.isArray(command)) return JSON.stringify(sortKeys(command));
  const c: Record<string, unknown> = { ...(command as Record<string, unknown>) };
  delete c.windowId;
  if (Array.isArray(c.cards)) c.cards = [...(c.cards as unknown[])].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
  if (c.type === 'SNIPE' && c.hiEx === false) delete c.hiEx;
  if (Array.isArray(c.moves))
    c.moves = [...(c.moves as unknown[])].sort((a, b) => {
      const x = JSON.stringify(sortKeys(a));
      const y = JSON.stringify(sortKeys(b));
      return x < y ? -1 : x > y ? 1 : 0;
    });
  return JSON.stringify(sortKeys(c));
}

// ───────────────────────────── small helpers ─────────────────────────────

/** A tiny seeded chooser for choices made inside a property (fast-check supplies the seed). */
export class Chooser {
  private rng: RngState;
  constructor(seed: number | string) {
    this.rng = seedRng(seed);
  }
  int(n: number): number {
    // An index into an empty list (a mutation may have emptied it): 0, where a write appends.
    if (n === 0) return 0;
    let i: number;
    [i, this.rng] = nextInt(this.rng, n);
    return i;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.int(1_000_000) < p * 1_000_000;
  }
  sample<T>(items: readonly T[], k: number): T[] {
    if (items.length <= k) return items.slice();
    const pool = items.slice();
    const out: T[] = [];
    while (out.length < k) out.push(pool.splice(this.int(pool.length), 1)[0]!);
    return out;
  }
}

/** Every string anywhere inside a JSON-like value, keys included. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsIn(v, out);
    }
  return out;
}

/** Every key anywhere inside a JSON-like value. */
export function keysIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysIn(v, out);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysIn(v, out);
    }
  return out;
}

/** Freezes a value and everything inside it, so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Per-test time limit: 60 s, stretched when FC_RUNS asks for more runs. A guard against a hang, not
 * a speed check: the 500-game differential takes ~40 s alone and 75 s on a machine busy with the
 * rest of the suite (its limit is twice this).
 */
export const TIMEOUT = 60_000 * Math.max(1, Number(process.env.FC_RUNS ?? 1));

/**
 * fast-check parameters: a fixed seed per file keeps CI reproducible. FC_SEED=<n> replays another
 * seed, FC_SEED=random explores new games; FC_RUNS=<k> multiplies the number of runs.
 */
export function fcParams<T>(numRuns: number, seed: number): fc.Parameters<T> {
  const env = process.env.FC_SEED;
  const runs = Math.max(1, Math.round(numRuns * Number(process.env.FC_RUNS ?? 1)));
  if (env === 'random') return { numRuns: runs, endOnFailure: true };
  return { numRuns: runs, seed: env ? Number(env) : seed, endOnFailure: true };
}
