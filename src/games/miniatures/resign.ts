// Resigning (issue 31; docs/rulings.md M25). The primer's "Victory & Defeat": "Each scenario you
// play will define how each side can win the game. This may be as simple as fighting until the
// opposing side panics and flees". A player who resigns is a side that flees the table: the other
// side wins at once, whatever is awaited.

import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { scenarioOf } from './state.ts';
import type { Command, GameState, Seat } from './types.ts';

/** M25: a seat may resign at any moment of a game not over, awaited or not. */
export function anytimeCommands(s: GameState, _seat: Seat): Command[] {
  return s.situation.kind === 'over' ? [] : [{ type: 'RESIGN' }];
}

/** M25: the resigning side flees; the other side wins. */
export function resign(d: Draft, me: Seat): void {
  check(d.state.situation.kind !== 'over', 'GAME_OVER', 'The game is over.');
  const forces = scenarioOf(d.state).forces;
  const winner = me === 0 ? 1 : 0;
  d.emit({ type: 'GameEnded', winner, reason: 'resigned', text: `${forces[me]!.name} resign and flee: ${forces[winner]!.name} win` });
}
