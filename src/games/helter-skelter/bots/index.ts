// The bots Helter Skelter offers for its bot seats (GameModule.bots): the platform's random bot,
// and the heuristic bot (heuristic.ts), which seats get unless told otherwise.

import { randomBot, RANDOM_BOT } from '../../../platform/bots.ts';
import type { Bot, GameBots } from '../../../platform/game-module.ts';
import type { Command, GameState } from '../types.ts';
import { chooseHeuristic } from './heuristic.ts';

export const heuristicBot: Bot<GameState, Command> = {
  description:
    'Looks one move ahead: plays each legal command on the game as its seat sees it (other hands, deck order and standing orders unknown) and picks the best position by fragments, kills, health, threat and cover.',
  choose: chooseHeuristic,
};

export const HEURISTIC_BOT = 'heuristic';

export const helterSkelterBots: GameBots<GameState, Command> = {
  kinds: { [RANDOM_BOT]: randomBot as Bot<GameState, Command>, [HEURISTIC_BOT]: heuristicBot },
  default: HEURISTIC_BOT,
};
