// SNIPE — "Cost: 1 card with the SNIPE symbol (wild or linked). Choose an enemy character in line
// of sight to be the defender. The defender must make a DEFLECT or PRECOG defence or take 1 damage.
// If they are on a cover space, they can make a COVER defence instead."

import { boardFor } from '../board/index.ts';
import { hasHiEx, hiExDefenders } from '../specials/hi-ex.ts';
import { check } from '../../../platform/draft.ts';
import type { Snipe } from '../types.ts';
import type { TargetedAttack } from './combat.ts';

export const snipe: TargetedAttack = {
  symbol: 'SNIPE',
  damage: 1,
  defenderProblem: (s, actor, defender) =>
    boardFor(s.map).hasLineOfSight(actor.space, defender.space)
      ? null
      : ['NO_LINE_OF_SIGHT', `${actor.id} has no line of sight to space ${defender.space}.`],
  defenders: (s, actor, defender, cmd) => {
    if (!(cmd as Snipe).hiEx) return [defender.id];
    check(hasHiEx(actor), 'NO_HI_EX', `${actor.id} has no high-explosive ammo.`);
    return hiExDefenders(s, defender);
  },
  variants: (_s, actor, base) => (hasHiEx(actor) ? [base, { ...base, hiEx: true } as typeof base] : [base]),
};
