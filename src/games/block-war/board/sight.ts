// Line of sight in the plaza — "If a line can be drawn from the centre of the attacking unit's
// space, to the centre of the target unit's space, and does not pass through a space containing
// an obstacle or other unit, then there is line of sight." (Block War, Shooting)

import { PLAZA } from '../content/plaza.ts';

/**
 * The plaza squares (other than the two ends) whose inside the segment between the two centres
 * passes through. BW20: a line that only touches a square's corner does not pass through it.
 */
export function squaresCrossed(from: readonly [number, number], to: readonly [number, number]): [number, number][] {
  const [x0, y0] = from;
  const [x1, y1] = to;
  const out: [number, number][] = [];
  for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++)
    for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) {
      if ((x === x0 && y === y0) || (x === x1 && y === y1)) continue;
      if (crossesInside(x0, y0, x1, y1, x, y)) out.push([x, y]);
    }
  return out;
}

/** Liang–Barsky: does the segment spend a positive length inside the square centred on (cx, cy)? */
function crossesInside(x0: number, y0: number, x1: number, y1: number, cx: number, cy: number): boolean {
  const dx = x1 - x0;
  const dy = y1 - y0;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, x0 - (cx - 0.5)],
    [dx, cx + 0.5 - x0],
    [-dy, y0 - (cy - 0.5)],
    [dy, cy + 0.5 - y0],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q <= 0) return false; // parallel and outside, or along the edge
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
  }
  return t1 - t0 > 1e-9;
}

/** Whether a plaza square blocks sight: an obstacle, or whatever `blocked` says stands there. */
export function hasLineOfSight(from: readonly [number, number], to: readonly [number, number], blocked: (x: number, y: number) => boolean): boolean {
  return squaresCrossed(from, to).every(([x, y]) => PLAZA.kinds[y]![x] !== 'obstacle' && !blocked(x, y));
}
