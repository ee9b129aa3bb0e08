// The heuristic bot: one move of lookahead. Each legal command is played on the game as the bot's
// seat knows it (seat-knowledge.ts: nothing it cannot see is used), the windows that would then
// wait on other seats are settled as their deadlines would settle them (the others take the
// damage and do not interrupt: what they hold is unknown), and the position is scored
// (evaluate.ts). The best score wins; equal scores are broken with the generator the platform
// passes, keyed from the game's secret key, so the same state always gives the same command and
// nobody without the key can predict the tie-break.
//
// One exception looks a move further: claiming an INTERRUPT costs a card and gains a turn, whose
// worth is what the bot could do with it. So a claim is scored by the best action the bot would
// then take, against passing.

import type { Seat } from '../../../platform/game-module.ts';
import { nextInt, type RngState } from '../../../platform/random.ts';
import { decide } from '../decide.ts';
import { evolveAll } from '../evolve.ts';
import { legalCommands } from '../legal.ts';
import type { Command, GameState } from '../types.ts';
import { evaluate } from './evaluate.ts';
import { knownState } from './seat-knowledge.ts';

/** Scores closer than this are a tie (they differ by rounding only). */
const TIE = 1e-6;
/** Windows settled after a move, at most: a defence then an INTERRUPT window, and one spare. */
const SETTLE_LIMIT = 3;

/** Plays `command` on the known state and settles the windows it opens; null if the rules refuse it there. */
export function lookahead(known: GameState, seat: Seat, command: Command): GameState | null {
  // The known state's stand-ins (other seats' empty map cards, cards in a fixed order) make a
  // position no game reaches; should a rule trip over one, that command is scored as unknown (the
  // lowest score) rather than leaving the seat without a move.
  try {
    return settle(known, seat, command);
  } catch {
    return null;
  }
}

function settle(known: GameState, seat: Seat, command: Command): GameState | null {
  const decision = decide(known, command, { kind: 'seat', seat });
  if (!decision.ok) return null;
  let s = evolveAll(known, decision.events);
  for (let i = 0; i < SETTLE_LIMIT; i++) {
    const sit = s.situation;
    if (sit.kind !== 'defence' && sit.kind !== 'interrupt' && sit.kind !== 'target') break;
    const expired = decide(s, { type: 'EXPIRE_WINDOW', windowId: sit.windowId }, { kind: 'system' });
    if (!expired.ok) break;
    s = evolveAll(s, expired.events);
  }
  return s;
}

/** How much the best action of the turn `s` gives `seat` would gain, from where it starts (0 if none). */
function bestTurnGain(s: GameState, seat: Seat): number {
  if (s.situation.kind !== 'turn' || s.situation.actor !== seat) return 0;
  const base = evaluate(s, seat);
  let best = 0;
  for (const command of legalCommands(s, seat)) {
    if (command.type === 'END_TURN') continue;
    const after = lookahead(s, seat, command);
    if (after) best = Math.max(best, evaluate(after, seat) - base);
  }
  return best;
}

function score(known: GameState, seat: Seat, command: Command): number {
  const after = lookahead(known, seat, command);
  if (!after) return -Infinity;
  const value = evaluate(after, seat);
  return command.type === 'CLAIM_INTERRUPT' ? value + bestTurnGain(after, seat) : value;
}

/** The heuristic bot's command for `seat` among `legal` (not empty), using only what `seat` may see. */
export function chooseHeuristic(state: GameState, seat: Seat, legal: readonly Command[], rng: RngState): Command {
  if (legal.length === 1) return legal[0]!;
  const known = knownState(state, seat);
  let best = -Infinity;
  let candidates: Command[] = [];
  for (const command of legal) {
    const value = score(known, seat, command);
    if (value > best + TIE) {
      best = value;
      candidates = [command];
    } else if (value >= best - TIE) candidates.push(command);
  }
  if (candidates.length === 0) candidates = legal.slice();
  const [i] = nextInt(rng, candidates.length);
  return candidates[i]!;
}
