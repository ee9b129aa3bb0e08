// The bots decide on a thread of their own (bot-worker.ts). A decision is a pure function of the
// state, the seat's legal commands and a generator key, but a heuristic one takes up to tens of
// milliseconds (a look-ahead plays each legal command forward): on the service's event loop, every
// request waiting behind it waited that long too (docs/performance.md). The thread is handed
// copies of the state and the commands (structured clone) and the game's name; it finds the
// module in the registered games. A module the thread cannot name that way (a test's own game,
// `buildApp`'s `extraGames`) is asked here, on the event loop, as before.

import type { Seat } from '../platform/game-module.ts';
import { botFor } from '../platform/bots.ts';
import { keyedRng } from '../platform/random.ts';
import { ThreadOnCall } from '../threads/thread-on-call.ts';
import { GAMES, type AnyGameModule } from './registry.ts';

/** One decision: what the thread needs to make it, all of it plain data. */
export interface BotQuestion {
  /** The game module's id, among the registered games. */
  game: string;
  /** The bot the seat is played by (`botFor` falls back to `random`). */
  kind: string;
  state: unknown;
  seat: Seat;
  legal: readonly unknown[];
  /** The decision's generator key (src/service/bots.ts `botKey`). */
  key: string;
}

/**
 * One thread for the process's bots. It ends after a minute with no decision: a server whose games
 * have no bot seat does not keep its memory.
 */
const deciding = new ThreadOnCall<BotQuestion, unknown>(new URL('./bot-worker.ts', import.meta.url), "The bots' thread");

/**
 * The command `kind` chooses for `seat` among `legal`, with the generator keyed by `key`: on the
 * bots' thread for a registered game, here for any other. The same answer either way (a bot is a
 * function of its arguments; test/service/bot-thread.test.ts holds the two to it).
 */
export function chooseBotCommand(module: AnyGameModule, kind: string, state: unknown, seat: Seat, legal: readonly unknown[], key: string): Promise<unknown> {
  if (GAMES.get(module.id) !== module) {
    try {
      return Promise.resolve(botFor(module, kind).choose(state, seat, legal, keyedRng(key)));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return ask({ game: module.id, kind, state, seat, legal, key });
}

/** Asks the thread one question (exported for its tests: a game it does not know is an error). */
export const ask = (question: BotQuestion): Promise<unknown> => deciding.ask(question);
