// What the platform asks of a game in words and results: the game's options as people read them
// (notification titles) and who won.

import type { Seat } from '../../platform/game-module.ts';
import type { GameState } from './types.ts';

/** "2 blocks", with the time limit when there is one: "3 blocks, 120 minutes". */
export function describeOptions(options: Readonly<Record<string, unknown>>): string {
  const blocks = Array.isArray(options.seats) ? options.seats.length : 0;
  const limit = typeof options.timeLimitMinutes === 'number' ? `, ${options.timeLimitMinutes} minutes` : '';
  return `${blocks} blocks${limit}`;
}

export const winners = (state: GameState): Seat[] => state.winners.slice();
