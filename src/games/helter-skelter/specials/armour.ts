// ARMOUR (Dark Judges expansion) — "When a Dark Judge is attacked during any player's turn, flip
// the armour token to its vulnerable side and do not remove a health cube from its character card.
// If the armour token is already displaying its vulnerable side, deal the damage as normal. If the
// damage is from a SMASH or SHOTGUN action, flip the armour token to its vulnerable side and remove
// 1 health cube from the character card (the armour blocks only 1 damage). If you make a defence,
// the damage is avoided. Do not flip the armour token. At the end of every player's turn, flip any
// armour tokens from vulnerable to their protected side."
//
// Only damage that gets through the defences reaches here (damage.ts), so a defence never flips a
// token. The end of "every player's turn" includes an interrupting turn (docs/rulings.md R41).

import type { Draft } from '../draft.ts';
import { hasSpecial } from '../state.ts';
import type { Attack, AttackKind, CharacterId } from '../types.ts';

/** Actions whose damage the armour blocks only in part: "the armour blocks only 1 damage". */
const BLOCKS_ONLY_ONE: readonly AttackKind[] = ['SMASH', 'SHOTGUN'];

/** The damage left for `victim` to take once its armour has done its work (flipping it if protected). */
export function damageThroughArmour(d: Draft, attack: Attack, victimId: CharacterId): number {
  const victim = d.state.characters[victimId]!;
  if (!hasSpecial(victim, 'armour') || victim.armour !== 'protected') return attack.damage;
  d.emit({ type: 'ArmourFlipped', character: victimId, side: 'vulnerable' });
  return BLOCKS_ONLY_ONE.includes(attack.action) ? Math.max(0, attack.damage - 1) : 0;
}

/** "At the end of every player's turn, flip any armour tokens from vulnerable to their protected side." */
export function restoreArmour(d: Draft): void {
  for (const c of Object.values(d.state.characters))
    if (c.armour === 'vulnerable' && c.status !== 'dead') d.emit({ type: 'ArmourFlipped', character: c.id, side: 'protected' });
}
