// ARMS (docs/rulings.md R58): an INTERRUPT claimed in advance, as a premove. "You can INTERRUPT
// immediately after another player has completed an action … or declared end of turn." A seat on
// the default order `armed` is never asked in a window, so that no window's timing depends on any
// hand (R11); instead it may arm a claim beforehand, and when a window opens that the arm's
// trigger names, the arm is the seat's claim, made in the command that opened the window.
//
// Arms are as private as the hand: set by SET_ORDERS (whose event others see as a bare
// `OrdersSet`, R39), spent inside the seat's own InterruptAnswered (others see only that the seat
// answered), and lapsing by the events that change the hand or pass the marker (evolve.ts), with
// no event of their own that could show they were there.

import { check } from '../../platform/draft.ts';
import { isInterruptCard } from './costs.ts';
import type { Arm, ArmTrigger, CardId, GameState, Seat, SeatState } from './types.ts';

/** The window an arm is matched against: what opened it. */
export interface WindowMoment {
  after: 'action' | 'endOfTurn';
  /** Whether the seat that acted was taking an interrupting turn. */
  actedInterrupting: boolean;
}

/**
 * SET_ORDERS' arms. Cancelling (no arms) is always accepted; an arm only from a seat that holds an
 * INTERRUPT card, and a card it names must be one of them. A refusal is answered to the sender
 * alone and leaves no event, so nobody else learns of it.
 */
export function checkArms(s: GameState, seat: Seat, arms: readonly Arm[]): void {
  if (arms.length === 0) return;
  const hand = s.seats[seat]!.hand;
  check(hand.some(isInterruptCard), 'NO_INTERRUPT_CARD', 'You can arm an INTERRUPT only while you hold an INTERRUPT card.');
  for (const arm of arms) {
    if (arm.card === undefined) continue;
    check(hand.includes(arm.card), 'CARD_NOT_IN_HAND', `${arm.card} is not in your hand.`);
    check(isInterruptCard(arm.card), 'WRONG_SYMBOL', 'An INTERRUPT costs a card with the INTERRUPT symbol.');
  }
}

/**
 * Whether `trigger` names this window, for `seat`. `afterNextAction`: any window after an action
 * (the seat is in it, so the action was another seat's). `endOfThisTurn`: the window after the
 * active player's declared end of turn (arms of this kind lapse when the marker passes, evolve.ts).
 * `whenAttacked`: a window after an action that named one of the seat's characters a defender.
 */
function fires(s: GameState, seat: Seat, trigger: ArmTrigger, w: WindowMoment): boolean {
  switch (trigger) {
    case 'afterNextAction':
      return w.after === 'action';
    case 'endOfThisTurn':
      return w.after === 'endOfTurn' && !w.actedInterrupting;
    case 'whenAttacked':
      return w.after === 'action' && s.attackedSeats.includes(seat);
  }
}

/**
 * The seat's claim by its arms in this window: the card (the first firing arm that names one, else
 * the first INTERRUPT card in hand order) and every arm whose trigger this window is, all spent by
 * it. Null when no arm fires.
 */
export function armedClaim(s: GameState, seat: Seat, w: WindowMoment): { card: CardId; arms: ArmTrigger[] } | null {
  const own = s.seats[seat]!;
  const firing = own.arms.filter((a) => fires(s, seat, a.trigger, w));
  const card = firing.find((a) => a.card !== undefined && own.hand.includes(a.card))?.card ?? own.hand.find(isInterruptCard);
  if (firing.length === 0 || card === undefined) return null;
  return { card, arms: firing.map((a) => a.trigger) };
}

/**
 * The arms left once the seat's hand has changed: one naming a card that has left the hand lapses,
 * and every one does once no INTERRUPT card is left.
 */
export function liveArms(seat: SeatState): Arm[] {
  if (!seat.hand.some(isInterruptCard)) return [];
  return seat.arms.filter((a) => a.card === undefined || seat.hand.includes(a.card));
}
