// Control: "If your block counter lands on the control marker, someone in your block has informed on
// a neighbouring block and you may activate a judge unit immediately." BW48: the block counter
// lands when fighting spirit gained leaves it on control's space. The judge activation is a turn
// step of its own ('informant'): one healthy judge unit on the boards, or none (END_STEP). Taken in
// the middle of an activation, it suspends the turn, which then goes on as it was; at the start of
// a turn, the turn's reinforcements follow it.

import { unitKind } from './content/units.ts';
import type { Draft } from './draft.ts';
import { isFrenzied } from './frenzy.ts';
import { allUnits, isOver } from './state.ts';
import type { GameState, Seat, UnitState } from './types.ts';

/** The judges an informant may activate: any healthy judge unit on the boards. */
export const informantJudges = (s: GameState): UnitState[] =>
  allUnits(s).filter((u) => u.square !== null && !u.wounded && unitKind(u.kind).allegiance === 'judge');

/**
 * After `seat` gained fighting spirit (from `before`): if its counter now stands on control, opens
 * the informant's judge activation. Returns whether it did.
 */
export function informIfLanded(d: Draft, seat: Seat, before: number): boolean {
  const s = d.state;
  const spirit = s.seats[seat]!.spirit;
  if (isOver(s) || spirit === before || spirit !== s.control || informantJudges(s).length === 0) return false;
  const sit = s.situation;
  // The informing block's own frenzy, not the situation's (at the start of a turn, the previous
  // player's): shown in the view; the judge it activates gains no movement from it (BW19).
  const frenzied = isFrenzied(s, seat);
  const resume = sit.kind === 'turn' && sit.seat === seat ? (({ kind: _k, windowId: _w, ...rest }) => ({ resume: rest }))(sit) : {};
  d.open({ kind: 'turn', seat, step: 'informant', activationsLeft: 1, frenzied, activated: [], activation: null, ...resume });
  return true;
}
