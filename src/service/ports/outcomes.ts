// Results and ratings, as the service records them once a game is finished (../ratings.ts) and the
// player pages read them (../players.ts): a port the service owns; src/store/outcomes.ts implements
// it over Postgres. Nothing here is ever an event of a game.

import type { GameWithSeats } from './records.ts';

/** `glicko2` for 2-player games, `openskill` (Weng–Lin) for 3 or more. */
export type RatingSystem = 'glicko2' | 'openskill';

/** A rating under its system: Glicko-2's rating, RD and volatility, or OpenSkill's mu (`rating`) and sigma (`deviation`). */
export interface RatingValue {
  rating: number;
  deviation: number;
  /** Glicko-2 only. */
  volatility: number | null;
}

/** One seat of a rated game: who held it, its rank (1 first; equal ranks tie), its rating before and after. */
export interface RatingChange {
  accountId: string;
  seat: number;
  rank: number;
  before: RatingValue;
  after: RatingValue;
}

/** How a finished game is rated: its players' ranks, their new ratings from their current ones. */
export interface Rating {
  game: string;
  system: RatingSystem;
  /** A player's rating before their first game under this system. */
  initial: RatingValue;
  players: { accountId: string; seat: number; rank: number }[];
  /** Pure: the new ratings from the current ones (in `players` order), computed while the players' ratings are held. */
  rate(current: RatingValue[]): RatingValue[];
}

export interface OutcomeRecords {
  /** Finished games whose outcome is not recorded yet, longest finished first (at most `limit`). */
  pending(limit: number): Promise<string[]>;
  /** The game and its seats, as they are now; null when there is no such game. */
  read(gameId: string): Promise<GameWithSeats | null>;
  /**
   * Records a finished game's winners and, when `rating` is given, moves its players' ratings, all
   * in one transaction that holds the game's row and its players' ratings. Only the first call for
   * a game does anything (the game's `outcome_recorded` flag is read and set under that lock), so
   * two processes, or a replay, record it once. False when it was already recorded.
   */
  record(gameId: string, winners: readonly number[], rating: Rating | null): Promise<boolean>;
}
