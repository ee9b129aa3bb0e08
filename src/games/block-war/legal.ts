// Every command a seat could send now, as complete bodies; decide accepts exactly these.

import { legalSteps, mayStop } from './activation.ts';
import { allSquares } from './board/squares.ts';
import { brawlTargets, shootTargets } from './combat.ts';
import { judgeSquares, targetable } from './control.ts';
import { mayCallSurrender } from './dredd.ts';
import { healTargets } from './healing.ts';
import { cleanableSquares } from './janitors.ts';
import { scrawlSquares } from './scrawl.ts';
import { SIDES } from './content/plaza.ts';
import { placeableSquares } from './reinforcements.ts';
import { featureSquareProblem } from './setup.ts';
import { checkMaySurrender } from './surrender.ts';
import { activatable } from './turn.ts';
import { RuleError } from '../../platform/game-module.ts';
import type { Command, GameState, Seat } from './types.ts';

export function legalCommands(s: GameState, seat: Seat): Command[] {
  const sit = s.situation;
  if (sit.kind === 'over') return [];
  const windowId = sit.windowId;
  switch (sit.kind) {
    case 'roll':
      return sit.rolling.includes(seat) && sit.rolls[String(seat)] === undefined ? [{ type: 'ROLL_FOR_ORDER', windowId }] : [];
    case 'place-block':
      if (sit.seat !== seat) return [];
      return SIDES.filter((side) => !s.seats.some((x) => x.side === side)).map((side) => ({ type: 'PLACE_BLOCK', side, windowId }));
    case 'place-feature':
      if (sit.seat !== seat) return [];
      return allSquares(0)
        .filter((square) => featureSquareProblem(s, square) === null)
        .map((square) => ({ type: 'PLACE_FEATURE', square, windowId }));
    case 'place-unit':
      if (sit.seat !== seat) return [];
      return s.seats[seat]!.drawn.flatMap((unit) => placeableSquares(s, seat, unit).map((square) => ({ type: 'PLACE_UNIT' as const, unit, square, windowId })));
    case 'place-judge':
      if (sit.seat !== seat) return [];
      return sit.judges.flatMap((unit) => judgeSquares(s).map((square) => ({ type: 'PLACE_JUDGE' as const, unit, square, windowId })));
    case 'judge-target':
      return sit.seat === seat ? targetable(s, sit.block).map((u) => ({ type: 'JUDGE_TARGET' as const, unit: u.id, windowId })) : [];
    case 'turn': {
      if (sit.seat !== seat) return [];
      if (sit.activation) {
        const out: Command[] = legalSteps(s).map((step) => ({ type: 'STEP', to: step.to, windowId }));
        for (const t of brawlTargets(s)) out.push({ type: 'BRAWL', target: t.id, windowId });
        for (const t of shootTargets(s)) out.push({ type: 'SHOOT', target: t.id, windowId });
        for (const t of healTargets(s)) out.push({ type: 'HEAL', target: t.id, windowId });
        for (const square of scrawlSquares(s)) out.push({ type: 'SCRAWL', square, windowId });
        for (const square of cleanableSquares(s)) out.push({ type: 'CLEAN', square, windowId });
        if (mayCallSurrender(sit)) out.push({ type: 'CALL_SURRENDER', windowId });
        if (mayStop(s)) out.push({ type: 'END_ACTIVATION', windowId });
        return out;
      }
      const out: Command[] =
        sit.activationsLeft > 0 ? activatable(s, seat, sit.step, sit.activated).map((u) => ({ type: 'ACTIVATE' as const, unit: u.id, windowId })) : [];
      out.push({ type: 'END_STEP', windowId });
      return out;
    }
  }
}

/** "a block may surrender at any point in the game if the player chooses" (BW36): not an answer to what the game awaits. */
export function anytimeCommands(s: GameState, seat: Seat): Command[] {
  if (!s.seats[seat]) return [];
  try {
    checkMaySurrender(s, seat);
  } catch (e) {
    if (e instanceof RuleError) return [];
    throw e;
  }
  return [{ type: 'SURRENDER' }];
}
