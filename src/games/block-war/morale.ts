// "Morale Loss" (Block War): "If your fighting spirit has fallen 10 points or more behind the
// control marker at the start of your turn, you must make a morale check. Roll a die, add the units
// morale (M), and if the result is six or more, then the unit fights on, otherwise they surrender
// to the judges and are discarded from the game."

import { rngPosition } from '../../platform/random.ts';
import { parseSquare } from './board/squares.ts';
import { unitKind } from './content/units.ts';
import { rollDie } from './dice.ts';
import type { Draft } from './draft.ts';
import { allUnits } from './state.ts';
import type { GameState, Seat, UnitState } from './types.ts';

export const MORALE_MARGIN = 10;

export const mustCheckMorale = (s: GameState, seat: Seat) => s.control - s.seats[seat]!.spirit >= MORALE_MARGIN;

/** Unit Morale Table: "Citizen — 2 (1 out of their block)". */
function morale(s: GameState, u: UnitState): number {
  const m = unitKind(u.kind).morale ?? 0;
  if (u.kind !== 'citizen') return m;
  const sq = parseSquare(u.square, s.seats.length);
  return sq && sq.on === 'block' && sq.seat === u.home ? m : m - 1;
}

/** BW27: every healthy block unit of the block on the boards checks, one by one in id order. */
export function checkMorale(d: Draft, seat: Seat): void {
  if (mustCheckMorale(d.state, seat)) moraleChecks(d, seat);
}

/** Every healthy block unit of the block on the boards checks, one by one in id order. */
export function moraleChecks(d: Draft, seat: Seat): void {
  const units = allUnits(d.state).filter(
    (u) => u.home === seat && u.square !== null && !u.wounded && unitKind(u.kind).allegiance === 'block',
  );
  for (const u of units) {
    const die = rollDie(d);
    const total = die + morale(d.state, u);
    d.emit({ type: 'MoraleChecked', unit: u.id, die, total, fightsOn: total >= 6, rng: rngPosition(d.state.rng) });
  }
}
