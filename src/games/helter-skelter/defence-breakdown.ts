// Which defences answer which attack: a table both the players' defences (defences.ts) and the
// Dark Judges' solo-card defences (solo/defence.ts) read, apart from either so neither imports the other.

import type { AttackKind, Defence } from './types.ts';

/** The reference card's "Defence breakdown". PSI allows no defence: the defender discards instead. */
export const DEFENCES_AGAINST: Record<AttackKind, readonly Defence[]> = {
  MELEE: ['BLOCK'],
  SMASH: ['BLOCK'],
  SNIPE: ['DEFLECT', 'PRECOG', 'COVER'],
  SHOTGUN: ['DEFLECT', 'PRECOG', 'COVER'],
  EXPLODE: ['DEFLECT', 'PRECOG'],
  PSI: [],
  // Cloud of Decay: "they must make a DEFLECT or PRECOG defence or take 1 damage".
  CLOUD_OF_DECAY: ['DEFLECT', 'PRECOG'],
};
