// ARMS (docs/rulings.md R58): an INTERRUPT claimed in advance. "You can INTERRUPT immediately after
// another player has completed an action … or declared end of turn. … If more than one player wants
// to INTERRUPT at the same time, the player whose turn is closest takes the action. Only that player
// discards the card required." Under the default orders no window asks anyone (R11); a seat that
// wants to INTERRUPT arms a claim beforehand, and the window that its trigger names takes it at once.

import { describe, expect, it } from 'vitest';
import { cardById } from '../../../../src/games/helter-skelter/content/index.ts';
import type { TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import { DEFAULT_ORDERS } from '../../../../src/games/helter-skelter/orders.ts';
import type { Arm, Command, Event } from '../../../../src/games/helter-skelter/types.ts';
import { board, DAN_TANNA, TestGame, types, wild } from '../support.ts';
import { interrupts, ofType, only, padding, showingNoInterrupt } from './support-part1.ts';

const dt = board(DAN_TANNA);
const TEAMS: TeamId[] = ['judges', 'strontium-dogs', 'nikolai-dante'];
const CHAR = ['dredd', 'johnny-alpha', 'viktor'];
const HOME = dt.spaces.filter((s) => dt.adjacent(s).length > 0).slice(0, 3);
const isInterrupt = (card: string) => cardById(card).action === 'INTERRUPT';
const MELEE = wild('judges', 'MELEE')[0]!;

interface TableOptions {
  /** Seats holding two INTERRUPT cards (default: 1 and 2). */
  withInterrupt?: number[];
  /** Johnny Alpha stands where Dredd's MOVE (`act`) takes him, and seat 0 holds a MELEE card. */
  meleeRange?: boolean;
}

/** Three seats on the default orders, one character each; decks hold no INTERRUPT. */
function table(opts: TableOptions = {}): TestGame {
  const withInterrupt = opts.withInterrupt ?? [1, 2];
  const seats = TEAMS.map((team, i) => {
    const plain = showingNoInterrupt(team, CHAR[i]!).filter((c) => !(i === 0 && c === MELEE)).slice(0, 4);
    const hand = [...plain, ...(i === 0 && opts.meleeRange ? [MELEE] : []), ...(withInterrupt.includes(i) ? interrupts(team).slice(0, 2) : [])];
    return { team, hand, deck: padding(team).filter((c) => !hand.includes(c)) };
  });
  const characters = Object.fromEntries(CHAR.map((id, i) => [id, { space: i === 1 && opts.meleeRange ? dt.adjacent(HOME[0]!)[0]! : HOME[i]! }]));
  return TestGame.withOthersDead({ map: DAN_TANNA, seats, characters }, { orders: DEFAULT_ORDERS });
}

/** The seat's character takes one MOVE, paid with a card that is no INTERRUPT. */
function act(g: TestGame, seat: number): Event[] {
  const id = CHAR[seat]!;
  const card = g.hand(seat).find((c) => !isInterrupt(c) && c !== MELEE && cardById(c).characters.includes(id))!;
  return g.send(seat, { type: 'MOVE', character: id, to: dt.adjacent(g.state.characters[id]!.space!)[0]!, cards: [card] });
}
const arm = (g: TestGame, seat: number, arms: Arm[]) => g.send(seat, { type: 'SET_ORDERS', arms });
const interruptsIn = (g: TestGame, seat: number) => g.hand(seat).filter(isInterrupt);

describe('Arming (R58)', () => {
  it('an arm is accepted only from a seat holding an INTERRUPT card; a card it names must be one of them in the hand', () => {
    const g = table({ withInterrupt: [2] });
    expect(g.refused(1, { type: 'SET_ORDERS', arms: [{ trigger: 'afterNextAction' }] })).toBe('NO_INTERRUPT_CARD');
    const plain = g.hand(2).find((c) => !isInterrupt(c))!;
    expect(g.refused(2, { type: 'SET_ORDERS', arms: [{ trigger: 'afterNextAction', card: plain }] })).toBe('WRONG_SYMBOL');
    const elsewhere = interrupts('nikolai-dante').find((c) => !g.hand(2).includes(c)) ?? 'nikolai-dante-99';
    expect(g.refused(2, { type: 'SET_ORDERS', arms: [{ trigger: 'afterNextAction', card: elsewhere }] })).toMatch(/CARD_NOT_IN_HAND|WRONG_SYMBOL/);
    // Cancelling needs no card.
    expect(types(arm(g, 1, []))).toEqual(['OrdersSet']);
  });

  it('arms are one per trigger, of the three triggers, with at most a card beside them', () => {
    const g = table();
    const bad: unknown[] = [
      { type: 'SET_ORDERS', arms: [{ trigger: 'afterNextAction' }, { trigger: 'afterNextAction' }] },
      { type: 'SET_ORDERS', arms: [{ trigger: 'sometimes' }] },
      { type: 'SET_ORDERS', arms: [{ trigger: 'whenAttacked', seat: 2 }] },
      { type: 'SET_ORDERS', arms: { trigger: 'whenAttacked' } },
    ];
    for (const cmd of bad) expect(g.refused(1, cmd as Command)).toBe('INVALID_COMMAND');
  });

  it('an arm is private: its OrdersSet is { type: "OrdersSet" } to every other reader, and only the seat’s own view shows its arms (R39)', () => {
    const g = table();
    const [e] = arm(g, 1, [{ trigger: 'whenAttacked' }]);
    expect(helterSkelter.redact(e!, 1)).toEqual({ type: 'OrdersSet', seat: 1, orders: DEFAULT_ORDERS, arms: [{ trigger: 'whenAttacked' }] });
    for (const reader of [0, 2, null]) expect(helterSkelter.redact(e!, reader)).toEqual({ type: 'OrdersSet' });
    for (const reader of [0, 1, 2, null])
      for (const seat of helterSkelter.view(g.state, reader).seats)
        expect(seat.arms).toEqual(seat.seat === reader ? g.state.seats[seat.seat]!.arms : undefined);
  });
});

describe('Arms claim at once (R58)', () => {
  it('afterNextAction: the window after the next action takes the claim in the same command, with the first INTERRUPT card in hand order', () => {
    const g = table();
    const card = interruptsIn(g, 1)[0]!;
    arm(g, 1, [{ trigger: 'afterNextAction' }]);
    const events = act(g, 0);
    expect(ofType(events, 'InterruptAnswered').find((e) => e.seat === 1)).toMatchObject({ card, arms: ['afterNextAction'] });
    expect(ofType(events, 'CardsDiscarded').at(-1)).toEqual({ type: 'CardsDiscarded', seat: 1, cards: [card], reason: 'INTERRUPT' });
    expect(only(events, 'InterruptWindowClosed')).toMatchObject({ winner: 1, claimants: [1], decidedBy: 'ONLY_CLAIM', expired: false });
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1, interrupting: true });
    expect(g.state.seats[1]!.arms).toEqual([]);
  });

  it('an arm that names its card discards that one', () => {
    const g = table();
    const card = interruptsIn(g, 1)[1]!;
    arm(g, 1, [{ trigger: 'afterNextAction', card }]);
    act(g, 0);
    expect(g.state.seats[1]!.discard).toEqual([card]);
    expect(interruptsIn(g, 1)).toHaveLength(1);
  });

  it('endOfThisTurn: not after an action; the window after the declared end of turn takes the claim', () => {
    const g = table();
    arm(g, 2, [{ trigger: 'endOfThisTurn' }]);
    expect(only(act(g, 0), 'InterruptWindowClosed').winner).toBeNull();
    expect(g.state.seats[2]!.arms).toEqual([{ trigger: 'endOfThisTurn' }]);
    const ended = g.send(0, { type: 'END_TURN' });
    expect(only(ended, 'InterruptWindowClosed')).toMatchObject({ winner: 2, claimants: [2] });
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 2, interrupting: true });
  });

  it('endOfThisTurn lapses when the marker passes, unseen: the arm of the seat whose turn it was is gone', () => {
    const g = table({ withInterrupt: [0, 1, 2] });
    arm(g, 0, [{ trigger: 'endOfThisTurn' }]);
    const ended = g.send(0, { type: 'END_TURN' });
    expect(types(ended)).toContain('MarkerPassed');
    expect(g.state.seats[0]!.arms).toEqual([]);
    expect(ended.map((e) => helterSkelter.redact(e, 1)).filter((e) => e.type === 'OrdersSet')).toEqual([]);
  });

  it('whenAttacked: not after a MOVE; the window after an attack on one of the seat’s characters takes the claim', () => {
    const g = table({ meleeRange: true });
    arm(g, 1, [{ trigger: 'whenAttacked' }]);
    expect(only(act(g, 0), 'InterruptWindowClosed').winner).toBeNull();
    expect(g.state.seats[1]!.arms).toEqual([{ trigger: 'whenAttacked' }]);
    const attacked = g.send(0, { type: 'MELEE', character: 'dredd', card: MELEE, defender: 'johnny-alpha' });
    expect(only(attacked, 'InterruptWindowClosed')).toMatchObject({ winner: 1 });
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1, interrupting: true });
  });

  it('two arms in one window: the nearer claimant wins, only it discards, both are named claimants, and both arms are spent (R13, R36)', () => {
    const g = table();
    const farther = interruptsIn(g, 2);
    arm(g, 1, [{ trigger: 'afterNextAction' }]);
    arm(g, 2, [{ trigger: 'afterNextAction' }]);
    const events = act(g, 0);
    expect(only(events, 'InterruptWindowClosed')).toMatchObject({ winner: 1, claimants: [1, 2], decidedBy: 'NEAREST_IN_TURN_ORDER' });
    expect(interruptsIn(g, 2)).toEqual(farther);
    expect(g.state.seats[2]!.arms).toEqual([]);
  });

  it('an arm whose card has left the hand lapses; one naming no card stays while an INTERRUPT card is left', () => {
    const g = table();
    const [x] = interruptsIn(g, 1);
    arm(g, 1, [
      { trigger: 'endOfThisTurn', card: x! },
      { trigger: 'whenAttacked', card: x! },
    ]);
    act(g, 0);
    g.send(0, { type: 'END_TURN' });
    expect(g.state.seats[1]!.discard).toContain(x);
    expect(g.state.seats[1]!.arms).toEqual([]);

    const h = table();
    const [p] = interruptsIn(h, 1);
    arm(h, 1, [{ trigger: 'endOfThisTurn', card: p! }, { trigger: 'whenAttacked' }]);
    h.send(0, { type: 'END_TURN' });
    expect(h.state.seats[1]!.arms).toEqual([{ trigger: 'whenAttacked' }]);
  });

  it('an asked seat’s arm answers for it in the command that opened the window', () => {
    const g = table();
    g.send(1, { type: 'SET_ORDERS', interrupt: 'ask' });
    g.send(2, { type: 'SET_ORDERS', interrupt: 'ask' });
    arm(g, 2, [{ trigger: 'afterNextAction' }]);
    act(g, 0);
    // Seat 1, nearer, is still asked; seat 2 has answered by its arm.
    expect(helterSkelter.awaiting(g.state).map((a) => a.seat)).toEqual([1]);
    g.send(1, { type: 'PASS_INTERRUPT' });
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 2, interrupting: true });
  });

  it('others see an armed seat’s answer without its card or arms (R12)', () => {
    const g = table();
    arm(g, 1, [{ trigger: 'afterNextAction' }]);
    const answered = ofType(act(g, 0), 'InterruptAnswered').find((e) => e.seat === 1)!;
    for (const reader of [0, 2, null]) expect(helterSkelter.redact(answered, reader)).toEqual({ type: 'InterruptAnswered', windowId: answered.windowId, seat: 1 });
  });
});
