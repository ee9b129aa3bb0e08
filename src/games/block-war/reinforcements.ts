// Drawing counters from a block pool and placing them in the block: at set-up ("draw six
// counters") and in step 1 of a turn, "Draw Reinforcements".

import { nextInt, rngPosition } from '../../platform/random.ts';
import { blockSquare, parseSquare } from './board/squares.ts';
import { BLOCK } from './content/block-board.ts';
import type { Draft } from './draft.ts';
import { healthyUnitOn } from './state.ts';
import type { GameState, Seat, SquareId, UnitId } from './types.ts';

/** Draws up to `count` counters at random from the seat's pool (fewer if it holds fewer). */
export function drawUnits(d: Draft, seat: Seat, count: number): void {
  const pool = d.state.seats[seat]!.pool.slice();
  const units: UnitId[] = [];
  let rng = d.state.rng;
  while (units.length < count && pool.length > 0) {
    let i: number;
    [i, rng] = nextInt(rng, pool.length);
    units.push(pool.splice(i, 1)[0]!);
  }
  if (units.length === 0) return;
  d.emit({ type: 'UnitsDrawn', seat, units, rng: rngPosition(rng) });
  returnUnplaceable(d, seat);
}

/**
 * BW51: a drawn counter with no square it may be placed on (a sniper with level 11 full: "They may
 * only be placed on level 11"; any counter in a block with no free square) goes back to the block
 * pool, face up for all to see, instead of being awaited for ever. Checked when counters are drawn
 * and after each one is placed (placing a counter on level 11 may leave a drawn sniper nowhere).
 */
export function returnUnplaceable(d: Draft, seat: Seat): void {
  for (const unit of d.state.seats[seat]!.drawn.slice())
    if (freeSquares(d.state, seat, unit, 1).length === 0) d.emit({ type: 'CounterReturnedToPool', seat, unit });
}

/**
 * Where a drawn counter may go: any square of its own block with no healthy unit on it (BW8);
 * a sniper only on level 11 ("They may only be placed on level 11 of a block").
 */
export function placeableSquares(s: GameState, seat: Seat, unit: UnitId): SquareId[] {
  return freeSquares(s, seat, unit, Infinity);
}

/** Whether a drawn counter may go on `square`: the rule `placeableSquares` applies square by square. */
export function mayPlaceOn(s: GameState, seat: Seat, unit: UnitId, square: SquareId): boolean {
  const sq = parseSquare(square, s.seats.length);
  if (!sq || sq.on !== 'block' || sq.seat !== seat) return false;
  if (s.units[unit]?.kind === 'sniper' && sq.level !== BLOCK.levels) return false;
  return !healthyUnitOn(s, square);
}

/** `placeableSquares`, in its order, up to the `most`th (whether there is one needs only the first). */
function freeSquares(s: GameState, seat: Seat, unit: UnitId, most: number): SquareId[] {
  const out: SquareId[] = [];
  for (let level = 1; level <= BLOCK.levels; level++)
    for (let column = 0; column < BLOCK.columns; column++) {
      const square = blockSquare(seat, level, column);
      if (!mayPlaceOn(s, seat, unit, square)) continue;
      out.push(square);
      if (out.length >= most) return out;
    }
  return out;
}
