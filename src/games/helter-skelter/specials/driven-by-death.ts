// DRIVEN BY DEATH (Dark Judges expansion) — "If you have a dead character, you can: discard an
// action card with their character symbol to pay the cost of any character's MOVE action, or
// discard 2 action cards with their character symbol to pay the cost of any character's CLIMB
// action."
//
// As with COLLECT FRAGMENT's dead symbols, one character's symbol pays the whole cost: a CLIMB is
// not paid half with the climber's symbol and half with a dead one's (docs/rulings.md R45).

import { charactersOf, hasSpecial } from '../state.ts';
import type { CharacterState, GameState, Seat } from '../types.ts';

/** `seat`'s dead characters whose symbol pays MOVE and CLIMB. */
export function drivenByDeath(s: GameState, seat: Seat): CharacterState[] {
  return charactersOf(s, seat).filter((c) => c.status === 'dead' && hasSpecial(c, 'driven-by-death'));
}
