// VAMPIRISM — "Whenever an enemy character takes damage from a MELEE action that Durham takes,
// Durham may return a health cube to her character card. She can never have more than three
// health cubes." Returning a cube never hurts her, so it is always taken (docs/rulings.md).

import type { Draft } from '../draft.ts';
import { hasSpecial, maxHealth } from '../state.ts';
import type { Attack, CharacterId } from '../types.ts';

export function vampirism(d: Draft, attack: Attack, victimId: CharacterId, amount: number): void {
  const attacker = d.state.characters[attack.character]!;
  const victim = d.state.characters[victimId]!;
  if (attack.action !== 'MELEE' || amount === 0 || victim.seat === attacker.seat) return;
  if (!hasSpecial(attacker, 'vampirism') || attacker.status !== 'deployed') return;
  if (attacker.health >= maxHealth(attacker)) return;
  d.emit({ type: 'HealthRestored', character: attacker.id, amount: 1, reason: 'vampirism' });
}
