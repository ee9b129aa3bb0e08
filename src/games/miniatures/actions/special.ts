// "SPECIAL ACTIONS": "A model performing a Ready action will neither move nor shoot – it stands
// stationary until the Special action is complete." In the basic game nothing needs one (M5),
// except fleeing close combat: "When locked in close combat, you may choose to take a" … (M6).

import { check } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import { inContact } from '../table/movement.ts';
import { baseOf, enemiesOf } from '../state.ts';
import { completeAction, startAction } from '../turn.ts';
import type { Point, Seat } from '../types.ts';
import { moveAlong } from './move.ts';

export function specialAction(d: Draft, seat: Seat, model: string, path: readonly Point[] | undefined): void {
  const m = startAction(d, seat, model, 'special');
  let dangerous = false;
  if (m.lockedWith.length > 0) {
    check(path && path.length > 0, 'FLEE_NEEDS_PATH', `${m.name} is locked in close combat: a Special action flees along a path out of contact (M6).`);
    dangerous = moveAlong(d, m, path, 'flee');
    const moved = d.state.models[m.id]!;
    check(!enemiesOf(d.state, moved).some((e) => inContact(baseOf(moved), baseOf(e))), 'STILL_IN_CONTACT', 'A model that flees must end out of contact with every enemy (M6).');
    for (const other of moved.lockedWith.slice()) d.emit({ type: 'CombatEnded', models: [moved.id, other] });
  } else check(!path || path.length === 0, 'SPECIAL_STANDS_STILL', '"it stands stationary until the Special action is complete."');
  completeAction(d, m.id, dangerous);
}
