// PSI — "Cost: 1 card with the PSI symbol (linked). Choose an enemy character in line of sight to
// be the defender. The defender must discard a card with the defender's character symbol. If they
// are unable to do so, the defender takes 1 damage."

import type { TargetedAttack } from './combat.ts';
import { snipe } from './snipe.ts';

export const psi: TargetedAttack = { symbol: 'PSI', damage: 1, defenderProblem: snipe.defenderProblem };
