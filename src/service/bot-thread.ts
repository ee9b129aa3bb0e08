// The bots decide on a thread of their own (bot-worker.ts). A decision is a pure function of the
// state, the seat's legal commands and a generator key, but a heuristic one takes up to tens of
// milliseconds (Block War's weighs every unit's activation): on the service's event loop, every
// request waiting behind it waited that long too (docs/performance.md). The thread is handed
// copies of the state and the commands (structured clone) and the game's name; it finds the
// module in the registered games. A module the thread cannot name that way (a test's own game,
// `buildApp`'s `extraGames`) is asked here, on the event loop, as before.

import { Worker } from 'node:worker_threads';
import type { Seat } from '../platform/game-module.ts';
import { botFor } from '../platform/bots.ts';
import { keyedRng } from '../platform/random.ts';
import { GAMES, type AnyGameModule } from './registry.ts';

/** One decision: what the thread needs to make it, all of it plain data. */
export interface BotQuestion {
  id: number;
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

export type BotAnswer = { id: number; command: unknown } | { id: number; error: string };

/**
 * The thread ends once no decision has come for this long, and starts again on the next one: a
 * server whose games have no bot seat does not keep the thread's memory.
 */
const IDLE_MS = 60_000;

let worker: Worker | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (command: unknown) => void; reject: (error: Error) => void }>();

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
export function ask(question: Omit<BotQuestion, 'id'>): Promise<unknown> {
  const thread = started();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, ...question } satisfies BotQuestion);
  });
}

function started(): Worker {
  clearTimeout(idle);
  if (worker) return worker;
  // Node strips the worker's types as it does the service's (npm start), under vitest too; none of
  // the service's V8 flags are wanted on this thread.
  const thread = new Worker(new URL('./bot-worker.ts', import.meta.url), { execArgv: [] });
  thread.on('message', (answer: BotAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if ('error' in answer) waiting?.reject(new Error(answer.error));
    else waiting?.resolve(answer.command);
    if (pending.size === 0) rest(thread);
  });
  thread.on('error', (error) => end(thread, error));
  thread.on('exit', (code) => end(thread, new Error(`The bots' thread exited (code ${code}).`)));
  worker = thread;
  return thread;
}

/** Idle: the thread no longer keeps the process alive, and ends after IDLE_MS. */
function rest(thread: Worker): void {
  thread.unref();
  idle = setTimeout(() => {
    if (worker === thread) worker = undefined; // a decision that comes while it ends starts another
    void thread.terminate();
  }, IDLE_MS).unref();
}

/** The thread is gone (ended idle, or failed): what it still owed fails, and the next decision starts another. */
function end(thread: Worker, error: Error): void {
  if (worker !== thread) return;
  worker = undefined;
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}
