// The heuristic bot: looks one command ahead. Each legal command is played on a copy of the game
// whose generator is the bot's own (the platform's per-decision generator), never the game's: the
// dice and draws it imagines come from what it may know, so two games that differ only in their
// hidden generator key get the same choice (docs/architecture.md §5). The best position by
// `evaluate` wins; ties go to the earlier command in `legal`'s order, so the choice is
// deterministic. The position after a command is its decision's own draft (`decide.withState`),
// the state `evolveAll(imagined, events)` would give, without a second copy and fold.

import type { Seat } from '../../../platform/game-module.ts';
import type { RngState } from '../../../platform/random.ts';
import { decide } from '../decide.ts';
import type { Command, GameState } from '../types.ts';
import { evaluate } from './evaluate.ts';

/** Commands looked at, at most: a placement may have a couple of hundred; a spread sample of them is enough. */
const MOST = 48;

export function chooseHeuristic(state: GameState, seat: Seat, legal: readonly Command[], rng: RngState): Command {
  if (legal.length === 1) return legal[0]!;
  const imagined: GameState = { ...state, rng };
  const stride = Math.max(1, Math.ceil(legal.length / MOST));
  let best = legal[0]!;
  let bestScore = -Infinity;
  for (let i = 0; i < legal.length; i += stride) {
    const command = legal[i]!;
    const decision = decide.withState(imagined, command, { kind: 'seat', seat });
    if (!decision.ok) continue;
    const score = evaluate(decision.state, seat);
    if (score > bestScore) {
      best = command;
      bestScore = score;
    }
  }
  return best;
}
