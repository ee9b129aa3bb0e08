// decide: is this command legal now, and what happens? Routes each command to the rule that
// handles it after the checks every command shares. Never throws: a refusal is a RuleError.

import { RuleError, type Decision, type Sender } from '../../platform/game-module.ts';
import { meleeAction, pushBack } from './actions/melee.ts';
import { moveAction } from './actions/move.ts';
import { shootAction } from './actions/shoot.ts';
import { specialAction } from './actions/special.ts';
import { parseCommand } from './commands.ts';
import { check, Draft } from './draft.ts';
import { endPhase, rollOff } from './turn.ts';
import type { Command, Event, GameState, Seat } from './types.ts';

export function decide(state: GameState, input: Command, sender: Sender): Decision<Event> {
  const parsed = parseCommand(input);
  if (parsed instanceof RuleError) return { ok: false, error: parsed };
  const d = new Draft(state);
  try {
    if (sender?.kind === 'system') decideSystem(d, parsed);
    else decideForSeat(d, (sender as { seat?: unknown })?.seat, parsed);
  } catch (e) {
    if (e instanceof RuleError) return { ok: false, error: e };
    throw e;
  }
  return { ok: true, events: d.events };
}

/**
 * A deadline passed. Roll-off: the server rolls for each seat that has not. Phase: the Phase ends
 * (M9: a selected model's second action is lost, the others are on Alert Status). Push-back: no
 * push. A window no longer open is ignored.
 */
function decideSystem(d: Draft, cmd: Command): void {
  check(cmd.type === 'EXPIRE_WINDOW', 'NOT_A_SYSTEM_COMMAND', 'The system only expires windows.');
  const sit = d.state.situation;
  if (sit.kind === 'over' || cmd.windowId !== sit.windowId) return;
  if (sit.kind === 'roll-off') {
    for (const seat of [0, 1]) if (d.state.situation === sit && sit.rolls[String(seat)] === undefined) rollOff(d, seat);
    return;
  }
  if (sit.kind === 'phase') return endPhase(d);
  pushBack(d, sit.seat, false, false);
}

function decideForSeat(d: Draft, seat: unknown, cmd: Command): void {
  const s = d.state;
  check(seat === 0 || seat === 1, 'NOT_A_SEAT', `There is no seat ${String(seat)}.`);
  const me = seat as Seat;
  check(cmd.type !== 'EXPIRE_WINDOW', 'SYSTEM_ONLY', 'Only the server expires windows.');
  const sit = s.situation;
  check(sit.kind !== 'over', 'GAME_OVER', 'The game is over.');
  // A setting, not a move: a seat changes its own orders at any moment of the game (M21).
  if (cmd.type === 'SET_ORDERS') return d.emit({ type: 'OrdersSet', seat: me, orders: { pushBack: cmd.pushBack } });
  if (cmd.windowId !== undefined) check(cmd.windowId === sit.windowId, 'WINDOW_CLOSED', `Window ${cmd.windowId} is closed; ${sit.windowId} is open.`);
  switch (cmd.type) {
    case 'ROLL_OFF':
      return rollOff(d, me);
    case 'MOVE':
      return moveAction(d, me, cmd.model, cmd.path);
    case 'SHOOT':
      return shootAction(d, me, cmd.model, cmd.target);
    case 'MELEE':
      return meleeAction(d, me, cmd.model, cmd.target, cmd.path);
    case 'SPECIAL':
      return specialAction(d, me, cmd.model, cmd.path);
    case 'PUSH_BACK':
      return pushBack(d, me, cmd.push, cmd.follow ?? false);
    case 'END_PHASE':
      check(sit.kind === 'phase' && s.phase?.seat === me, 'NOT_YOUR_PHASE', 'It is not your Phase.');
      check(!s.phase.selected, 'MODEL_SELECTED', `${s.models[s.phase.selected?.model ?? '']?.name} must make its second action first: "you are not allowed to hold an action in 'reserve'".`);
      return endPhase(d);
  }
}
