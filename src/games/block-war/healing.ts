// "Healing Units" (Block War) and the robo-doc's card: "Each turn may attempt to heal a wounded
// unit on a 5+" — the same odds as the rules' d6 + H (1) of 6 or more.

import { rngPosition } from '../../platform/random.ts';
import { mayActHere } from './activation.ts';
import { adjacent } from './combat.ts';
import { unitKind } from './content/units.ts';
import { rollDie } from './dice.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { informIfLanded } from './informant.ts';
import { isFrenzied } from './frenzy.ts';
import { frenzyAfterGains, gainSpirit } from './spirit.ts';
import { allUnits, anotherHealthyUnitOn } from './state.ts';
import type { GameState, Seat, UnitId, UnitState } from './types.ts';

/** "Eldsters get a +2 bonus to being healed." */
const HEAL_BONUS: Readonly<Record<string, number>> = { eldster: 2 };

/** The healer activated now, if it can still heal (a heal is its one attack, BW24). */
function healer(s: GameState): UnitState | null {
  const sit = s.situation;
  if (sit.kind !== 'turn' || !sit.activation || sit.activation.attacked || !mayActHere(s)) return null;
  const unit = s.units[sit.activation.unit]!;
  return unitKind(unit.kind).heal === undefined ? null : unit;
}

/**
 * "A Robodoc may attempt to heal any (non-robotic) unit in an adjacent square, even one on the
 * steps of a block." — "A wounded unit cannot be healed while another unit is standing on its space."
 */
export function healTargets(s: GameState): UnitState[] {
  const doc = healer(s);
  if (!doc) return [];
  return allUnits(s).filter(
    (t) =>
      t.wounded &&
      t.square !== null &&
      !unitKind(t.kind).robotic &&
      adjacent(s, doc, t) &&
      !anotherHealthyUnitOn(s, t.id, t.square),
  );
}

export function heal(d: Draft, seat: Seat, target: UnitId): void {
  const sit = d.state.situation;
  check(sit.kind === 'turn' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn.');
  check(sit.activation !== null, 'NO_ACTIVATION', 'Activate a unit first.');
  check(!sit.activation.attacked, 'ALREADY_ATTACKED', 'An activated unit makes one attack or heal attempt.');
  check(mayActHere(d.state), 'CANNOT_ACT_HERE', 'Passing through a friendly unit, it could not end its move after healing (BW42).');
  const doc = d.state.units[sit.activation.unit]!;
  check(unitKind(doc.kind).heal !== undefined, 'CANNOT_HEAL', `The ${unitKind(doc.kind).name} cannot heal.`);
  check(healTargets(d.state).some((t) => t.id === target), 'ILLEGAL_TARGET', 'Heal a wounded, non-robotic unit in an adjacent square with nobody standing on it.');
  d.emit({ type: 'AttackMade', attack: 'heal', unit: doc.id, target });
  const t = d.state.units[target]!;
  // "a die is rolled, the Robodocs heal skill (H) of 1 is added along with any modifiers and if the
  // result is 6 or more, the wounded unit is healed … If the result is a 1, the unit is too badly
  // wounded to return to fighting and is removed from the game." BW25: "the result is a 1" is the die.
  const die = rollDie(d);
  const total = die + unitKind(doc.kind).heal! + (HEAL_BONUS[t.kind] ?? 0);
  d.emit({ type: 'HealRolled', unit: target, die, total, rng: rngPosition(d.state.rng) });
  if (die === 1) return d.emit({ type: 'UnitRemoved', unit: target });
  if (total < 6) return;
  d.emit({ type: 'UnitHealed', unit: target });
  // "Healing a friendly unit — 1" (Fighting Spirit Table): the active player's own unit (BW26).
  const before = d.state.seats[seat]!.spirit;
  const wasFrenzied = isFrenzied(d.state, seat);
  if (t.home === seat && unitKind(t.kind).allegiance === 'block') gainSpirit(d, seat, 1);
  frenzyAfterGains(d, seat, wasFrenzied);
  informIfLanded(d, seat, before);
}
