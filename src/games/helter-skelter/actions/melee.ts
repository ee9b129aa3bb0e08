// MELEE — "Cost: 1 card with the MELEE symbol (wild or linked). Choose an enemy character on the
// same space to be the defender. The defender must make a BLOCK defence or take 1 damage. If there
// are no enemy characters on the same space, you cannot take a MELEE action."

import { boardFor } from '../board/index.ts';
import { closeCombatReach } from '../specials/demons.ts';
import type { TargetedAttack } from './combat.ts';

export const melee: TargetedAttack = {
  symbol: 'MELEE',
  damage: 1,
  defenderProblem: (s, actor, defender) =>
    closeCombatReach(boardFor(s.map), actor).includes(defender.space)
      ? null
      : ['NOT_IN_REACH', `${defender.id} is not on ${actor.id}'s space.`],
};
