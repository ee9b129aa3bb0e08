// SMASH — "Cost: 1 card with the SMASH symbol (wild or linked). Choose an enemy character on the
// same space to be the defender. The defender must make a BLOCK defence or take 2 damage."

import type { TargetedAttack } from './combat.ts';
import { melee } from './melee.ts';

export const smash: TargetedAttack = { ...melee, symbol: 'SMASH', damage: 2 };
