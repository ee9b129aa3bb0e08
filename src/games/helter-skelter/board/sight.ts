// Line of sight (rulebook, "Line of Sight"): "Trace a line between the designations of the source
// and the target. You'll have line of sight unless the traced line passes through something that
// blocks it."
//
// Exactness. Coordinates are doubled so that everything is an integer: cell (row, col) is the
// open square 2·col < x < 2·col+2, 2·row < y < 2·row+2, and a designation point is the centre of
// its cell, (2·col+1, 2·row+1). The traced line is the closed segment between two such points.
// Because both ends are cell centres, the line never runs along a grid line: it meets grid lines
// only by crossing them, either inside a cell edge or exactly at a grid corner.
//  - The line passes through a region when it meets the open interior of one of the region's
//    cells. Touching only a corner of a cell does not count.
//  - A wall stands on one cell edge. The line is blocked when it crosses the inside of a wall
//    edge, or when it passes through a grid corner and the walls meeting at that corner separate
//    the side the line comes from and the side it goes to (a wall going on through the corner,
//    or the corner of an L of walls that the line cuts into). Grazing the free end of a wall, or
//    the outside of an L's corner, does not block.
// All tests are exact integer arithmetic (orientations and cross-multiplied fractions).

import type { Cell, MapGeometry } from './geometry.ts';
import { edgeIndex, regionAt, wallLookup } from './geometry.ts';

interface Point {
  readonly x: number;
  readonly y: number;
}

/** What the traced line between two designation points meets. */
export interface Trace {
  /** The line crosses at least one wall. */
  readonly wall: boolean;
  /** Every region whose cell interiors the line passes through, ascending, source and target included. */
  readonly regions: readonly number[];
}

function centre(cell: Cell): Point {
  return { x: 2 * cell.col + 1, y: 2 * cell.row + 1 };
}

/** A bound on the segment parameter t: t > num/den (or ≥ when not strict), den > 0. */
interface Bound {
  num: number;
  den: number;
  strict: boolean;
}

/** Does the segment p + t·d, 0 ≤ t ≤ 1, meet the open box lo < (x, y) < hi? */
function segmentMeetsOpenBox(p: Point, d: Point, lo: Point, hi: Point): boolean {
  const lower: Bound[] = [{ num: 0, den: 1, strict: false }];
  const upper: Bound[] = [{ num: 1, den: 1, strict: false }];
  for (const [p0, d0, min, max] of [
    [p.x, d.x, lo.x, hi.x],
    [p.y, d.y, lo.y, hi.y],
  ] as const) {
    if (d0 === 0) {
      if (!(min < p0 && p0 < max)) return false;
    } else if (d0 > 0) {
      lower.push({ num: min - p0, den: d0, strict: true });
      upper.push({ num: max - p0, den: d0, strict: true });
    } else {
      lower.push({ num: p0 - max, den: -d0, strict: true });
      upper.push({ num: p0 - min, den: -d0, strict: true });
    }
  }
  for (const l of lower) {
    for (const u of upper) {
      const lhs = l.num * u.den;
      const rhs = u.num * l.den;
      if (lhs > rhs) return false;
      if (lhs === rhs && (l.strict || u.strict)) return false;
    }
  }
  return true;
}

function orientation(a: Point, b: Point, c: Point): number {
  return Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

/** Is there a wall on the edge to the right of / below cell (row, col)? Off the grid: no. */
function wallOn(map: MapGeometry, walls: Uint8Array, row: number, col: number, side: 'right' | 'bottom'): boolean {
  if (row < 0 || col < 0 || row >= map.rows || col >= map.cols) return false;
  return walls[edgeIndex(map.cols, row, col, side)] === 1;
}

/**
 * Does the line p→q cross a wall? At a grid corner (x, y) = (2i, 2j) the four edges meeting there
 * are the rays +x, −x (horizontal) and +y, −y (vertical); the line comes from the quadrant
 * opposite its direction and goes on into the quadrant of its direction, and is blocked when walls
 * close both ways round from one quadrant to the other.
 */
function crossesWall(map: MapGeometry, walls: Uint8Array, p: Point, q: Point): boolean {
  for (const w of map.walls) {
    const a = w.side === 'right' ? { x: 2 * w.col + 2, y: 2 * w.row } : { x: 2 * w.col, y: 2 * w.row + 2 };
    const b = { x: 2 * w.col + 2, y: 2 * w.row + 2 };
    // A proper crossing: each segment's ends strictly on both sides of the other.
    if (orientation(p, q, a) * orientation(p, q, b) < 0 && orientation(a, b, p) * orientation(a, b, q) < 0) return true;
  }
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  if (dx === 0 || dy === 0) return false; // parallel to a grid line, through no corner
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  for (let x = Math.min(p.x, q.x) + 1; x < Math.max(p.x, q.x); x += 2) {
    // x is even here (p.x is odd). The line is at y = p.y + (x − p.x)·dy/dx.
    const num = p.y * dx + (x - p.x) * dy;
    if (num % dx !== 0) continue;
    const y = num / dx;
    if (y % 2 !== 0) continue;
    const i = x / 2;
    const j = y / 2;
    const ray = {
      east: wallOn(map, walls, j - 1, i, 'bottom'),
      west: wallOn(map, walls, j - 1, i - 1, 'bottom'),
      south: wallOn(map, walls, j, i - 1, 'right'),
      north: wallOn(map, walls, j - 1, i - 1, 'right'),
    };
    const ahead = { x: sx > 0 ? ray.east : ray.west, y: sy > 0 ? ray.south : ray.north };
    const behind = { x: sx > 0 ? ray.west : ray.east, y: sy > 0 ? ray.north : ray.south };
    if ((ahead.x || behind.y) && (ahead.y || behind.x)) return true;
  }
  return false;
}

/** Traces the line from the centre of one cell to the centre of another. */
export function traceLine(map: MapGeometry, from: Cell, to: Cell, walls?: Uint8Array): Trace {
  const p = centre(from);
  const q = centre(to);
  const d = { x: q.x - p.x, y: q.y - p.y };
  const rowMin = Math.min(from.row, to.row);
  const rowMax = Math.max(from.row, to.row);
  const colMin = Math.min(from.col, to.col);
  const colMax = Math.max(from.col, to.col);

  const regions = new Set<number>();
  for (let row = rowMin; row <= rowMax; row++) {
    for (let col = colMin; col <= colMax; col++) {
      const region = regionAt(map, row, col);
      if (region < 0 || regions.has(region)) continue;
      if (segmentMeetsOpenBox(p, d, { x: 2 * col, y: 2 * row }, { x: 2 * col + 2, y: 2 * row + 2 })) regions.add(region);
    }
  }

  const wall = crossesWall(map, walls ?? wallLookup(map), p, q);
  return { wall, regions: [...regions].sort((x, y) => x - y) };
}

/** Whether a space is high ground / cover, by region index. */
export interface Terrain {
  highGround(region: number): boolean;
  cover(region: number): boolean;
}

/**
 * The rulebook's table, source row by target column:
 *
 *   source \ target | high ground               | normal ground
 *   high ground     | walls block               | walls block; high-ground spaces block
 *   normal ground   | no line of sight          | walls block; high-ground spaces block;
 *                   |                           | cover spaces block (don't count source or target)
 *
 * "You always have line of sight to the space you are in." Falls never block ("Falls do not block
 * line of sight"), and neither do the source and target spaces themselves.
 */
export function lineOfSightFromTable(source: number, target: number, trace: Trace, terrain: Terrain): boolean {
  if (source === target) return true;
  if (trace.wall) return false;
  const sourceHigh = terrain.highGround(source);
  const targetHigh = terrain.highGround(target);
  if (targetHigh) return sourceHigh;
  const between = trace.regions.filter((r) => r !== source && r !== target);
  if (between.some((r) => terrain.highGround(r))) return false;
  if (!sourceHigh && between.some((r) => terrain.cover(r))) return false;
  return true;
}

/** What lies on the line between two spaces' designations: for explaining a ruling. */
export interface SightLine {
  /** The line crosses a wall. */
  readonly wall: boolean;
  /** Spaces the line passes through, other than the two ends, ascending. */
  readonly spaces: readonly number[];
  /** Falls the line passes through (they never block), by label. */
  readonly falls: readonly string[];
}

export function sightLine(map: MapGeometry, source: number, target: number): SightLine {
  const from = map.regions[source - 1];
  const to = map.regions[target - 1];
  if (!from || !to || source > map.spaceCount || target > map.spaceCount) {
    throw new RangeError(`map ${map.id} has no space ${source > map.spaceCount || !from ? source : target}`);
  }
  const trace = traceLine(map, from.point, to.point);
  const between = trace.regions.filter((r) => r !== from.index && r !== to.index).map((r) => map.regions[r]!);
  return {
    wall: trace.wall,
    spaces: between.filter((r) => r.kind === 'space').map((r) => r.designation!),
    falls: between.filter((r) => r.kind === 'fall').map((r) => r.label),
  };
}
