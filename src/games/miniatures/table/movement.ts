// "MOVE ACTIONS" and "Terrain" on a continuous table: is a path one a model may take, how long is
// it and how much of it is in difficult terrain. Pure geometry on the table's data.

import type { Table, TerrainPiece } from '../content/types.ts';
import { distance, INCH, lengthOver, pointSegmentDistance, polylineLength, segmentPolygonDistance, type Point } from '../geometry/shapes.ts';

/** A model's base on the table: "All measurements in the game are made from the edge of these bases." */
export interface Base {
  readonly id: string;
  readonly at: Point;
  readonly radius: number;
}

/** The most points a path may have (a bound on untrusted input, not a rule). */
export const MAX_PATH_POINTS = 32;

export interface PathReport {
  /** Null when the path may be taken; else a stable code and a sentence. */
  readonly problem: { code: string; message: string } | null;
  /** Hundredths of an inch, along the model's centre. */
  readonly length: number;
  /** The part of `length` along which the model's base is over difficult or dangerous terrain (M2). */
  readonly difficultLength: number;
  /** Its base crosses difficult or dangerous terrain: the Move is halved (M2). */
  readonly slowed: boolean;
  /** What the model may move in this action: its Move, halved if its base crosses difficult terrain (M2). */
  readonly allowance: number;
  /** The model's base went over dangerous terrain on the path (an Agility check after the action, M7). */
  readonly dangerous: boolean;
}

const slows = (t: TerrainPiece) => t.type === 'difficult' || t.type === 'dangerous';

/** Edge to edge: "Measure a straight line from the edge of the attacking model's base to the edge of the base of the target." */
export const edgeDistance = (a: Base, b: Base) => Math.max(0, distance(a.at, b.at) - a.radius - b.radius);

/** M11: bases touch (are in contact) when their edges are within this of each other. */
export const CONTACT = 2;
export const inContact = (a: Base, b: Base) => edgeDistance(a, b) <= CONTACT;

/** The base lies wholly on the table. */
export const onTable = (t: Table, p: Point, r: number) => p.x >= r && p.y >= r && p.x <= t.width - r && p.y <= t.height - r;

/**
 * Checks the path `points` (the model's start first) for a model of Move `move` inches, among the
 * other bases `others` (which it may not pass through, M3), on `table`.
 */
export function checkPath(table: Table, mover: Base, points: readonly Point[], move: number, others: readonly Base[]): PathReport {
  const length = polylineLength(points);
  // "A model trying to cross difficult terrain will have its Move halved during that Move or Melee
  // action", and "All measurements in the game are made from the edge of these bases" (M2): the
  // model crosses the terrain if its base goes over it anywhere on the path, not only its centre.
  let difficultLength = 0;
  let slowed = false;
  let dangerous = false;
  for (const piece of table.terrain) {
    if (!slows(piece)) continue;
    let crosses = false;
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]!;
      const b = points[i]!;
      if (segmentPolygonDistance(a, b, piece.polygon) >= mover.radius) continue;
      crosses = true;
      difficultLength += lengthOver(a, b, piece.polygon, mover.radius);
    }
    slowed ||= crosses;
    if (piece.type === 'dangerous' && crosses) dangerous = true;
  }
  const allowance = (slowed ? move / 2 : move) * INCH;
  const report = (problem: PathReport['problem']): PathReport => ({ problem, length, difficultLength, slowed, allowance, dangerous });
  for (const p of points)
    if (!onTable(table, p, mover.radius)) return report({ code: 'OFF_TABLE', message: 'The path leaves the table: a base must stay wholly on it.' });
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    for (const piece of table.terrain)
      if (piece.type === 'impassable' && segmentPolygonDistance(a, b, piece.polygon) < mover.radius)
        return report({ code: 'IMPASSABLE', message: `"A model cannot cross impassable terrain": the path meets ${piece.name}.` });
    for (const other of others)
      if (pointSegmentDistance(other.at, a, b) < mover.radius + other.radius)
        return report({ code: 'THROUGH_MODEL', message: `The path passes through the base of ${other.id} (M3).` });
  }
  if (length > allowance) {
    const why = slowed ? ', halved for difficult terrain' : '';
    return report({ code: 'TOO_FAR', message: `The path is ${fmt(length)} in; this action allows ${fmt(allowance)} in${why}.` });
  }
  return report(null);
}

/** Inches with one decimal, for sentences. */
export const fmt = (units: number) => (Math.round(units / 10) / 10).toFixed(1);

/**
 * The straight path from `mover` into base contact with `target`: the point on the line between
 * the centres at the first whole hundredth where the bases no longer overlap.
 */
export function contactPoint(mover: Base, target: Base): Point {
  const d = distance(mover.at, target.at);
  const want = mover.radius + target.radius;
  if (d <= want + CONTACT) return mover.at;
  const ux = (mover.at.x - target.at.x) / d;
  const uy = (mover.at.y - target.at.y) / d;
  for (let extra = 0; extra <= CONTACT; extra++) {
    const p = { x: Math.round(target.at.x + ux * (want + extra)), y: Math.round(target.at.y + uy * (want + extra)) };
    const gap = distance(p, target.at) - want;
    if (gap >= 0 && gap <= CONTACT) return p;
  }
  return { x: Math.round(target.at.x + ux * (want + 1)), y: Math.round(target.at.y + uy * (want + 1)) };
}

/** The point `length` along the path (the path's end if it is shorter), rounded to a whole hundredth. */
export function pointAlong(points: readonly Point[], length: number): { at: Point; points: Point[] } {
  const out: Point[] = [points[0]!];
  let left = length;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const d = distance(a, b);
    if (d <= left) {
      out.push(b);
      left -= d;
      continue;
    }
    // Step back a hundredth at a time until the rounded point keeps the path within `length`.
    // At worst the cut falls back to a itself, which the path has already reached within `length`.
    let p = a;
    for (let back = left; back >= 0; back -= 1) {
      const t = back / d;
      const q = { x: Math.round(a.x + (b.x - a.x) * t), y: Math.round(a.y + (b.y - a.y) * t) };
      if (polylineLength([...out, q]) <= length) {
        p = q;
        break;
      }
    }
    out.push(p);
    return { at: p, points: out };
  }
  return { at: out[out.length - 1]!, points: out };
}

/** The terrain pieces a model's base stands in: some of its area over their inside (M2, M7). */
export const terrainUnder = (t: Table, base: Pick<Base, 'at' | 'radius'>) => t.terrain.filter((piece) => segmentPolygonDistance(base.at, base.at, piece.polygon) < base.radius);
