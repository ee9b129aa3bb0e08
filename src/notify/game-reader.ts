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
   * How many commands each seat could send at `version` (default: the game's current version;
   * null before it starts). A notice counts at its own version, so that what it says depends on
   * the log alone, not on how far the game moved before the notifier told it (the state is
   * usually cached; otherwise it is folded from the nearest snapshot).
   */
  legalCounter(game: GameRow, version?: number): Promise<(seat: number) => number | null>;
  /** `legalCounter` for a game by id (a count of 0 for every seat when there is no such game). */
  legalCounterOf(gameId: string, version: number): Promise<(seat: number) => number | null>;
}
