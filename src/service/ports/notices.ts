// What the service hands the notification channels (src/notify: webhooks, email) when a game
// moves, and what it lets them read about a game: the notifier (../notifier.ts) derives notices
// from the log after commit; each channel, an adapter, decides who is told and how.

import type { Deadline } from '../../clock/deadlines.ts';
import type { GameRow } from './records.ts';

/** The seats newly asked something, with their deadlines, or the end of the game (docs/architecture.md §8). */
export interface GameNotice {
  gameId: string;
  /** The game's version the notice tells of. */
  version: number;
  /** ISO 8601: when the game reached that version. */
  at: string;
  /** Seats asked something new since the last notice (turn, defence, interrupt, set-up …), with their deadlines. */
  awaited: Deadline[];
  /** The game ended (finished or abandoned). */
  ended: boolean;
}

/**
 * A channel's part in a notice: add its own deliveries, keyed so that adding them twice is
 * harmless (a notice may be handed over again: a notifier stopped mid-batch, a failed channel).
 */
export type NoticeListener = (notice: GameNotice) => Promise<void>;

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

/** What the channels read about a game beyond its row and seats; the service implements it. */
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
  /**
   * The seats that won the game (`GameModule.winners`), public once it is over: empty while it
   * runs, for a draw, for a game abandoned unfinished, and when there is no such game.
   */
  winners(gameId: string): Promise<number[]>;
}
