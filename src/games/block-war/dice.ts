// Dice come from the game's seeded generator, inside the engine. The draft's generator moves on;
// the event that reports the roll records the position reached, so replay never re-rolls.

import { nextInt } from '../../platform/random.ts';
import type { Draft } from './draft.ts';

/** One six-sided die. */
export function rollDie(d: Draft): number {
  const [n, rng] = nextInt(d.state.rng, 6);
  d.state.rng = rng;
  return n + 1;
}
