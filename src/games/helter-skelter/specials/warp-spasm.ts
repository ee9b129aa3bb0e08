// WARP-SPASM — "Whenever an enemy character takes damage from a MELEE or SMASH action Sláine takes,
// place a warp cube on his character card for each damage taken. Whenever there are as many (or
// more) warp cubes as health cubes on Sláine's character card, immediately replace the Sláine
// character card and figure with those of Warp-Sláine. Warp-Sláine enters play with the same
// health as Sláine left with."

import type { Draft } from '../draft.ts';
import { formOf, hasSpecial } from '../state.ts';
import type { Attack, CharacterId } from '../types.ts';

export function warpCubesForDamage(d: Draft, attack: Attack, victimId: CharacterId, amount: number): void {
  const attacker = d.state.characters[attack.character]!;
  const victim = d.state.characters[victimId]!;
  if (attack.action !== 'MELEE' && attack.action !== 'SMASH') return;
  if (amount === 0 || victim.seat === attacker.seat || !hasSpecial(attacker, 'warp-spasm')) return;
  d.emit({ type: 'WarpCubesPlaced', character: attacker.id, count: amount });
  warpSpasmIfDue(d, attacker.id);
}

/** Checked whenever the cubes change: after warp cubes are placed and after Sláine takes damage. */
export function warpSpasmIfDue(d: Draft, id: CharacterId): void {
  const c = d.state.characters[id]!;
  if (c.status !== 'deployed' || !hasSpecial(c, 'warp-spasm')) return;
  const form = formOf(c).transformsInto;
  if (form && c.warpCubes > 0 && c.warpCubes >= c.health) {
    d.emit({ type: 'CharacterTransformed', character: id, form });
  }
}
