// The command handler: read, fold, decide, append — and the append succeeds only if the game is
// still at the version the command was decided on, so the log can never fork; when another
// process got there first, the command is decided again on the new version.

import { createHash } from 'node:crypto';
import type { Sender } from '../platform/game-module.ts';
import type { AppendInput, Appended, EventStore, GameRow, Queryable, StoredEvent } from '../store/event-store.ts';
import type { SeatRow } from '../store/seats.ts';
import type { DeadlineKeeper } from './deadlines.ts';
import { violatedUniqueConstraint } from '../db/transaction.ts';
import { Refusal, notFound } from './errors.ts';
import type { GameStates } from './game-states.ts';
import { CHANNEL } from './signals.ts';

/** Who sends it: a player (acting for the seat it holds), a bot seat, or the system (deadlines). */
export type Author = { account: string } | { bot: number } | { system: true };

export interface Submission {
  gameId: string;
  author: Author;
  command: Record<string, unknown>;
  expectedVersion?: number;
  idempotencyKey?: string;
}

export interface Accepted {
  game: GameRow;
  /** The seat that sent the command; null for the system. */
  seat: number | null;
  version: number;
  events: StoredEvent[];
  state: unknown;
  /** True when this is the stored answer to an earlier request with the same Idempotency-Key. */
  replayed?: boolean;
  /** The stored response body, when replayed. */
  response?: unknown;
  /** Expiry jobs this command added or moved: when they fall due (rung after commit). */
  due?: string[];
}

export interface IdempotentResponse {
  status: number;
  body: unknown;
}

const IDEMPOTENCY_TTL_HOURS = 24;
/** Appends tried before giving up on a game that keeps changing under us (other processes' commands). */
const MAX_ATTEMPTS = 5;

export class Play {
  /** Per game, the end of this process's queue of commands for it. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly store: EventStore,
    private readonly states: GameStates,
    private readonly deadlines: DeadlineKeeper,
    /** Deadlines in a row that pass with no seat acting before the game is abandoned (ABANDON_AFTER_SILENT_DEADLINES); 0: never. */
    private readonly abandonAfter = 0,
  ) {}

  /**
   * Decides and appends one command. `respond` builds the HTTP answer from the result inside the
   * same transaction, so that with an Idempotency-Key the stored answer commits with the events.
   *
   * Commands for one game take turns in this process before they take a pooled connection: a
   * burst for one game waits here, instead of filling the pool with transactions that wait for the
   * game's version (and starving every other request until the pool's connect timeout fails
   * them). Across processes, the append's version check serialises them.
   */
  submit(s: Submission, respond?: (accepted: Accepted) => IdempotentResponse): Promise<Accepted> {
    const previous = this.queues.get(s.gameId) ?? Promise.resolve();
    const result = previous.then(() => this.decideAndAppend(s, respond));
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(s.gameId, tail);
    void tail.then(() => {
      if (this.queues.get(s.gameId) === tail) this.queues.delete(s.gameId);
    });
    return result;
  }

  private async decideAndAppend(s: Submission, respond?: (accepted: Accepted) => IdempotentResponse): Promise<Accepted> {
    // Only a keyed request is compared with an earlier one; hashed once, however many attempts.
    const requestHash = s.idempotencyKey !== undefined ? hashRequest(s) : null;
    for (let attempt = 1; ; attempt++) {
      const accepted = await this.tryOnce(s, requestHash, respond);
      if (accepted) return this.committed(s.gameId, accepted);
      // Another process (or a vacation) changed the game between our read and our append.
      if (attempt === MAX_ATTEMPTS)
        throw new Refusal('conflict', 'GAME_BUSY', 'The game changed while this command was being decided; send it again.');
    }
  }

  /** Whether the game's last `count` accepted commands were all the system's (deadlines passing). */
  private async silentFor(gameId: string, count: number): Promise<boolean> {
    if (this.abandonAfter <= 0) return false;
    if (count <= 0) return true;
    const { rows } = await this.store.pool.query<{ silent: number }>(
      `SELECT count(*) FILTER (WHERE sender_kind = 'system')::int AS silent
         FROM (SELECT sender_kind FROM commands WHERE game_id = $1 ORDER BY seq DESC LIMIT $2) AS last`,
      [gameId, count],
    );
    return rows[0]!.silent === count;
  }

  /**
   * Reads the game, decides, and appends if the game is still as read; null when it is not.
   * With an Idempotency-Key, the append and the stored answer commit in one transaction.
   */
  private async tryOnce(s: Submission, requestHash: string | null, respond?: (accepted: Accepted) => IdempotentResponse): Promise<Accepted | null> {
    const found = await this.store.gameWithSeats(this.store.pool, s.gameId);
    if (!found) throw notFound(`Game ${s.gameId}`);
    const { game, seats } = found;
    const callerId = 'account' in s.author ? s.author.account : null;
    const sender = senderOf(seats, s.author);
    const seat = sender.kind === 'seat' ? sender.seat : null;
    const keyed = requestHash !== null && callerId !== null && respond !== undefined;
    if (s.idempotencyKey && requestHash && callerId) {
      const earlier = await this.earlierAnswer(this.store.pool, callerId, s.idempotencyKey, requestHash);
      if (earlier) return { game, seat, version: game.version, events: [], state: undefined, replayed: true, response: earlier };
    }
    if (game.status === 'open') throw new Refusal('conflict', 'GAME_NOT_STARTED', 'The game starts when every seat is taken.');
    if (game.status === 'abandoned')
      throw new Refusal('conflict', 'GAME_ABANDONED', 'The game was abandoned: its deadlines kept passing with nobody playing.');
    if (s.expectedVersion !== undefined && s.expectedVersion !== game.version)
      throw new Refusal('conflict', 'VERSION_CONFLICT', `The game is at version ${game.version}, not ${s.expectedVersion}.`, {
        version: game.version,
      });

    const module = this.states.moduleOf(game);
    const state = await this.states.at(this.store.pool, game);
    const decision = module.decide(state, s.command, sender);
    if (!decision.ok) throw new Refusal('rule', decision.error.code, decision.error.message);
    if (decision.events.length === 0) return { game, seat, version: game.version, events: [], state };

    const next = module.replay(state, decision.events);
    const version = game.version + decision.events.length;
    const over = module.isOver(next);
    // Absent players are the clock's business, not the rules': a game whose deadlines keep passing
    // with nobody acting is abandoned by the platform (no winner), instead of running for ever.
    const abandoned = !over && sender.kind === 'system' && (await this.silentFor(game.id, this.abandonAfter - 1));
    const deadlines = abandoned ? [] : this.deadlines.plan(game, seats, module.awaiting(next));
    const ended = over || abandoned;
    const { jobs, due } = this.deadlines.jobsFor(game.deadlines, deadlines, { gameId: game.id, version, at: this.deadlines.now().toISOString(), ended });
    const input: AppendInput = {
      command: { type: String(s.command.type), payload: s.command, senderKind: sender.kind, seat, callerId },
      events: decision.events.map((e: { type: string }) => ({ type: e.type, payload: e })),
      status: over ? 'finished' : abandoned ? 'abandoned' : 'active',
      deadlines,
      snapshot: this.states.snapshotDue(game.version, version) ? next : undefined,
      // Delivered at commit, to every process listening (long-polls, SSE streams).
      notify: { channel: CHANNEL, payload: `${game.id}:${version}` },
      jobs,
    };
    const acceptedFrom = (appended: Appended): Accepted => ({ game: { ...game, version, deadlines }, seat, version, events: appended.events, state: next, due });

    if (!keyed) {
      const appended = await this.store.append(this.store.pool, game, input);
      return appended && acceptedFrom(appended);
    }
    try {
      return await this.store.transaction(async (tx) => {
        const appended = await this.store.append(tx, game, input);
        if (!appended) return null;
        const accepted = acceptedFrom(appended);
        const response = respond!(accepted);
        await tx.query(
          `INSERT INTO idempotency_keys (caller_id, key, request_hash, response_status, response_body, expires_at)
           VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))`,
          [callerId, s.idempotencyKey, requestHash, response.status, JSON.stringify(response.body), IDEMPOTENCY_TTL_HOURS],
        );
        accepted.response = response.body;
        return accepted;
      });
    } catch (error) {
      // The same caller used the same key at the same moment for a command to another game, and
      // that one committed first: nothing of this one was written. Again, and the key's check answers.
      if (violatedUniqueConstraint(error) === 'idempotency_keys_pkey') return null;
      throw error;
    }
  }

  /** The stored answer to an earlier request with this key; refused if that request was another. */
  private async earlierAnswer(db: Queryable, callerId: string, key: string, requestHash: string): Promise<unknown> {
    const { rows } = await db.query<{ requestHash: string; body: unknown }>({
      name: 'idempotency-key',
      text: `SELECT request_hash AS "requestHash", response_body AS body FROM idempotency_keys WHERE caller_id = $1 AND key = $2`,
      values: [callerId, key],
    });
    const earlier = rows[0];
    if (earlier && earlier.requestHash !== requestHash)
      throw new Refusal('conflict', 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request.');
    return earlier?.body;
  }

  /** Once the append has committed: the cache may hold the new state, and the alarm is set. */
  private committed(gameId: string, accepted: Accepted): Accepted {
    if (accepted.events.length > 0) this.states.remember(gameId, accepted.version, accepted.state);
    this.deadlines.ring(accepted.due ?? []);
    return accepted;
  }
}

/** The seat a player holds in this game, a bot's seat, or the system. */
function senderOf(seats: SeatRow[], author: Author): Sender {
  if ('system' in author) return { kind: 'system' };
  if ('bot' in author) {
    if (!seats.some((x) => x.seat === author.bot && x.bot)) throw new Refusal('forbidden', 'NOT_A_BOT', `Seat ${author.bot} is not a bot.`);
    return { kind: 'seat', seat: author.bot };
  }
  const mine = seats.find((x) => x.accountId === author.account);
  if (!mine) throw new Refusal('forbidden', 'NOT_SEATED', 'You hold no seat in this game.');
  return { kind: 'seat', seat: mine.seat };
}

function hashRequest(s: Submission): string {
  return createHash('sha256')
    .update(JSON.stringify([s.gameId, s.author, s.command, s.expectedVersion ?? null]))
    .digest('hex');
}
