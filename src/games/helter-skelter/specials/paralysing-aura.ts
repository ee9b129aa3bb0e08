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
  return Object.values(s.characters).some(
    (fear) => hasSpecial(fear, 'paralysing-aura') && isOnBoard(fear) && fear.space === c.space && teamOf(fear.id) !== teamOf(c.id),
  );
}
