// The records the service reads and writes through its ports (game-log.ts, game-records.ts):
// what a game, a seat, an event and a command are once stored. The service owns these shapes;
// the stores (src/store: Postgres, in memory) produce them.

import type { Clocks } from '../../clock/clocks.ts';
import type { Deadline } from '../../clock/deadlines.ts';

export interface GameRow {
  id: string;
  module: string;
  status: GameStatus;
  options: Record<string, unknown>;
  version: number;
  /** The deadline of every seat awaited now. */
  deadlines: Deadline[];
  /** Bumped when the deadlines move without an event (a vacation); an append compares it with the one read. */
  clockRevision: number;
  /** Bumped when what readers see of the seats changes (a seat taken, a seated account renamed or on vacation). */
  seatsRevision?: number;
  /** The handle of the account that created the game (`options.createdBy`), read with the row; null or absent when it has none. */
  creator?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * What of a game row changes while a process holds the rest in memory: read alone, it tells
 * whether the row and seats held are still the game's (same version and revisions), and brings
 * what moves without them (status, deadlines, the time of the last change).
 */
export type GameStamp = Pick<GameRow, 'version' | 'status' | 'deadlines' | 'clockRevision' | 'updatedAt'> & { seatsRevision: number };

export type GameStatus = 'open' | 'active' | 'finished' | 'abandoned';

/** A private game shows nothing of itself, not even that it exists, to anyone not seated in it (src/service/invites.ts). */
export const isPrivate = (game: GameRow): boolean => (game.options as { private?: unknown }).private === true;

/** A game that will take no more commands: played to its end, or abandoned by its clocks. Its whole log is public. */
export const hasEnded = (status: GameStatus | string): boolean => status === 'finished' || status === 'abandoned';

export interface StoredEvent {
  seq: number;
  commandSeq: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

export interface StoredCommand {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  senderKind: 'seat' | 'system';
  seat: number | null;
  callerId: string | null;
  acceptedAt: Date;
}

export interface AppendInput {
  /** `acceptedAt`: the time `decide` was given; stored exactly (absent: the store's clock). */
  command: { type: string; payload: object; senderKind: 'seat' | 'system'; seat: number | null; callerId: string | null; acceptedAt?: Date };
  events: { type: string; payload: object }[];
  /** The game's status after these events. */
  status: GameStatus;
  /** The deadlines of the seats awaited after these events. */
  deadlines: Deadline[];
  /** A fold of the log at the new version, to store as a snapshot; omit when none is due. */
  snapshot?: unknown;
  /** The channel of the NOTIFY sent with the append (delivered to listeners if and when it commits): `gameSignal` is its payload. */
  channel: string;
  /** The request's Idempotency-Key: recorded with the command, so the same key finds this command again. */
  idempotency?: { callerId: string; key: string; requestHash: string };
}

/** What an Idempotency-Key produced: the command (its answer is rebuilt from the log). */
export interface KeyedCommand {
  requestHash: string;
  gameId: string;
  commandSeq: number;
  /** The game's version after that command. */
  version: number;
  /** The deadlines after that command (who it left awaited). */
  deadlines: Deadline[];
}

/** A game whose log has moved past what its players were told (the notifier's cursor). */
export interface UnnotifiedGame {
  id: string;
  version: number;
  status: GameStatus;
  deadlines: Deadline[];
  /** The cursor: −1 for the start, untold (its deadlines are then `notifiedDeadlines`). */
  notifiedVersion: number;
  notifiedDeadlines: Deadline[];
  /** When the game last moved. */
  updatedAt: Date;
  /** Whether anyone could be told (`notify_wanted`): a verified address or a webhook. */
  wanted: boolean;
  /** The commands after the cursor, in order: the version each reached and the deadlines after it. */
  moves: Move[];
}

export interface Move {
  version: number;
  deadlines: Deadline[];
  at: Date;
}

export interface Appended {
  version: number;
  commandSeq: number;
  events: StoredEvent[];
  /** The game has news for the notifier (someone could be told, or earlier news is untold). */
  untold: boolean;
  /** The game row's `updated_at` as the append wrote it. */
  updatedAt: Date;
}

export interface SeatRow {
  seat: number;
  accountId: string | null;
  handle: string | null;
  bot: boolean;
  /** While in the future, the owner is on vacation: their new deadlines start from it (ISO 8601). */
  pausedUntil: string | null;
  /** Its player let deadlines pass in a row: a bot plays it until they take it back (src/service/absent-seats.ts). Absent: false. */
  absent?: boolean;
}

/** A seat handed to a bot while its player is away (`absent`), or taken back (`returned`), at a game version. */
export interface SeatHandover {
  seat: number;
  kind: 'absent' | 'returned';
  version: number;
  at: Date;
}

/**
 * Provably fair shuffles: the game's generator key, its commitment (published from creation) and
 * whether its creator chose what it starts from. The key is shown only once the game is over.
 */
export interface Fairness {
  key: string;
  commitment: string;
  /**
   * True when the creator chose the seed the key derives from, or the starting position (a
   * scenario): either way the creator may know or have arranged every hand, and the game is
   * never listed in the public lobby unless the operator allows it.
   */
  seeded: boolean;
  /** True when the game started from a position its creator described (`positionOption`). */
  position: boolean;
}

/** What the platform stores in `games.options`. `setup` and `fairness.key` are secret while the game runs. */
export interface StoredOptions {
  setup: unknown;
  /** The options as the client sent them, without the seed: safe to show. */
  public: Record<string, unknown>;
  fairness: Fairness;
  bots: boolean[];
  /** Which bot plays each bot seat (a name from the game's bots, e.g. `heuristic`), null for a player's seat. */
  botKinds: (string | null)[];
  createdBy: string;
  /** Rated (src/service/ratings.ts): chosen at creation, and only ever true for people only, two or more, unseeded. Absent: unrated. */
  rated?: boolean;
  /**
   * Listed nowhere, and absent to anyone not seated, except through an invitation
   * (src/service/invites.ts). The lobby always writes it; the public listing reads `false`.
   */
  private?: boolean;
  /** Durations per situation, in milliseconds, from the `clock` option. */
  clocks: Clocks;
}

export interface GameWithSeats {
  game: GameRow;
  seats: SeatRow[];
}
