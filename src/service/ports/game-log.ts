// The event log as the service's command path, deadline sweeper and notifier use it: a port the
// service owns, with two stores behind it (src/store: `PostgresGameLog` over Postgres,
// `MemoryGameLog` in this process). test/store/game-log-contract.test.ts runs one suite on both.
//
// Optimistic concurrency and idempotency live in the store, not in the service: `append` writes
// only if the game is still at the version (and clock revision) it was decided on, and records the
// Idempotency-Key with the command in the same write.

import type { Deadline } from '../../clock/deadlines.ts';
import type { AppendInput, Appended, GameRow, GameWithSeats, KeyedCommand, StoredEvent, UnnotifiedGame } from './records.ts';

export interface NotifiedMark {
  gameId: string;
  /** The cursor as read: the mark applies only if it is still there. */
  from: number;
  to: number;
  /** The deadlines at `to`, against which the next news is compared. */
  deadlines: readonly Deadline[];
}

export interface GameLog {
  /** The game and its seats, as they are now; null when there is no such game. */
  read(gameId: string): Promise<GameWithSeats | null>;
  /** The newest snapshot at or before `atMost`. */
  snapshot(gameId: string, atMost: number): Promise<{ version: number; state: unknown } | null>;
  /** Events with `after < seq <= upTo`, in order, at most `limit` of them. */
  events(gameId: string, after: number, upTo?: number, limit?: number): Promise<StoredEvent[]>;
  /** The events the command numbered `commandSeq` produced. */
  eventsOfCommand(gameId: string, commandSeq: number): Promise<StoredEvent[]>;
  /** Whether the game's last `count` accepted commands were all the system's. */
  silentFor(gameId: string, count: number): Promise<boolean>;
  /** What an Idempotency-Key of this caller produced, while it is remembered. */
  keyed(callerId: string, key: string): Promise<KeyedCommand | null>;
  /**
   * Appends the command and its events if the game is still at `game.version` and
   * `game.clockRevision`; null (nothing written) if it moved. Throws `IdempotencyKeyTaken` when
   * another request with the same key was appended first (nothing written).
   */
  append(game: GameRow, input: AppendInput): Promise<Appended | null>;
  /**
   * Runs `work` for the active game whose next expiry passed longest ago, holding it so that no
   * other sweeper takes it meanwhile (`log` writes within that hold); null when none is due.
   */
  withDueGame<T>(work: (log: GameLog, due: GameWithSeats) => Promise<T>): Promise<{ value: T } | null>;
  /**
   * The seats whose deadlines passed in the expiry appended at `version` count a miss (a seat that
   * acted since its last miss starts again); those reaching `after` in a row are handed to a bot
   * and the handover recorded (src/service/absent-seats.ts). Written with the expiry, inside
   * `withDueGame`'s hold. Returns the seats handed over.
   */
  recordMisses(gameId: string, seats: readonly number[], version: number, after: number): Promise<number[]>;
  /** Sets when the game is next looked at by the sweepers, whatever its deadlines say; null: not until a command moves it. */
  deferExpiry(gameId: string, until: Date | null): Promise<void>;
  /** The earliest window expiry of any active game; with `after`, the earliest later than it. */
  nextDeadline(after?: Date): Promise<Date | null>;
  /** Games whose log is ahead of what their players were told, longest waiting first. */
  unnotified(limit: number): Promise<UnnotifiedGame[]>;
  /** Moves notifier cursors that are still where they were read; returns the games moved. */
  markNotified(marks: readonly NotifiedMark[]): Promise<string[]>;
}

/** Another request with the same Idempotency-Key committed first: look the key up again. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('Idempotency-Key taken by a concurrent request');
    this.name = 'IdempotencyKeyTaken';
  }
}
