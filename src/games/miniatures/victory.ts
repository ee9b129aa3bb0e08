// "Victory & Defeat": "Each scenario you play will define how each side can win the game."

import type { Draft } from './draft.ts';
import { scenarioOf } from './state.ts';

/** A force wins at once when every enemy model its scenario names has been removed. */
export function checkVictory(d: Draft): void {
  if (d.over) return;
  const sc = scenarioOf(d.state);
  sc.forces.forEach((force, seat) => {
    if (d.over) return;
    if (force.winsWhenRemoved.every((id) => d.state.models[id]!.removed))
      d.emit({ type: 'GameEnded', winner: seat, reason: 'victory', text: `${force.name} win: ${force.winsWhenRemoved.map((id) => d.state.models[id]!.name).join(' and ')} removed` });
  });
}
