// "Line of Sight", "Range" and "Cover" from the model's eye. "This means you may have to bend down to
// the table's height for a model's eye view!": the eye is the shooting model's own position (its
// base's centre), and what it sees of the target is the target's width, the diameter of its base
// square to the line of sight. M1: that width is sampled at SAMPLES fixed points, edge to edge, and
// each is joined to the eye; the share of them hidden is the share of the model obscured.
//
// Even spacing along that diameter is even spacing in the eye's own picture (a plane parallel to the
// diameter is a scaled copy of it), so a count of points is a share of the width as the eye sees it.
// Sample points are whole hundredths, so every client and every replay traces the same lines.

import type { CoverClass, Table } from '../content/types.ts';
import { insidePolygon, lengthInside, pointSegmentDistance, roundPoint, type Point } from '../geometry/shapes.ts';
import { edgeDistance, type Base } from './movement.ts';

/** M1: points sampled across the target's width (odd, so its centre is one; both edges are two). */
export const SAMPLES = 21;

/** How one sight line is hidden: by nothing, lightly, heavily (the target's own heavy cover), or wholly. */
export const HIDINGS = ['clear', 'light', 'heavy', 'blocked'] as const;
export type Hiding = (typeof HIDINGS)[number];

export interface SightLine {
  /** The point of the target's width this line reaches. */
  readonly to: Point;
  readonly hidden: Hiding;
}

export interface Sight {
  /** The shooter's eye: its base's centre. */
  readonly eye: Point;
  /** One line to each sample point of the target's width, from one edge to the other. */
  readonly lines: readonly SightLine[];
  /** At least one sight line is not blocked: "at least part of it" is seen. */
  readonly lineOfSight: boolean;
  readonly cover: CoverClass;
  /** Of SAMPLES: lines blocked by heavy terrain, hidden by the target's own heavy cover, obscured lightly. */
  readonly blocked: number;
  readonly heavy: number;
  readonly light: number;
  /** Edge to edge, hundredths of an inch. */
  readonly range: number;
}

/** SAMPLES points across `target`'s diameter square to the line from `eye`, edges included. */
export function targetWidth(eye: Point, target: Base): Point[] {
  const dx = target.at.x - eye.x;
  const dy = target.at.y - eye.y;
  const d = Math.sqrt(dx * dx + dy * dy) || 1;
  const px = -dy / d;
  const py = dx / d;
  const half = (SAMPLES - 1) / 2;
  const out: Point[] = [];
  for (let k = -half; k <= half; k++) out.push(roundPoint(target.at.x + (px * target.radius * k) / half, target.at.y + (py * target.radius * k) / half));
  return out;
}

const RANK: Record<Hiding, number> = { clear: 0, light: 1, heavy: 2, blocked: 3 };

/**
 * What `shooter` sees of `target` on `table`, with `others` (every other model on the table)
 * obscuring as light cover (M3). M1: terrain with heavy cover blocks the sight lines through it,
 * unless the target stands in it (then it hides the target heavily); light cover obscures without
 * blocking; terrain the shooter stands in hides nothing from it.
 */
export function sight(table: Table, shooter: Base, target: Base, others: readonly Base[]): Sight {
  const range = edgeDistance(shooter, target);
  const eye = shooter.at;
  const pieces = table.terrain.filter((p) => p.cover !== 'none' && !insidePolygon(eye, p.polygon));
  const lines: SightLine[] = targetWidth(eye, target).map((to) => {
    let hidden: Hiding = 'clear';
    for (const piece of pieces) {
      if (hidden === 'blocked') break;
      if (lengthInside(eye, to, piece.polygon) <= 0) continue;
      const level: Hiding = piece.cover === 'light' ? 'light' : insidePolygon(target.at, piece.polygon) ? 'heavy' : 'blocked';
      if (RANK[level] > RANK[hidden]) hidden = level;
    }
    if (hidden === 'clear' && others.some((o) => o.id !== shooter.id && o.id !== target.id && pointSegmentDistance(o.at, eye, to) < o.radius)) hidden = 'light';
    return { to, hidden };
  });
  const count = (h: Hiding) => lines.filter((l) => l.hidden === h).length;
  const blocked = count('blocked');
  const heavy = count('heavy');
  const light = count('light');
  // "If less than half the model is obscured … attacked normally. However, if more than half the
  // model is obscured, it has cover": heavy when heavy terrain alone hides more than half.
  const obscured = blocked + heavy + light;
  const cover: CoverClass = obscured * 2 <= SAMPLES ? 'none' : (blocked + heavy) * 2 > SAMPLES ? 'heavy' : 'light';
  return { eye, lines, lineOfSight: blocked < SAMPLES, cover, blocked, heavy, light, range };
}

/** The share of the target's width hidden, 0 to 1: obscured lines of SAMPLES. */
export const obscuredShare = (s: Sight) => (s.blocked + s.heavy + s.light) / SAMPLES;
