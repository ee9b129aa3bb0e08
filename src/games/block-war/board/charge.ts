// The fatty's "Charge Bonus: They get +1 brawling for every two spaces they move in a straight line
// in the run up to combat" (Unit Reference Sheet). BW44: a straight line is a run of steps in one
// direction on one board — along a level, up or down a block, or along one axis of the plaza; a
// step between a block and the plaza, or a leap, starts no line.

import type { Activation, SquareId } from '../types.ts';
import { parseSquare } from './squares.ts';

/** The direction of a step, or null when it follows no line (block to plaza, a leap). */
export function headingOf(from: SquareId, to: SquareId, seats: number): string | null {
  const a = parseSquare(from, seats);
  const b = parseSquare(to, seats);
  if (!a || !b) return null;
  if (a.on === 'plaza' && b.on === 'plaza') return a.x !== b.x ? (b.x > a.x ? 'east' : 'west') : b.y > a.y ? 'south' : 'north';
  if (a.on === 'block' && b.on === 'block' && a.seat === b.seat)
    return a.level !== b.level ? (b.level > a.level ? 'up' : 'down') : b.column > a.column ? 'right' : 'left';
  return null;
}

/** The straight run after a step from `from` to `to`: one space longer if it goes on the same way. */
export function chargeAfter(charge: Activation['charge'], from: SquareId, to: SquareId, seats: number): Activation['charge'] {
  const heading = headingOf(from, to, seats);
  if (heading === null) return undefined;
  return { heading, spaces: charge && charge.heading === heading ? charge.spaces + 1 : 1 };
}

/** "+1 brawling for every two spaces". */
export const chargeBonus = (charge: Activation['charge']) => Math.floor((charge?.spaces ?? 0) / 2);
