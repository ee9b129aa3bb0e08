// When windows open and close tells nothing of hands or arms (docs/rulings.md R11, R14, R40, R58).
// Random games are played under the default orders (some seats on `ask` or `endOfTurnOnly`, which
// are public, slower choices). At random points a twin is made in which one seat X holds INTERRUPT
// cards where the game holds none, or none where it holds some (a hand card and a deck card change
// places, the sizes kept), and, holding one, has armed an INTERRUPT. Both games then take the same
// SET_ORDERS from X (arms in the twin that holds the card, `arms: []` in the other) and the same
// commands that followed in the game played, until X itself is to send one. For every reader but X
// (the other seats and a spectator) these must be byte-identical: each command's acceptance and
// redacted events, the view and `awaiting` after it, and the window points: at which event of
// which command each window opened, and which command closed it.
//
// A claim is public when its window closes (R36), so the comparison stops at the first event that
// shows X's claim or card (in either twin), and at the end of the game; everything before it must
// agree.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInterruptCard } from '../../../../src/games/helter-skelter/costs.ts';
import { ARM_TRIGGERS } from '../../../../src/games/helter-skelter/published/standing-orders.ts';
import type { Command, Event, GameState, InterruptOrder, Seat } from '../../../../src/games/helter-skelter/types.ts';
import type { Sender } from '../../../../src/platform/game-module.ts';
import { pickCommand } from '../../../../src/platform/random-player.ts';
import { nextFloat, seedRng, type RngState } from '../../../../src/platform/random.ts';
import { Chooser, fcParams, game, randomGameArb, TIMEOUT, type RandomGame } from './harness.ts';

const GAMES = 100;
const SEED = 0x71e1;
/** Commands per game at most: the early and middle game, where hands change most. */
const CAP = 400;
/** Points per game at which twins are made. */
const POINTS = 4;

interface Played {
  states: GameState[];
  history: { command: Command; sender: Sender }[];
}

const json = (v: unknown) => JSON.stringify(v);
const holdsInterrupt = (s: GameState, seat: Seat) => s.seats[seat]!.hand.some(isInterruptCard);

/** A random game under the default orders, but for a few seats that chose to be asked, from the start. */
function playGame(g: RandomGame, ch: Chooser): Played {
  let s = game.initialState(g.setup);
  const history: Played['history'] = [];
  const states: GameState[] = [s];
  const send = (command: Command, sender: Sender) => {
    const d = game.decide(s, command, sender);
    if (!d.ok) throw new Error(`refused ${json(command)}: ${d.error.code}`);
    s = game.replay(s, d.events);
    history.push({ command, sender });
    states.push(s);
  };
  for (let seat = 0; seat < s.seats.length; seat++)
    if (ch.chance(0.25)) send({ type: 'SET_ORDERS', interrupt: ch.pick<InterruptOrder>(['ask', 'endOfTurnOnly']) }, { kind: 'seat', seat });
  let rng: RngState = seedRng(g.playerSeed);
  while (!game.isOver(s) && history.length < CAP) {
    const awaited = game.awaiting(s);
    let roll: number;
    [roll, rng] = nextFloat(rng);
    if (roll < 0.03) {
      send({ type: 'EXPIRE_WINDOW', windowId: awaited[0]!.windowId }, { kind: 'system' });
      continue;
    }
    const seat = awaited[ch.int(awaited.length)]!.seat;
    let command: Command;
    [command, rng] = pickCommand(game.legalCommands(s, seat), rng);
    send(command, { kind: 'seat', seat });
  }
  return { states, history };
}

/** X's hand with its INTERRUPT holding flipped (one hand card and one deck card change places), or null if it cannot be. */
function flipped(s: GameState, x: Seat, ch: Chooser): GameState | null {
  const seat = s.seats[x]!;
  const holds = holdsInterrupt(s, x);
  const pairs: [number, number][] = [];
  for (const [h, card] of seat.hand.entries())
    for (const [d, other] of seat.deck.entries()) {
      if (isInterruptCard(card) === isInterruptCard(other)) continue;
      const after = seat.hand.some((c, i) => (i === h ? isInterruptCard(other) : isInterruptCard(c)));
      if (after !== holds) pairs.push([h, d]);
    }
  if (pairs.length === 0) return null;
  const [h, d] = ch.pick(pairs);
  const t = structuredClone(s);
  const ts = t.seats[x]!;
  [ts.hand[h], ts.deck[d]] = [ts.deck[d]!, ts.hand[h]!];
  return t;
}

/** Where windows opened and closed: (command, event) for each opening, the command for each close. */
interface WindowPoint {
  windowId: string;
  what: 'opened' | 'closed';
  command: number;
  event: number;
}

/** Shows X's claim or card: after it, the twins may differ by rule. */
const reveals = (x: Seat) => (e: Event) =>
  (e.type === 'CardsDiscarded' && e.seat === x) ||
  (e.type === 'InterruptWindowClosed' && e.claimants.includes(x)) ||
  e.type === 'GameEnded';

interface Stats {
  twins: number;
  armed: number;
  commands: number;
  windows: number;
  /** Windows opened and closed in one command while X held an INTERRUPT card in one twin only. */
  closedAtOnceWithHoldingDiffering: number;
  /** Windows that waited on an asked seat while X held an INTERRUPT card in one twin only. */
  waitedWithHoldingDiffering: number;
}

/** What the check reads of a game module. */
type Rules = Pick<typeof game, 'decide' | 'redact' | 'replay' | 'view' | 'awaiting'>;

/** Plays the same commands in both twins from point `k`; returns what any reader but X could tell apart. */
function compare(rules: Rules, played: Played, k: number, x: Seat, a: GameState, b: GameState, armA: Command, armB: Command, stats: Stats): string[] {
  const problems: string[] = [];
  const readers = [null, ...a.seats.map((_, i) => i).filter((i) => i !== x)];
  const pointsA: WindowPoint[] = [];
  const pointsB: WindowPoint[] = [];
  const commands: { command: Command; sender: Sender }[] = [
    { command: armA, sender: { kind: 'seat', seat: x } },
    ...played.history.slice(k),
  ];
  let sa = a;
  let sb = b;
  let event = 0;
  for (const [i, step] of commands.entries()) {
    const own = step.sender.kind === 'seat' && step.sender.seat === x;
    if (i > 0 && own) break;
    const da = rules.decide(sa, step.command, step.sender);
    const db = rules.decide(sb, i === 0 ? armB : step.command, step.sender);
    stats.commands++;
    if (da.ok !== db.ok) return [`command ${k + i}: accepted in one twin only`];
    if (!da.ok || !db.ok) {
      if (!da.ok && !db.ok && json(da.error) !== json(db.error)) problems.push(`command ${k + i}: refusals differ`);
      // The game played went on; a refusal here means the twins left it: stop.
      break;
    }
    const ia = da.events.findIndex(reveals(x));
    const ib = db.events.findIndex(reveals(x));
    const cut = ia >= 0 || ib >= 0 ? Math.min(...[ia, ib].filter((n) => n >= 0)) : -1;
    const ea = cut >= 0 ? da.events.slice(0, cut) : da.events;
    const eb = cut >= 0 ? db.events.slice(0, cut) : db.events;
    for (const reader of readers) {
      const ra = json(ea.map((e) => rules.redact(e, reader)));
      const rb = json(eb.map((e) => rules.redact(e, reader)));
      if (ra !== rb) problems.push(`command ${k + i} ${json(step.command)}: events for reader ${reader} differ:\n  ${ra.slice(0, 400)}\n  ${rb.slice(0, 400)}`);
    }
    const differ = holdsInterrupt(sa, x) !== holdsInterrupt(sb, x);
    for (const [events, points] of [
      [ea, pointsA],
      [eb, pointsB],
    ] as const)
      for (const [n, e] of events.entries()) {
        if (e.type === 'InterruptWindowOpened') points.push({ windowId: e.windowId, what: 'opened', command: k + i, event: event + n });
        if (e.type === 'InterruptWindowClosed') points.push({ windowId: e.windowId, what: 'closed', command: k + i, event: event + n });
      }
    for (const e of ea)
      if (e.type === 'InterruptWindowOpened') {
        stats.windows++;
        const closedHere = ea.some((c) => c.type === 'InterruptWindowClosed' && c.windowId === e.windowId);
        if (differ && closedHere) stats.closedAtOnceWithHoldingDiffering++;
        if (differ && !closedHere) stats.waitedWithHoldingDiffering++;
      }
    if (cut >= 0) break;
    event += ea.length;
    sa = rules.replay(sa, da.events);
    sb = rules.replay(sb, db.events);
    for (const reader of readers) {
      for (const [what, va, vb] of [
        ['view', rules.view(sa, reader), rules.view(sb, reader)],
        ['awaiting', rules.awaiting(sa), rules.awaiting(sb)],
      ] as const)
        if (json(va) !== json(vb)) problems.push(`after command ${k + i}: reader ${reader}'s ${what} differs`);
    }
    if (problems.length > 0) break;
  }
  if (json(pointsA) !== json(pointsB)) problems.push(`window points differ:\n  ${json(pointsA)}\n  ${json(pointsB)}`);
  return problems;
}

/**
 * The rules with the leak R11 rules out, for the check of the check: a window that waits for a seat
 * holding an INTERRUPT card where it would pass for it at once (its events cut at that seat's pass).
 */
const leaky: Rules = {
  ...game,
  decide(s, command, sender) {
    const d = game.decide(s, command, sender);
    if (!d.ok) return d;
    let now = s;
    const events: Event[] = [];
    for (const e of d.events) {
      if (e.type === 'InterruptAnswered' && e.card === null && holdsInterrupt(now, e.seat)) break;
      events.push(e);
      now = game.evolve(now, e);
    }
    return { ok: true, events };
  },
};

/** Plays the games and compares twins at random points; returns the first differences found, if any. */
function checkGame(rules: Rules, g: RandomGame, chooserSeed: number, stats: Stats): string[] {
  const ch = new Chooser(chooserSeed);
  const played = playGame(g, ch);
  const n = played.history.length;
  for (let p = 0; p < POINTS && n > 0; p++) {
    const k = ch.int(n);
    const s = played.states[k]!;
    if (game.isOver(s) || s.situation.kind === 'setup') continue;
    const x = ch.int(s.seats.length);
    const t = flipped(s, x, ch);
    if (!t) continue;
    // `a` is the twin holding an INTERRUPT card: it may arm one (a seat on `armed` only: an asked
    // seat's arm answers at once where it would wait, which R40 lets others see).
    const [a, b] = holdsInterrupt(s, x) ? [s, t] : [t, s];
    const mayArm = a.seats[x]!.orders.interrupt === 'armed' && ch.chance(0.7);
    const arms = mayArm ? [{ trigger: ch.pick(ARM_TRIGGERS) }] : [];
    stats.twins++;
    if (mayArm) stats.armed++;
    const problems = compare(rules, played, k, x, a, b, { type: 'SET_ORDERS', arms }, { type: 'SET_ORDERS', arms: [] }, stats);
    if (problems.length > 0) return [`command ${k}, X = seat ${x}, arms ${json(arms)}:`, ...problems.slice(0, 3)];
  }
  return [];
}

const emptyStats = (): Stats => ({ twins: 0, armed: 0, commands: 0, windows: 0, closedAtOnceWithHoldingDiffering: 0, waitedWithHoldingDiffering: 0 });

describe('window timing is independent of hands and arms (R11, R40, R58)', () => {
  it(`${GAMES} random games under the default orders: with or without INTERRUPT cards, with or without arms, every other reader sees the same bytes and the same window points`, () => {
    const stats = emptyStats();
    fc.assert(
      fc.property(randomGameArb('none'), fc.integer(), (g, chooserSeed) => {
        const problems = checkGame(game, g, chooserSeed, stats);
        if (problems.length > 0) expect.fail(problems.join('\n'));
      }),
      fcParams(GAMES, SEED),
    );
    // The games went where a leak would show: twins with and without arms, windows closing at once
    // and windows waiting on an asked seat while X's holding differed.
    expect(stats.twins).toBeGreaterThan(GAMES);
    expect(stats.armed).toBeGreaterThan(GAMES / 3);
    expect(stats.closedAtOnceWithHoldingDiffering).toBeGreaterThan(GAMES);
    expect(stats.waitedWithHoldingDiffering).toBeGreaterThan(10);
  }, TIMEOUT * 2);

  // A check that cannot fail proves nothing: a window that waits for the seats holding an INTERRUPT
  // card, and closes at once for the others, must be caught.
  it('the check finds a window that waits longer for a seat holding an INTERRUPT card', () => {
    let found = 0;
    fc.assert(
      fc.property(randomGameArb('none'), fc.integer(), (g, chooserSeed) => {
        if (checkGame(leaky, g, chooserSeed, emptyStats()).length > 0) found++;
      }),
      fcParams(20, SEED),
    );
    expect(found).toBeGreaterThan(0);
  }, TIMEOUT);
});
