// What every game's `decide` does around its own rules: the command is parsed, a draft of the state
// made, and the sender routed. The platform's own command, EXPIRE_WINDOW, is for the window open
// now (one already closed changes nothing); a seat's command first passes the checks every command
// shares: the seat exists, the game is not over, the window it answers (if it names one) is still
// open. A RuleError thrown by a rule becomes the refusal, so `decide` never throws for any JSON
// value. What a seat may do, and what a deadline does, are the game's rules.

import { check, EventDraft, type Windowed } from './draft.ts';
import type { Fold } from './fold.ts';
import { RuleError, type DecideContext, type Decision, type DecisionWithState, type Seat, type Sender } from './game-module.ts';

/** The command the platform sends when a window's deadline passes. */
export type ExpireWindow = { type: 'EXPIRE_WINDOW'; windowId: string };

type Draft<State extends Windowed, Event> = EventDraft<State, Event>;

/** The command that sets a seat's standing orders, and the rule that sets them. */
type OrdersRule<D, Command extends { type: string }> = {
  [T in Command['type']]: { readonly command: T; set(d: D, seat: Seat, command: Extract<Command, { type: T }>): void };
}[Command['type']];

export interface DecideRules<State extends Windowed, Command extends { type: string; windowId?: string }, Event> {
  readonly fold: Fold<State, Event>;
  /** The command, checked field by field, or why it is not one. */
  parse(input: unknown): Command | RuleError;
  /** How many seats this game has: they are numbered 0 … seats − 1. */
  seats(state: State): number;
  /** Done first, whatever the command (a time limit that starts with the first command given a time). */
  before?(d: Draft<State, Event>): void;
  /** The deadline of the window open now passed: the server does what the awaited seats did not. */
  expire(d: Draft<State, Event>, command: Extract<Command, ExpireWindow>): void;
  /**
   * Standing orders, if the game has them: a setting, not a move, so any seat may change its own at
   * any moment of a game not over, whoever is awaited and whatever window is open.
   */
  readonly orders?: OrdersRule<Draft<State, Event>, Command>;
  /** A seat's command, once the checks every command shares have passed. */
  play(d: Draft<State, Event>, seat: Seat, command: Command): void;
  /** Done last, after every command accepted (a seat the rules play takes its turn at once). */
  after?(d: Draft<State, Event>): void;
}

/** `GameModule.decide`, as `decider` makes it. */
export interface Decider<State, Command, Event> {
  (state: State, input: Command, sender: Sender, context?: DecideContext): Decision<Event>;
  /**
   * The same decision and, when accepted, its draft's state: a copy to which each event was applied
   * as it was emitted, so `replay(state, events)` by construction (test/platform/draft-state.test.ts
   * holds every game to it). For a caller that wants both, such as a bot looking a command ahead,
   * without a second copy and fold. The state is the caller's own.
   */
  withState(state: State, input: Command, sender: Sender, context?: DecideContext): DecisionWithState<State, Event>;
}

/** `GameModule.decide` from a game's rules. */
export function decider<State extends Windowed, Command extends { type: string; windowId?: string }, Event>(
  rules: DecideRules<State, Command, Event>,
): Decider<State, Command, Event> {
  /** The command's draft once every rule has run, or the refusal. */
  const run = (state: State, input: Command, sender: Sender, context?: DecideContext): Draft<State, Event> | RuleError => {
    const command = rules.parse(input);
    if (command instanceof RuleError) return command;
    const d = new EventDraft(rules.fold.copy(state), rules.fold.apply, context?.at ?? null);
    try {
      rules.before?.(d);
      if (sender?.kind === 'system') expire(rules, d, command);
      else decideForSeat(rules, d, (sender as { seat?: unknown } | null)?.seat, command);
      rules.after?.(d);
    } catch (e) {
      if (e instanceof RuleError) return e;
      throw e;
    }
    return d;
  };
  const decide = (state: State, input: Command, sender: Sender, context?: DecideContext): Decision<Event> => {
    const d = run(state, input, sender, context);
    return d instanceof RuleError ? { ok: false, error: d } : { ok: true, events: d.events };
  };
  const withState = (state: State, input: Command, sender: Sender, context?: DecideContext): DecisionWithState<State, Event> => {
    const d = run(state, input, sender, context);
    return d instanceof RuleError ? { ok: false, error: d } : { ok: true, events: d.events, state: d.state };
  };
  return Object.assign(decide, { withState });
}

function expire<State extends Windowed, Command extends { type: string; windowId?: string }, Event>(
  rules: DecideRules<State, Command, Event>,
  d: Draft<State, Event>,
  command: Command,
): void {
  check(command.type === 'EXPIRE_WINDOW', 'NOT_A_SYSTEM_COMMAND', 'The system only expires windows.');
  if (d.over || command.windowId !== d.state.situation.windowId) return;
  rules.expire(d, command as Extract<Command, ExpireWindow>);
}

function decideForSeat<State extends Windowed, Command extends { type: string; windowId?: string }, Event>(
  rules: DecideRules<State, Command, Event>,
  d: Draft<State, Event>,
  seat: unknown,
  command: Command,
): void {
  check(Number.isInteger(seat) && (seat as number) >= 0 && (seat as number) < rules.seats(d.state), 'NOT_A_SEAT', `There is no seat ${String(seat)}.`);
  check(command.type !== 'EXPIRE_WINDOW', 'SYSTEM_ONLY', 'Only the server expires windows.');
  check(!d.over, 'GAME_OVER', 'The game is over.');
  const orders = rules.orders as { command: string; set(d: Draft<State, Event>, seat: Seat, command: Command): void } | undefined;
  if (orders && command.type === orders.command) return orders.set(d, seat as Seat, command);
  const open = d.state.situation.windowId;
  if (command.windowId !== undefined) check(command.windowId === open, 'WINDOW_CLOSED', `Window ${command.windowId} is closed; ${open} is open.`);
  rules.play(d, seat as Seat, command);
}
