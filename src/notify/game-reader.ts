// What the notification channels read about a game beyond its row and seats, as a small interface
// the service implements (src/service/index.ts): notify depends on this, not on the service's
// classes, so a channel can be tested, moved or added without the service's internals.

import type { GameRow } from '../store/event-store.ts';

/** A game as one reader sees it now: what a notification says about it. */
export interface GameSeen {
  /** The game's module id (`GameModule.id`). */
  game: string;
  status: GameRow['status'];
  /** The options every player sees (map, teams, clock). */
  options: Record<string, unknown>;
  awaiting: readonly { seat: number; windowId: string; situation: string; deadline: string | null }[];
  /** The commands the reader could send now. */
  legalCommands: readonly unknown[];
}

export interface GameReader {
  /** The game now, as this account (null: a spectator) sees it. */
  game(gameId: string, accountId: string | null): Promise<GameSeen>;
  /**
   * How many commands each seat could send at the game's current version (null before it starts):
   * the cached current state, not the notice's version, which would mean replaying the log for
   * every notice of a busy game (and counting commands the seat can no longer send).
   */
  legalCounter(game: GameRow): Promise<(seat: number) => number | null>;
}
