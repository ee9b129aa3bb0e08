// INTERRUPT windows (docs/architecture.md §4; docs/rulings.md R11). "You can INTERRUPT immediately
// after another player has completed an action … or declared end of turn. … If more than one player
// wants to INTERRUPT at the same time, the player whose turn is closest takes the action. Only that
// player discards the card required."
//
// A window is opened by decide.ts, once an action is complete or a turn declared ended, not by the
// rules that complete them; when it closes it hands play back to the turn (turn.ts). So the arrows
// run one way, decide → interrupts → turn → legal → actions and defences, with no circle.

import { armedClaim } from './arms.ts';
import { playedByRules } from './solo/seat.ts';
import { isInterruptCard } from './costs.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { interruptOrderAsks } from './orders.ts';
import { isOver, seatsAfter } from './state.ts';
import { finishNormalTurn, resumeTurn, returnToActivePlayer, startTurn } from './turn.ts';
import type { CardId, ClaimInterrupt, Event, GameState, Seat } from './types.ts';

/**
 * Opens the window after an action or an end of turn. Eligible: every seat still in the game
 * except the one that acted, nearest in turn order first, whatever its orders and its hand (R11).
 * In the same command each answers that the window does not ask (R35): by its arms, which claim for
 * it (R58), else a pass. So with nobody asked the window closes in the command that opened it, and
 * when it closes never depends on a hand: only on orders, and on claims, which are public at the
 * close (R36). A seat asked that holds no INTERRUPT card can only pass.
 */
export function openInterruptWindow(d: Draft, actedSeat: Seat, actedInterrupting: boolean, after: 'action' | 'endOfTurn'): void {
  if (isOver(d.state)) return;
  // Solo: the Dark Judges are played by the rules and never INTERRUPT ("You can INTERRUPT the Dark Judges").
  const eligible = seatsAfter(d.state, actedSeat).filter((seat) => !playedByRules(d.state, seat));
  if (eligible.length === 0) {
    continueAfterWindow(d, actedSeat, actedInterrupting, after, null);
    return;
  }
  const windowId = d.nextWindowId();
  // Read before the window opens: opening it clears the attacks an arm `whenAttacked` looks at.
  const answers: Event[] = [];
  for (const seat of eligible) {
    const claim = armedClaim(d.state, seat, { after, actedInterrupting });
    if (claim) answers.push({ type: 'InterruptAnswered', windowId, seat, card: claim.card, arms: claim.arms });
    else if (!interruptOrderAsks(d.state, seat, after)) answers.push({ type: 'InterruptAnswered', windowId, seat, card: null });
  }
  d.emit({ type: 'InterruptWindowOpened', windowId, actedSeat, actedInterrupting, after, eligible });
  for (const answer of answers) d.emit(answer);
  settleWindow(d, false);
}

function openWindow(s: GameState) {
  check(s.situation.kind === 'interrupt', 'WINDOW_CLOSED', 'No interrupt window is open.');
  return s.situation;
}

export function claimInterrupt(d: Draft, seat: Seat, cmd: ClaimInterrupt): void {
  const w = openWindow(d.state);
  check(w.eligible.includes(seat), 'NOT_ELIGIBLE', 'You cannot interrupt now.');
  check(!(String(seat) in w.answers), 'ALREADY_ANSWERED', 'You have already answered this window.');
  check(d.state.seats[seat]!.hand.includes(cmd.card), 'CARD_NOT_IN_HAND', `${cmd.card} is not in your hand.`);
  check(isInterruptCard(cmd.card), 'WRONG_SYMBOL', 'An INTERRUPT costs a card with the INTERRUPT symbol.');
  d.emit({ type: 'InterruptAnswered', windowId: w.windowId, seat, card: cmd.card });
  settleWindow(d, false);
}

export function passInterrupt(d: Draft, seat: Seat): void {
  const w = openWindow(d.state);
  check(w.eligible.includes(seat), 'NOT_ELIGIBLE', 'You are not asked in this window.');
  check(!(String(seat) in w.answers), 'ALREADY_ANSWERED', 'You have already answered this window.');
  d.emit({ type: 'InterruptAnswered', windowId: w.windowId, seat, card: null });
  settleWindow(d, false);
}

/** The window's deadline passed: every seat that has not answered passes. */
export const expireInterruptWindow = (d: Draft): void => settleWindow(d, true);

/**
 * The claimant nearest in turn order wins, once every seat nearer than it has passed; with no
 * claim the window closes when everyone has passed. Returns undefined while still undecided.
 */
export function windowOutcome(answers: Record<string, CardId | null>, eligible: readonly Seat[], expired: boolean) {
  for (const seat of eligible) {
    const answer = answers[String(seat)];
    if (answer === undefined && !expired) return undefined;
    if (answer) return { winner: seat, card: answer };
  }
  return { winner: null, card: null };
}

/**
 * How the race went, for the closing event (R36): who claimed (nearest first; their cards stay
 * secret) and which rule picked the winner.
 */
export function raceOf(answers: Record<string, CardId | null>, eligible: readonly Seat[]) {
  const claimants = eligible.filter((seat) => Boolean(answers[String(seat)]));
  const decidedBy = claimants.length > 1 ? ('NEAREST_IN_TURN_ORDER' as const) : claimants.length === 1 ? ('ONLY_CLAIM' as const) : null;
  return { claimants, decidedBy };
}

function settleWindow(d: Draft, expired: boolean): void {
  const w = openWindow(d.state);
  const outcome = windowOutcome(w.answers, w.eligible, expired);
  if (!outcome) return;
  if (outcome.winner !== null) {
    d.emit({ type: 'CardsDiscarded', seat: outcome.winner, cards: [outcome.card!], reason: 'INTERRUPT' });
  }
  const { claimants, decidedBy } = raceOf(w.answers, w.eligible);
  d.emit({ type: 'InterruptWindowClosed', windowId: w.windowId, winner: outcome.winner, claimants, decidedBy, expired });
  continueAfterWindow(d, w.actedSeat, w.actedInterrupting, w.after, outcome.winner);
}

/**
 * "When you INTERRUPT, you take an interrupting turn." Unclaimed: the seat that acted carries on,
 * or, after an end of turn, an interrupter hands play back to the active player and the active
 * player draws and passes the marker.
 */
function continueAfterWindow(d: Draft, actedSeat: Seat, actedInterrupting: boolean, after: 'action' | 'endOfTurn', winner: Seat | null): void {
  if (winner !== null) {
    startTurn(d, winner, true);
    return;
  }
  const turnIsOver = after === 'endOfTurn' || d.state.seats[actedSeat]!.eliminated;
  if (!turnIsOver) resumeTurn(d, actedSeat, actedInterrupting);
  else if (actedInterrupting) returnToActivePlayer(d);
  else finishNormalTurn(d, actedSeat);
}
