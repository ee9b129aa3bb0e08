// FLY — "Cost: 1 card with the FLY symbol (linked). Move the character up to two spaces. You may
// move onto high-ground spaces at no additional cost. You may move over falls as if they were a
// space, but you may not end the FLY action on that space."

import { boardFor } from '../board/index.ts';
import { checkCombatCost, handCards, paysCombat } from '../costs.ts';
import { check } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import type { Fly, GameState, Seat } from '../types.ts';
import { actingCharacter, payAndAnnounce, type Sides } from './act.ts';

export function fly(d: Draft, seat: Seat, cmd: Fly): void {
  const c = actingCharacter(d.state, seat, cmd.character);
  checkCombatCost(d.state, seat, c, cmd.card, 'FLY');
  check(
    boardFor(d.state.map).flyDestinations(c.space).includes(cmd.to),
    'OUT_OF_REACH',
    `${c.id} cannot FLY from space ${c.space} to space ${cmd.to}.`,
  );
  payAndAnnounce(d, seat, [cmd.card], cmd);
  d.emit({ type: 'CharacterMoved', character: c.id, from: c.space, to: cmd.to });
}

export function legalFlights(s: GameState, seat: Seat, sides: Sides): Fly[] {
  const out: Fly[] = [];
  for (const c of sides.own) {
    const cards = handCards(s, seat, (card) => paysCombat(card, 'FLY', c));
    if (cards.length === 0) continue;
    for (const to of boardFor(s.map).flyDestinations(c.space))
      for (const card of cards) out.push({ type: 'FLY', character: c.id, card, to });
  }
  return out;
}
