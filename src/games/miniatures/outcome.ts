// What the platform asks of a game in words and results: the game's options as people read them
// (notification titles) and who won.

import type { Seat } from '../../platform/game-module.ts';
import { SCENARIOS } from './content/index.ts';
import type { GameState } from './types.ts';

/** The scenario's name, e.g. "The Barko Brothers". */
export function describeOptions(options: Readonly<Record<string, unknown>>): string {
  const id = options.scenario;
  return typeof id === 'string' && Object.hasOwn(SCENARIOS, id) ? SCENARIOS[id]!.name : 'an unknown scenario';
}

/** One seat, or none for a draw (a scenario whose last turn ends without a victor). */
export const winners = (state: GameState): Seat[] => (state.winner === null ? [] : [state.winner]);
