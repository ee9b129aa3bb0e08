// Judge Dredd: Helter Skelter as a game module: what the platform interface asks, nothing more.

import type { GameModule } from '../../platform/game-module.ts';
import { helterSkelterBots } from './bots/index.ts';
import { commandSchemas } from './commands.ts';
import { decide } from './decide.ts';
import { evolve, evolveAll } from './evolve.ts';
import { legalCommands } from './legal.ts';
import { optionsSchema, setupFromOptions } from './options.ts';
import { gameSchemas } from './published/game-schemas.ts';
import { gameContent } from './published/index.ts';
import { SITUATIONS } from './published/situations.ts';
import { standingOrders } from './published/standing-orders.ts';
import { initialState } from './initial-state.ts';
import { anytimeCommands } from './resign.ts';
import { awaiting } from './situations.ts';
import { describeOptions, winners } from './outcome.ts';
import { isOver } from './state.ts';
import type { Command, Event, GameSetup, GameState } from './types.ts';
import { redact, view, type GameView, type VisibleEvent } from './view.ts';

export const helterSkelter: GameModule<GameSetup, GameState, Command, Event, GameView, VisibleEvent> = {
  id: 'helter-skelter',
  title: 'Judge Dredd: Helter Skelter',
  maxSeats: 4,
  situations: SITUATIONS,
  schemas: gameSchemas,
  standingOrders,
  bots: helterSkelterBots,
  optionsSchema,
  positionOption: 'scenario',
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
  // R70: resigning is a way out of the game, not an answer to what it awaits (the platform's guard).
  anytimeCommands,
  givingUp: ['RESIGN'],
  isOver,
  winners,
  describeOptions,
  content: gameContent,
};

export type { Command, Event, GameSetup, GameState, GameView, VisibleEvent };
export { evolveAll } from './evolve.ts';
