// EXPLODE — "Cost: 1 card with the EXPLODE symbol (linked). Choose an adjacent space (or the space
// you're on) with at least one enemy character. Each character on that space is a defender. You do
// not need line of sight to the target space, but the space must share a border with your current
// space. … It is possible to damage (and kill) your own character with an EXPLODE action."

import { boardFor } from '../board/index.ts';
import { checkCombatCost, handCards, paysCombat } from '../costs.ts';
import { declareAttack } from '../defences.ts';
import type { Draft } from '../draft.ts';
import { charactersOn } from '../state.ts';
import type { Attack, Explode, GameState, Seat, SpaceId } from '../types.ts';
import { actingCharacter, checkProblem, payAndAnnounce, type OnBoard, type Problem, type Sides } from './act.ts';
import { interruptingNow } from './combat.ts';

/** "Each defender must make a DEFLECT or PRECOG defence or take 1 damage." */
export const EXPLODE_DAMAGE = 1;

function targetProblem(s: GameState, actor: OnBoard, space: SpaceId): Problem {
  if (space !== actor.space && !boardFor(s.map).adjacent(actor.space).includes(space))
    return ['NOT_ADJACENT', `Space ${space} does not share a border with space ${actor.space}.`];
  if (!charactersOn(s, space).some((c) => c.seat !== actor.seat))
    return ['NO_ENEMY_ON_SPACE', `There is no enemy character on space ${space}.`];
  return null;
}

/** Returns the attack if no defender had to be asked (it is complete), for decide.ts to open the INTERRUPT window. */
export function explode(d: Draft, seat: Seat, cmd: Explode): Attack | null {
  const s = d.state;
  const actor = actingCharacter(s, seat, cmd.character);
  checkCombatCost(s, seat, actor, cmd.card, 'EXPLODE');
  checkProblem(targetProblem(s, actor, cmd.space));
  // "Each character on that space is a defender" — the exploding character too, if it stands there.
  const defenders = charactersOn(s, cmd.space).map((c) => c.id);
  const interrupting = interruptingNow(s);
  payAndAnnounce(d, seat, [cmd.card], cmd);
  return declareAttack(d, { seat, character: actor.id, action: 'EXPLODE', damage: EXPLODE_DAMAGE, interrupting }, defenders);
}

export function legalExplodes(s: GameState, seat: Seat, sides: Sides): Explode[] {
  const out: Explode[] = [];
  for (const actor of sides.own) {
    const cards = handCards(s, seat, (card) => paysCombat(card, 'EXPLODE', actor));
    if (cards.length === 0) continue;
    for (const space of [actor.space, ...boardFor(s.map).adjacent(actor.space)]) {
      if (targetProblem(s, actor, space)) continue;
      for (const card of cards) out.push({ type: 'EXPLODE', character: actor.id, card, space });
    }
  }
  return out;
}
