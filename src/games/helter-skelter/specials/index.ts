// Team specials hook into named moments of the rules. Each special lives in its own file;
// this file only says when each is asked.
//   hi-ex       → actions/snipe.ts (who defends)
//   demons      → actions/melee.ts (which defenders are in reach)
//   berserk     → costs.ts (SMASH paid with MELEE) and defences.ts (never BLOCKs)
//   stealth     → setup.ts (two starting map cards)
//   vampirism, warp-spasm → here, after damage
//   armour      → damage.ts (what gets through) and turn.ts (protected again at the end of a turn)
//   cloud-of-decay → turn.ts (at the start of a turn)
//   paralysing-aura, driven-by-death → actions/move.ts (what a MOVE or CLIMB costs)
//   infamous-adversaries → state.ts (points)

import type { Draft } from '../draft.ts';
import type { Attack, CharacterId } from '../types.ts';
import { vampirism } from './vampirism.ts';
import { warpCubesForDamage, warpSpasmIfDue } from './warp-spasm.ts';

/** After `amount` damage from `attack` was removed from `victim`. */
export function afterDamageDealt(d: Draft, attack: Attack, victim: CharacterId, amount: number): void {
  vampirism(d, attack, victim, amount);
  warpCubesForDamage(d, attack, victim, amount);
}

/** After a character took damage and lived. */
export function afterDamageTaken(d: Draft, victim: CharacterId): void {
  warpSpasmIfDue(d, victim);
}
