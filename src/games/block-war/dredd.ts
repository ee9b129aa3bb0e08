// Judge Dredd's own rules (Unit Reference Sheet): "4. Any block unit that attacks Dredd is
// automatically wounded in the process. 5. Instead of attacking, Dredd may call for everyone to
// surrender, each block makes a morale check. 6. If Dredd is wounded, he simple returns back to the
// Judge pool." Rules 2 and 3 (deployed at the centre, activated twice) are in control.ts and turn.ts.

import { JUDGE_DREDD, unitKind } from './content/units.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { moraleChecks } from './morale.ts';
import { gainSpirit } from './spirit.ts';
import { isOver } from './state.ts';
import type { Seat, UnitState } from './types.ts';

/** Fighting Spirit Table: "Attacking Judge Dredd* — 2" (BW40: the footnote is not in the text). */
export const ATTACKING_DREDD = 2;
/** Fighting Spirit Table: "Wounding Judge Dredd** — 10", in place of a judge's 5 (BW40). */
export const WOUNDING_DREDD = 10;

/** Rule 6: a wounded Dredd leaves the plaza for the judge pool, healthy. */
export function dreddWounded(d: Draft, unit: UnitState): void {
  if (unit.id === JUDGE_DREDD && !isOver(d.state)) d.emit({ type: 'JudgeReturnedToPool', unit: unit.id });
}

/**
 * After a block unit's attack on Dredd, hit or not: the attack scores 2 for the active block (when
 * its own unit made it in step 2, as every score from an attack: BW21), then rule 4 wounds the
 * attacker, with no armour save ("automatically").
 */
export function afterAttackOnDredd(d: Draft, seat: Seat, attacker: UnitState, target: UnitState): void {
  if (target.id !== JUDGE_DREDD || unitKind(attacker.kind).allegiance !== 'block' || isOver(d.state)) return;
  const sit = d.state.situation;
  if (sit.kind === 'turn' && sit.step === 'activate' && attacker.home === seat) gainSpirit(d, seat, ATTACKING_DREDD);
  if (isOver(d.state)) return;
  if (!d.state.units[attacker.id]!.wounded) d.emit({ type: 'UnitWounded', unit: attacker.id });
}

/**
 * Rule 5 (BW41): Dredd, activated and not yet having attacked, calls for everyone to surrender in
 * place of his attack: every block still fighting, in turn order from the player whose turn it is,
 * checks morale with every healthy block unit of its on the boards (as BW27), whatever its fighting
 * spirit.
 */
export function callSurrender(d: Draft, seat: Seat): void {
  const sit = d.state.situation;
  check(sit.kind === 'turn' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn.');
  check(sit.activation !== null, 'NO_ACTIVATION', 'Activate Judge Dredd first.');
  check(sit.activation.unit === JUDGE_DREDD, 'NOT_DREDD', 'Only an activated Judge Dredd calls for everyone to surrender.');
  check(!sit.activation.attacked, 'ALREADY_ATTACKED', 'Dredd calls for surrender instead of attacking: he has attacked already.');
  d.emit({ type: 'SurrenderCalled', unit: JUDGE_DREDD });
  const start = d.state.order.indexOf(seat);
  for (let k = 0; k < d.state.order.length; k++) {
    const block = d.state.order[(start + k) % d.state.order.length]!;
    if (!d.state.seats[block]!.surrendered) moraleChecks(d, block);
  }
}

/** Whether the activated unit may call for surrender now (legal commands). */
export function mayCallSurrender(sit: Draft['state']['situation']): boolean {
  return sit.kind === 'turn' && sit.activation !== null && sit.activation.unit === JUDGE_DREDD && !sit.activation.attacked;
}
