// The Judge Dredd Miniatures game (the rules primer's basic game) as a game module: what the
// platform interface asks, nothing more. Not registered in the service yet: no preview endpoint,
// simulate or bench script, or web client (docs/rules-coverage.md, "Miniatures").

import type { GameContent, GameModule } from '../../platform/game-module.ts';
import { BOTS } from './bots.ts';
import { commandSchemas } from './commands.ts';
import { PROFILES, SCENARIOS, WEAPONS } from './content/index.ts';
import { renderTableSvg } from './content/render-svg.ts';
import { decide } from './decide.ts';
import { evolve, evolveAll } from './evolve.ts';
import { initialState } from './initial-state.ts';
import { legalCommands } from './legal.ts';
import { MAX_SEATS, optionsSchema, setupFromOptions } from './options.ts';
import { standingOrders } from './orders.ts';
import { preview } from './preview.ts';
import { SITUATIONS } from './published.ts';
import { gameSchemas } from './schemas.ts';
import { awaiting } from './situations.ts';
import { isOver } from './state.ts';
import type { Command, Event, GameSetup, GameState } from './types.ts';
import { redact, view, type GameView, type VisibleEvent } from './view.ts';

function content(): GameContent {
  return {
    content: { profiles: PROFILES, weapons: WEAPONS, scenarios: Object.values(SCENARIOS).map((s) => ({ id: s.id, name: s.name, briefing: s.briefing, forces: s.forces, turns: s.turns, table: s.table.id })) },
    contentSchema: { type: 'object' },
    maps: Object.values(SCENARIOS).map((s) => ({ id: s.table.id, data: s.table, svg: renderTableSvg(s) })),
    mapSchema: { type: 'object' },
  };
}

export const miniatures: GameModule<GameSetup, GameState, Command, Event, GameView, VisibleEvent> = {
  id: 'miniatures',
  title: 'Judge Dredd Miniatures',
  maxSeats: MAX_SEATS,
  situations: SITUATIONS,
  bots: BOTS,
  standingOrders,
  schemas: gameSchemas,
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
  preview,
  isOver,
  content,
};

export type { Preview } from './preview.ts';
export type { Command, Event, GameSetup, GameState, GameView, VisibleEvent };
