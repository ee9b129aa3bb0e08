// DEMONS — "When she takes a MELEE or SMASH action, she may choose an enemy character on an
// adjacent space to be the defender. She can still choose an enemy on her own space."

import type { Board } from '../board/board.ts';
import { hasSpecial } from '../state.ts';
import type { CharacterState, SpaceId } from '../types.ts';

/** The spaces a MELEE or SMASH by this character can reach. */
export function closeCombatReach(board: Board, actor: CharacterState & { space: SpaceId }): readonly SpaceId[] {
  return hasSpecial(actor, 'demons') ? [actor.space, ...board.adjacent(actor.space)] : [actor.space];
}
