// Plays a whole game with a bot in every seat, in memory: the simulator's bot matches, the bot
// benchmark and the bots' tests. It knows no game. Each bot decision gets its own generator,
// seeded from the match seed and the decision's number, as the service keys one per decision.

import { stranding, strandedError } from './awaited-guard.ts';
import type { Bot, GameModule, Seat } from './game-module.ts';
import { seedRng } from './random.ts';

export interface BotGame<State, Command> {
  state: State;
  finished: boolean;
  commands: number;
  /** Milliseconds each of the seat's bot decisions took, by seat. */
  moveTimes: number[][];
  /** Every decision of every seat, as the bot saw it: for timing and for checking. */
  decisions?: { seat: Seat; state: State; legal: Command[]; command: Command; ms: number }[];
}

export interface BotGameOptions {
  maxCommands?: number;
  /** Keep every decision (state, legal commands, choice, time): memory grows with the game. */
  record?: boolean;
}

/** Plays `setup` to its end with `bots[seat]` choosing for each seat; throws if the module refuses a command its bot chose. */
export function playBotGame<Setup, State, Command extends { type: string }, Event, View, Visible>(
  game: GameModule<Setup, State, Command, Event, View, Visible>,
  setup: Setup,
  bots: readonly Bot<State, Command>[],
  seed: string,
  options: BotGameOptions = {},
): BotGame<State, Command> {
  const maxCommands = options.maxCommands ?? 20_000;
  const decisions: NonNullable<BotGame<State, Command>['decisions']> = [];
  let state = game.initialState(setup);
  let commands = 0;
  const moveTimes: number[][] = bots.map(() => []);
  while (!game.isOver(state) && commands < maxCommands) {
    const awaited = game.awaiting(state);
    if (awaited.length === 0) throw new Error('No seat is awaited, but the game is not over.');
    const seat = awaited[0]!.seat;
    const legal = game.legalCommands(state, seat);
    // The platform's guard (awaited-guard.ts), as the service runs it after every decision.
    const stuck = stranding(game, state, (s) => (s === seat ? legal : game.legalCommands(state, s)));
    if (stuck) throw new Error(`${strandedError(stuck).code}: ${strandedError(stuck).message}`);
    const bot = bots[seat];
    if (!bot) throw new Error(`No bot for seat ${seat}.`);
    const started = performance.now();
    const command = bot.choose(state, seat, legal, seedRng(`${seed}:${commands}:${seat}`));
    const ms = performance.now() - started;
    moveTimes[seat]!.push(ms);
    if (options.record) decisions.push({ seat, state, legal, command, ms });
    const decision = game.decide(state, command, { kind: 'seat', seat });
    if (!decision.ok)
      throw new Error(`Bot command refused: ${decision.error.code} ${decision.error.message} ${JSON.stringify(command)}`);
    state = game.replay(state, decision.events);
    commands++;
  }
  return { state, finished: game.isOver(state), commands, moveTimes, ...(options.record ? { decisions } : {}) };
}
