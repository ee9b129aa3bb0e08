// The bots a Block War seat may be played by. For now the platform's random bot: it chooses among
// the seat's legal commands only, so it never surrenders by choice (SURRENDER is an anytime
// command, not a legal one).

import { randomBot, RANDOM_BOT } from '../../platform/bots.ts';
import type { Bot, GameBots } from '../../platform/game-module.ts';
import type { Command, GameState } from './types.ts';

export const blockWarBots: GameBots<GameState, Command> = {
  kinds: { [RANDOM_BOT]: randomBot as Bot<GameState, Command> },
  default: RANDOM_BOT,
};
