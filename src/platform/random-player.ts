// Plays any game module by picking uniformly among its legal commands, from a seeded PRNG.
// Used by the simulator, the property tests and (later) bot seats. It knows no game: a command
// is chosen by first picking a command type, then a command of that type, so that a rare choice
// such as ending the turn is not drowned by a hundred ways of moving.

import { expiryStalled, stranding, strandedError } from './awaited-guard.ts';
import type { Awaited, GameModule, Seat } from './game-module.ts';
import { nextFloat, pick, type RngState } from './random.ts';

export function pickCommand<C extends { type: string }, S extends RngState>(commands: readonly C[], rng: S): [C, S] {
  let type: string;
  [type, rng] = pick([...new Set(commands.map((c) => c.type))], rng);
  return pick(commands.filter((c) => c.type === type), rng);
}

export type SenderOf = { kind: 'seat'; seat: Seat } | { kind: 'system' };

export interface PlayedGame<State, Command, Event> {
  state: State;
  events: Event[];
  /** Every command sent, in order, with who sent it and how many events it produced. */
  history: { command: Command; sender: SenderOf; events: number }[];
  commands: number;
  finished: boolean;
  /** Expiries of an awaited window that changed nothing (`expiryStalled`): each one a window the sweeper would retry for ever. */
  stalls: string[];
}

export interface RandomPlayOptions {
  maxCommands?: number;
  /** Chance, per step, that a deadline passes instead of anyone answering. */
  expiryRate?: number;
  /**
   * Chance, per step, that a seat sends one of its anytime commands (GameModule.anytimeCommands,
   * e.g. a surrender) instead: a random seat among those that have one. 0 (the default) draws nothing for it.
   */
  anytimeRate?: number;
}

/**
 * Plays a whole game with random legal commands. Throws if the module refuses one it listed, or if
 * a state reached would freeze the game (the platform's guard, awaited-guard.ts: the service refuses
 * the decision that led there). Expiries that change nothing are counted as stalls.
 */
export function playRandomGame<Setup, State, Command extends { type: string }, Event, View, Visible>(
  game: GameModule<Setup, State, Command, Event, View, Visible>,
  setup: Setup,
  seed: RngState,
  options: RandomPlayOptions = {},
  expire: (windowId: string) => Command,
): PlayedGame<State, Command, Event> {
  const maxCommands = options.maxCommands ?? 20_000;
  const expiryRate = options.expiryRate ?? 0;
  const anytimeRate = options.anytimeRate ?? 0;
  let state = game.initialState(setup);
  const events: Event[] = [];
  const history: PlayedGame<State, Command, Event>['history'] = [];
  let rng = seed;
  let commands = 0;
  const stalls: string[] = [];
  while (!game.isOver(state) && commands < maxCommands) {
    const legalBySeat = new Map<Seat, Command[]>();
    const legalOf = (seat: Seat): Command[] => {
      let legal = legalBySeat.get(seat);
      if (!legal) legalBySeat.set(seat, (legal = game.legalCommands(state, seat)));
      return legal;
    };
    const stuck = stranding(game, state, legalOf);
    if (stuck) throw new Error(`${strandedError(stuck).code}: ${strandedError(stuck).message}`);
    const awaited = game.awaiting(state);
    let roll: number;
    [roll, rng] = nextFloat(rng);
    let command: Command;
    let sender: SenderOf;
    const anytime = anytimeRate > 0 && game.anytimeCommands ? anytimeOf(game, state) : [];
    let anytimeRoll = 1;
    if (anytime.length > 0) [anytimeRoll, rng] = nextFloat(rng);
    if (anytimeRoll < anytimeRate) {
      let seat: Seat, offered: Command[];
      [[seat, offered], rng] = pick(anytime, rng);
      [command, rng] = pickCommand(offered, rng);
      sender = { kind: 'seat', seat };
    } else if (roll < expiryRate) {
      command = expire(awaited[0]!.windowId);
      sender = { kind: 'system' };
    } else {
      let one: Awaited;
      [one, rng] = pick(awaited, rng);
      [command, rng] = pickCommand(legalOf(one.seat), rng);
      sender = { kind: 'seat', seat: one.seat };
    }
    const decision = game.decide(state, command, sender);
    if (!decision.ok)
      throw new Error(`Listed command refused: ${decision.error.code} ${decision.error.message} ${JSON.stringify(command)}`);
    const before = state;
    for (const e of decision.events) {
      state = game.evolve(state, e);
      events.push(e);
    }
    if (sender.kind === 'system') {
      const windowId = awaited[0]!.windowId;
      if (expiryStalled(game, before, windowId, decision.events, state)) stalls.push(`window ${windowId} expired at command ${commands} and changed nothing`);
    }
    history.push({ command, sender, events: decision.events.length });
    commands++;
  }
  return { state, events, history, commands, finished: game.isOver(state), stalls };
}

/** Every seat that has anytime commands now, with them (seats the game does not have have none). */
function anytimeOf<State, Command>(game: { anytimeCommands?(state: State, seat: Seat): Command[]; maxSeats: number }, state: State): [Seat, Command[]][] {
  const out: [Seat, Command[]][] = [];
  for (let seat = 0; seat < game.maxSeats; seat++) {
    const commands = game.anytimeCommands!(state, seat);
    if (commands.length > 0) out.push([seat, commands]);
  }
  return out;
}
