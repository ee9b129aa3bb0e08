// legalCommands and decide agree, both ways (game-module.ts: legalCommands is "every command seat
// could send now, as complete bodies; decide accepts exactly these"; legal.ts says the same). States
// are sampled from random games, in every kind of situation; candidates are the listed commands
// mutated one or two ways, plausible commands of the situation, and random commands of every type.
// Order of discarded cards does not matter, so commands are compared in a normal form (harness.ts ›
// normalize): card lists sorted, and likewise the two legs of a RALLY (decide takes them in either
// order, legalCommands lists the rallying character's first), `hiEx: false` as no Hi-Ex.
//
// The one exception, on purpose: SET_ORDERS (R34) is a setting, not a move. It is never listed (bots
// and random play must not pick it), yet decide accepts it from any seat at any moment of the game
// when it is well formed. `judge` says so explicitly; orders.test.ts holds the rest.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardFor } from '../../../../src/games/helter-skelter/board/index.ts';
import { cardById, TEAMS } from '../../../../src/games/helter-skelter/content/index.ts';
import { COMMAND_FIELDS } from '../../../../src/games/helter-skelter/commands.ts';
import type { Command, CommandType, GameState } from '../../../../src/games/helter-skelter/types.ts';
import type { Sender } from '../../../../src/platform/game-module.ts';
import { Chooser, fcParams, game, normalize, playOnce, randomGameArb, steps, type RandomGame, TIMEOUT } from './harness.ts';

const GAMES = 24;
const STATES_PER_KIND = 4;
/** Candidates per state for each awaited seat: mutants of listed commands, plausible ones, random ones. */
const MUTANTS = 50;
const PLAUSIBLE = 50;
const RANDOM = 10;
const LISTED_CHECKED_PER_SEAT = 150;

/** Up to `k` states of each situation kind (set-up, turn, defence, interrupt) met in the game. */
function sampleStates(g: RandomGame, ch: Chooser): GameState[] {
  const byKind = new Map<string, GameState[]>();
  const first = game.initialState(g.setup);
  byKind.set('setup', [first]);
  for (const step of steps(g, playOnce(g))) {
    const kind = step.after.situation.kind;
    if (kind === 'over') continue;
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind)!.push(step.after);
  }
  return [...byKind.values()].flatMap((states) => ch.sample(states, STATES_PER_KIND));
}

const openWindow = (s: GameState): string | null => (s.situation.kind === 'over' ? null : s.situation.windowId);

interface Pools {
  characters: string[];
  cards: (seat: number) => string[];
  anyCard: string[];
}

function pools(s: GameState, ch: Chooser): Pools {
  const anyCard = s.seats.flatMap((seat) => TEAMS[seat.team].deck.map((c) => c.id));
  return {
    characters: [...Object.keys(s.characters), 'warp-slaine', 'nobody'],
    anyCard: [...anyCard, 'judges-99', 'x'],
    // Mostly the seat's own hand, sometimes another seat's hand or a card that is not in any hand.
    cards: (seat) => {
      const r = ch.int(10);
      const own = s.seats[seat]?.hand ?? [];
      if (r < 6 && own.length > 0) return own;
      const other = s.seats[ch.int(s.seats.length)]!.hand;
      if (r < 8 && other.length > 0) return other;
      return anyCard;
    },
  };
}

const SIMILAR: CommandType[][] = [
  ['MOVE', 'CLIMB', 'COLLECT_FRAGMENT'],
  ['MELEE', 'SMASH', 'SNIPE', 'SHOTGUN', 'PSI'],
  ['EXPLODE', 'FLY', 'DEPLOY'],
  ['HEAL', 'RALLY'],
  ['DEFEND', 'PSI_DISCARD', 'TAKE_DAMAGE'],
  ['CLAIM_INTERRUPT', 'PASS_INTERRUPT', 'END_TURN'],
];

type Body = Record<string, unknown>;

/** One small change to a command: another card, character, space, defender, type, leg, window… */
function mutate(c: Body, seat: number, s: GameState, p: Pools, ch: Chooser): Body {
  const m: Body = structuredClone(c);
  const space = () => 1 + ch.int(40);
  const options: (() => void)[] = [];
  if (typeof m.card === 'string') options.push(() => (m.card = ch.pick(p.cards(seat))));
  if (Array.isArray(m.cards) && m.type !== 'ASSIGN_STARTING_CARDS') {
    const cards = m.cards as string[];
    options.push(() => cards.length > 0 && (cards[ch.int(cards.length)] = ch.pick(p.cards(seat))));
    options.push(() => cards.splice(ch.int(cards.length), 1));
    options.push(() => cards.length > 0 && cards.push(cards[ch.int(cards.length)]!));
    options.push(() => cards.push(ch.pick(p.cards(seat))));
    options.push(() => cards.reverse());
  }
  if (m.type === 'ASSIGN_STARTING_CARDS') {
    const cards = m.cards as number[];
    const mine = s.seats[seat]?.mapCards ?? [];
    options.push(() => (cards[ch.int(cards.length)] = mine.length > 0 && ch.chance(0.6) ? ch.pick(mine) : space()));
    options.push(() => cards.splice(ch.int(cards.length), 1));
    options.push(() => cards.push(cards.length > 0 && ch.chance(0.5) ? cards[0]! : mine.length > 0 ? ch.pick(mine) : space()));
    options.push(() => cards.reverse());
  }
  if (typeof m.character === 'string') options.push(() => (m.character = ch.pick(p.characters)));
  const board = boardFor(s.map);
  const onBoard = Object.values(s.characters).filter((x) => x.status === 'deployed').map((x) => x.id);
  for (const f of ['defender', 'ally'] as const)
    if (typeof m[f] === 'string') options.push(() => (m[f] = onBoard.length > 0 && ch.chance(0.7) ? ch.pick(onBoard) : ch.pick(p.characters)));
  // Another space: often a near one (a step further, a step sideways), sometimes anywhere 1–40.
  const nearby = (x: number) => (board.spaces.includes(x) && ch.chance(0.7) ? ch.pick(board.spaces.filter((y) => board.distance(x, y) <= 2)) : space());
  for (const f of ['to', 'space'] as const) if (typeof m[f] === 'number') options.push(() => (m[f] = nearby(m[f] as number)));
  if (typeof m.defence === 'string') options.push(() => (m.defence = ch.pick(['BLOCK', 'DEFLECT', 'PRECOG', 'COVER'])));
  if (['SNIPE', 'MELEE', 'SHOTGUN'].includes(m.type as string))
    options.push(() => (m.hiEx = ch.pick([true, false, undefined])), () => delete m.hiEx);
  if (Array.isArray(m.moves)) {
    const moves = m.moves as { character: string; to: number; climbCard: string | null }[];
    options.push(() => {
      if (moves.length === 0) return;
      const leg = moves[ch.int(moves.length)]!;
      leg.to = nearby(leg.to);
    });
    options.push(() => moves.length > 0 && (moves[ch.int(moves.length)]!.climbCard = ch.chance(0.3) ? null : ch.pick(p.cards(seat))));
    options.push(() => moves.length > 0 && (moves[ch.int(moves.length)]!.character = ch.pick(p.characters)));
    options.push(() => moves.splice(ch.int(moves.length), 1));
    options.push(() => moves.length > 0 && moves.push({ ...moves[0]! }));
    options.push(() => moves.reverse());
  }
  const group = SIMILAR.find((g) => g.includes(m.type as CommandType));
  if (group) options.push(() => (m.type = ch.pick(group)));
  options.push(() => (m.windowId = ch.pick([`w${ch.int(60)}`, 'w0', '', 'nope'])));
  options.push(() => delete m.windowId);
  ch.pick(options)();
  return m;
}

/** A command of a random type with random fields drawn from what is in play. */
function randomCommand(s: GameState, seat: number, p: Pools, ch: Chooser): Body {
  const type = ch.pick(Object.keys(COMMAND_FIELDS) as CommandType[]);
  const c: Body = { type };
  const space = () => 1 + ch.int(40);
  for (const [field, kind] of Object.entries(COMMAND_FIELDS[type])) {
    switch (kind) {
      case 'string':
        c[field] = field === 'card' ? ch.pick(p.cards(seat)) : field === 'windowId' ? `w${ch.int(60)}` : ch.pick(p.characters);
        break;
      case 'space':
        c[field] = space();
        break;
      case 'spaces':
        c[field] = Array.from({ length: 1 + ch.int(2) }, () => (ch.chance(0.7) && s.seats[seat]?.mapCards.length ? ch.pick(s.seats[seat]!.mapCards) : space()));
        break;
      case 'cards': {
        const hand = p.cards(seat);
        c[field] = Array.from({ length: ch.int(5) }, () => ch.pick(hand));
        break;
      }
      case 'defence':
        c[field] = ch.pick(['BLOCK', 'DEFLECT', 'PRECOG', 'COVER']);
        break;
      case 'boolean':
        c[field] = ch.chance(0.5);
        break;
      case 'rallyMoves':
        c[field] = Array.from({ length: ch.int(3) }, () => ({
          character: ch.pick(p.characters),
          to: space(),
          climbCard: ch.chance(0.6) ? null : ch.pick(p.cards(seat)),
        }));
        break;
    }
  }
  if (type === 'SET_ORDERS') {
    // Its fields are optional: mostly well formed, sometimes not (no field, a wrong value, a windowId).
    if (ch.chance(0.7)) c.interrupt = ch.pick([...INTERRUPT_ORDERS, 'always', '']);
    if (ch.chance(0.7)) c.defence = ch.pick([...DEFENCE_ORDERS, 'endOfTurnOnly']);
    if (ch.chance(0.2)) c.windowId = openWindow(s) ?? 'w1';
    return c;
  }
  if (ch.chance(0.5) && type !== 'EXPIRE_WINDOW') c.windowId = openWindow(s) ?? 'w1';
  return c;
}

const INTERRUPT_ORDERS = ['armed', 'ask', 'endOfTurnOnly'];
const DEFENCE_ORDERS = ['ask', 'always', 'never'];

const ACTION_TYPES: CommandType[] = ['MOVE', 'CLIMB', 'COLLECT_FRAGMENT', 'MELEE', 'SMASH', 'SNIPE', 'SHOTGUN', 'PSI', 'EXPLODE', 'FLY', 'RALLY', 'HEAL', 'DEPLOY', 'END_TURN'];

/**
 * A command that gets past the door: of a type the situation asks for, from the seat's own
 * characters, cards and nearby spaces, so the refusals come from the rules deep inside (range,
 * line of sight, symbols, high ground, allies, defences) rather than from "not your turn".
 */
function plausibleCommand(s: GameState, seat: number, p: Pools, ch: Chooser): Body {
  const board = boardFor(s.map);
  const sit = s.situation;
  const mine = Object.values(s.characters).filter((c) => c.seat === seat);
  const onBoard = Object.values(s.characters).filter((c) => c.status === 'deployed');
  const hand = s.seats[seat]?.hand ?? [];
  const card = () => (hand.length > 0 && ch.chance(0.85) ? ch.pick(hand) : ch.pick(p.anyCard));
  const someChar = (pool: { id: string }[]) => (pool.length > 0 && ch.chance(0.85) ? ch.pick(pool).id : ch.pick(p.characters));
  const actor = someChar(mine.filter((c) => c.status === 'deployed'));
  const from = s.characters[actor]?.space ?? 1 + ch.int(40);
  const near = () => {
    const r = ch.int(10);
    if (r < 5) return ch.pick([from, ...board.adjacent(from)]);
    if (r < 8) return ch.pick(board.spaces.filter((x) => board.distance(from, x) <= 2));
    return 1 + ch.int(40);
  };
  // A card that pays: the action's symbol (combat) or the actor's character symbol (standard).
  const paying = (type: string) => {
    const fits = hand.filter((c) =>
      ['MOVE', 'CLIMB', 'COLLECT_FRAGMENT'].includes(type) ? cardById(c).characters.includes(actor) : cardById(c).action === type,
    );
    return fits.length > 0 && ch.chance(0.8) ? ch.pick(fits) : card();
  };
  switch (sit.kind) {
    case 'setup': {
      const c = someChar(mine);
      const pool = s.seats[seat]?.mapCards ?? [];
      const count = ch.chance(0.8) ? (c === 'ukko' ? 2 : 1) : ch.int(3);
      return { type: 'ASSIGN_STARTING_CARDS', character: c, cards: Array.from({ length: count }, () => (pool.length > 0 && ch.chance(0.9) ? ch.pick(pool) : 1 + ch.int(40))) };
    }
    case 'defence': {
      const d = someChar(sit.defenders.map((x) => ({ id: x.character })));
      const type = ch.pick(['DEFEND', 'DEFEND', 'PSI_DISCARD', 'TAKE_DAMAGE'] as const);
      if (type === 'TAKE_DAMAGE') return { type, character: d };
      if (type === 'PSI_DISCARD') return { type, character: d, card: card() };
      const defence = ch.pick(['BLOCK', 'DEFLECT', 'PRECOG', 'COVER'] as const);
      return { type, character: d, card: paying({ BLOCK: 'MELEE', DEFLECT: 'DEFLECT', PRECOG: 'PSI', COVER: 'COVER' }[defence]), defence };
    }
    case 'interrupt':
      return ch.chance(0.7) ? { type: 'CLAIM_INTERRUPT', card: card() } : { type: 'PASS_INTERRUPT' };
    default: {
      const type = ch.pick(ACTION_TYPES);
      const enemy = someChar(onBoard.filter((c) => c.seat !== seat));
      const ally = someChar(mine.filter((c) => c.status === 'deployed'));
      switch (type) {
        case 'END_TURN':
          return { type };
        case 'DEPLOY': {
          const c = mine.find((x) => x.status === 'undeployed');
          return { type, character: c && ch.chance(0.8) ? c.id : someChar(mine), space: c && ch.chance(0.6) && c.startingCards.length > 0 ? ch.pick(c.startingCards) : near() };
        }
        case 'MOVE':
        case 'CLIMB':
        case 'COLLECT_FRAGMENT': {
          const n = type === 'MOVE' ? 1 : type === 'CLIMB' ? 2 : 3;
          const body: Body = { type, character: actor, cards: Array.from({ length: ch.chance(0.8) ? n : ch.int(5) }, () => paying(type)) };
          if (type !== 'COLLECT_FRAGMENT') body.to = near();
          return body;
        }
        case 'EXPLODE':
          return { type, character: actor, card: paying(type), space: near() };
        case 'FLY':
          return { type, character: actor, card: paying(type), to: near() };
        case 'HEAL':
          return { type, character: actor, card: paying(type), ally };
        case 'RALLY': {
          const legs = ch.int(3);
          const movers = [actor, ally, ch.pick(p.characters)];
          return {
            type,
            character: actor,
            card: paying(type),
            ally,
            moves: Array.from({ length: legs }, (_, i) => {
              const who = ch.chance(0.8) ? movers[i]! : ch.pick(movers);
              const at = s.characters[who]?.space ?? from;
              return { character: who, to: ch.chance(0.8) ? ch.pick([at, ...board.adjacent(at)]) : near(), climbCard: ch.chance(0.6) ? null : card() };
            }),
          };
        }
        default: {
          const body: Body = { type, character: actor, card: paying(type === 'SMASH' && ch.chance(0.3) ? 'MELEE' : type), defender: enemy };
          if (type === 'SNIPE' && ch.chance(0.4)) body.hiEx = ch.chance(0.7);
          return body;
        }
      }
    }
  }
}

/** How often each outcome came up: the candidates must reach deep into the rules, not stop at the door. */
const codesSeen = new Map<string, number>();

interface Mismatch {
  situation: string;
  seat: number;
  command: unknown;
  listed: boolean;
  accepted: boolean;
  code?: string;
  message?: string;
}

/** A SET_ORDERS decide must accept although it is never listed (R34): a seat's own, sent before the game is over. */
function isWellFormedOrders(body: Body, s: GameState, seat: number): boolean {
  const keys = Object.keys(body).filter((k) => k !== 'type');
  const fits = (k: string) =>
    (k === 'interrupt' && INTERRUPT_ORDERS.includes(body[k] as string)) || (k === 'defence' && DEFENCE_ORDERS.includes(body[k] as string));
  return Number.isInteger(seat) && seat >= 0 && seat < s.seats.length && s.situation.kind !== 'over' && keys.length > 0 && keys.every(fits);
}

/** decide accepts ⇔ the command is listed for the sender (and, when it names a window, that window is open). */
function judge(s: GameState, seat: number, candidate: unknown, legal: Set<string>, out: Mismatch[]): boolean {
  // Commands arrive as JSON: a field set to undefined is no field at all.
  const command: unknown = JSON.parse(JSON.stringify(candidate));
  const sender: Sender = { kind: 'seat', seat };
  const d = game.decide(s, command as Command, sender);
  const code = d.ok ? (legal.size > 0 ? 'accepted' : 'accepted?') : d.error.code;
  codesSeen.set(code, (codesSeen.get(code) ?? 0) + 1);
  const body = command as Body;
  const windowOk = body.windowId === undefined || body.windowId === openWindow(s);
  // R34: SET_ORDERS is accepted unlisted, from any seat, whenever it is well formed. R70: RESIGN is
  // an anytime command, accepted as the seat's `anytimeCommands` list it, with no window.
  const anytime = body.type === 'RESIGN' && body.windowId === undefined && (game.anytimeCommands?.(s, seat) ?? []).some((a) => normalize(a) === normalize(command));
  const listed = body.type === 'SET_ORDERS' ? isWellFormedOrders(body, s, seat) : anytime || (legal.has(normalize(command)) && windowOk);
  if (d.ok !== listed) {
    out.push({
      situation: s.situation.kind,
      seat,
      command,
      listed,
      accepted: d.ok,
      ...(d.ok ? {} : { code: d.error.code, message: d.error.message }),
    });
  }
  if (d.ok && d.events.length === 0) out.push({ situation: s.situation.kind, seat, command, listed, accepted: true, message: 'accepted with no events' });
  return d.ok;
}

const report = (m: Mismatch[]) =>
  m
    .slice(0, 5)
    .map((x) => `${x.situation} seat ${x.seat}: ${JSON.stringify(x.command)} listed=${x.listed} accepted=${x.accepted} ${x.code ?? ''} ${x.message ?? ''}`)
    .join('\n');

describe('legality both ways: decide accepts exactly the listed commands', () => {
  // game-module.ts: "Every command seat could send now, as complete bodies; decide accepts exactly these."
  it('(a) every command in legalCommands(state, seat) is accepted by decide for that seat, with or without its windowId', () => {
    fc.assert(
      fc.property(randomGameArb(), fc.integer(), (g, chooserSeed) => {
        const ch = new Chooser(chooserSeed);
        const refused: string[] = [];
        let checked = 0;
        for (const s of sampleStates(g, ch)) {
          for (let seat = 0; seat < s.seats.length; seat++) {
            for (const c of ch.sample(game.legalCommands(s, seat), LISTED_CHECKED_PER_SEAT)) {
              const d = game.decide(s, c, { kind: 'seat', seat });
              if (!d.ok) refused.push(`${s.situation.kind} seat ${seat}: ${JSON.stringify(c)} → ${d.error.code} ${d.error.message}`);
              const { windowId: _w, ...bare } = c;
              const d2 = game.decide(s, bare as Command, { kind: 'seat', seat });
              if (!d2.ok) refused.push(`without windowId: ${JSON.stringify(bare)} → ${d2.error.code}`);
              else if (d.ok) expect(d2.events).toEqual(d.events);
              checked++;
            }
          }
        }
        expect(refused.slice(0, 5)).toEqual([]);
        expect(checked).toBeGreaterThan(0);
      }),
      fcParams(GAMES, 0x1e6a1),
    );
  }, TIMEOUT);

  // The same sentence, the other way round: anything not listed is refused. Rulebook "Actions and
  // Defences" (costs, symbols, targets), "Your turn" (who may act), R29 (windowId).
  it('(b) mutated and random commands: decide accepts ⇔ listed for the sender (other card, character, space, defender, seat, window, dropped or doubled cards)', () => {
    fc.assert(
      fc.property(randomGameArb(), fc.integer(), (g, chooserSeed) => {
        const ch = new Chooser(chooserSeed);
        const mismatches: Mismatch[] = [];
        let accepted = 0;
        let refused = 0;
        for (const s of sampleStates(g, ch)) {
          const p = pools(s, ch);
          const legalBySeat = s.seats.map((_, seat) => game.legalCommands(s, seat));
          const sets = legalBySeat.map((cs) => new Set(cs.map(normalize)));
          const allListed = legalBySeat.flatMap((cs, seat) => cs.map((c) => ({ c, seat })));
          const awaited = new Set(game.awaiting(s).map((a) => a.seat));
          for (let seat = -1; seat <= s.seats.length; seat++) {
            const legal = sets[seat] ?? new Set<string>();
            const own = (legalBySeat[seat] ?? []).map((c) => ({ c, seat }));
            const [mutants, plausible, random] = awaited.has(seat) ? [MUTANTS, PLAUSIBLE, RANDOM] : seat >= 0 && seat < s.seats.length ? [8, 6, 3] : [3, 2, 1];
            for (let k = 0; k < mutants && allListed.length > 0; k++) {
              // A listed command (mostly the seat's own, else someone else's) changed once or twice, or
              // not at all and sent by the wrong seat.
              const base = own.length > 0 && ch.chance(0.85) ? ch.pick(own) : ch.pick(allListed);
              let cand: Body = structuredClone(base.c) as Body;
              const changes = base.seat === seat ? 1 + ch.int(2) : ch.int(2);
              for (let j = 0; j < changes; j++) cand = mutate(cand, seat, s, p, ch);
              if (judge(s, seat, cand, legal, mismatches)) accepted++;
              else refused++;
            }
            for (let k = 0; k < plausible; k++) {
              if (judge(s, seat, plausibleCommand(s, seat, p, ch), legal, mismatches)) accepted++;
              else refused++;
            }
            for (let k = 0; k < random; k++) {
              if (judge(s, seat, randomCommand(s, seat, p, ch), legal, mismatches)) accepted++;
              else refused++;
            }
          }
        }
        if (mismatches.length > 0) expect.fail(`${mismatches.length} mismatches, e.g.\n${report(mismatches)}`);
        expect(accepted).toBeGreaterThan(0);
        expect(refused).toBeGreaterThan(0);
      }),
      fcParams(GAMES, 0x1e6a2),
    );
    // The candidates reached deep into the rules: many different refusals, not just "not your turn".
    const refusals = [...codesSeen.keys()].filter((c) => c !== 'accepted');
    expect(refusals.length, refusals.join(' ')).toBeGreaterThanOrEqual(25);
  }, TIMEOUT);

  // architecture.md: "A deadline fires as a system command (ExpireWindow) … firing twice is harmless";
  // decide.ts: "The system only expires windows"; R29.
  it('only the system expires windows, and a player command sent as the system is refused', () => {
    fc.assert(
      fc.property(randomGameArb(), fc.integer(), (g, chooserSeed) => {
        const ch = new Chooser(chooserSeed);
        for (const s of sampleStates(g, ch)) {
          const open = openWindow(s)!;
          for (let seat = 0; seat < s.seats.length; seat++) {
            const asSeat = game.decide(s, { type: 'EXPIRE_WINDOW', windowId: open }, { kind: 'seat', seat });
            expect(asSeat.ok || asSeat.error.code).toBe('SYSTEM_ONLY');
            for (const c of ch.sample(game.legalCommands(s, seat), 5)) {
              const d = game.decide(s, c, { kind: 'system' });
              expect(d.ok || d.error.code).toBe('NOT_A_SYSTEM_COMMAND');
            }
          }
          const fired = game.decide(s, { type: 'EXPIRE_WINDOW', windowId: open }, { kind: 'system' });
          expect(fired.ok && fired.events.length > 0).toBe(true);
          const stale = game.decide(s, { type: 'EXPIRE_WINDOW', windowId: `w${ch.int(1000) + 1000}` }, { kind: 'system' });
          expect(stale).toEqual({ ok: true, events: [] });
        }
      }),
      fcParams(12, 0x1e6a3),
    );
  }, TIMEOUT);
});
