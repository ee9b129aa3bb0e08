// What the platform asks of a game in words and results: the game's options as people read them
// (notification titles) and who won.

import type { Seat } from '../../platform/game-module.ts';
import { TEAMS } from './content/index.ts';
import { MAP_SOURCES } from './content/maps/index.ts';
import type { GameState } from './types.ts';

const named = <T extends { name: string }>(table: Readonly<Record<string, T>>, id: unknown): string | null =>
  typeof id === 'string' && Object.hasOwn(table, id) ? table[id]!.name : null;

/**
 * The map and the teams: "The Grand Hall of Justice, 2 players: The Judges v Sláine"; a solo game
 * says whom its one team plays ("…, solo: The Judges v The Dark Judges").
 */
export function describeOptions(options: Readonly<Record<string, unknown>>): string {
  const map = named(MAP_SOURCES, options.map) ?? 'an unknown map';
  const seats: unknown[] = Array.isArray(options.seats) ? options.seats : [];
  const teams = seats.map((seat) => named(TEAMS, (seat as { team?: unknown } | null)?.team) ?? 'an unknown team');
  if (options.solo === true) return `${map}, solo: ${[...teams, TEAMS['dark-judges'].name].join(' v ')}`;
  return `${map}, ${seats.length} players: ${teams.join(' v ')}`;
}

export const winners = (state: GameState): Seat[] => state.winners.slice();
