// What a seat may do now. A table is continuous, so this lists command kinds per model and their
// legal targets, never every point: a MOVE is listed without a path (a Move of 0 in), a MELEE
// without one (straight into contact). Every body listed is accepted by decide; paths a client
// draws are checked by decide (and answered by preview) against the same rules.

import { meleeProblem } from './actions/melee.ts';
import { mayShoot } from './actions/shoot.ts';
import { enemiesOf, modelsOf } from './state.ts';
import type { Command, GameState, ModelState, Seat } from './types.ts';

export function legalCommands(s: GameState, seat: Seat): Command[] {
  const sit = s.situation;
  switch (sit.kind) {
    case 'over':
      return [];
    case 'roll-off':
      return sit.rolls[String(seat)] === undefined ? [{ type: 'ROLL_OFF', windowId: sit.windowId }] : [];
    case 'push-back': {
      if (sit.seat !== seat) return [];
      const out: Command[] = [{ type: 'PUSH_BACK', push: false, windowId: sit.windowId }, { type: 'PUSH_BACK', push: true, follow: false, windowId: sit.windowId }];
      if (sit.mayFollow) out.push({ type: 'PUSH_BACK', push: true, follow: true, windowId: sit.windowId });
      return out;
    }
    case 'phase': {
      const phase = s.phase;
      if (!phase || phase.seat !== seat) return [];
      const windowId = sit.windowId;
      const models = phase.selected ? [s.models[phase.selected.model]!] : modelsOf(s, seat).filter((m) => !phase.acted.includes(m.id));
      const out = models.flatMap((m) => actionsOf(s, m, windowId));
      if (!phase.selected) out.push({ type: 'END_PHASE', windowId });
      return out;
    }
  }
}

function actionsOf(s: GameState, m: ModelState, windowId: string): Command[] {
  const enemies = enemiesOf(s, m);
  const melee = enemies.filter((e) => meleeProblem(s, m, e.id, undefined) === null).map((e): Command => ({ type: 'MELEE', model: m.id, target: e.id, windowId }));
  if (m.lockedWith.length > 0) return melee;
  const shoot = enemies.filter((e) => mayShoot(s, m, e)).map((e): Command => ({ type: 'SHOOT', model: m.id, target: e.id, windowId }));
  return [{ type: 'MOVE', model: m.id, windowId }, ...shoot, ...melee, { type: 'SPECIAL', model: m.id, windowId }];
}

