// decide: is this command legal now, and what happens? The platform's decider (src/platform/
// decider.ts) parses it, checks what every command shares and turns a RuleError into a refusal;
// here each command is routed to the rule that handles it.

import { decider } from '../../platform/decider.ts';
import { activate, endActivation, expireActivation, step } from './activation.ts';
import { brawl, shoot } from './combat.ts';
import { parseCommand } from './commands.ts';
import { judgeTarget, placeJudge, targetBlocks } from './control.ts';
import type { Draft } from './draft.ts';
import { callSurrender } from './dredd.ts';
import { fold } from './evolve.ts';
import { heal } from './healing.ts';
import { clean } from './janitors.ts';
import { legalCommands } from './legal.ts';
import { scrawl } from './scrawl.ts';
import { placeBlock, placeFeature, placeUnit, rollForOrder } from './setup.ts';
import { checkMaySurrender, surrender } from './surrender.ts';
import { startTimeLimit } from './time-limit.ts';
import { afterActivation, endStep, passTurn } from './turn.ts';
import type { Command, Seat } from './types.ts';

export const decide = decider({
  fold,
  parse: parseCommand,
  seats: (s) => s.seats.length,
  // BW50: the time limit runs from the game's first command given a time.
  before: startTimeLimit,
  expire,
  play,
});

/**
 * A deadline passed: the server does for the awaited seat what the first of its legal commands
 * does — rolls its dice, places where the first legal square is — and, in a turn, ends the
 * activation in progress and the step (BW14). (The decider ignores one for a window no longer open.)
 */
function expire(d: Draft): void {
  const sit = d.state.situation;
  if (sit.kind === 'over') return; // the decider expires only an open window
  for (const seat of sit.kind === 'roll' ? sit.rolling.filter((s) => sit.rolls[String(s)] === undefined) : [sit.seat]) d.emit({ type: 'TimeRanOut', seat });
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
  if (first) play(d, sit.seat, first);
}

function play(d: Draft, me: Seat, cmd: Command): void {
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
    play(d, me, first);
  }
}
