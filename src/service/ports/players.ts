// What a player page reads (../players.ts): a port the service owns; src/store/players.ts
// implements it over Postgres. Only games any visitor could list are ever read: none whose
// creator chose its seed or position (those are reached by link only, docs/architecture.md §6).

import type { RatingSystem, RatingValue } from './outcomes.ts';

/** One of the player's games as a player page shows it. */
export interface PlayerGameRow {
  id: string;
  module: string;
  status: 'active' | 'finished' | 'abandoned';
  /** The options every reader sees (`options.public`). */
  publicOptions: Record<string, unknown>;
  /** The player's own seat. */
  seat: number;
  seats: { seat: number; handle: string | null; botKind: string | null }[];
  /** The recorded winners of a finished game; null until its outcome is recorded (and for other games). */
  winners: number[] | null;
  rated: boolean;
  createdAt: Date;
  /** When it last moved: for a game that has ended, when it ended. */
  updatedAt: Date;
}

/** Where a page of finished games resumes: after this game, in newest-first order. */
export interface FinishedCursor {
  at: Date;
  id: string;
}

/** Per game: games in progress, finished (and of those, recorded won, lost and drawn), abandoned. */
export interface PlayerCounts {
  module: string;
  inProgress: number;
  finished: number;
  won: number;
  lost: number;
  drawn: number;
  abandoned: number;
}

export interface StoredRating {
  module: string;
  system: RatingSystem;
  value: RatingValue;
  games: number;
}

export interface PlayerRecords {
  /** The account with this handle (whatever its case); null when there is none. */
  account(handle: string): Promise<{ id: string; handle: string } | null>;
  /** The listable games the account plays now, most recently moved first (at most `limit`). */
  inProgress(accountId: string, limit: number): Promise<PlayerGameRow[]>;
  /** The listable games the account played that have ended, newest first, after `cursor` (at most `limit`). */
  ended(accountId: string, cursor: FinishedCursor | null, limit: number): Promise<PlayerGameRow[]>;
  /** How many listable games the account plays and played, per game. */
  counts(accountId: string): Promise<PlayerCounts[]>;
  ratings(accountId: string): Promise<StoredRating[]>;
  /**
   * A fingerprint of the account's games as "my games" lists them (ids, versions, statuses,
   * seats), and the ids of those that can still move: the fingerprint changes when any of them does.
   */
  gamesStamp(accountId: string): Promise<{ stamp: string; moving: string[] }>;
}
