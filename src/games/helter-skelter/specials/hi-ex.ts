// HI-EX — "Whenever they take the SNIPE action, after selecting a defender they may choose to make
// all other characters on the same space defenders too. This must include any friendly characters.
// All defenders decide individually whether to make a DEFLECT, PRECOG, or COVER defence or take 1
// damage as normal." "All other characters" includes the sniper when it stands there (docs/rulings.md).

import { charactersOn, hasSpecial } from '../state.ts';
import type { CharacterId, CharacterState, GameState, SpaceId } from '../types.ts';

export const hasHiEx = (c: CharacterState): boolean => hasSpecial(c, 'hi-ex');

/** The chosen defender first, then every other character on its space, in roster order. */
export function hiExDefenders(s: GameState, defender: CharacterState & { space: SpaceId }): CharacterId[] {
  return [defender.id, ...charactersOn(s, defender.space).filter((c) => c.id !== defender.id).map((c) => c.id)];
}
