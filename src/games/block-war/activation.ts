// Activating a unit: "An activated unit may make one brawling, shooting or special attack at any
// point during its movement." An activation is a sequence of commands — ACTIVATE, STEPs, one attack
// among them (combat.ts, healing.ts, scrawl.ts, janitors.ts), END_ACTIVATION.

import { rngPosition } from '../../platform/random.ts';
import { MOVEMENT_COSTS, MOVEMENT_POINTS, SPACES_PER_PAYMENT, stepsFrom, type Step } from './board/movement.ts';
import { parseSquare } from './board/squares.ts';
import { unitKind } from './content/units.ts';
import { CRAZED } from './crazed.ts';
import { rollDie } from './dice.ts';
import { FRENZY_MOVEMENT } from './frenzy.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { hireJanitor } from './new-janitor.ts';
import { anotherHealthyUnitOn, featureOn, friendly, healthyUnitOn, placement } from './state.ts';
import { activatable, afterActivation } from './turn.ts';
import type { Activation, GameState, Seat, SquareId, UnitId } from './types.ts';

/**
 * "All units have 3 movement points." Frenzied: "units gain +1 movement point … if the block
 * becomes frenzied at any point" — the block's own units, activated in step 2 (BW19, BW53); not
 * the independent and judge units any player activates in steps 3 and 4, nor an informant's judge.
 */
export function activate(d: Draft, seat: Seat, unit: UnitId): void {
  const sit = d.state.situation;
  check(sit.kind === 'turn' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn.');
  check(sit.activation === null, 'ACTIVATION_IN_PROGRESS', 'End the activation in progress first.');
  check(sit.activationsLeft > 0, 'NO_ACTIVATIONS_LEFT', 'You have no activations left in this step.');
  check(
    activatable(d.state, seat, sit.step, sit.activated).some((u) => u.id === unit),
    'CANNOT_ACTIVATE',
    sit.step === 'activate' ? 'Activate one of your own healthy units on the board, once a turn.' : `Activate a healthy ${sit.step} unit on the board.`,
  );
  d.emit({ type: 'UnitActivated', unit, movementPoints: MOVEMENT_POINTS + (sit.step === 'activate' && sit.frenzied ? FRENZY_MOVEMENT : 0) });
}

export interface PricedStep extends Step {
  cost: number;
}

/** The steps the activated unit may take now, each with its price in movement points. */
export function legalSteps(s: GameState): PricedStep[] {
  const sit = s.situation;
  if (sit.kind !== 'turn' || !sit.activation) return [];
  const a = sit.activation;
  const unit = s.units[a.unit]!;
  // Judge Dredd "is deployed at the centre of the plaza, and never moves." A unit wounded attacking
  // him ("automatically wounded in the process") moves no further: it "takes no further part".
  if (unit.kind === 'judge-dredd' || unit.wounded || unit.square === null) return [];
  return stepsFrom(unit.square!, placement(s))
    .map((step) => ({ ...step, cost: priceOf(a, step) }))
    .filter((step) => step.cost <= a.movementPoints && mayEnter(s, a.unit, step.to))
    .filter((step) => !anotherHealthyUnitOn(s, a.unit, step.to) || canStopLater(s, a.unit, step.to, afterStep(a, step, priceOf(a, step))));
}

/** The activation after paying `cost` for `step` (the same arithmetic as evolve's UnitMoved). */
function afterStep(a: Activation, step: Step, cost: number): Activation {
  let run: Activation['run'] = null;
  if (cost > 0 && (step.movement === 'plaza' || step.movement === 'lift')) run = { kind: step.movement, left: SPACES_PER_PAYMENT[step.movement] - 1 };
  else if (cost === 0 && a.run && a.run.left > 1) run = { kind: a.run.kind, left: a.run.left - 1 };
  return { unit: a.unit, start: a.start, movementPoints: a.movementPoints - cost, run, attacked: a.attacked };
}

/**
 * BW8: a step onto a friendly unit's square is allowed only if the unit can still move on to a
 * square where it may stop — otherwise it would be stuck where it may not end its move.
 */
function canStopLater(s: GameState, unitId: UnitId, from: SquareId, a: Activation): boolean {
  const seen = new Set<string>();
  const queue: [SquareId, Activation][] = [[from, a]];
  while (queue.length > 0) {
    const [square, act] = queue.shift()!;
    const key = `${square}|${act.movementPoints}|${act.run?.kind ?? ''}${act.run?.left ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const step of stepsFrom(square, placement(s))) {
      const cost = priceOf(act, step);
      if (cost > act.movementPoints || !mayEnter(s, unitId, step.to)) continue;
      if (!anotherHealthyUnitOn(s, unitId, step.to)) return true;
      queue.push([step.to, afterStep(act, step, cost)]);
    }
  }
  return false;
}

/** BW5: the spaces a paid plaza or turbo-lift move covers must follow it at once, in the same terrain. */
function priceOf(a: Activation, step: Step): number {
  if (a.run && a.run.kind === step.movement && a.run.left > 0) return 0;
  return MOVEMENT_COSTS[step.movement];
}

/**
 * "Units may not move diagonally, and may only move through friendly units." Wounded units are
 * walked over. Statues and hottie stalls stand on their square (BW7). Independent units "may not
 * leave the block" — their own (BW11).
 */
function mayEnter(s: GameState, unitId: UnitId, to: SquareId): boolean {
  const unit = s.units[unitId]!;
  const there = healthyUnitOn(s, to);
  // Ape: "May swing past (move through) enemy units in both blocks and the plaza." (BW33)
  if (there && !friendly(unit, there) && unit.kind !== 'ape') return false;
  if (featureOn(s, to)) return false;
  // The crazed robo-doc ignores "3. May not leave the block" (BW47).
  if (unitKind(unit.kind).allegiance === 'independent' && unit.kind !== CRAZED) {
    const sq = parseSquare(to, s.seats.length);
    if (!sq || sq.on !== 'block' || sq.seat !== unit.home) return false;
  }
  return true;
}

export function step(d: Draft, seat: Seat, to: SquareId): void {
  const sit = d.state.situation;
  check(sit.kind === 'turn' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn.');
  check(sit.activation !== null, 'NO_ACTIVATION', 'Activate a unit first.');
  const chosen = legalSteps(d.state).find((s) => s.to === to);
  check(chosen, 'ILLEGAL_STEP', stepProblem(d.state, to));
  const unit = sit.activation.unit;
  const from = d.state.units[unit]!.square!;
  d.emit({ type: 'UnitMoved', unit, from, to, cost: chosen.cost, movement: chosen.movement });
  if (d.state.units[unit]!.kind === 'fatty') passStall(d, unit, from, to);
}

/**
 * Fatty: "A fatty must roll a 4+ on a die to pass a hottie stall in an adjacent space." BW45: the
 * roll is made when a step brings the fatty next to a stall it was not next to, onto a square where
 * it may stop; below 4 its movement ends there (it may still attack).
 */
function passStall(d: Draft, unit: UnitId, from: SquareId, to: SquareId): void {
  const s = d.state;
  // Onto a friend's square it may not stop (BW8), so it passes through: no roll (asking who stands
  // there would answer the fatty itself when its id sorts first).
  if (anotherHealthyUnitOn(s, unit, to)) return;
  const nextTo = (square: SquareId, stall: SquareId) => stepsFrom(stall, placement(s)).some((st) => st.to === square);
  const stalls = s.features.filter((f) => f.feature === 'stall').map((f) => f.square);
  if (!stalls.some((stall) => nextTo(to, stall) && !nextTo(from, stall))) return;
  const die = rollDie(d);
  d.emit({ type: 'StallRolled', unit, die, passed: die >= STALL_PASS, rng: rngPosition(d.state.rng) });
}

/** "must roll a 4+". */
export const STALL_PASS = 4;

function stepProblem(s: GameState, to: SquareId): string {
  const sit = s.situation;
  if (sit.kind !== 'turn' || !sit.activation) return 'No unit is moving.';
  const a = sit.activation;
  const unit = s.units[a.unit]!;
  if (unit.kind === 'judge-dredd') return 'Judge Dredd never moves.';
  const step = stepsFrom(unit.square!, placement(s)).find((x) => x.to === to);
  if (!step) return 'That square is not one step away (no diagonals).';
  if (priceOf(a, step) > a.movementPoints) return `That step costs ${priceOf(a, step)} movement points; ${a.movementPoints} are left.`;
  return 'The square is blocked: units move only through friendly units, never onto statues or stalls, and independent units stay in their block.';
}

/** BW8: a unit may pass through friendly units but must not end its move on one. */
export function mayStop(s: GameState): boolean {
  const sit = s.situation;
  if (sit.kind !== 'turn' || !sit.activation) return false;
  const unit = s.units[sit.activation.unit]!;
  if (unit.wounded || unit.square === null) return true;
  return !anotherHealthyUnitOn(s, unit.id, unit.square);
}

export function endActivation(d: Draft, seat: Seat): void {
  const sit = d.state.situation;
  check(sit.kind === 'turn' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn.');
  check(sit.activation !== null, 'NO_ACTIVATION', 'No unit is activated.');
  check(mayStop(d.state), 'CANNOT_STOP_HERE', 'A unit may move through a friendly unit but not stop on its square (BW8).');
  hireJanitor(d, sit.activation.unit);
  d.emit({ type: 'ActivationEnded', unit: sit.activation.unit });
  afterActivation(d, seat);
}

/**
 * A deadline passed in mid-activation: the unit stops where it is, or, standing on a friendly
 * unit's square, goes back to where its activation began (BW14).
 */
export function expireActivation(d: Draft): void {
  const sit = d.state.situation;
  if (sit.kind !== 'turn' || !sit.activation) return;
  const a = sit.activation;
  if (!mayStop(d.state)) d.emit({ type: 'UnitReturned', unit: a.unit, to: a.start });
  d.emit({ type: 'ActivationEnded', unit: a.unit });
}

/**
 * BW42: an attack (or heal attempt, or Dredd's call) ends a plaza or turbo-lift run (BW5), so it may
 * be made only where the unit could then still end its activation: where it may stop, or, passing
 * through a friendly unit's square, with a square to stop on still within its movement points.
 */
export function mayActHere(s: GameState): boolean {
  const sit = s.situation;
  if (sit.kind !== 'turn' || !sit.activation) return false;
  if (mayStop(s)) return true;
  const a = sit.activation;
  return canStopLater(s, a.unit, s.units[a.unit]!.square!, { ...a, run: null, attacked: true });
}
