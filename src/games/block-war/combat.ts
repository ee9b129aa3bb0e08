// "Brawling", "Shooting" and "Wounding Units" (Block War). One attack per activation, at any point
// of the unit's movement. Every die comes from the game's generator and is told in an event.

import { rngPosition } from '../../platform/random.ts';
import { chargeBonus } from './board/charge.ts';
import { levelOf, stepsFrom } from './board/movement.ts';
import { roboDocWounded } from './crazed.ts';
import { hasLineOfSight } from './board/sight.ts';
import { parseSquare, type Square } from './board/squares.ts';
import { mayActHere } from './activation.ts';
import { JUDGE_DREDD, unitKind } from './content/units.ts';
import { afterAttackOnDredd, dreddWounded, WOUNDING_DREDD } from './dredd.ts';
import { TRACK_LENGTH } from './content/justice-track.ts';
import { rollDie } from './dice.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { armour, brawling, frenzyBonus, shooting } from './skills.ts';
import { isFrenzied } from './frenzy.ts';
import { frenzyAfterGains, gainSpirit } from './spirit.ts';
import { controlLandedMidTurn } from './control.ts';
import { informIfLanded } from './informant.ts';
import { allUnits, featureOn, friendly, healthyUnitOn, isOver, placement } from './state.ts';
import { controlWinners, passTurn } from './turn.ts';
import type { GameState, Seat, UnitId, UnitState } from './types.ts';

/** "If the result is 6 or more, you have scored a hit"; armour saves too. */
export const TARGET_NUMBER = 6;

/** Units a judge "Will not target": medic and janitor units (BW21). */
const NOT_TARGETED_BY_JUDGES = ['robo-doc', 'robo-janitor', 'human-janitor'];
/** "May only brawl in self-defence": these never start an attack. */
const SELF_DEFENCE_ONLY = ['robo-doc', 'robo-janitor', 'human-janitor'];

export function attackerOf(s: GameState): UnitState | null {
  const sit = s.situation;
  if (sit.kind !== 'turn' || !sit.activation || sit.activation.attacked || !mayActHere(s)) return null;
  const unit = s.units[sit.activation.unit]!;
  return SELF_DEFENCE_ONLY.includes(unit.kind) ? null : unit;
}

function mayTarget(attacker: UnitState, target: UnitState): boolean {
  if (target.square === null || target.wounded || friendly(attacker, target)) return false;
  if (unitKind(attacker.kind).allegiance === 'judge' && NOT_TARGETED_BY_JUDGES.includes(target.kind)) return false;
  return true;
}

/**
 * "Adjacent units (including units above and below) in a block or in the plaza may brawl." No
 * diagonals; an entrance square and its step are adjacent; a leap's ends are not (BW18).
 */
export function adjacent(s: GameState, a: UnitState, b: UnitState): boolean {
  return stepsFrom(a.square!, placement(s)).some((step) => step.to === b.square && step.movement !== 'leap');
}

export function brawlTargets(s: GameState): UnitState[] {
  const attacker = attackerOf(s);
  if (!attacker) return [];
  return allUnits(s).filter((t) => mayBrawl(s, attacker, t));
}

const mayBrawl = (s: GameState, attacker: UnitState, t: UnitState) => mayTarget(attacker, t) && adjacent(s, attacker, t);

/**
 * "A unit in a block may fire at a unit in an adjacent square, a neighbouring block or the plaza
 * … A unit in the plaza may fire at a unit in a block freely, but must have a line of sight to
 * shoot another plaza unit in the plaza." Every other block counts as a neighbouring block (BW22).
 */
export function shootTargets(s: GameState): UnitState[] {
  const shooter = attackerOf(s);
  if (!shooter || shooting(s, shooter) === null) return [];
  const from = parseSquare(shooter.square, s.seats.length)!;
  return allUnits(s).filter((t) => mayShoot(s, shooter, from, t));
}

/** Whether `shooter`, standing on `from`, may shoot `t` (shootTargets, one unit at a time). */
function mayShoot(s: GameState, shooter: UnitState, from: Square, t: UnitState): boolean {
  if (!mayTarget(shooter, t)) return false;
  const to = parseSquare(t.square, s.seats.length)!;
  if (from.on === 'block') return to.on === 'plaza' || to.seat !== from.seat || adjacent(s, shooter, t);
  if (to.on === 'block') return true;
  return hasLineOfSight([from.x, from.y], [to.x, to.y], (x, y) => {
    const square = `plaza:${x},${y}`;
    return healthyUnitOn(s, square) !== undefined || featureOn(s, square) !== undefined;
  });
}

export function brawl(d: Draft, seat: Seat, target: UnitId): void {
  const attacker = checkAttack(d, seat, target, 'brawl');
  const control = d.state.control;
  const spirit = d.state.seats[seat]!.spirit;
  const wasFrenzied = isFrenzied(d.state, seat);
  const defender = d.state.units[target]!;
  // "The attacker and defender roll a die each and add their brawling skill (B)."
  const attackerDie = rollDie(d);
  const defenderDie = rollDie(d);
  const attackerTotal = attackerDie + brawling(d.state, attacker) + frenzyBonus(d.state, attacker) + fattyCharge(d.state, attacker);
  const defenderTotal = defenderDie + brawling(d.state, defender) + frenzyBonus(d.state, defender);
  d.emit({ type: 'BrawlRolled', attackerDie, defenderDie, attackerTotal, defenderTotal, rng: rngPosition(d.state.rng) });
  // "If the attacking unit scores higher, the defender must roll its armour save or be wounded. If
  // the defending unit scores higher, or there is a draw, then neither unit is injured".
  if (attackerTotal > defenderTotal) hit(d, seat, attacker, defender);
  afterAttackOnDredd(d, seat, attacker, defender);
  frenzyAfterGains(d, seat, wasFrenzied);
  informIfLanded(d, seat, spirit);
  landIfMoved(d, control);
}

/** Fatty: "+1 brawling for every two spaces they move in a straight line in the run up to combat" (BW44). */
function fattyCharge(s: GameState, attacker: UnitState): number {
  const sit = s.situation;
  return attacker.kind === 'fatty' && sit.kind === 'turn' && sit.activation?.unit === attacker.id ? chargeBonus(sit.activation.charge) : 0;
}

export function shoot(d: Draft, seat: Seat, target: UnitId): void {
  const shooter = checkAttack(d, seat, target, 'shoot');
  const control = d.state.control;
  const spirit = d.state.seats[seat]!.spirit;
  const wasFrenzied = isFrenzied(d.state, seat);
  const t = d.state.units[target]!;
  const n = d.state.seats.length;
  // "roll a die, add the units shooting skill and subtract any difference in levels between the
  // two units and/or a frenzied bonus. If the result is 6 or more, you have scored a hit. A roll
  // of a 1 is always a miss." The sniper hits "any viable target on any roll but a 1".
  const die = rollDie(d);
  const total = die + shooting(d.state, shooter)! - Math.abs(levelOf(shooter.square!, n) - levelOf(t.square!, n)) + frenzyBonus(d.state, shooter);
  const isHit = die !== 1 && (shooter.kind === 'sniper' || total >= TARGET_NUMBER);
  d.emit({ type: 'ShotRolled', die, total, hit: isHit, rng: rngPosition(d.state.rng) });
  if (isHit) hit(d, seat, shooter, t);
  afterAttackOnDredd(d, seat, shooter, t);
  frenzyAfterGains(d, seat, wasFrenzied);
  informIfLanded(d, seat, spirit);
  landIfMoved(d, control);
}

/** BW43: wounding a judge moved control on during the attack: where it lands takes effect now. */
function landIfMoved(d: Draft, before: number): void {
  if (d.state.control !== before && !isOver(d.state)) controlLandedMidTurn(d, passTurn);
}

/**
 * The checks of an attack. By the last one the attacker is the unit `brawlTargets` and
 * `shootTargets` would attack with, so the target is checked as they check each unit: the one
 * target alone, not every unit (the heuristic bot tries every target).
 */
export function checkAttack(d: Draft, seat: Seat, target: UnitId, attack: 'brawl' | 'shoot'): UnitState {
  const sit = d.state.situation;
  check(sit.kind === 'turn' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn.');
  check(sit.activation !== null, 'NO_ACTIVATION', 'Activate a unit first.');
  check(!sit.activation.attacked, 'ALREADY_ATTACKED', 'An activated unit makes one brawling, shooting or special attack.');
  const unit = d.state.units[sit.activation.unit]!;
  check(mayActHere(d.state), 'CANNOT_ACT_HERE', 'Passing through a friendly unit, it could not end its move after attacking (BW42).');
  check(!SELF_DEFENCE_ONLY.includes(unit.kind), 'SELF_DEFENCE_ONLY', `The ${unitKind(unit.kind).name} may only brawl in self-defence.`);
  if (attack === 'shoot') check(shooting(d.state, unit) !== null, 'NO_WEAPON', 'A unit must have a missile weapon in order to shoot.');
  const t = Object.prototype.hasOwnProperty.call(d.state.units, target) ? d.state.units[target]! : undefined;
  check(
    t !== undefined &&
      (attack === 'brawl' ? mayBrawl(d.state, unit, t) : mayShoot(d.state, unit, parseSquare(unit.square, d.state.seats.length)!, t)),
    'ILLEGAL_TARGET',
    attack === 'brawl' ? 'Brawl an adjacent healthy enemy unit (no diagonals).' : 'That unit cannot be shot from here.',
  );
  d.emit({ type: 'AttackMade', attack, unit: unit.id, target });
  return unit;
}

/**
 * "A unit that has been hit must either roll its armour save or be wounded." — "the defending
 * player rolls a die, adds the units armour bonus (A) and if the result is 6 or more, then the
 * unit avoids injury." Wounding scores for the active block in step 2 only.
 */
function hit(d: Draft, seat: Seat, attacker: UnitState, target: UnitState): void {
  const die = rollDie(d);
  const total = die + armour(target);
  const saved = total >= TARGET_NUMBER;
  d.emit({ type: 'ArmourSaveRolled', unit: target.id, die, total, saved, rng: rngPosition(d.state.rng) });
  if (saved) return;
  d.emit({ type: 'UnitWounded', unit: target.id });
  score(d, seat, attacker, target);
  dreddWounded(d, target);
  if (!isOver(d.state)) roboDocWounded(d, target);
}

/**
 * The Fighting Spirit Table: "Wounding an enemy unit — 1"; "Wounding a Judge unit (Control also
 * moves on 1 space) — 5". "You do not score fighting spirit from an independent unit … from a judge
 * unit": only the active block's own units score (BW21).
 */
function score(d: Draft, seat: Seat, attacker: UnitState, target: UnitState): void {
  if (unitKind(attacker.kind).allegiance !== 'block' || attacker.home !== seat) return;
  if (target.home === seat && unitKind(target.kind).allegiance !== 'judge') return;
  const judge = unitKind(target.kind).allegiance === 'judge';
  gainSpirit(d, seat, target.id === JUDGE_DREDD ? WOUNDING_DREDD : judge ? 5 : 1);
  if (!judge || d.state.situation.kind === 'over') return;
  d.emit({ type: 'ControlMoved', to: Math.min(TRACK_LENGTH, d.state.control + 1) });
  if (d.state.control >= TRACK_LENGTH) d.emit({ type: 'GameEnded', winners: controlWinners(d.state), reason: 'control-reached-100' });
}
