// The Judge Dredd Miniatures game (the rules primer's basic game) as a game module: what the
// platform interface asks, nothing more. The web client has no table for it yet: it is played
// through the API (docs/rules-coverage.md, "Miniatures").

import type { GameModule } from '../../platform/game-module.ts';
import { BOTS } from './bots.ts';
import { commandSchemas } from './commands.ts';
import { SCENARIOS } from './content/index.ts';
import { gameContent } from './content/published.ts';
import { decide } from './decide.ts';
import { evolve, evolveAll } from './evolve.ts';
import { initialState } from './initial-state.ts';
import { legalCommands } from './legal.ts';
import { MAX_SEATS, optionsSchema, setupFromOptions } from './options.ts';
import { standingOrders } from './orders.ts';
import { preview } from './preview.ts';
import { anytimeCommands } from './resign.ts';
import { SITUATIONS } from './published.ts';
import { gameSchemas } from './schemas.ts';
import { awaiting } from './situations.ts';
import { describeOptions, winners } from './outcome.ts';
import { isOver } from './state.ts';
import type { Command, Event, GameSetup, GameState } from './types.ts';
import { redact, view, type GameView, type VisibleEvent } from './view.ts';

export const miniatures: GameModule<GameSetup, GameState, Command, Event, GameView, VisibleEvent> = {
  id: 'miniatures',
  title: 'Judge Dredd Miniatures',
  maxSeats: MAX_SEATS,
  situations: SITUATIONS,
  bots: BOTS,
  standingOrders,
  positionOption: 'position',
  schemas: gameSchemas,
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
  // M25: resigning is a way out of the game, not an answer to what it awaits (the platform's guard).
  anytimeCommands,
  givingUp: ['RESIGN'],
  preview,
  isOver,
  winners,
  describeOptions,
  content: () => gameContent(Object.values(SCENARIOS)),
};

