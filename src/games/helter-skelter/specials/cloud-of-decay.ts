// CLOUD OF DECAY (Dark Judges expansion) — "If any character starts their turn in the same space
// as Judge Mortis, they must make a DEFLECT or PRECOG defence or take 1 damage. If this kills the
// character, take the figure as if you'd killed them in any other way. Cloud of Decay doesn't
// affect other Dark Judges."
//
// A character's turn is its player's turn, normal or interrupting (docs/rulings.md R43). The
// defence is asked like any other (defences.ts); turn.ts starts the turn once it is decided.

import { teamOf } from '../content/index.ts';
import { charactersOf, hasSpecial, isOnBoard } from '../state.ts';
import type { CharacterId, CharacterState, GameState, Seat } from '../types.ts';

export interface CloudOfDecay {
  /** The character whose cloud it is (Judge Mortis). */
  source: CharacterState;
  /** `seat`'s characters standing in it: the defenders. */
  victims: CharacterId[];
}

/** The cloud `seat`'s characters start their turn in, if any. */
export function cloudOfDecayAt(s: GameState, seat: Seat): CloudOfDecay | null {
  for (const source of Object.values(s.characters)) {
    if (!hasSpecial(source, 'cloud-of-decay') || !isOnBoard(source)) continue;
    const victims = charactersOf(s, seat)
      .filter((c) => isOnBoard(c) && c.space === source.space && teamOf(c.id) !== teamOf(source.id))
      .map((c) => c.id);
    if (victims.length > 0) return { source, victims };
  }
  return null;
}
