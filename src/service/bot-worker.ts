// The bots' thread (bot-thread.ts starts it): each question is one decision, answered with the
// command the seat's bot chose. It finds the game among the registered games by name, the only
// thing of a module a message can carry.

import { botFor } from '../platform/bots.ts';
import { keyedRng } from '../platform/random.ts';
import { answerQuestions } from '../threads/answer-questions.ts';
import type { BotQuestion } from './bot-thread.ts';
import { GAMES } from './registry.ts';

answerQuestions(({ game, kind, state, seat, legal, key }: BotQuestion) => {
  const module = GAMES.get(game);
  if (!module) throw new Error(`The bots' thread knows no game called "${game}".`);
  return botFor(module, kind).choose(state, seat, legal, keyedRng(key)) as unknown;
});
