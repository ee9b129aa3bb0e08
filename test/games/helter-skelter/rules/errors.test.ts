// Refusals every command shares: malformed bodies, the wrong seat, a closed window, a finished game.
// A refused command changes nothing and produces no event.

import { describe, expect, it } from 'vitest';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import type { Command, GameState, Move } from '../../../../src/games/helter-skelter/types.ts';
import { RuleError } from '../../../../src/platform/game-module.ts';
import { DAN_TANNA, findPair, TestGame, wild } from '../support.ts';
import { interrupts, padding, showingNoInterrupt, systemDecide } from './support-part1.ts';

const [A, B] = findPair(DAN_TANNA, (a, b, bd) => !bd.isCover(a) && bd.adjacent(a).includes(b));
const dredd = showingNoInterrupt('judges', 'dredd');
const MELEE = wild('judges', 'MELEE')[0]!;

/** Dredd (seat 0) and Kai (seat 1, holding an INTERRUPT) side by side. */
function twoSeats(): TestGame {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'judges', hand: [...dredd.slice(0, 3), MELEE] },
      { team: 'slaine', hand: [...padding('slaine', [], ['MELEE', 'DEFLECT', 'PSI', 'COVER']).slice(0, 3), interrupts('slaine')[0]!] },
    ],
    characters: { dredd: { space: A }, kai: { space: B, health: 1 } },
  });
}

const move = (to: number, card = dredd[0]!): Move => ({ type: 'MOVE', character: 'dredd', to, cards: [card] });
const windowId = (g: TestGame) => (g.situation.kind === 'over' ? '' : g.situation.windowId);

/** The code of a refusal for any input (bodies that are not even Command-shaped included). */
function codeFor(state: GameState, input: unknown, seat = 0): string {
  const d = helterSkelter.decide(state, input as Command, { kind: 'seat', seat });
  if (d.ok) throw new Error(`accepted: ${JSON.stringify(input)}`);
  expect(d.error).toBeInstanceOf(RuleError);
  expect(d.error.message.length).toBeGreaterThan(0);
  return d.error.code;
}

describe('INVALID_COMMAND: malformed bodies', () => {
  // A command is untrusted input: "A command that does not fit is refused as INVALID_COMMAND" (commands.ts).
  it('a body that is not an object with a known type is INVALID_COMMAND', () => {
    const s = twoSeats().state;
    for (const body of [null, undefined, 42, 'MOVE', [], ['MOVE'], {}, { type: 'TELEPORT' }, { type: 7 }, { kind: 'MOVE' }])
      expect(codeFor(s, body), JSON.stringify(body)).toBe('INVALID_COMMAND');
  });

  it('a missing or malformed field is INVALID_COMMAND', () => {
    const s = twoSeats().state;
    const card = dredd[0]!;
    const bodies: unknown[] = [
      { type: 'MOVE', character: 'dredd', cards: [card] },
      { type: 'MOVE', character: 'dredd', to: 0, cards: [card] },
      { type: 'MOVE', character: 'dredd', to: 41, cards: [card] },
      { type: 'MOVE', character: 'dredd', to: 2.5, cards: [card] },
      { type: 'MOVE', character: 'dredd', to: String(B), cards: [card] },
      { type: 'MOVE', character: 'dredd', to: B, cards: card },
      { type: 'MOVE', character: 'dredd', to: B, cards: [card, card, card, card, card, card, card, card] },
      { type: 'MOVE', character: 'dredd', to: B, cards: [7] },
      { type: 'MOVE', character: '', to: B, cards: [card] },
      { type: 'MOVE', character: 'x'.repeat(65), to: B, cards: [card] },
      { type: 'MELEE', character: 'dredd', card: MELEE },
      { type: 'DEFEND', character: 'kai', defence: 'DODGE', card: MELEE },
      { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [1, 2, 3] },
      { type: 'RALLY', character: 'hershey', card: card, ally: 'dredd', moves: [{ character: 'dredd', to: B }] },
      { type: 'CLAIM_INTERRUPT' },
      { type: 'EXPIRE_WINDOW' },
    ];
    for (const body of bodies) expect(codeFor(s, body), JSON.stringify(body)).toBe('INVALID_COMMAND');
  });

  it('an unexpected field, or a malformed windowId, is INVALID_COMMAND', () => {
    const s = twoSeats().state;
    for (const body of [
      { type: 'END_TURN', seat: 0 },
      { type: 'MOVE', character: 'dredd', to: B, cards: [dredd[0]!], hiEx: true },
      { type: 'END_TURN', windowId: 1 },
      { type: 'END_TURN', windowId: '' },
      { type: 'SNIPE', character: 'dredd', card: MELEE, defender: 'kai', hiEx: 'yes' },
    ])
      expect(codeFor(s, body), JSON.stringify(body)).toBe('INVALID_COMMAND');
  });

  // R29: "windowId is optional on player commands."
  it('windowId may be left out of a player command', () => {
    const g = twoSeats();
    g.send(0, { type: 'END_TURN' });
    expect(g.situation.kind).toBe('interrupt');
  });
});

describe('Who may send what', () => {
  // "When you take your turn, follow these steps": only the actor plays in a turn.
  it('a seat that is not the actor is refused NOT_YOUR_TURN', () => {
    const g = twoSeats();
    expect(g.refused(1, { type: 'END_TURN' })).toBe('NOT_YOUR_TURN');
    expect(g.refused(1, { type: 'MOVE', character: 'kai', to: A, cards: [g.hand(1)[0]!] })).toBe('NOT_YOUR_TURN');
    expect(g.refused(1, { type: 'DEPLOY', character: 'kai', space: A })).toBe('NOT_YOUR_TURN');
  });

  // "The active player keeps the active player marker" — but during an interrupting turn, only the
  // interrupter plays.
  it('the active player is refused NOT_YOUR_TURN during someone’s interrupting turn', () => {
    const g = twoSeats();
    g.send(0, move(B));
    g.send(1, { type: 'CLAIM_INTERRUPT', card: interrupts('slaine')[0]! });
    expect(g.refused(0, move(A, dredd[1]!))).toBe('NOT_YOUR_TURN');
    expect(g.refused(0, { type: 'END_TURN' })).toBe('NOT_YOUR_TURN');
  });

  // "This action can only be taken out of turn" / defences are made when asked.
  it('a command for another moment is refused WRONG_SITUATION', () => {
    const g = twoSeats();
    expect(g.refused(1, { type: 'PASS_INTERRUPT' })).toBe('WRONG_SITUATION');
    expect(g.refused(1, { type: 'CLAIM_INTERRUPT', card: interrupts('slaine')[0]! })).toBe('WRONG_SITUATION');
    expect(g.refused(1, { type: 'TAKE_DAMAGE', character: 'kai' })).toBe('WRONG_SITUATION');
    expect(g.refused(0, { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [A] })).toBe('WRONG_SITUATION');
  });

  // Seats are the table's positions; the deadline is the server's.
  it('a seat that does not exist, a seat sending EXPIRE_WINDOW, or the system sending a move is refused', () => {
    const g = twoSeats();
    for (const seat of [2, -1, 0.5]) expect(g.refused(seat, { type: 'END_TURN' })).toBe('NOT_A_SEAT');
    expect(g.refused(0, { type: 'EXPIRE_WINDOW', windowId: windowId(g) })).toBe('SYSTEM_ONLY');
    const d = systemDecide(g, { type: 'END_TURN' });
    expect(d.ok ? 'accepted' : d.error.code).toBe('NOT_A_SYSTEM_COMMAND');
  });
});

describe('WINDOW_CLOSED', () => {
  // R29: "When sent, a command for a window that has closed is refused (WINDOW_CLOSED) instead of
  // landing in a later situation."
  it('a turn command naming a window that has closed is refused WINDOW_CLOSED (R29)', () => {
    const g = twoSeats();
    const old = windowId(g);
    g.send(0, { ...move(B), windowId: old });
    g.send(1, { type: 'PASS_INTERRUPT' });
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0 });
    expect(g.refused(0, { ...move(A, dredd[1]!), windowId: old })).toBe('WINDOW_CLOSED');
    expect(g.refused(0, { type: 'END_TURN', windowId: old })).toBe('WINDOW_CLOSED');
    g.send(0, { type: 'END_TURN', windowId: windowId(g) });
  });

  it('a defence naming a window that has closed is refused WINDOW_CLOSED (R29)', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [MELEE] },
        { team: 'slaine', hand: [wild('slaine', 'MELEE')[0]!] },
      ],
      characters: { dredd: { space: A }, kai: { space: A, health: 3 } },
    });
    g.send(0, { type: 'MELEE', character: 'dredd', card: MELEE, defender: 'kai' });
    const defenceWindow = windowId(g);
    expect(g.situation.kind).toBe('defence');
    g.send(1, { type: 'TAKE_DAMAGE', character: 'kai', windowId: defenceWindow });
    expect(g.refused(1, { type: 'TAKE_DAMAGE', character: 'kai', windowId: defenceWindow })).toBe('WINDOW_CLOSED');
  });
});

describe('GAME_OVER', () => {
  // "If you reach five points, you win. The other players don't get to take any more turns."
  it('once the game is over every command is refused GAME_OVER, and a deadline firing does nothing', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [MELEE, ...dredd.slice(0, 2)], fragments: 4 },
        { team: 'slaine', hand: [interrupts('slaine')[0]!] },
      ],
      characters: { dredd: { space: A }, kai: { space: A, health: 1 }, niamh: { space: B } },
    });
    const lastWindow = windowId(g);
    g.send(0, { type: 'MELEE', character: 'dredd', card: MELEE, defender: 'kai' });
    expect(g.situation.kind).toBe('over');
    expect(g.refused(0, { type: 'END_TURN' })).toBe('GAME_OVER');
    expect(g.refused(0, move(B, dredd[1]!))).toBe('GAME_OVER');
    expect(g.refused(1, { type: 'PASS_INTERRUPT' })).toBe('GAME_OVER');
    expect(g.refused(1, { type: 'CLAIM_INTERRUPT', card: interrupts('slaine')[0]! })).toBe('GAME_OVER');
    expect(g.refused(1, { type: 'END_TURN', windowId: lastWindow })).toBe('GAME_OVER');
    expect(systemDecide(g, { type: 'EXPIRE_WINDOW', windowId: lastWindow })).toEqual({ ok: true, events: [] });
    expect([g.legal(0), g.legal(1)]).toEqual([[], []]);
  });
});

describe('A refused command changes nothing', () => {
  // decide is pure: refusing leaves the state as it was (TestGame.refused compares the whole state).
  it('a refused command leaves the state exactly as it was and yields no events', () => {
    const g = twoSeats();
    const before = structuredClone(g.state);
    const d = helterSkelter.decide(g.state, move(B, 'judges-30'), { kind: 'seat', seat: 0 });
    expect(d.ok).toBe(false);
    expect(d).not.toHaveProperty('events');
    expect(g.state).toEqual(before);
    // A refusal part-way through a rule (after some checks passed) changes nothing either.
    expect(g.refused(0, { type: 'MOVE', character: 'dredd', to: B, cards: [dredd[0]!, dredd[0]!] })).toBe('WRONG_CARD_COUNT');
    expect(g.refused(0, { type: 'COLLECT_FRAGMENT', character: 'dredd', cards: dredd.slice(0, 3) })).toBe('NO_FRAGMENT_HERE');
  });

  // Accepting does not touch the state passed in either: events are applied by evolve.
  it('an accepted command does not change the state it was decided on', () => {
    const g = twoSeats();
    const before = structuredClone(g.state);
    const d = helterSkelter.decide(g.state, move(B), { kind: 'seat', seat: 0 });
    expect(d.ok).toBe(true);
    expect(g.state).toEqual(before);
  });
});
