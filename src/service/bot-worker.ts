// The bots' thread (bot-thread.ts starts it): each message is one decision, answered with the
// command the seat's bot chose, or why it could not. It finds the game among the registered games
// by name, as the only thing of a module a message can carry.

import { parentPort } from 'node:worker_threads';
import { botFor } from '../platform/bots.ts';
import { keyedRng } from '../platform/random.ts';
import type { BotAnswer, BotQuestion } from './bot-thread.ts';
import { GAMES } from './registry.ts';

const port = parentPort!;
port.on('message', ({ id, game, kind, state, seat, legal, key }: BotQuestion) => {
  let answer: BotAnswer;
  try {
    const module = GAMES.get(game);
    if (!module) throw new Error(`The bots' thread knows no game called "${game}".`);
    answer = { id, command: botFor(module, kind).choose(state, seat, legal, keyedRng(key)) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
