// The command handler: read, fold, decide, append — under the game's row lock, so one game's
// commands are decided one at a time against its latest version and the log can never fork.

import { createHash } from 'node:crypto';
import type { Sender } from '../platform/game-module.ts';
import type { EventStore, GameRow, StoredEvent } from '../store/event-store.ts';
import type { SeatRow } from '../store/seats.ts';
import type { DeadlineKeeper } from './deadlines.ts';
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

export class Play {
  /** Per game, the end of this process's queue of commands for it. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly store: EventStore,
    private readonly states: GameStates,
    private readonly deadlines: DeadlineKeeper,
  ) {}

  /**
   * Decides and appends one command. `respond` builds the HTTP answer from the result inside the
   * same transaction, so that with an Idempotency-Key the stored answer commits with the events.
   *
   * Commands for one game take turns in this process before they take a pooled connection: a
   * burst for one game waits here, instead of filling the pool with transactions that wait for the
   * game's row lock (and starving every other request until the pool's connect timeout fails
   * them). The row lock still serialises commands across processes.
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
    const requestHash = hashRequest(s);
    const callerId = 'account' in s.author ? s.author.account : null;
    const result = await this.store.withGameLocked(s.gameId, async (tx, game, seats): Promise<Accepted> => {
      const sender = senderOf(seats, s.author);
      const seat = sender.kind === 'seat' ? sender.seat : null;
      if (s.idempotencyKey && callerId) {
        const { rows } = await tx.query<{ requestHash: string; status: number; body: unknown }>(
          `SELECT request_hash AS "requestHash", response_status AS status, response_body AS body
           FROM idempotency_keys WHERE caller_id = $1 AND key = $2`,
          [callerId, s.idempotencyKey],
        );
        const earlier = rows[0];
        if (earlier) {
          if (earlier.requestHash !== requestHash)
            throw new Refusal('conflict', 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request.');
          return { game, seat, version: game.version, events: [], state: undefined, replayed: true, response: earlier.body };
        }
      }
      if (game.status === 'open') throw new Refusal('conflict', 'GAME_NOT_STARTED', 'The game starts when every seat is taken.');
      if (s.expectedVersion !== undefined && s.expectedVersion !== game.version)
        throw new Refusal('conflict', 'VERSION_CONFLICT', `The game is at version ${game.version}, not ${s.expectedVersion}.`, {
          version: game.version,
        });

      const module = this.states.moduleOf(game);
      const state = await this.states.at(tx, game);
      const decision = module.decide(state, s.command, sender);
      if (!decision.ok) throw new Refusal('rule', decision.error.code, decision.error.message);
      if (decision.events.length === 0) return { game, seat, version: game.version, events: [], state };

      const next = module.replay(state, decision.events);
      const version = game.version + decision.events.length;
      const deadlines = this.deadlines.plan(game, seats, module.awaiting(next));
      const appended = await this.store.append(tx, game, {
        command: {
          type: String(s.command.type),
          payload: s.command,
          senderKind: sender.kind,
          seat,
          callerId,
        },
        events: decision.events.map((e: { type: string }) => ({ type: e.type, payload: e })),
        status: module.isOver(next) ? 'finished' : 'active',
        deadlines,
        snapshot: this.states.snapshotDue(game.version, version) ? next : undefined,
        // Delivered at commit, to every process listening (long-polls, SSE streams).
        notify: { channel: CHANNEL, payload: `${game.id}:${version}` },
      });
      const due = await this.deadlines.schedule(tx, game.id, game.deadlines, deadlines, {
        gameId: game.id,
        version,
        at: this.deadlines.now().toISOString(),
        ended: module.isOver(next),
      });
      const accepted: Accepted = { game: { ...game, version, deadlines }, seat, version, events: appended.events, state: next, due };
      if (s.idempotencyKey && callerId && respond) {
        const response = respond(accepted);
        await tx.query(
          `INSERT INTO idempotency_keys (caller_id, key, request_hash, response_status, response_body, expires_at)
           VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))`,
          [callerId, s.idempotencyKey, requestHash, response.status, JSON.stringify(response.body), IDEMPOTENCY_TTL_HOURS],
        );
        accepted.response = response.body;
      }
      return accepted;
    });
    if (!result) throw notFound(`Game ${s.gameId}`);
    const accepted = result.value;
    // Only once the transaction has committed may the cache hold the new state.
    if (accepted.events.length > 0) this.states.remember(s.gameId, accepted.version, accepted.state);
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
