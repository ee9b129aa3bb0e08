// Movement — "All units have 3 movement points. Different terrains have different movement point
// costs as shown below. Units may not move diagonally …" (Block War, Movement). One step is one
// square; its row of the table and its cost come from the geometry, never typed per square.

import { BLOCK } from '../content/block-board.ts';
import { PLAZA, SIDES, type Side } from '../content/plaza.ts';
import type { MovementKind, Seat, SquareId } from '../types.ts';
import { blockSquare, parseSquare, plazaKind, plazaSquare, roomKind, type Square } from './squares.ts';

/** The movement table: what one paid move of each kind costs. */
export const MOVEMENT_COSTS: Readonly<Record<MovementKind, number>> = {
  compartment: 1,
  section: 2,
  level: 3,
  lift: 1,
  plaza: 1,
  leap: 1,
};

/** How many spaces one payment covers: "Up to 3 spaces in a turbo lift", "Up to 2 spaces in the plaza". */
export const SPACES_PER_PAYMENT: Readonly<Record<MovementKind, number>> = {
  compartment: 1,
  section: 1,
  level: 1,
  lift: 3,
  plaza: 2,
  leap: 1,
};

export const MOVEMENT_POINTS = 3;

/** Where the blocks stand: `sides[seat]`, null for a block not yet placed. */
export type Placement = readonly (Side | null)[];

export interface Step {
  to: SquareId;
  movement: MovementKind;
}

const ORTHOGONAL = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** The plaza's steps in front of a block standing on `side`, in entrance order. */
const stepsOf = (side: Side) => PLAZA.steps[side];

/** Every square one step from `from`, with the row of the movement table the step falls under. */
export function stepsFrom(from: SquareId, placement: Placement): Step[] {
  const sq = parseSquare(from, placement.length);
  if (!sq) return [];
  return sq.on === 'plaza' ? plazaSteps(sq, placement) : blockSteps(sq, placement);
}

function plazaSteps(sq: Square & { on: 'plaza' }, placement: Placement): Step[] {
  const out: Step[] = [];
  for (const [dx, dy] of ORTHOGONAL) {
    const x = sq.x + dx;
    const y = sq.y + dy;
    if (x < 0 || y < 0 || x >= PLAZA.width || y >= PLAZA.height || plazaKind(x, y) === 'obstacle') continue;
    out.push({ to: plazaSquare(x, y), movement: 'plaza' });
  }
  // From a step into the block it meets: "includes moving from the block to the plaza" (BW4).
  placement.forEach((side, seat) => {
    if (!side) return;
    stepsOf(side).forEach(([x, y], i) => {
      if (x === sq.x && y === sq.y) out.push({ to: blockSquare(seat, 1, BLOCK.entrances[i]!), movement: 'plaza' });
    });
  });
  return out;
}

function blockSteps(sq: Square & { on: 'block' }, placement: Placement): Step[] {
  const out: Step[] = [];
  const { seat, level, column } = sq;
  const lines = BLOCK.sectionLine[level - 1]!;
  if (column > 0) out.push({ to: blockSquare(seat, level, column - 1), movement: lines[column - 1] ? 'section' : 'compartment' });
  if (column < BLOCK.columns - 1) out.push({ to: blockSquare(seat, level, column + 1), movement: lines[column] ? 'section' : 'compartment' });
  for (const other of [level - 1, level + 1]) {
    if (other < 1 || other > BLOCK.levels) continue;
    const inLift = roomKind(level, column) === 'lift' && roomKind(other, column) === 'lift';
    out.push({ to: blockSquare(seat, other, column), movement: inLift ? 'lift' : 'level' });
  }
  const side = placement[seat];
  if (!side) return out;
  if (level === 1) {
    const i = BLOCK.entrances.indexOf(column);
    if (i >= 0) {
      const [x, y] = stepsOf(side)[i]!;
      out.push({ to: plazaSquare(x, y), movement: 'plaza' });
    }
  }
  if (BLOCK.leapLevels.includes(level)) {
    const leap = leapTarget(seat, level, column, placement);
    if (leap) out.push({ to: leap, movement: 'leap' });
  }
  return out;
}

/**
 * BW6: a leap goes from the outer column of level 10 or 11 to the same level of the block standing
 * on the neighbouring side of the plaza. Facing a block from the plaza, its right-hand column looks
 * towards the next side clockwise, whose block's left-hand column faces back.
 */
function leapTarget(seat: Seat, level: number, column: number, placement: Placement): SquareId | null {
  const side = placement[seat]!;
  const k = SIDES.indexOf(side);
  const last = BLOCK.columns - 1;
  if (column !== 0 && column !== last) return null;
  const neighbourSide = SIDES[(k + (column === last ? 1 : SIDES.length - 1)) % SIDES.length]!;
  const neighbour = placement.indexOf(neighbourSide);
  if (neighbour < 0) return null;
  return blockSquare(neighbour, level, column === last ? 0 : last);
}

/** The step from `from` to `to`, if they are one step apart. */
export function stepBetween(from: SquareId, to: SquareId, placement: Placement): Step | null {
  return stepsFrom(from, placement).find((s) => s.to === to) ?? null;
}

/** The level a square stands on: the plaza is level 0 ("in the plaza (level 0)"). */
export function levelOf(id: SquareId, seats: number): number {
  const sq = parseSquare(id, seats);
  return sq && sq.on === 'block' ? sq.level : 0;
}
