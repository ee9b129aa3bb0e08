// The event store: per game, the accepted commands and the events they produced, appended by one
// statement that checks the game is still at the version they were decided on. Raw SQL: this is
// the hot path of every move.
//
// Nothing here knows a game's rules; states are opaque JSON (snapshots only cache a fold of the log).

import type pg from 'pg';
import { nextExpiry, type Deadline } from '../clock/deadlines.ts';
import { announce } from '../db/listener.ts';
import type { Queryable } from '../db/queryable.ts';
import { inTransaction, inTransactionFrom } from '../db/transaction.ts';
import type { AppendInput, Appended, GameRow, GameStamp, GameStatus, KeyedCommand, Move, SeatRow, StoredCommand, StoredEvent, UnnotifiedGame } from '../service/ports/records.ts';
import { seatsColumn } from './seats.ts';

export type { AppendInput, Appended, GameRow, GameStatus, KeyedCommand, Move, StoredCommand, StoredEvent, UnnotifiedGame } from '../service/ports/records.ts';
export { hasEnded } from '../service/ports/records.ts';

/**
 * The payload of the NOTIFY sent when a game moves: `<game>:<version>:<next expiry, epoch ms, or
 * empty>`, and `:news` when the notifier has something to tell (the append adds it). Long-polls
 * and streams read the first two fields; deadline sweepers the third; notifiers the last.
 */
export const gameSignal = (gameId: string, version: number, deadlines: readonly Deadline[]): string => {
  const next = nextExpiry(deadlines);
  return `${gameId}:${version}:${next === null ? '' : Date.parse(next)}`;
};

/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** Re-exported for the layers above the store; the store's neighbours import it from src/db. */
export type { Queryable };

// The creator's handle by the accounts' primary key: a game's creator need not hold a seat.
const gameColumns = `id, module, status, options, version, deadlines, clock_revision AS "clockRevision", seats_revision AS "seatsRevision",
  (SELECT a.handle FROM accounts a WHERE a.id = games.created_by) AS creator, created_at AS "createdAt", updated_at AS "updatedAt"`;
// The hot queries are named: each connection parses and plans them once (node-pg prepares a named
// query on first use per connection).
const GAME_WITH_SEATS = `SELECT ${gameColumns}, ${seatsColumn('games')} FROM games WHERE id = $1`;
/** The sweeper's hold (`withDueGame`); not named: it has no parameters and travels with its BEGIN. */
const LOCK_DUE_GAME = `SELECT ${gameColumns}, ${seatsColumn('games')} FROM games
  WHERE status = 'active' AND next_deadline <= now()
  ORDER BY next_deadline LIMIT 1 FOR UPDATE OF games SKIP LOCKED`;

export class EventStore {
  readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async createGame(
    db: Queryable,
    input: { module: string; status: GameStatus; options: object; createdBy?: string },
  ): Promise<GameRow> {
    const { rows } = await db.query<GameRow>(
      `INSERT INTO games (module, status, options, created_by) VALUES ($1, $2, $3, $4) RETURNING ${gameColumns}`,
      [input.module, input.status, JSON.stringify(input.options), input.createdBy ?? null],
    );
    return rows[0]!;
  }

  async game(db: Queryable, id: string): Promise<GameRow | null> {
    if (!isUuid(id)) return null;
    const { rows } = await db.query<GameRow>(`SELECT ${gameColumns} FROM games WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The changing part of the game row alone: no options, no seats (see `GameStamp`). */
  async stamp(db: Queryable, id: string): Promise<GameStamp | null> {
    if (!isUuid(id)) return null;
    const { rows } = await db.query<GameStamp>({
      name: 'game-stamp',
      text: `SELECT version, status, deadlines, clock_revision AS "clockRevision", seats_revision AS "seatsRevision", updated_at AS "updatedAt" FROM games WHERE id = $1`,
      values: [id],
    });
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

  /**
   * Every seat is taken: the game is on, with the deadlines of its first situations. The start is
   * news for the notifier (cursor −1) and for every process's deadline sweeper (the NOTIFY).
   */
  async start(db: Queryable, id: string, deadlines: Deadline[], channel: string): Promise<void> {
    await db.query(
      `UPDATE games SET status = 'active', deadlines = $2::jsonb, next_deadline = $3, notified_version = -1, notified_deadlines = $2::jsonb, updated_at = now() WHERE id = $1`,
      [id, JSON.stringify(deadlines), nextExpiry(deadlines)],
    );
    await db.query(`SELECT pg_notify($1, $2)`, [channel, gameSignal(id, 0, deadlines)]);
  }

  /** Replaces the deadlines of the seats awaited now (a vacation moved them); an append decided on the old ones will fail. */
  async moveDeadlines(db: Queryable, game: GameRow, deadlines: Deadline[], channel: string): Promise<void> {
    await db.query(`UPDATE games SET deadlines = $2::jsonb, next_deadline = $3, clock_revision = clock_revision + 1 WHERE id = $1`, [
      game.id,
      JSON.stringify(deadlines),
      nextExpiry(deadlines),
    ]);
    await db.query(`SELECT pg_notify($1, $2)`, [channel, gameSignal(game.id, game.version, deadlines)]);
  }

  /**
   * The account's vacation began, grew or ended: its seats' next deadlines start elsewhere. Every
   * active game it sits in moves its clock revision, so a command decided on what a process
   * remembered of the seats fails its append and is decided again on a fresh read.
   */
  async pausesChanged(db: Queryable, accountId: string): Promise<void> {
    await db.query(
      `UPDATE games SET clock_revision = clock_revision + 1
       WHERE status = 'active' AND id IN (SELECT game_id FROM game_seats WHERE account_id = $1)`,
      [accountId],
    );
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
   * read: same version, same clock revision (a vacation moves deadlines without a new version).
   * One statement, so one round trip and atomic without a transaction: the game row (version,
   * status, deadlines and the next expiry), the command (numbered after the last), its events, a
   * snapshot when one is due, the Idempotency-Key when there is one, and the NOTIFY (left out, and
   * heard in this process alone, when nobody else listens: `announce`). No job rows:
   * deadlines are swept from `next_deadline`, notifications follow the log (`unnotified`). A game
   * nobody could be told about (`notify_wanted`), whose players have been told everything before,
   * has its notifier cursor moved along here, so the notifier never reads or writes it.
   * Returns null, having written nothing, when the game moved since it was read: the caller reads
   * it again and decides again (optimistic concurrency). A key that another request committed
   * first fails the whole statement (`idempotency_keys_pkey`): nothing is written either.
   * The events' foreign key to their command is checked at the end of the statement, once both are in.
   */
  async append(db: Queryable, game: GameRow, input: AppendInput): Promise<Appended | null> {
    const version = game.version + input.events.length;
    const signal = gameSignal(game.id, version, input.deadlines);
    const statement = (notify: boolean) => db.query<{ commandSeq: number; acceptedAt: Date; untold: boolean; updatedAt: Date }>({
      name: 'append',
      text: `WITH moved AS (
         UPDATE games SET version = $8::int, status = $9::text, deadlines = $10::jsonb, next_deadline = $16::timestamptz, updated_at = now(),
           notified_version = CASE WHEN listeners.unheard AND notified_version = $7::int THEN $8::int ELSE notified_version END,
           notified_deadlines = CASE WHEN listeners.unheard AND notified_version = $7::int THEN $10::jsonb ELSE notified_deadlines END
         FROM (SELECT NOT notify_wanted($1::uuid) AS unheard) AS listeners
         WHERE id = $1::uuid AND version = $7::int AND clock_revision = $11::int
         RETURNING id, notified_version < version AS untold, updated_at
       ), command AS (
         INSERT INTO commands (game_id, seq, type, payload, sender_kind, seat, caller_id, version, deadlines, accepted_at)
         SELECT $1::uuid, (SELECT COALESCE(MAX(seq), 0) + 1 FROM commands WHERE game_id = $1::uuid), $2::text, $3::json, $4::text, $5::int, $6::text, $8::int, $10::jsonb,
                COALESCE($19::timestamptz, now())
         FROM moved
         RETURNING seq, accepted_at
       ), appended AS (
         INSERT INTO events (game_id, seq, command_seq, type, payload, created_at)
         SELECT $1::uuid, $7::int + e.n::int, command.seq, e.event->>0, e.event->1, command.accepted_at
         FROM command, json_array_elements($12::json) WITH ORDINALITY AS e(event, n)
       ), snapshot AS (
         INSERT INTO snapshots (game_id, version, state) SELECT $1::uuid, $8::int, $13::json FROM moved WHERE $13::json IS NOT NULL
         ON CONFLICT (game_id, version) DO NOTHING
       ), keyed AS (
         INSERT INTO idempotency_keys (caller_id, key, request_hash, game_id, command_seq, version, expires_at)
         SELECT $6::text, $17::text, $18::text, $1::uuid, command.seq, $8::int, now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
         FROM command WHERE $17::text IS NOT NULL
       )
       SELECT seq AS "commandSeq", accepted_at AS "acceptedAt", moved.untold, moved.updated_at AS "updatedAt",
              (SELECT pg_notify($14::text, $15::text || CASE WHEN moved.untold THEN ':news' ELSE '' END) WHERE $14::text IS NOT NULL)
       FROM command, moved`,
      values: [
        game.id,
        input.command.type,
        JSON.stringify(input.command.payload),
        input.command.senderKind,
        input.command.seat,
        input.idempotency?.callerId ?? input.command.callerId,
        game.version,
        version,
        input.status,
        JSON.stringify(input.deadlines),
        game.clockRevision ?? 0,
        // One JSON array of [type, payload] pairs: a text[] parameter would have pg escape every quote
        // of every payload, and Postgres unescape them again.
        JSON.stringify(input.events.map((e) => [e.type, e.payload])),
        input.snapshot === undefined ? null : JSON.stringify(input.snapshot),
        notify ? input.channel : null,
        signal,
        nextExpiry(input.deadlines),
        input.idempotency?.key ?? null,
        input.idempotency?.requestHash ?? null,
        input.command.acceptedAt ?? null,
      ],
    });
    // A statement on the pool commits as it returns; inside a transaction it commits later, so it keeps its NOTIFY.
    const { rows } =
      db === this.pool
        ? await announce(this.pool, input.channel, async (notify) => {
            const result = await statement(notify);
            return { value: result, payload: result.rows[0] ? `${signal}${result.rows[0].untold ? ':news' : ''}` : null };
          })
        : await statement(true);
    if (!rows[0]) return null;
    const { commandSeq, acceptedAt, untold, updatedAt } = rows[0];
    return {
      version,
      commandSeq,
      untold,
      updatedAt,
      events: input.events.map((e, i) => ({
        seq: game.version + 1 + i,
        commandSeq,
        type: e.type,
        payload: e.payload as Record<string, unknown>,
        createdAt: acceptedAt,
      })),
    };
  }

  /** What the caller's Idempotency-Key produced, if it is still remembered. */
  async keyed(db: Queryable, callerId: string, key: string): Promise<KeyedCommand | null> {
    const { rows } = await db.query<KeyedCommand>({
      name: 'idempotency-key',
      text: `SELECT k.request_hash AS "requestHash", k.game_id AS "gameId", k.command_seq AS "commandSeq", k.version, c.deadlines
             FROM idempotency_keys k JOIN commands c ON c.game_id = k.game_id AND c.seq = k.command_seq
             WHERE k.caller_id = $1 AND k.key = $2 AND k.expires_at > now()`,
      values: [callerId, key],
    });
    return rows[0] ?? null;
  }

  /** The events one command produced (its version is that of its last event). */
  async eventsOfCommand(db: Queryable, gameId: string, commandSeq: number): Promise<StoredEvent[]> {
    const { rows } = await db.query<StoredEvent>(
      `SELECT seq, command_seq AS "commandSeq", type, payload, created_at AS "createdAt"
       FROM events WHERE game_id = $1 AND command_seq = $2 ORDER BY seq`,
      [gameId, commandSeq],
    );
    return rows;
  }

  /** Whether the game's last `count` accepted commands were all the system's (deadlines passing). */
  async silentFor(db: Queryable, gameId: string, count: number): Promise<boolean> {
    if (count <= 0) return true;
    const { rows } = await db.query<{ silent: number }>({
      name: 'silent-for',
      text: `SELECT count(*) FILTER (WHERE sender_kind = 'system')::int AS silent
               FROM (SELECT sender_kind FROM commands WHERE game_id = $1 ORDER BY seq DESC LIMIT $2) AS last`,
      values: [gameId, count],
    });
    return rows[0]!.silent === count;
  }

  /**
   * Runs `work` on the active game whose next window expiry passed longest ago, with its seats,
   * locked for `work`'s transaction (`FOR UPDATE SKIP LOCKED`: another process's sweeper takes the
   * next one), and commits; null when no game is due. The lock goes with the BEGIN, in one round
   * trip: the expiry's lateness waits for it.
   */
  withDueGame<T>(pool: pg.Pool, work: (tx: pg.PoolClient, due: { game: GameRow; seats: SeatRow[] }) => Promise<T>): Promise<{ value: T } | null> {
    return inTransactionFrom<GameRow & { seats: SeatRow[] }, { value: T } | null>(pool, LOCK_DUE_GAME, async (tx, rows) => {
      if (!rows[0]) return null;
      const { seats, ...game } = rows[0];
      return { value: await work(tx, { game, seats }) };
    });
  }

  /** Sets `next_deadline` whatever the deadlines say (a game whose expiry changed nothing is looked at again later). */
  async deferExpiry(db: Queryable, gameId: string, until: Date | null): Promise<void> {
    await db.query(`UPDATE games SET next_deadline = $2 WHERE id = $1`, [gameId, until]);
  }

  /** The earliest window expiry of any active game; with `after`, the earliest later than it. */
  async nextDeadline(db: Queryable, after?: Date): Promise<Date | null> {
    const { rows } = await db.query<{ next: Date | null }>({
      name: 'next-deadline',
      text: `SELECT min(next_deadline) AS next FROM games WHERE status = 'active' AND ($1::timestamptz IS NULL OR next_deadline > $1)`,
      values: [after ?? null],
    });
    return rows[0]?.next ?? null;
  }

  /** Games whose log moved past their notified version, longest waiting first, with the commands since. */
  async unnotified(db: Queryable, limit: number): Promise<UnnotifiedGame[]> {
    const { rows } = await db.query<Omit<UnnotifiedGame, 'moves'>>({
      name: 'unnotified',
      text: `SELECT id, version, status, deadlines, notified_version AS "notifiedVersion", notified_deadlines AS "notifiedDeadlines",
                    updated_at AS "updatedAt", notify_wanted(id) AS wanted
             FROM games WHERE notified_version < version ORDER BY updated_at LIMIT $1`,
      values: [limit],
    });
    if (rows.length === 0) return [];
    // Each game's commands after the last one told, read by seq (the key): versions never go down
    // as seq goes up, so they are those after the last command at or below the told version. A
    // join on `version > told` is answered by a scan of every command of every game once Postgres
    // keeps a generic plan for the named statement (measured: 8.5 ms at 21,500 commands, against
    // 0.25 ms by the key), a cost that grew with the whole table on every look the notifier took.
    const { rows: moves } = await db.query<Move & { gameId: string }>({
      name: 'unnotified-moves',
      text: `SELECT c.game_id AS "gameId", c.version, c.deadlines, c.accepted_at AS at
             FROM unnest($1::uuid[], $2::int[]) AS u(id, told)
             CROSS JOIN LATERAL (
               SELECT c.game_id, c.seq, c.version, c.deadlines, c.accepted_at FROM commands c
               WHERE c.game_id = u.id
                 AND c.seq > COALESCE((SELECT t.seq FROM commands t WHERE t.game_id = u.id AND t.version <= u.told ORDER BY t.seq DESC LIMIT 1), 0)
             ) c
             ORDER BY c.game_id, c.seq`,
      values: [rows.map((g) => g.id), rows.map((g) => g.notifiedVersion)],
    });
    return rows.map((game) => ({ ...game, moves: moves.filter((m) => m.gameId === game.id).map(({ version, deadlines, at }) => ({ version, deadlines, at })) }));
  }

  /**
   * Moves the notifier's cursor of each game from `from` to `to` (with the deadlines told), only
   * where it still is at `from`: a notifier that lost a race changes nothing. Returns the games moved.
   */
  async markNotified(db: Queryable, marks: readonly { gameId: string; from: number; to: number; deadlines: readonly Deadline[] }[]): Promise<string[]> {
    if (marks.length === 0) return [];
    const { rows } = await db.query<{ id: string }>({
      name: 'mark-notified',
      text: `UPDATE games g SET notified_version = m.to, notified_deadlines = m.deadlines
             FROM unnest($1::uuid[], $2::int[], $3::int[], $4::jsonb[]) AS m(id, "from", "to", deadlines)
             WHERE g.id = m.id AND g.notified_version = m."from"
             RETURNING g.id`,
      values: [marks.map((m) => m.gameId), marks.map((m) => m.from), marks.map((m) => m.to), marks.map((m) => JSON.stringify(m.deadlines))],
    });
    return rows.map((r) => r.id);
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
