// Plays a game module from a state with a chooser of the test's own (random, adversarial …),
// checking at every state reached what the platform guarantees for every game (issue 27):
//   - the guard never fires: every awaited seat has a legal command other than giving up
//     (src/platform/awaited-guard.ts), and a game not over awaits someone;
//   - a deadline that passes changes the game: an ExpireWindow for each awaited window appends
//     events that close that window or change the state (`expiryStalled`), tried without being kept;
//   - the module accepts the command chosen among those it listed.
// Throws an Error saying which state and command broke it, for fast-check to shrink and report.

import { expiryStalled, stranding, strandedError } from '../../src/platform/awaited-guard.ts';
import type { GameModule, Seat } from '../../src/platform/game-module.ts';
import { nextFloat, pick, type RngState } from '../../src/platform/random.ts';

export type Chooser<State, Command> = (state: State, seat: Seat, legal: readonly Command[], rng: RngState) => [Command, RngState];

export interface GuardedPlay<State> {
  state: State;
  commands: number;
  /** Expiries tried (and thrown away) on the states met. */
  expiriesTried: number;
}

export interface GuardedPlayOptions<State> {
  /** Commands played at most (the game may end before). */
  commands: number;
  /** Try the awaited windows' expiries on every `expireEvery`-th state (0: never). */
  expireEvery?: number;
  /** Called on every state reached, e.g. to count how crowded the boards got. */
  visit?: (state: State) => void;
}

type AnyModule<State, Command> = GameModule<unknown, State, Command, unknown, unknown, unknown>;

export function playGuarded<State, Command extends { type: string }>(
  game: AnyModule<State, Command>,
  start: State,
  choose: Chooser<State, Command>,
  rng: RngState,
  options: GuardedPlayOptions<State>,
): GuardedPlay<State> {
  let state = start;
  let expiriesTried = 0;
  let commands = 0;
  const expire = (windowId: string) => ({ type: 'EXPIRE_WINDOW', windowId }) as unknown as Command;
  for (;;) {
    options.visit?.(state);
    const stuck = stranding(game, state);
    if (stuck) throw new Error(`${strandedError(stuck).message} (after ${commands} commands)`);
    if (game.isOver(state) || commands >= options.commands) return { state, commands, expiriesTried };
    const awaited = game.awaiting(state);
    if (options.expireEvery && commands % options.expireEvery === 0)
      for (const windowId of new Set(awaited.map((a) => a.windowId))) {
        const d = game.decide(state, expire(windowId), { kind: 'system' });
        if (!d.ok) throw new Error(`The expiry of ${windowId} was refused: ${d.error.code} ${d.error.message} (after ${commands} commands)`);
        const after = game.replay(state, d.events);
        if (expiryStalled(game, state, windowId, d.events, after)) throw new Error(`The expiry of ${windowId} changed nothing (after ${commands} commands)`);
        const stranded = stranding(game, after);
        if (stranded) throw new Error(`The expiry of ${windowId}: ${strandedError(stranded).message} (after ${commands} commands)`);
        expiriesTried++;
      }
    let seat: Seat;
    [{ seat }, rng] = pick(awaited, rng);
    const legal = game.legalCommands(state, seat);
    let command: Command;
    [command, rng] = choose(state, seat, legal, rng);
    const d = game.decide(state, command, { kind: 'seat', seat });
    if (!d.ok) throw new Error(`Chosen command refused: ${d.error.code} ${d.error.message} ${JSON.stringify(command)} (after ${commands} commands)`);
    state = game.replay(state, d.events);
    commands++;
  }
}

/** The random player's choice: a uniform command among the listed ones. */
export function uniform<State, Command>(_state: State, _seat: Seat, legal: readonly Command[], rng: RngState): [Command, RngState] {
  return pick(legal, rng);
}

/**
 * With probability `rate`, the adversary's choice (`push`: the test's idea of what strains the
 * rules most, or null where it has none); otherwise, and where it has none, the random player's.
 */
export function adversarial<State, Command>(rate: number, push: (state: State, seat: Seat, legal: readonly Command[], rng: RngState) => [Command, RngState] | null): Chooser<State, Command> {
  return (state, seat, legal, rng) => {
    let roll: number;
    [roll, rng] = nextFloat(rng);
    return (roll < rate ? push(state, seat, legal, rng) : null) ?? uniform(state, seat, legal, rng);
  };
}
