// Block War as a game module: what the platform interface asks, nothing more. Not registered in
// the service yet: the game is not playable end to end (docs/rules-coverage.md, "Block War").

import type { GameModule } from '../../platform/game-module.ts';
import { commandSchemas } from './commands.ts';
import { decide } from './decide.ts';
import { evolve, evolveAll } from './evolve.ts';
import { initialState } from './initial-state.ts';
import { legalCommands } from './legal.ts';
import { MAX_SEATS, optionsSchema, setupFromOptions } from './options.ts';
import { SITUATIONS } from './published.ts';
import { awaiting } from './situations.ts';
import { isOver } from './state.ts';
import type { Command, Event, GameSetup, GameState } from './types.ts';
import { redact, view, type GameView, type VisibleEvent } from './view.ts';

export const blockWar: GameModule<GameSetup, GameState, Command, Event, GameView, VisibleEvent> = {
  id: 'block-war',
  title: 'Block War',
  maxSeats: MAX_SEATS,
  situations: SITUATIONS,
  schemas: { view: { type: 'object' }, visibleEvent: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } },
  optionsSchema,
  commandSchemas: commandSchemas(),
  createSetup: setupFromOptions,
  initialState,
  decide,
  evolve,
  replay: evolveAll,
  view,
  redact,
  awaiting,
  legalCommands,
  isOver,
};

export type { Command, Event, GameSetup, GameState, GameView, VisibleEvent };
