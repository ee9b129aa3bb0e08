// Model and weapon profiles. The Street Judge, the handgun and the knife are printed in the
// primer; everything else is reconstructed (docs/content.md, "Miniatures").

import { INCH } from '../geometry/shapes.ts';
import type { ModelProfile, WeaponProfile } from './types.ts';

/** M12: every model of the basic game stands on a 25 mm round base, taken as 1" across. */
export const MAN_SIZE_BASE = INCH / 2;

export const WEAPONS: Readonly<Record<string, WeaponProfile>> = {
  // "HANDGUN Range Shooting Dice Damage AP Special Rules Cost 15” 1D 1 0 — 10"
  handgun: { id: 'handgun', name: 'Handgun', kind: 'ranged', range: 15, shootingDice: 1, damage: 1, ap: 0, cost: 10, source: 'text' },
  // "KNIFE Damage AP Special Rules Cost 1 -1 — 5" (M13: AP −1)
  knife: { id: 'knife', name: 'Knife', kind: 'melee', damage: 1, ap: -1, cost: 5, source: 'text' },
  lawgiver: { id: 'lawgiver', name: 'Lawgiver', kind: 'ranged', range: 24, shootingDice: 2, damage: 1, ap: 1, cost: 30, source: 'reconstructed' },
  daystick: { id: 'daystick', name: 'Daystick', kind: 'melee', damage: 1, ap: 0, cost: 5, source: 'reconstructed' },
  'boot-knife': { id: 'boot-knife', name: 'Boot Knife', kind: 'melee', damage: 1, ap: -1, cost: 5, source: 'reconstructed' },
  club: { id: 'club', name: 'Club', kind: 'melee', damage: 1, ap: 0, cost: 3, source: 'reconstructed' },
  unarmed: { id: 'unarmed', name: 'Fists', kind: 'melee', damage: 1, ap: -1, cost: 0, source: 'reconstructed' },
};

export const PROFILES: Readonly<Record<string, ModelProfile>> = {
  // "STREET JUDGE … MOVE AGILITY SHOOT MELEE MELEE DICE WILL ARMOUR HITS 5” 1 1 1 2D 1 5 2
  // TYPE: INFANTRY HERO EQUIPMENT: BOOT KNIFE, DAYSTICK, LAWGIVER, STANDARD ISSUE ARMOUR, STUMM GAS GRENADES"
  'street-judge': {
    id: 'street-judge',
    name: 'Street Judge',
    move: 5,
    agility: 1,
    shoot: 1,
    melee: 1,
    meleeDice: 2,
    will: 1,
    armour: 5,
    hits: 2,
    rank: 'hero',
    equipment: ['lawgiver', 'daystick', 'boot-knife'],
    baseRadius: MAN_SIZE_BASE,
    source: 'text',
  },
  // "the punk's Agility ( 0 in this case)" — the rest reconstructed.
  punk: {
    id: 'punk',
    name: 'Punk',
    move: 5,
    agility: 0,
    shoot: 0,
    melee: 0,
    meleeDice: 1,
    will: 0,
    armour: 0,
    hits: 1,
    rank: 'minion',
    equipment: ['handgun', 'knife'],
    baseRadius: MAN_SIZE_BASE,
    source: 'reconstructed',
  },
  juve: {
    id: 'juve',
    name: 'Juve',
    move: 5,
    agility: 1,
    shoot: null,
    melee: 0,
    meleeDice: 1,
    will: -1,
    armour: 0,
    hits: 1,
    rank: 'minion',
    equipment: ['club'],
    baseRadius: MAN_SIZE_BASE,
    source: 'reconstructed',
  },
  'barko-brother': {
    id: 'barko-brother',
    name: 'Barko Brother',
    move: 5,
    agility: 1,
    shoot: 1,
    melee: 1,
    meleeDice: 2,
    will: 1,
    armour: 1,
    hits: 2,
    rank: 'hero',
    equipment: ['handgun', 'knife'],
    baseRadius: MAN_SIZE_BASE,
    source: 'reconstructed',
  },
};

export function profile(id: string): ModelProfile {
  const p = PROFILES[id];
  if (!p) throw new Error(`no model profile ${id}`);
  return p;
}

export function weapon(id: string): WeaponProfile {
  const w = WEAPONS[id];
  if (!w) throw new Error(`no weapon ${id}`);
  return w;
}

/** The ranged weapon a model shoots with: its first (M14), or none. */
export function rangedWeapon(p: ModelProfile): WeaponProfile | null {
  const id = p.equipment.find((e) => WEAPONS[e]?.kind === 'ranged');
  return id ? weapon(id) : null;
}

/** M14: the melee weapon a model fights with is its best (Damage, then AP); without one, Fists. */
export function meleeWeapon(p: ModelProfile): WeaponProfile {
  const melee = p.equipment.map((e) => WEAPONS[e]).filter((w): w is WeaponProfile => w?.kind === 'melee');
  melee.sort((a, b) => b.damage - a.damage || b.ap - a.ap);
  return melee[0] ?? weapon('unarmed');
}
