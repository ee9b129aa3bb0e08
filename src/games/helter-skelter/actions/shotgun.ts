// SHOTGUN — "Cost: 1 card with the SHOTGUN symbol (linked). Choose an enemy character in line of
// sight and at most two spaces away to be the defender. The defender must make a DEFLECT or PRECOG
// defence or take 2 damage. If they are on a cover space, they can make a COVER defence instead."
// Falls count as a space for the range (rulebook, "Falls").

import { boardFor } from '../board/index.ts';
import type { TargetedAttack } from './combat.ts';
import { snipe } from './snipe.ts';

export const SHOTGUN_RANGE = 2;

export const shotgun: TargetedAttack = {
  symbol: 'SHOTGUN',
  damage: 2,
  defenderProblem: (s, actor, defender) =>
    snipe.defenderProblem(s, actor, defender) ??
    (boardFor(s.map).distance(actor.space, defender.space) <= SHOTGUN_RANGE
      ? null
      : ['OUT_OF_RANGE', `Space ${defender.space} is more than two spaces away.`]),
};
