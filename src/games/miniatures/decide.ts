// decide: is this command legal now, and what happens? The platform's decider (src/platform/
// decider.ts) parses it, checks what every command shares and turns a RuleError into a refusal;
// here each command is routed to the rule that handles it.

import { decider } from '../../platform/decider.ts';
import { check } from '../../platform/draft.ts';
import { meleeAction, pushBack } from './actions/melee.ts';
import { moveAction } from './actions/move.ts';
import { shootAction } from './actions/shoot.ts';
import { specialAction } from './actions/special.ts';
import { parseCommand } from './commands.ts';
import type { Draft } from './draft.ts';
import { fold } from './evolve.ts';
import { MAX_SEATS } from './options.ts';
import { resign } from './resign.ts';
import { endPhase, rollOff } from './turn.ts';
import type { Command, Seat } from './types.ts';

export const decide = decider({
  fold,
  parse: parseCommand,
  seats: () => MAX_SEATS,
  expire,
  // A setting, not a move: a seat changes its own orders at any moment of the game (M21).
  orders: { command: 'SET_ORDERS', set: (d, seat, cmd) => d.emit({ type: 'OrdersSet', seat, orders: { pushBack: cmd.pushBack } }) },
  play,
});

/**
 * A deadline passed. Roll-off: the server rolls for each seat that has not. Phase: the Phase ends
 * (M9: a selected model's second action is lost, the others are on Alert Status). Push-back: no
 * push. (The decider ignores one for a window no longer open.)
 */
function expire(d: Draft): void {
  const sit = d.state.situation;
  if (sit.kind === 'over') return; // the decider expires only an open window
  if (sit.kind === 'roll-off') {
    for (const seat of [0, 1]) if (d.state.situation === sit && sit.rolls[String(seat)] === undefined) rollOff(d, seat);
    return;
  }
  if (sit.kind === 'phase') return endPhase(d, true);
  pushBack(d, sit.seat, false, false);
}

function play(d: Draft, me: Seat, cmd: Command): void {
  const s = d.state;
  const sit = s.situation;
  switch (cmd.type) {
    case 'RESIGN':
      return resign(d, me);
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
