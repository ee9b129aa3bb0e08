// Hits and armour, shared by shooting and melee: "roll a dice and add the model's Armour score. If
// the result is greater than 10, then no Hits will be lost" — "if the weapon has an AP score, this
// must be deducted from the dice roll" — "a roll of a 1 for Armour is always a failure" — "If the
// target's Hits are reduced to 0 or less then it is removed from the game".

import { profile } from './content/index.ts';
import type { WeaponProfile } from './content/types.ts';
import { roll, signed } from './dice.ts';
import type { Draft } from './draft.ts';
import { checkVictory } from './victory.ts';
import type { ModelId } from './types.ts';

export const armourSaves = (die: number, total: number) => die !== 1 && total > 10;

/** Successful attacks of `weapon` on `target`; `bonus` is heavy cover's +3 Armour. */
export function resolveHits(d: Draft, target: ModelId, attacks: number, weapon: WeaponProfile, bonus: number): void {
  for (let i = 0; i < attacks && !d.over; i++) {
    const m = d.state.models[target]!;
    if (m.removed) return;
    const p = profile(m.profile);
    const add = p.armour + bonus - weapon.ap;
    const { dice, totals } = roll(d, 'armour', { model: m.id }, 1, add, (ds, ts) => {
      const saved = armourSaves(ds[0]!, ts[0]!);
      return `${m.name} rolls Armour ${ds[0]}${signed(add)} = ${ts[0]}: ${saved ? 'deflected' : 'not saved'}`;
    });
    if (!armourSaves(dice[0]!, totals[0]!)) loseHits(d, m.id, weapon.damage, `is hit by the ${weapon.name}`);
  }
}

export function loseHits(d: Draft, id: ModelId, hits: number, why: string): void {
  const m = d.state.models[id]!;
  const left = m.hits - hits;
  d.emit({ type: 'HitsLost', model: id, hits, left, text: `${m.name} ${why} and loses ${hits} Hit${hits === 1 ? '' : 's'} (${left} left)` });
  if (left <= 0) {
    d.emit({ type: 'ModelRemoved', model: id, text: `${m.name} is removed from the game` });
    checkVictory(d);
  }
}
