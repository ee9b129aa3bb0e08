// The event store: per game, the accepted commands and the events they produced, appended by one
// statement that checks the game is still at the version they were decided on. Raw SQL: this is
// the hot path of every move.
//
// Nothing here knows a game's rules; states are opaque JSON (snapshots only cache a fold of the log).

import type pg from 'pg';
import type { Deadline } from '../clock/deadlines.ts';
import type { Queryable } from '../db/queryable.ts';
import { inTransaction } from '../db/transaction.ts';
// The jobs a change causes are added by the statement that makes it: a job exists if and only if its cause committed.
import { gameJobsColumns, gameJobsValues, type GameJobs } from '../jobs/queue.ts';
import { seatsColumn, type SeatRow } from './seats.ts';

export interface GameRow {
  id: string;
  module: string;
  status: GameStatus;
  options: Record<string, unknown>;
  version: number;
  /** The deadline of every seat awaited now. */
  deadlines: Deadline[];
  createdAt: Date;
  updatedAt: Date;
}

export type GameStatus = 'open' | 'active' | 'finished' | 'abandoned';

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
  command: { type: string; payload: object; senderKind: 'seat' | 'system'; seat: number | null; callerId: string | null };
  events: { type: string; payload: object }[];
  /** The game's status after these events. */
  status: GameStatus;
  /** The deadlines of the seats awaited after these events. */
  deadlines: Deadline[];
  /** A fold of the log at the new version, to store as a snapshot; omit when none is due. */
  snapshot?: unknown;
  /** A Postgres NOTIFY to send with the append: delivered to listeners if and when it commits. */
  notify: { channel: string; payload: string };
  /** The expiry and notify jobs the change causes, added in the same statement. */
  jobs: GameJobs;
}

export interface Appended {
  version: number;
  commandSeq: number;
  events: StoredEvent[];
}

/** Re-exported for the layers above the store; the store's neighbours import it from src/db. */
export type { Queryable };

const gameColumns = `id, module, status, options, version, deadlines, created_at AS "createdAt", updated_at AS "updatedAt"`;
// The hot queries are named: each connection parses and plans them once (node-pg prepares a named
// query on first use per connection).
const GAME_WITH_SEATS = `SELECT ${gameColumns}, ${seatsColumn('games')} FROM games WHERE id = $1`;

export class EventStore {
  constructor(readonly pool: pg.Pool) {}

  async createGame(
    db: Queryable,
    input: { module: string; status: GameStatus; options: object },
  ): Promise<GameRow> {
    const { rows } = await db.query<GameRow>(
      `INSERT INTO games (module, status, options) VALUES ($1, $2, $3) RETURNING ${gameColumns}`,
      [input.module, input.status, JSON.stringify(input.options)],
    );
    return rows[0]!;
  }

  async game(db: Queryable, id: string): Promise<GameRow | null> {
    if (!isUuid(id)) return null;
    const { rows } = await db.query<GameRow>(`SELECT ${gameColumns} FROM games WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The game and its seats, in one query. */
  async gameWithSeats(db: Queryable, id: string): Promise<{ game: GameRow; seats: SeatRow[] } | null> {
    if (!isUuid(id)) return null;
    const { rows } = await db.query<GameRow & { seats: SeatRow[] }>({ name: 'game-with-seats', text: GAME_WITH_SEATS, values: [id] });
    if (!rows[0]) return null;
    const { seats, ...game } = rows[0];
    return { game, seats };
  }

  async setStatus(db: Queryable, id: string, status: GameStatus, deadlines?: Deadline[]): Promise<void> {
    await db.query(`UPDATE games SET status = $2, deadlines = COALESCE($3::jsonb, deadlines), updated_at = now() WHERE id = $1`, [
      id,
      status,
      deadlines ? JSON.stringify(deadlines) : null,
    ]);
  }

  /** Replaces the deadlines of the seats awaited now (a vacation moved them). */
  async setDeadlines(db: Queryable, id: string, deadlines: Deadline[]): Promise<void> {
    await db.query(`UPDATE games SET deadlines = $2::jsonb WHERE id = $1`, [id, JSON.stringify(deadlines)]);
  }

  /**
   * Runs `work` in a transaction that holds the game's row lock, for changes other than commands
   * (claiming a seat and starting the game, a vacation moving deadlines): `append` sees them, as
   * it checks the version and the deadlines it decided on. `work` also gets the game's seats, read
   * with the lock. Returns null when there is no such game.
   */
  async withGameLocked<T>(id: string, work: (tx: pg.PoolClient, game: GameRow, seats: SeatRow[]) => Promise<T>): Promise<{ value: T } | null> {
    if (!isUuid(id)) return null;
    return this.transaction(async (tx) => {
      const { rows } = await tx.query<GameRow & { seats: SeatRow[] }>({ name: 'game-with-seats-locked', text: `${GAME_WITH_SEATS} FOR UPDATE OF games`, values: [id] });
      if (!rows[0]) return null;
      const { seats, ...game } = rows[0];
      return { value: await work(tx, game, seats) };
    });
  }

  transaction<T>(work: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }

  /**
   * Appends one accepted command and its events after `game.version`, if the game is still as
   * read: same version, same deadlines (a vacation moves deadlines without a new version). One
   * statement, so one round trip and atomic without a transaction: the game's new version, the
   * command (numbered after the last), its events, a snapshot when one is due, its jobs, and the
   * NOTIFY. Returns null, having written nothing, when the game moved since it was read: the
   * caller reads it again and decides again (optimistic concurrency, architecture.md "Service").
   * The events' foreign key to their command is checked at the end of the statement, once both are in.
   */
  async append(db: Queryable, game: GameRow, input: AppendInput): Promise<Appended | null> {
    const version = game.version + input.events.length;
    const { rows } = await db.query<{ commandSeq: number; acceptedAt: Date }>({
      name: 'append',
      text: `WITH moved AS (
         UPDATE games SET version = $8::int, status = $9::text, deadlines = $10::jsonb, updated_at = now()
         WHERE id = $1::uuid AND version = $7::int AND deadlines = $11::jsonb
         RETURNING id
       ), command AS (
         INSERT INTO commands (game_id, seq, type, payload, sender_kind, seat, caller_id)
         SELECT $1::uuid, (SELECT COALESCE(MAX(seq), 0) + 1 FROM commands WHERE game_id = $1::uuid), $2::text, $3::jsonb, $4::text, $5::int, $6::text
         FROM moved
         RETURNING seq, accepted_at
       ), appended AS (
         INSERT INTO events (game_id, seq, command_seq, type, payload, created_at)
         SELECT $1::uuid, $7::int + e.n::int, command.seq, e.t, e.p::jsonb, command.accepted_at
         FROM command, unnest($12::text[], $13::text[]) WITH ORDINALITY AS e(t, p, n)
       ), snapshot AS (
         INSERT INTO snapshots (game_id, version, state) SELECT $1::uuid, $8::int, $14::jsonb FROM moved WHERE $14::jsonb IS NOT NULL
         ON CONFLICT (game_id, version) DO NOTHING
       )
       SELECT seq AS "commandSeq", accepted_at AS "acceptedAt", pg_notify($15::text, $16::text), ${gameJobsColumns('$1', 17)}
       FROM command`,
      values: [
        game.id,
        input.command.type,
        JSON.stringify(input.command.payload),
        input.command.senderKind,
        input.command.seat,
        input.command.callerId,
        game.version,
        version,
        input.status,
        JSON.stringify(input.deadlines),
        JSON.stringify(game.deadlines ?? []),
        input.events.map((e) => e.type),
        input.events.map((e) => JSON.stringify(e.payload)),
        input.snapshot === undefined ? null : JSON.stringify(input.snapshot),
        input.notify.channel,
        input.notify.payload,
        ...gameJobsValues(input.jobs),
      ],
    });
    if (!rows[0]) return null;
    const { commandSeq, acceptedAt } = rows[0];
    return {
      version,
      commandSeq,
      events: input.events.map((e, i) => ({
        seq: game.version + 1 + i,
        commandSeq,
        type: e.type,
        payload: e.payload as Record<string, unknown>,
        createdAt: acceptedAt,
      })),
    };
  }

  /** The newest snapshot at or before `atMost`. */
  async snapshot(db: Queryable, gameId: string, atMost: number): Promise<{ version: number; state: unknown } | null> {
    const { rows } = await db.query<{ version: number; state: unknown }>(
      `SELECT version, state FROM snapshots WHERE game_id = $1 AND version <= $2 ORDER BY version DESC LIMIT 1`,
      [gameId, atMost],
    );
    return rows[0] ?? null;
  }

  /** Events with `after < seq <= upTo`, in order. */
  async events(db: Queryable, gameId: string, after: number, upTo = 2 ** 31 - 1, limit = 100_000): Promise<StoredEvent[]> {
    // Nothing lies past the end; and a reader's `after` beyond int4 (from a query string) must not reach the query.
    if (after >= upTo) return [];
    const { rows } = await db.query<StoredEvent>({
      name: 'events',
      text: `SELECT seq, command_seq AS "commandSeq", type, payload, created_at AS "createdAt"
       FROM events WHERE game_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq LIMIT $4`,
      values: [gameId, after, upTo, limit],
    });
    return rows;
  }

  async commands(db: Queryable, gameId: string): Promise<StoredCommand[]> {
    const { rows } = await db.query<StoredCommand>(
      `SELECT seq, type, payload, sender_kind AS "senderKind", seat, caller_id AS "callerId", accepted_at AS "acceptedAt"
       FROM commands WHERE game_id = $1 ORDER BY seq`,
      [gameId],
    );
    return rows;
  }

  async gameIds(db: Queryable): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM games ORDER BY created_at, id`);
    return rows.map((r) => r.id);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string): boolean => UUID.test(id);
