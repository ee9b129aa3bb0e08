// decide: is this command legal now, and what happens? Routes each command to the rule that
// handles it after the checks every command shares. Never throws: a refusal is a RuleError.

import { RuleError, type DecideContext, type Decision, type Sender } from '../../platform/game-module.ts';
import { activate, endActivation, expireActivation, step } from './activation.ts';
import { brawl, shoot } from './combat.ts';
import { parseCommand } from './commands.ts';
import { judgeTarget, placeJudge, targetBlocks } from './control.ts';
import { check, Draft } from './draft.ts';
import { callSurrender } from './dredd.ts';
import { heal } from './healing.ts';
import { clean } from './janitors.ts';
import { legalCommands } from './legal.ts';
import { scrawl } from './scrawl.ts';
import { placeBlock, placeFeature, placeUnit, rollForOrder } from './setup.ts';
import { checkMaySurrender, surrender } from './surrender.ts';
import { startTimeLimit } from './time-limit.ts';
import { afterActivation, endStep, passTurn } from './turn.ts';
import type { Command, Event, GameState, Seat } from './types.ts';

export function decide(state: GameState, input: Command, sender: Sender, context?: DecideContext): Decision<Event> {
  const parsed = parseCommand(input);
  if (parsed instanceof RuleError) return { ok: false, error: parsed };
  const d = new Draft(state, context?.at ?? null);
  try {
    startTimeLimit(d);
    if (sender?.kind === 'system') decideSystem(d, parsed);
    else decideForSeat(d, (sender as { seat?: unknown })?.seat, parsed);
  } catch (e) {
    if (e instanceof RuleError) return { ok: false, error: e };
    throw e;
  }
  return { ok: true, events: d.events };
}

/**
 * A deadline passed: the server does for the awaited seat what the first of its legal commands
 * does — rolls its dice, places where the first legal square is — and, in a turn, ends the
 * activation in progress and the step (BW14). A window no longer open is ignored.
 */
function decideSystem(d: Draft, cmd: Command): void {
  check(cmd.type === 'EXPIRE_WINDOW', 'NOT_A_SYSTEM_COMMAND', 'The system only expires windows.');
  const sit = d.state.situation;
  if (sit.kind === 'over' || cmd.windowId !== sit.windowId) return;
  if (sit.kind === 'roll') {
    for (const seat of sit.rolling) if (sit.rolls[String(seat)] === undefined && d.state.situation === sit) rollForOrder(d, seat);
    return;
  }
  if (sit.kind === 'turn') {
    expireActivation(d);
    if (d.state.situation.kind === 'turn') {
      afterActivation(d, sit.seat);
      const now = d.state.situation;
      if (now.kind === 'turn' && now.windowId === sit.windowId) endStep(d, sit.seat);
    }
    return;
  }
  const first = legalCommands(d.state, sit.seat)[0];
  if (first) decideForSeat(d, sit.seat, first);
}

function decideForSeat(d: Draft, seat: unknown, cmd: Command): void {
  const s = d.state;
  check(Number.isInteger(seat) && (seat as number) >= 0 && (seat as number) < s.seats.length, 'NOT_A_SEAT', `There is no seat ${String(seat)}.`);
  const me = seat as Seat;
  check(cmd.type !== 'EXPIRE_WINDOW', 'SYSTEM_ONLY', 'Only the server expires windows.');
  const sit = s.situation;
  check(sit.kind !== 'over', 'GAME_OVER', 'The game is over.');
  if (cmd.windowId !== undefined) check(cmd.windowId === sit.windowId, 'WINDOW_CLOSED', `Window ${cmd.windowId} is closed; ${sit.windowId} is open.`);
  switch (cmd.type) {
    case 'ROLL_FOR_ORDER':
      return rollForOrder(d, me);
    case 'PLACE_BLOCK':
      return placeBlock(d, me, cmd.side);
    case 'PLACE_FEATURE':
      return placeFeature(d, me, cmd.square);
    case 'PLACE_UNIT':
      return placeUnit(d, me, cmd.unit, cmd.square);
    case 'ACTIVATE':
      return activate(d, me, cmd.unit);
    case 'STEP':
      return step(d, me, cmd.to);
    case 'BRAWL':
      return brawl(d, me, cmd.target);
    case 'SHOOT':
      return shoot(d, me, cmd.target);
    case 'HEAL':
      return heal(d, me, cmd.target);
    case 'SCRAWL':
      return scrawl(d, me, cmd.square);
    case 'CLEAN':
      return clean(d, me, cmd.square);
    case 'PLACE_JUDGE':
      return placeJudge(d, me, cmd.unit, cmd.square, passTurn);
    case 'JUDGE_TARGET':
      return judgeTarget(d, me, cmd.unit, passTurn);
    case 'END_ACTIVATION':
      return endActivation(d, me);
    case 'END_STEP':
      return endStep(d, me);
    case 'SURRENDER':
      return surrenderByChoice(d, me);
    case 'CALL_SURRENDER':
      return callSurrender(d, me);
  }
}

/**
 * "a block may surrender at any point in the game if the player chooses" (BW36). What the
 * surrendering seat was asked for is settled at once: its own turn ends (the turn passes on, control
 * does not move); judges it was placing are placed, or a target it was choosing is chosen, as when a
 * deadline passes (BW14); if its own block was the judges' target, they target the next block; a
 * turn of its own suspended for control's landing (BW43) then ends too.
 */
function surrenderByChoice(d: Draft, me: Seat): void {
  checkMaySurrender(d.state, me);
  surrender(d, me, 'chose');
  for (let settled = 0; settled < 100; settled++) {
    const sit = d.state.situation;
    if (sit.kind === 'over') return;
    if ((sit.kind === 'turn' || sit.kind === 'place-unit') && sit.seat === me) return passTurn(d, me);
    if (sit.kind === 'judge-target' && sit.block === me) {
      targetBlocks(d, sit.turnOf, passTurn, me, sit.resume);
      continue;
    }
    if ((sit.kind !== 'place-judge' && sit.kind !== 'judge-target') || sit.seat !== me) return;
    const first = legalCommands(d.state, me)[0];
    if (!first) return;
    decideForSeat(d, me, first);
  }
}
