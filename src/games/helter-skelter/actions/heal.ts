// HEAL — "Cost: 1 card with the HEAL symbol (linked). Choose a character in your team on the same
// or an adjacent space to be the ally. You can choose the character taking the action. The ally
// adds a health cube to their character card. A character can never have more health cubes than
// their starting health." A HEAL on an ally at full health may be played: the card is spent and no
// cube is added, as the last sentence says (R22).

import { boardFor } from '../board/index.ts';
import { checkCombatCost, handCards, paysCombat } from '../costs.ts';
import type { Draft } from '../draft.ts';
import { maxHealth } from '../state.ts';
import type { GameState, Heal, Seat } from '../types.ts';
import { actingCharacter, charactersOnBoard, checkProblem, payAndAnnounce, type OnBoard, type Problem, type Sides } from './act.ts';


/** "A character in your team on the same or an adjacent space." */
export function allyProblem(s: GameState, actor: OnBoard, ally: OnBoard | undefined): Problem {
  if (!ally) return ['NOT_AN_ALLY', 'The ally must be one of your characters on the board.'];
  if (ally.space !== actor.space && !boardFor(s.map).adjacent(actor.space).includes(ally.space))
    return ['NOT_ADJACENT', `${ally.id} is not on the same or an adjacent space.`];
  return null;
}

export function heal(d: Draft, seat: Seat, cmd: Heal): void {
  const actor = actingCharacter(d.state, seat, cmd.character);
  checkCombatCost(d.state, seat, actor, cmd.card, 'HEAL');
  const ally = charactersOnBoard(d.state, seat).find((c) => c.id === cmd.ally);
  checkProblem(allyProblem(d.state, actor, ally));
  payAndAnnounce(d, seat, [cmd.card], cmd);
  if (ally!.health < maxHealth(ally!)) d.emit({ type: 'HealthRestored', character: cmd.ally, amount: 1, reason: 'HEAL' });
}

export function legalHeals(s: GameState, seat: Seat, sides: Sides): Heal[] {
  const out: Heal[] = [];
  const team = sides.own;
  for (const actor of team) {
    const cards = handCards(s, seat, (card) => paysCombat(card, 'HEAL', actor));
    if (cards.length === 0) continue;
    for (const ally of team) {
      if (allyProblem(s, actor, ally)) continue;
      for (const card of cards) out.push({ type: 'HEAL', character: actor.id, card, ally: ally.id });
    }
  }
  return out;
}
