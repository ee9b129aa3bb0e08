// Robo-Doc, rule 4 (Unit Reference Sheet): "If wounded, roll a die, on a 1 it becomes 'CRAZED'
// Replace with a crazed robo-doc counter. Ignore rules 1-3." — so the crazed robo-doc attacks like
// any unit, heals nobody and may leave the block (BW47).

import { rngPosition } from '../../platform/random.ts';
import { rollDie } from './dice.ts';
import type { Draft } from './draft.ts';
import type { UnitState } from './types.ts';

export const CRAZED = 'crazed-robo-doc';

/** Rolls for a robo-doc just wrecked: on a 1 its block's crazed robo-doc counter takes its square, healthy. */
export function roboDocWounded(d: Draft, unit: UnitState): void {
  if (unit.kind !== 'robo-doc') return;
  const die = rollDie(d);
  const counter = `s${unit.home}-${CRAZED}`;
  const free = d.state.units[counter]?.square === null;
  d.emit({ type: 'RoboDocCrazed', unit: unit.id, die, crazed: die === 1 && free ? counter : null, rng: rngPosition(d.state.rng) });
}
