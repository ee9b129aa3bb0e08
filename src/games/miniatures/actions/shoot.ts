// "SHOOT ACTIONS": a ranged weapon, Line of Sight, range, no enemy in contact; "Making a Shooting
// Attack", "Cover" and "Shooting into Close Combat".

import { nextInt, rngPosition } from '../../../platform/random.ts';
import { profile, rangedWeapon } from '../content/index.ts';
import type { CoverClass, WeaponProfile } from '../content/types.ts';
import { resolveHits } from '../damage.ts';
import { roll, signed } from '../dice.ts';
import { refuseIf } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import { INCH } from '../geometry/shapes.ts';
import { edgeDistance, fmt, inContact } from '../table/movement.ts';
import { obscuredShare, sight, type Sight } from '../table/sight.ts';
import { baseOf, enemiesOf, otherBases, standing, tableOf } from '../state.ts';
import { completeAction, startAction } from '../turn.ts';
import type { GameState, ModelState, Seat } from '../types.ts';

/** Why `m` may not shoot `target` now, or null; with the sight and weapon when it may. */
export function shotProblem(s: GameState, m: ModelState, targetId: unknown): { code: string; message: string } | { weapon: WeaponProfile; sight: Sight; target: ModelState } {
  const p = profile(m.profile);
  if (p.shoot === null) return { code: 'NO_SHOOT_SCORE', message: '"A model with no Shoot score may not take a Shoot action."' };
  const weapon = rangedWeapon(p);
  if (!weapon) return { code: 'NO_RANGED_WEAPON', message: `"a model must be armed with a ranged weapon": ${m.name} has none.` };
  if (enemiesOf(s, m).some((e) => inContact(baseOf(m), baseOf(e))))
    return { code: 'ENEMY_IN_CONTACT', message: '"a model may not choose to make a Shoot action if an enemy is in contact with it."' };
  const target = standing(s, targetId);
  if (!target || target.seat === m.seat) return { code: 'ILLEGAL_TARGET', message: 'The target must be an enemy model on the table.' };
  const seen = sightOf(s, m, target);
  if (!seen.lineOfSight) return { code: 'NO_LINE_OF_SIGHT', message: `${m.name} cannot see ${target.name}.` };
  if (seen.range > weapon.range! * INCH) return { code: 'OUT_OF_RANGE', message: `${target.name} is ${fmt(seen.range)} in away; the ${weapon.name}'s Range is ${weapon.range} in.` };
  return { weapon, sight: seen, target };
}

/**
 * Whether `m` may shoot `target` now: `shotProblem` finds none. Listing the legal commands asks it
 * of every model and enemy, and the line of sight is the costly part (a sight line per sample
 * across the target, through every piece of terrain), so a target beyond the weapon's Range is
 * ruled out by distance first: the same answer, since a shot needs both.
 */
export function mayShoot(s: GameState, m: ModelState, target: ModelState): boolean {
  const weapon = rangedWeapon(profile(m.profile));
  if (weapon && edgeDistance(baseOf(m), baseOf(target)) > weapon.range! * INCH) return false;
  return !('code' in shotProblem(s, m, target.id));
}

export const sightOf = (s: GameState, m: ModelState, target: ModelState) => sight(tableOf(s), baseOf(m), baseOf(target), otherBases(s, m.id, target.id));

/** "Judge Rico to Punk 1: 11.4 in, in range of the Lawgiver, light cover (62% hidden)". */
export function shotWords(m: ModelState, target: ModelState, weapon: WeaponProfile, seen: Sight): string {
  const inRange = seen.range <= weapon.range! * INCH ? 'in range of' : 'out of range of';
  const cover = seen.lineOfSight ? (seen.cover === 'none' ? 'no cover' : `${seen.cover} cover`) : 'no line of sight';
  // How close a call it was: "more than half the model is obscured" is the line cover is drawn at.
  const share = obscuredShare(seen);
  const hidden = seen.lineOfSight && share > 0 ? ` (${Math.round(share * 100)}% hidden)` : '';
  return `${m.name} to ${target.name}: ${fmt(seen.range)} in, ${inRange} the ${weapon.name}, ${cover}${hidden}`;
}

export function shootAction(d: Draft, seat: Seat, model: string, targetId: string): void {
  const m = startAction(d, seat, model, 'shoot');
  const shot = shotProblem(d.state, m, targetId);
  if ('code' in shot) return refuseIf(shot);
  const { weapon, sight: seen, target } = shot;
  d.emit({ type: 'ShotTaken', model: m.id, target: target.id, shot: { weapon: weapon.id, range: seen.range, lineOfSight: true, cover: seen.cover }, text: shotWords(m, target, weapon, seen) });
  if (target.lockedWith.length > 0) intoCombat(d, m, target, weapon);
  else attack(d, m, target, weapon, weapon.shootingDice!, seen.cover);
  completeAction(d, m.id, false);
}

/**
 * "the attacking model rolls the number of Shooting Dice allowed by its weapon and adds its Shoot
 * characteristic to all dice rolled. The target model rolls one dice and adds its Agility." —
 * "Every Shooting Dice rolling higher than the target's Agility roll will be a successful attack."
 * Cover: "Light cover will grant a target a +3 bonus to its Agility"; "Heavy cover grants a target a
 * +3 bonus to its Agility and a +3 bonus to its Armour score when rolling against shooting attacks."
 */
function attack(d: Draft, m: ModelState, target: ModelState, weapon: WeaponProfile, dice: number, cover: CoverClass): void {
  const shoot = profile(m.profile).shoot!;
  const a = roll(d, 'shooting', { model: m.id }, dice, shoot, (ds, ts) => `${m.name} rolls ${dice} Shooting ${dice === 1 ? 'Die' : 'Dice'}${signed(shoot)}: ${ds.join(', ')} → ${ts.join(', ')}`);
  const agility = profile(target.profile).agility + (cover === 'none' ? 0 : 3);
  const b = roll(d, 'target-agility', { model: target.id }, 1, agility, (ds, ts) => `${target.name} rolls Agility ${ds[0]}${signed(agility)}${cover === 'none' ? '' : ` (${cover} cover)`} = ${ts[0]}`);
  const hits = a.totals.filter((t) => t > b.totals[0]!).length;
  resolveHits(d, target.id, hits, weapon, cover === 'heavy' ? 3 : 0);
}

/**
 * "For every dice rolled as a shooting attack, roll another dice. On a 1–5, the attack will be made
 * against a random friendly model. On a 6–10, it will be made against a random enemy model." The
 * models are those of the target's combat; each model struck is attacked with the dice sent at it.
 */
function intoCombat(d: Draft, m: ModelState, target: ModelState, weapon: WeaponProfile): void {
  const combat = [target, ...target.lockedWith.map((id) => d.state.models[id]!)];
  const friends = combat.filter((x) => x.seat === m.seat);
  const enemies = combat.filter((x) => x.seat !== m.seat);
  const assigned = new Map<string, number>();
  for (let i = 0; i < weapon.shootingDice!; i++) {
    const { dice } = roll(d, 'into-combat', { model: m.id }, 1, 0, (ds) => `${m.name} fires into close combat: ${ds[0]}, ${ds[0]! <= 5 ? 'at a friendly model' : 'at an enemy model'}`);
    const pool = dice[0]! <= 5 && friends.length > 0 ? friends : enemies;
    const struck = pickRandom(d, m, pool);
    assigned.set(struck.id, (assigned.get(struck.id) ?? 0) + 1);
  }
  for (const [id, count] of assigned) {
    if (d.over) return;
    const struck = d.state.models[id]!;
    if (struck.removed) continue;
    attack(d, m, struck, weapon, count, sightOf(d.state, m, struck).cover);
  }
}

/** A random model of `pool` (one die of as many sides as models), recorded like any roll. */
function pickRandom(d: Draft, m: ModelState, pool: readonly ModelState[]): ModelState {
  if (pool.length === 1) return pool[0]!;
  const [i, rng] = nextInt(d.state.rng, pool.length);
  const struck = pool[i]!;
  d.emit({ type: 'DiceRolled', roll: 'into-combat', seat: null, model: m.id, dice: [i + 1], totals: [i + 1], rng: rngPosition(rng), text: `The shot strikes ${struck.name}, chosen at random` });
  return struck;
}
