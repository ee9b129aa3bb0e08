// PARALYSING AURA (Dark Judges expansion) — "If a character is in the same space as Judge Fear, the
// cost for their MOVE action is increased by 1, to a total of 2 cards. The CLIMB action still costs
// 2 cards. Paralysing Aura doesn't affect the other Dark Judges."
//
// Only the MOVE action: a RALLY or a FLY moves a character without it (docs/rulings.md R44).

import { teamOf } from '../content/index.ts';
import { hasSpecial, isOnBoard } from '../state.ts';
import type { CharacterState, GameState } from '../types.ts';

/** Whether `c` stands in the aura of an enemy's Judge Fear. */
export function inParalysingAura(s: GameState, c: CharacterState): boolean {
  if (!isOnBoard(c)) return false;
  // Asked for each character whose MOVEs the legal commands list: the cheap test, the space, goes first.
  for (const fear of Object.values(s.characters))
    if (fear.space === c.space && isOnBoard(fear) && hasSpecial(fear, 'paralysing-aura') && teamOf(fear.id) !== teamOf(c.id)) return true;
  return false;
}
