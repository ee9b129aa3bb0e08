// The command handler, as a decider: load the game and its state, `decide`, and append the
// events with the version they were decided on. The log (src/store/game-log.ts) appends only if
// the game is still at that version, so it can never fork; when another process got there first,
// the command is decided again on the new version. Idempotency-Keys are recorded by the log in the
// same write as the command. The sender's answer is built from the acceptance after commit
// (src/service/views.ts, `CommandAnswer`).
//
// Loading costs no round trip when this process holds the game: the first attempt decides on the
// game row and state it last saw (its own last append, usually), and the append's version check
// is what confirms them. Only an acceptance is trusted that way: a refusal, a version conflict or
// a decision with no events reached on what was remembered is checked again on a fresh read, so a
// stale memory can delay a command by one round trip but never answer it wrongly.

import { createHash } from 'node:crypto';
import { expiryOrder } from '../clock/deadlines.ts';
import { checkNoStranding } from '../platform/awaited-guard.ts';
import type { DecideContext, DecisionWithState, Sender, Seat } from '../platform/game-module.ts';
import type { AnyGameModule } from './registry.ts';
import { IdempotencyKeyTaken, type GameLog } from './ports/game-log.ts';
import { isPrivate, type AppendInput, type GameRow, type GameWithSeats, type SeatRow, type StoredEvent } from './ports/records.ts';
import type { DeadlineKeeper } from './deadlines.ts';
import { Refusal, notFound } from '../platform/refusal.ts';
import { NO_TELEMETRY, type Telemetry } from './ports/telemetry.ts';
import type { GameStates } from './game-states.ts';
import { CHANNEL } from './signals.ts';
import { missedSeats } from './absent-seats.ts';

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
  /** The game after the command. */
  game: GameRow;
  /** The seat that sent the command; null for the system. */
  seat: number | null;
  /** The game's seats, as the command was decided with them (absent for a replayed key). */
  seats?: SeatRow[];
  version: number;
  /** The events the command produced (for a replayed key: those it produced then). */
  events: StoredEvent[];
  /** The state after the command; undefined for a replayed key. */
  state: unknown;
  /**
   * The legal commands on `state` of the seats it awaits, as the platform's guard computed them
   * before the append (none once the game is over; absent for a replayed key or a decision with no
   * events): the answer's view takes its sender's from here instead of computing them again.
   */
  legalOfAwaited?: ReadonlyMap<Seat, unknown[]>;
  /** The commit left news for the notifier (someone could be told). */
  untold?: boolean;
  /** True when this is the answer to an earlier request with the same Idempotency-Key. */
  replayed?: boolean;
  /** An expiry: the seats it handed to a bot, their players having let too many deadlines pass (./absent-seats.ts). */
  handedOver?: number[];
}

/** A window the sweeper expired: the game's version and status after it. */
export interface Expired {
  gameId: string;
  windowId: string;
  version: number;
  status: string;
  /** How long after its deadline the window was expired, in ms (the sweeper logs it with the expiry). */
  latenessMs?: number;
  /**
   * Why the sweeper gave up on this game's deadlines instead of expiring the window: its expiry
   * changed nothing, the rules refused it, or it failed again and again. The game is swept again
   * only once a command moves it; the sweeper logs it as an error.
   */
  gaveUp?: string;
}

/** `tryRemembered`'s answer when what it remembered must be checked on a fresh read. */
const RECHECK = Symbol('recheck');

/** Appends tried before giving up on a game that keeps changing under us (other processes' commands). */
const MAX_ATTEMPTS = 5;

/** Failed expiries of one window (a lost connection, a module that throws) tried before the sweeper gives up on it. */
export const MAX_EXPIRY_FAILURES = 3;

export class Play {
  /** Per game, the end of this process's queue of commands for it. */
  private readonly queues = new Map<string, Promise<void>>();
  /** Per game and window, the failed expiries in a row in this process. */
  private readonly expiryFailures = new Map<string, number>();
  /** Windows this process has given up expiring since it started (issue 27: a game must never be swept for ever). */
  private givenUp = 0;

  private readonly log: GameLog;
  private readonly states: GameStates;
  private readonly deadlines: DeadlineKeeper;
  private readonly abandonAfter: number;
  private readonly afterCommit: (accepted: Accepted) => void;
  private readonly telemetry: Telemetry;
  private readonly absentAfter: number;

  constructor(
    log: GameLog,
    states: GameStates,
    deadlines: DeadlineKeeper,
    /** Deadlines in a row that pass with no seat acting before the game is abandoned (ABANDON_AFTER_SILENT_DEADLINES); 0: never. */
    abandonAfter = 0,
    /** After each commit that changed a game (a command, an expiry): signals, bots, the sweeper's timer. */
    afterCommit: (accepted: Accepted) => void = () => undefined,
    /** Commands decided and deadlines expired, for the operator's metrics. */
    telemetry: Telemetry = NO_TELEMETRY,
    /** Deadlines in a row a seat may miss before a bot plays it for its absent player (ZOMBIE_AFTER_MISSED); 0: never. */
    absentAfter = 0,
  ) {
    this.log = log;
    this.states = states;
    this.deadlines = deadlines;
    this.abandonAfter = abandonAfter;
    this.afterCommit = afterCommit;
    this.telemetry = telemetry;
    this.absentAfter = absentAfter;
  }

  /**
   * Decides and appends one command. Commands for one game take turns in this process before
   * they take a pooled connection: a burst for one game waits here, instead of filling the pool
   * with appends bound to fail on the version check. Across processes, the version check
   * serialises them.
   */
  submit(s: Submission): Promise<Accepted> {
    const previous = this.queues.get(s.gameId) ?? Promise.resolve();
    const result = previous.then(() => this.decideAndAppend(s));
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

  /**
   * Expires the earliest window of one game whose expiry has passed, holding that game against
   * other sweepers while deciding and appending; null when no game is due. The rules ignore an
   * `EXPIRE_WINDOW` for a window already closed, and the hold plus the version check let only one
   * expiry of a window be appended, however many processes sweep.
   */
  async expireDue(log: GameLog = this.log): Promise<Expired | null> {
    type Outcome = { accepted: Accepted; windowId: string; latenessMs?: number } | { failed: unknown; gameId: string; windowId: string } | { gaveUp: Expired };
    const held = await log.withDueGame(async (holding, due): Promise<Outcome> => {
      const windowId = expiryOrder(due.game.deadlines)[0] ?? '';
      const gameId = due.game.id;
      const giveUp = async (why: string): Promise<Outcome> => {
        // Deciding the same expiry on the same game gives the same answer every time: retried, it
        // would keep the game due for ever, first in every sweep. No deadline of the game is swept
        // again until a command moves it (an append sets its next expiry afresh).
        await holding.deferExpiry(gameId, null);
        this.expiryFailures.delete(`${gameId}:${windowId}`);
        this.givenUp++;
        return { gaveUp: { gameId, windowId, version: due.game.version, status: due.game.status, gaveUp: why } };
      };
      try {
        const accepted = await this.tryOnce(holding, { gameId, author: { system: true }, command: { type: 'EXPIRE_WINDOW', windowId } }, null, due);
        if (!accepted) throw new Error(`game ${gameId} moved while held for expiry`);
        this.expiryFailures.delete(`${gameId}:${windowId}`);
        // Deadlines mirror what the rules await, so an expiry must change the game (every module's
        // expiries are tested for it); one that did not would be decided the same way for ever.
        if (accepted.events.length === 0) return await giveUp('the expiry of an awaited window changed nothing');
        // Counted with the expiry, in the hold's transaction: once, whichever process swept it.
        const missed = missedSeats(this.states.moduleOf(due.game), due.game.deadlines, windowId);
        const handed = await holding.recordMisses(gameId, missed, accepted.version, this.absentAfter);
        if (handed.length > 0) {
          accepted.handedOver = handed;
          // What this process remembers of the seats must say so: the seat's player is refused from now on.
          accepted.seats = accepted.seats?.map((seat) => (handed.includes(seat.seat) ? { ...seat, absent: true } : seat));
        }
        const deadline = due.game.deadlines.find((d) => d.windowId === windowId)?.deadline;
        const latenessMs = deadline === undefined ? undefined : this.deadlines.now().getTime() - Date.parse(deadline);
        if (latenessMs !== undefined) this.telemetry.deadlineExpired(due.game.module, latenessMs);
        return { accepted, windowId, latenessMs };
      } catch (error) {
        // The rules refusing the expiry (the platform's guard among them) is as final as a decision.
        if (error instanceof Refusal && error.kind === 'rule') return await giveUp(`the rules refused the expiry: ${error.code} ${error.message}`);
        const failures = (this.expiryFailures.get(`${gameId}:${windowId}`) ?? 0) + 1;
        this.expiryFailures.set(`${gameId}:${windowId}`, failures);
        if (failures >= MAX_EXPIRY_FAILURES) return await giveUp(`the expiry failed ${failures} times: ${(error as Error)?.message ?? String(error)}`);
        return { failed: error, gameId, windowId };
      }
    });
    if (!held) return null;
    if ('gaveUp' in held.value) return held.value.gaveUp;
    if ('failed' in held.value) {
      // A game whose expiry fails must not hold up every other game's: it is looked at again later.
      await log.deferExpiry(held.value.gameId, this.retryExpiryAt());
      throw held.value.failed;
    }
    const { accepted, windowId, latenessMs } = held.value;
    this.committed(accepted);
    return { gameId: accepted.game.id, windowId, version: accepted.version, status: accepted.game.status, latenessMs };
  }

  /** Windows this process has given up expiring since it started (each one logged by the sweeper as an error). */
  get expiriesGivenUp(): number {
    return this.givenUp;
  }

  /** When a game whose expiry failed is looked at again. */
  private retryExpiryAt(): Date {
    return new Date(this.deadlines.now().getTime() + 60_000);
  }

  private async decideAndAppend(s: Submission): Promise<Accepted> {
    const seen: SeenGame = {};
    try {
      const accepted = await this.decideAndAppendSeen(s, seen);
      if (!accepted.replayed) this.telemetry.commandDecided(accepted.game.module, { accepted: true });
      return accepted;
    } catch (error) {
      // A refusal before the game was read (an unknown game) counts under no game's name.
      if (error instanceof Refusal) this.telemetry.commandDecided(seen.module ?? 'none', { accepted: false, code: error.code });
      throw error;
    }
  }

  private async decideAndAppendSeen(s: Submission, seen: SeenGame): Promise<Accepted> {
    // Only a keyed request is compared with an earlier one; hashed once, however many attempts.
    const requestHash = s.idempotencyKey !== undefined ? hashRequest(s) : null;
    for (let attempt = 1; ; attempt++) {
      const remembered = attempt === 1 ? this.states.lastSeen(s.gameId) : null;
      if (remembered) seen.module = remembered.game.module;
      const accepted = remembered ? await this.tryRemembered(s, requestHash, remembered) : await this.tryOnce(this.log, s, requestHash, undefined, seen);
      if (accepted === RECHECK) continue;
      if (accepted) {
        if (accepted.events.length > 0 && !accepted.replayed) this.committed(accepted);
        return accepted;
      }
      // Another process (or a vacation) changed the game between our read and our append.
      if (attempt === MAX_ATTEMPTS)
        throw new Refusal('conflict', 'GAME_BUSY', 'The game changed while this command was being decided; send it again.');
    }
  }

  /** `tryOnce` on the game as this process last saw it; RECHECK for anything but an acceptance. */
  private async tryRemembered(s: Submission, requestHash: string | null, remembered: GameWithSeats): Promise<Accepted | null | typeof RECHECK> {
    try {
      const accepted = await this.tryOnce(this.log, s, requestHash, remembered);
      return accepted && accepted.events.length > 0 && !accepted.replayed ? accepted : RECHECK;
    } catch (error) {
      if (error instanceof Refusal) return RECHECK;
      throw error;
    }
  }

  /**
   * Reads the game (unless given), decides, and appends if the game is still as read; null when
   * it is not (or a concurrent request took the same Idempotency-Key: the next attempt finds it).
   */
  private async tryOnce(log: GameLog, s: Submission, requestHash: string | null, read?: GameWithSeats, seen?: SeenGame): Promise<Accepted | null> {
    const found = read ?? (await log.read(s.gameId));
    if (!found) throw notFound(`Game ${s.gameId}`);
    const { game, seats } = found;
    if (seen) seen.module = game.module;
    const callerId = 'account' in s.author ? s.author.account : null;
    const sender = senderOf(game, seats, s.author);
    const seat = sender.kind === 'seat' ? sender.seat : null;
    const idempotency = s.idempotencyKey !== undefined && requestHash !== null && callerId !== null ? { callerId, key: s.idempotencyKey, requestHash } : undefined;
    if (idempotency) {
      const earlier = await this.earlier(log, idempotency, game, seat);
      if (earlier) return earlier;
    }
    if (game.status === 'open') throw new Refusal('conflict', 'GAME_NOT_STARTED', 'The game starts when every seat is taken.');
    if (game.status === 'abandoned')
      throw new Refusal('conflict', 'GAME_ABANDONED', 'The game was abandoned: its deadlines kept passing with nobody playing.');
    if (s.expectedVersion !== undefined && s.expectedVersion !== game.version)
      throw new Refusal('conflict', 'VERSION_CONFLICT', `The game is at version ${game.version}, not ${s.expectedVersion}.`, {
        version: game.version,
      });

    const module = this.states.moduleOf(game);
    const state = await this.states.at(game);
    // The acceptance time the rules may read, stored as the command's `accepted_at` (replay passes it back).
    const at = this.deadlines.now();
    const decision = decideWithState(module, state, s.command, sender, { at: at.toISOString() });
    if (!decision.ok) throw new Refusal('rule', decision.error.code, decision.error.message);
    if (decision.events.length === 0) return { game, seat, version: game.version, events: [], state };

    const next = decision.state;
    // The platform's guard (issue 27): a decision that would leave a seat awaited with nothing to do
    // but give up would freeze the game for ever; it is the rules' error, refused before anything is appended.
    const legalOfAwaited = new Map<Seat, unknown[]>();
    const stranded = checkNoStranding(module, next, (awaited) => {
      const legal = module.legalCommands(next, awaited);
      legalOfAwaited.set(awaited, legal);
      return legal;
    });
    if (stranded) throw new Refusal('rule', stranded.code, stranded.message);
    const version = game.version + decision.events.length;
    const over = module.isOver(next);
    // Absent players are the clock's business, not the rules': a game whose deadlines keep passing
    // with nobody acting is abandoned by the platform (no winner), instead of running for ever.
    const abandoned = !over && sender.kind === 'system' && this.abandonAfter > 0 && (await log.silentFor(game.id, this.abandonAfter - 1));
    const deadlines = abandoned || over ? [] : this.deadlines.plan(game, seats, module.awaiting(next));
    const status = over ? 'finished' : abandoned ? 'abandoned' : 'active';
    const input: AppendInput = {
      command: { type: String(s.command.type), payload: s.command, senderKind: sender.kind, seat, callerId, acceptedAt: at },
      events: decision.events.map((e: { type: string }) => ({ type: e.type, payload: e })),
      status,
      deadlines,
      snapshot: this.states.snapshotDue(game.version, version) ? next : undefined,
      // Delivered at commit to every process listening: long-polls, SSE streams, sweepers, notifiers.
      channel: CHANNEL,
      idempotency,
    };
    try {
      const appended = await log.append(game, input);
      if (!appended) return null;
      return {
        game: { ...game, version, status, deadlines, updatedAt: appended.updatedAt },
        seats,
        seat,
        version,
        events: appended.events,
        state: next,
        legalOfAwaited,
        untold: appended.untold,
      };
    } catch (error) {
      if (error instanceof IdempotencyKeyTaken) return null;
      throw error;
    }
  }

  /** The answer to an earlier request with this key, rebuilt from the log; refused if that request was another. */
  private async earlier(log: GameLog, key: { callerId: string; key: string; requestHash: string }, game: GameRow, seat: number | null): Promise<Accepted | null> {
    const keyed = await log.keyed(key.callerId, key.key);
    if (!keyed) return null;
    if (keyed.requestHash !== key.requestHash)
      throw new Refusal('conflict', 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request.');
    const events = await log.eventsOfCommand(keyed.gameId, keyed.commandSeq);
    // The game as that command left it (who it left awaited), so the answer is the same each time.
    return { game: { ...game, version: keyed.version, deadlines: keyed.deadlines }, seat, version: keyed.version, events, state: undefined, replayed: true };
  }

  /** Once the append has committed: the cache may hold the new state and row; then the service's own reactions. */
  private committed(accepted: Accepted): void {
    this.states.remember(accepted.game, accepted.version, accepted.state, accepted.seats && { game: accepted.game, seats: accepted.seats }, accepted.legalOfAwaited);
    this.afterCommit(accepted);
  }
}

/** The decision and the state after it: the module's `decideWithState`, or `decide` then `replay` for a module without it. */
function decideWithState(module: AnyGameModule, state: unknown, command: unknown, sender: Sender, context: DecideContext): DecisionWithState<unknown, { type: string }> {
  if (module.decideWithState) return module.decideWithState(state, command, sender, context);
  const decision = module.decide(state, command, sender, context);
  return decision.ok ? { ...decision, state: module.replay(state, decision.events) } : decision;
}

/** The seat a player holds in this game, a bot's seat, or the system. */
function senderOf(game: GameRow, seats: SeatRow[], author: Author): Sender {
  if ('system' in author) return { kind: 'system' };
  if ('bot' in author) {
    // A bot's seat, or a seat a bot plays while its player is away (./absent-seats.ts).
    if (!seats.some((x) => x.seat === author.bot && (x.bot || x.absent))) throw new Refusal('forbidden', 'NOT_A_BOT', `Seat ${author.bot} is not a bot.`);
    return { kind: 'seat', seat: author.bot };
  }
  const mine = seats.find((x) => x.accountId === author.account);
  if (!mine) throw isPrivate(game) ? notFound(`Game ${game.id}`) : new Refusal('forbidden', 'NOT_SEATED', 'You hold no seat in this game.');
  // One hand at a time on a seat: the bot plays it until its player takes it back.
  if (mine.absent)
    throw new Refusal('conflict', 'SEAT_ABSENT', 'A bot has been playing your seat since you let your deadlines pass: take your seat back first.');
  return { kind: 'seat', seat: mine.seat };
}

function hashRequest(s: Submission): string {
  return createHash('sha256')
    .update(JSON.stringify([s.gameId, s.author, s.command, s.expectedVersion ?? null]))
    .digest('hex');
}

/** The module of the game a command was decided on, once read: what its refusal is counted under. */
interface SeenGame {
  module?: string;
}
