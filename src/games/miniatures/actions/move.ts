// "MOVE ACTIONS": "During a Move action, a model may move any amount of inches in any direction, up
// to its Move characteristic. … may make as many changes in direction as you wish during its
// movement." The path is checked on the table (table/movement.ts).

import { profile } from '../content/index.ts';
import { refuseIf } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import { checkPath, fmt } from '../table/movement.ts';
import { baseOf, otherBases, tableOf } from '../state.ts';
import { completeAction, startAction } from '../turn.ts';
import type { ModelState, Point, Seat } from '../types.ts';

export function moveAction(d: Draft, seat: Seat, model: string, path: readonly Point[] | undefined): void {
  const m = startAction(d, seat, model, 'move');
  const dangerous = moveAlong(d, m, path ?? [], 'move');
  completeAction(d, m.id, dangerous);
}

/**
 * Moves `m` along `path` (the points after its start) as a Move would, or refuses with the path's
 * problem. Returns whether the path crossed or ended in dangerous terrain.
 */
export function moveAlong(d: Draft, m: ModelState, path: readonly Point[], reason: 'move' | 'melee' | 'flee'): boolean {
  if (path.length === 0) return false;
  const points = [m.at, ...path];
  const r = checkPath(tableOf(d.state), baseOf(m), points, profile(m.profile).move, otherBases(d.state, m.id));
  refuseIf(r.problem);
  emitMove(d, m, points, r.length, r.allowance, reason);
  return r.dangerous;
}

export function emitMove(d: Draft, m: ModelState, points: readonly Point[], length: number, allowance: number | null, reason: 'move' | 'melee' | 'flee' | 'push' | 'follow'): void {
  const of = allowance === null ? '' : ` of ${fmt(allowance)} in`;
  d.emit({ type: 'ModelMoved', model: m.id, path: points.map((p) => ({ x: p.x, y: p.y })), length, allowance, reason, text: `${m.name} ${VERB[reason]} ${fmt(length)} in${of}` });
}

const VERB = { move: 'moves', melee: 'moves into combat', flee: 'flees', push: 'is pushed back', follow: 'follows up' } as const;
