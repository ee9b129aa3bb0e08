// The platform's guard against a frozen game (issue 27): whenever the rules await a seat, that seat
// must have something to do other than giving up. A game that awaits a seat with no legal command
// waits for ever: the deadline's default has nothing to pick, and every other seat waits too. So a
// decision that leaves a game like that is a rule error, refused like any other (nothing appended),
// whichever game it is and whoever sent it. Pure: the service, the simulator and the property tests
// all ask the same question.

import { RuleError, type GameModule, type Seat } from './game-module.ts';

/** The refusal's stable code: the rules' own error, never the sender's. */
export const STRANDED_SEAT = 'RULES_STRANDED_SEAT';

/** Why a state would freeze: a seat awaited with nothing it may do, or nobody awaited in a game not over. */
export type Stranding = { seat: Seat; situation: string; windowId: string } | { seat: null };

type Guarded<State, Command extends { type: string }> = Pick<GameModule<unknown, State, Command, unknown, unknown, unknown>, 'awaiting' | 'legalCommands' | 'isOver' | 'givingUp'>;

/**
 * The first way `state` would freeze, or null when every awaited seat can act. Commands of the
 * module's `givingUp` types (a surrender) do not count: a seat whose only way out is to give up
 * is stuck all the same.
 */
export function stranding<State, Command extends { type: string }>(
  game: Guarded<State, Command>,
  state: State,
  /** The seat's legal commands, when the caller has them (a player about to choose among them). */
  legalOf: (seat: Seat) => readonly Command[] = (seat) => game.legalCommands(state, seat),
): Stranding | null {
  if (game.isOver(state)) return null;
  const awaited = game.awaiting(state);
  if (awaited.length === 0) return { seat: null };
  const givingUp = game.givingUp ?? [];
  for (const a of awaited) {
    const legal = legalOf(a.seat);
    if (!legal.some((c) => !givingUp.includes(c.type))) return { seat: a.seat, situation: a.situation, windowId: a.windowId };
  }
  return null;
}

/** The refusal for a decision whose resulting state would freeze the game. */
export function strandedError(s: Stranding): RuleError {
  const what =
    s.seat === null
      ? 'await nobody while the game is not over'
      : `await seat ${s.seat} (${s.situation}, window ${s.windowId}) with nothing it may do but give up`;
  return new RuleError(STRANDED_SEAT, `The rules refused this command: it would ${what}, and the game would wait for ever. This is a fault in the game's rules; nothing was changed.`);
}

/**
 * `stranding` as a RuleError, or null: what the service and the players run after every accepted
 * decision. `legalOf` as in `stranding` (the service keeps what it computes for its answer).
 */
export function checkNoStranding<State, Command extends { type: string }>(
  game: Guarded<State, Command>,
  state: State,
  legalOf?: (seat: Seat) => readonly Command[],
): RuleError | null {
  const s = stranding(game, state, legalOf);
  return s ? strandedError(s) : null;
}

/**
 * A deadline that passed and changed nothing the game awaits: its `ExpireWindow` for `windowId`
 * gave no events, or left the same window awaited on an identical state. The sweeper would expire
 * that window again and again for ever (issue 27); every module's expiries must change the game.
 */
export function expiryStalled<State>(game: Pick<GameModule<unknown, State, never, unknown, unknown, unknown>, 'awaiting'>, before: State, windowId: string, events: readonly unknown[], after: State): boolean {
  if (events.length === 0) return true;
  if (!game.awaiting(after).some((a) => a.windowId === windowId)) return false;
  return JSON.stringify(before) === JSON.stringify(after);
}
