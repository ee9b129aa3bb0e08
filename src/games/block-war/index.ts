// Block War as a game module: what the platform interface asks, nothing more.

import type { GameModule } from '../../platform/game-module.ts';
import { blockWarBots } from './bots/index.ts';
import { commandSchemas } from './commands.ts';
import { decide } from './decide.ts';
import { evolve, evolveAll } from './evolve.ts';
import { initialState } from './initial-state.ts';
import { anytimeCommands, legalCommands } from './legal.ts';
import { MAX_SEATS, optionsSchema, setupFromOptions } from './options.ts';
import { gameContent } from './published/content.ts';
import { gameSchemas } from './published/game-schemas.ts';
import { SITUATIONS } from './published/situations.ts';
import { awaiting } from './situations.ts';
import { describeOptions, winners } from './outcome.ts';
import { isOver } from './state.ts';
import type { Command, Event, GameSetup, GameState } from './types.ts';
import { redact, view, type GameView, type VisibleEvent } from './view.ts';

export const blockWar: GameModule<GameSetup, GameState, Command, Event, GameView, VisibleEvent> = {
  id: 'block-war',
  title: 'Block War',
  maxSeats: MAX_SEATS,
  situations: SITUATIONS,
  schemas: gameSchemas,
  bots: blockWarBots,
  optionsSchema,
  commandSchemas: commandSchemas(),
  createSetup: setupFromOptions,
  initialState,
  decide,
  decideWithState: decide.withState,
  evolve,
  replay: evolveAll,
  view,
  redact,
  awaiting,
  legalCommands,
  anytimeCommands,
  // BW36: surrendering is a way out of the game, not an answer to what it awaits (the platform's guard).
  givingUp: ['SURRENDER'],
  isOver,
  winners,
  describeOptions,
  content: gameContent,
};

