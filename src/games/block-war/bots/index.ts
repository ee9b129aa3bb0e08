// The bots a Block War seat may be played by: the platform's random bot and the heuristic bot
// (heuristic.ts), which seats get unless told otherwise. Both choose among the seat's legal commands
// only, so neither ever surrenders by choice (SURRENDER is an anytime command, BW36).

import { randomBot, RANDOM_BOT } from '../../../platform/bots.ts';
import type { Bot, GameBots } from '../../../platform/game-module.ts';
import type { Command, GameState } from '../types.ts';
import { chooseHeuristic } from './heuristic.ts';

export const HEURISTIC_BOT = 'heuristic';

export const heuristicBot: Bot<GameState, Command> = {
  description:
    'Looks one command ahead, imagining dice and draws from its own generator (never the game’s), and picks the best position by fighting-spirit lead and by keeping its block defended.',
  choose: chooseHeuristic,
};

export const blockWarBots: GameBots<GameState, Command> = {
  kinds: { [RANDOM_BOT]: randomBot as Bot<GameState, Command>, [HEURISTIC_BOT]: heuristicBot },
  default: HEURISTIC_BOT,
};
