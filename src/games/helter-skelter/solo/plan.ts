// Which Dark Judge takes which action when a solo card is resolved ("DARK JUDGES' TURN", "DEAD
// JUDGES"): "Starting with the top row, activate each Dark Judge in turn. When you activate a Dark
// Judge, resolve any actions listed next to their symbol (left to right)." … "When you would have
// activated a Dark Judge who has been killed, check to see if any of his actions have the [pass-on]
// symbol. Ignore any actions without this symbol. Any actions with this symbol are taken by the
// next living Dark Judge … Take the action immediately, not when that Dark Judge would normally
// act." The text's list of who is "next" is a picture the project does not have: the next living
// Dark Judge clockwise in the activation order, after Death coming Fire again (docs/rulings.md R49).
//
// Pure: the card and who lives, to the list of steps in the order they are resolved. Whether a step
// finds a target is decided when it is taken (solo/targets.ts), on the position as it then is.

import { SOLO_ACTIVATION_ORDER, type SoloAction, type SoloCard, type SoloJudge } from '../content/solo/solo-cards.ts';

export interface PlannedStep {
  /** Who takes the action. */
  judge: SoloJudge;
  action: SoloAction;
  /** Whose row it is: differs from `judge` when passed on from a dead Dark Judge. */
  row: SoloJudge;
  /** 0-based position in that row (left to right). */
  index: number;
}

/** The next living Dark Judge after `dead`, clockwise in the activation order; null when all are dead. */
export function nextLiving(dead: SoloJudge, living: ReadonlySet<SoloJudge>): SoloJudge | null {
  const at = SOLO_ACTIVATION_ORDER.indexOf(dead);
  for (let k = 1; k < SOLO_ACTIVATION_ORDER.length; k++) {
    const judge = SOLO_ACTIVATION_ORDER[(at + k) % SOLO_ACTIVATION_ORDER.length]!;
    if (living.has(judge)) return judge;
  }
  return null;
}

/** One step of a card, as printed: whose row, where in it, what, and whether it is passed on. */
export interface CardStep {
  row: SoloJudge;
  /** 0-based position in that row (left to right). */
  index: number;
  action: SoloAction;
  passOn: boolean;
}

/**
 * Every step of a card in the order it is read: rows in activation order ("Starting with the top
 * row"), each left to right. The Dark Judges' turn counts its cursor over this list.
 */
export function cardSteps(card: SoloCard): CardStep[] {
  return SOLO_ACTIVATION_ORDER.flatMap((row) => card.rows[row].map((s, index) => ({ row, index, action: s.action, passOn: s.passOn })));
}

/**
 * Who takes a step, given who lives when it comes up: the row's own Dark Judge; if he is dead, the
 * next living one when the step is marked to pass on (R49); else nobody ("Ignore any actions
 * without this symbol").
 */
export function takerOf(step: CardStep, living: ReadonlySet<SoloJudge>): SoloJudge | null {
  if (living.has(step.row)) return step.row;
  return step.passOn ? nextLiving(step.row, living) : null;
}

export function planCard(card: SoloCard, living: ReadonlySet<SoloJudge>): PlannedStep[] {
  const out: PlannedStep[] = [];
  for (const step of cardSteps(card)) {
    const judge = takerOf(step, living);
    if (judge !== null) out.push({ judge, action: step.action, row: step.row, index: step.index });
  }
  return out;
}

/**
 * Solo "GAME END": "Each fragment of reality you collect is worth 1 point. Each time you kill a Dark
 * Judge, you double your fragments of reality … If you kill a Dark Judge before you have collected
 * any fragments, you get nothing." The fragments after a Dark Judge is killed.
 */
export const doubledOnKill = (fragments: number): number => fragments * 2;

/** "If you reach 6 points, or you kill all the Dark Judges, you win." */
export const SOLO_WINNING_POINTS = 6;
