// The few plane-geometry primitives the Miniatures rules need, on integer coordinates in 1/100
// inch (fixed point: "All measurements in the game are made from the edge of these bases").
//
// Written here rather than taken from a package: the maintained ones (@flatten-js/core,
// polygon-clipping) work in floating point with a tolerance, and a Move's legality must not depend
// on a tolerance. Orientation and crossing tests below are exact (coordinates are integers well
// under 2^26, so every product fits a double exactly); lengths use Math.sqrt, which IEEE 754 rounds
// correctly, so the same inputs give the same answer on every machine. Nothing here knows a rule.

/** A point on the table in hundredths of an inch. Always integers. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A simple polygon, vertices in order (either winding), not closed (the last joins the first). */
export type Polygon = readonly Point[];

/** Hundredths of an inch per inch: positions are integers in these units. */
export const INCH = 100;

export const inches = (units: number) => units / INCH;

/** Sign of the turn a → b → c: 1 left, −1 right, 0 collinear. Exact on integers. */
export function orientation(a: Point, b: Point, c: Point): number {
  return Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

export function distance(a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/** The length of a polyline (sum of its segments). */
export function polylineLength(points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distance(points[i - 1]!, points[i]!);
  return total;
}

/** The shortest distance from point p to the segment a–b. */
export function pointSegmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return distance(p, a);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  const qx = a.x + t * dx - p.x;
  const qy = a.y + t * dy - p.y;
  return Math.sqrt(qx * qx + qy * qy);
}

const onSegment = (a: Point, b: Point, p: Point) =>
  Math.min(a.x, b.x) <= p.x && p.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= p.y && p.y <= Math.max(a.y, b.y);

/** Do the closed segments a–b and c–d share a point (touching counts)? Exact. */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/** The shortest distance between segments a–b and c–d (0 if they meet). */
export function segmentDistance(a: Point, b: Point, c: Point, d: Point): number {
  if (segmentsIntersect(a, b, c, d)) return 0;
  return Math.min(pointSegmentDistance(a, c, d), pointSegmentDistance(b, c, d), pointSegmentDistance(c, a, b), pointSegmentDistance(d, a, b));
}

/** A polygon's bounding box. */
interface Box {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/**
 * Each polygon's box, computed once: a table's terrain keeps its shape all game, and every sight
 * line is tried against every piece of it (most of the cost of listing a seat's shots), so a piece
 * the line cannot reach is passed over on four comparisons instead of its edges.
 */
const BOXES = new WeakMap<Polygon, Box>();

function boxOf(poly: Polygon): Box {
  let box = BOXES.get(poly);
  if (!box) {
    const xs = poly.map((p) => p.x);
    const ys = poly.map((p) => p.y);
    box = { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
    BOXES.set(poly, box);
  }
  return box;
}

/** Strictly inside the polygon (a point on its boundary is not inside). Works for float points. */
export function insidePolygon(p: { x: number; y: number }, poly: Polygon): boolean {
  // A point strictly inside lies strictly inside the box.
  const box = boxOf(poly);
  if (p.x <= box.minX || p.x >= box.maxX || p.y <= box.minY || p.y >= box.maxY) return false;
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[j]!;
    const b = poly[i]!;
    if (pointSegmentDistance(p, a, b) < 1e-9) return false;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/**
 * The pieces [t0, t1] of the segment a–b (t from 0 at a to 1 at b) that lie strictly inside the
 * polygon: the segment is cut where it meets the boundary, and each piece whose middle is inside
 * counts. Running along an edge is outside.
 */
function insideIntervals(a: Point, b: Point, poly: Polygon): [number, number][] {
  // A segment that stays on one side of the box (touching it at most) has nothing strictly inside.
  const box = boxOf(poly);
  if (Math.max(a.x, b.x) <= box.minX || Math.min(a.x, b.x) >= box.maxX || Math.max(a.y, b.y) <= box.minY || Math.min(a.y, b.y) >= box.maxY) return [];
  const cuts = [0, 1];
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const c = poly[j]!;
    const d = poly[i]!;
    if (!segmentsIntersect(a, b, c, d)) continue;
    const ex = d.x - c.x;
    const ey = d.y - c.y;
    const denom = dx * ey - dy * ex;
    if (denom === 0) {
      // Collinear overlap: cut at the edge's ends, projected on a–b.
      const len2 = dx * dx + dy * dy;
      if (len2 === 0) continue;
      for (const q of [c, d]) cuts.push(Math.max(0, Math.min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2)));
      continue;
    }
    cuts.push(((c.x - a.x) * ey - (c.y - a.y) * ex) / denom);
  }
  cuts.sort((u, v) => u - v);
  const out: [number, number][] = [];
  for (let i = 1; i < cuts.length; i++) {
    const t0 = cuts[i - 1]!;
    const t1 = cuts[i]!;
    if (t1 <= t0) continue;
    const mid = (t0 + t1) / 2;
    if (insidePolygon({ x: a.x + mid * dx, y: a.y + mid * dy }, poly)) out.push([t0, t1]);
  }
  return out;
}

/** How much of the segment a–b lies strictly inside the polygon. Running along an edge is outside. */
export function lengthInside(a: Point, b: Point, poly: Polygon): number {
  const whole = distance(a, b);
  return insideIntervals(a, b, poly).reduce((sum, [t0, t1]) => sum + (t1 - t0) * whole, 0);
}

/** The t (0 at a, 1 at b) where a point moving from a to b is nearer than r to the point c: one open interval or none. */
function nearPoint(a: Point, b: Point, c: Point, r: number): [number, number] | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const fx = a.x - c.x;
  const fy = a.y - c.y;
  const qa = dx * dx + dy * dy;
  const qb = 2 * (fx * dx + fy * dy);
  const qc = fx * fx + fy * fy - r * r;
  if (qa === 0) return qc < 0 ? [0, 1] : null;
  const disc = qb * qb - 4 * qa * qc;
  if (disc <= 0) return null;
  const root = Math.sqrt(disc);
  return [(-qb - root) / (2 * qa), (-qb + root) / (2 * qa)];
}

/** The t where a linear function f(t) = f0 + t·slope lies strictly between lo and hi. */
function between(f0: number, slope: number, lo: number, hi: number): [number, number] | null {
  if (slope === 0) return f0 > lo && f0 < hi ? [-Infinity, Infinity] : null;
  const u = (lo - f0) / slope;
  const v = (hi - f0) / slope;
  return [Math.min(u, v), Math.max(u, v)];
}

/** The t where a point moving from a to b is nearer than r to the segment c–d (a capsule: convex, so one interval). */
function nearSegment(a: Point, b: Point, c: Point, d: Point, r: number): [number, number] | null {
  const ex = d.x - c.x;
  const ey = d.y - c.y;
  const len = Math.sqrt(ex * ex + ey * ey);
  const pieces = [nearPoint(a, b, c, r), nearPoint(a, b, d, r)];
  if (len > 0) {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    // Beside the edge: across it (signed distance) within r, along it between its ends.
    const across = between(((a.x - c.x) * ey - (a.y - c.y) * ex) / len, (dx * ey - dy * ex) / len, -r, r);
    const along = between(((a.x - c.x) * ex + (a.y - c.y) * ey) / len, (dx * ex + dy * ey) / len, 0, len);
    if (across && along && Math.max(across[0], along[0]) < Math.min(across[1], along[1])) pieces.push([Math.max(across[0], along[0]), Math.min(across[1], along[1])]);
  }
  const found = pieces.filter((x): x is [number, number] => x !== null);
  if (found.length === 0) return null;
  return [Math.min(...found.map((x) => x[0])), Math.max(...found.map((x) => x[1]))];
}

/**
 * How far along the segment a–b a disc of radius r, its centre moving from a to b, has some of
 * its area over the polygon's inside (a base over terrain): the centre inside, or nearer than r to
 * an edge. A base that only touches the edge is not over it.
 */
export function lengthOver(a: Point, b: Point, poly: Polygon, r: number): number {
  const pieces: [number, number][] = insideIntervals(a, b, poly);
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const near = nearSegment(a, b, poly[j]!, poly[i]!, r);
    if (near) pieces.push(near);
  }
  const clipped = pieces.map(([t0, t1]) => [Math.max(0, t0), Math.min(1, t1)] as const).filter(([t0, t1]) => t1 > t0);
  clipped.sort((u, v) => u[0] - v[0]);
  let total = 0;
  let end = -Infinity;
  for (const [t0, t1] of clipped) {
    if (t1 <= end) continue;
    total += t1 - Math.max(t0, end);
    end = t1;
  }
  return total * distance(a, b);
}

/** The shortest distance from the segment a–b to the polygon's area (0 if it touches or enters it). */
export function segmentPolygonDistance(a: Point, b: Point, poly: Polygon): number {
  if (insidePolygon(a, poly) || insidePolygon(b, poly)) return 0;
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) best = Math.min(best, segmentDistance(a, b, poly[j]!, poly[i]!));
  return best;
}

/** The integer point nearest to (x, y), rounding halves up: positions stay exact. */
export const roundPoint = (x: number, y: number): Point => ({ x: Math.round(x), y: Math.round(y) });
