// The solo set-up decision's options ("Place one of your characters in the space designated …
// (in any order)"): what legal.ts lists and solo/setup.ts checks against. Apart from the set-up
// itself, which starts the first turn, so that legal.ts need not import the turn.

import { characterDef } from '../content/index.ts';
import { charactersOf } from '../state.ts';
import type { GameState, PlaceCharacters, Seat } from '../types.ts';
import { SOLO_PLAYER_SEAT } from './seat.ts';

/** The player's characters in roster order: the order the deadline places them in (R51). */
export const placementOrder = (s: GameState): string[] => charactersOf(s, SOLO_PLAYER_SEAT).map((c) => c.id);

/** Which of the player's characters has stealth (Ukko), if any. */
export const stealthy = (s: GameState): string | undefined =>
  charactersOf(s, SOLO_PLAYER_SEAT).find((c) => characterDef(c.id).specials.includes('stealth'))?.id;

/** Every way to place the player's characters: each order of them, and for Ukko either card. */
export function placementChoices(s: GameState, seat: Seat): PlaceCharacters[] {
  if (!s.solo || seat !== SOLO_PLAYER_SEAT || s.solo.characterCards.length === 0) return [];
  const cards = s.solo.characterCards;
  const ukko = stealthy(s);
  const out: PlaceCharacters[] = [];
  for (const order of permutations(placementOrder(s))) {
    out.push({ type: 'PLACE_CHARACTERS', characters: order });
    const spare = s.solo.ukkoCard;
    if (ukko !== undefined && spare !== null && spare !== cards[order.indexOf(ukko)])
      out.push({ type: 'PLACE_CHARACTERS', characters: order, ukkoSpace: spare });
  }
  return out;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((first, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [first, ...rest]));
}
