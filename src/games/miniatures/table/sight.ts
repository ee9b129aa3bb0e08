// "Line of Sight", "Range" and "Cover" seen from above. A model "must be able to see its target, or
// at least part of it", and a target "more than half … obscured" has cover. On a top-down table
// that is measured with sampled sight lines (M1): SAMPLES points across the shooter's base, the
// same across the target's, every pair joined.

import type { CoverClass, Table } from '../content/types.ts';
import { insidePolygon, lengthInside, pointSegmentDistance, roundPoint, type Point } from '../geometry/shapes.ts';
import { edgeDistance, type Base } from './movement.ts';

/** M1: points sampled across each base (odd, so the centre is one): SAMPLES² sight lines. */
export const SAMPLES = 7;
export const SIGHT_LINES = SAMPLES * SAMPLES;

export interface Sight {
  /** At least one sight line is not blocked. */
  readonly lineOfSight: boolean;
  readonly cover: CoverClass;
  /** Sight lines blocked by heavy terrain, obscured heavily, obscured lightly, of SIGHT_LINES. */
  readonly blocked: number;
  readonly heavy: number;
  readonly light: number;
  /** Edge to edge, hundredths of an inch. */
  readonly range: number;
}

/** SAMPLES points across the base's diameter square to the line towards `towards`. */
function across(base: Base, towards: Point): Point[] {
  const dx = towards.x - base.at.x;
  const dy = towards.y - base.at.y;
  const d = Math.sqrt(dx * dx + dy * dy) || 1;
  const px = -dy / d;
  const py = dx / d;
  const half = (SAMPLES - 1) / 2;
  const out: Point[] = [];
  for (let k = -half; k <= half; k++) out.push(roundPoint(base.at.x + (px * base.radius * k) / half, base.at.y + (py * base.radius * k) / half));
  return out;
}

// How much one sight line is hidden: 0 clear, 1 light, 2 heavy (the target's own heavy cover), 3 blocked.
const CLEAR = 0;
const LIGHT = 1;
const HEAVY = 2;
const BLOCKED = 3;

/**
 * What `shooter` sees of `target` on `table`, with `others` (every other model on the table)
 * obscuring as light cover (M3). M1: terrain with heavy cover blocks the sight lines through it,
 * unless the target stands in it (then it hides the target heavily); light cover obscures without
 * blocking; terrain the shooter stands in hides nothing from it.
 */
export function sight(table: Table, shooter: Base, target: Base, others: readonly Base[]): Sight {
  const range = edgeDistance(shooter, target);
  const pieces = table.terrain.filter((p) => p.cover !== 'none' && !insidePolygon(shooter.at, p.polygon));
  const from = across(shooter, target.at);
  const to = across(target, shooter.at);
  let blocked = 0;
  let heavy = 0;
  let light = 0;
  for (const a of from)
    for (const b of to) {
      let level = CLEAR;
      for (const piece of pieces) {
        if (level === BLOCKED) break;
        if (lengthInside(a, b, piece.polygon) <= 0) continue;
        if (piece.cover === 'light') level = Math.max(level, LIGHT);
        else level = Math.max(level, insidePolygon(target.at, piece.polygon) ? HEAVY : BLOCKED);
      }
      if (level < LIGHT)
        for (const o of others)
          if (o.id !== shooter.id && o.id !== target.id && pointSegmentDistance(o.at, a, b) < o.radius) {
            level = LIGHT;
            break;
          }
      if (level === BLOCKED) blocked++;
      else if (level === HEAVY) heavy++;
      else if (level === LIGHT) light++;
    }
  // "if more than half the model is obscured, it has cover": heavy when heavy terrain alone hides more than half.
  const obscured = blocked + heavy + light;
  const cover: CoverClass = obscured * 2 <= SIGHT_LINES ? 'none' : (blocked + heavy) * 2 > SIGHT_LINES ? 'heavy' : 'light';
  return { lineOfSight: blocked < SIGHT_LINES, cover, blocked, heavy, light, range };
}
