// Bot seats: the server plays each with the bot the seat chose among the game's (GameModule.bots,
// src/platform/bots.ts `botFor`). A bot acts
// whenever the game it sits in awaits it. That is found from durable state, never only from memory:
// after any accepted command the game is "kicked"; at start-up and every few seconds a sweep finds
// every active game whose stored deadlines await a bot seat (so a process that crashed mid-move,
// or a loop that failed, leaves no game stalled); and a loop that fails is retried with backoff. A
// move is appended only if the game is still at the version it was decided on, so a retry, a
// second process or a restart can never make a bot act twice for one window.
//
// A bot's choice is drawn from a generator keyed by the game's secret key, the version and the
// seat: the same state gives the same choice, and nobody without the key can predict it.

import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { botsOf } from '../platform/bots.ts';
import { chooseBotCommand } from './bot-thread.ts';
import type { Logger } from '../config/logger.ts';
import type { Seat } from '../platform/game-module.ts';
import type { GameRecords } from './ports/game-records.ts';
import type { GameWithSeats, StoredOptions } from './ports/records.ts';
import { Refusal } from '../platform/refusal.ts';
import type { GameStates } from './game-states.ts';
import type { Play } from './play.ts';

/**
 * The soonest a bot answers, in a game where a person holds a seat. How long a bot takes depends
 * on what it holds (the heuristic bot weighs a claim only when it holds an INTERRUPT card, and a
 * move with every way its hand can pay), so a bot that answered as soon as it had decided would
 * tell the other seats something of its hand by its timing (docs/architecture.md §5). 50 ms is
 * above 99% of heuristic decisions (`npm run bench:bots`) and unnoticeable to a person.
 */
export const BOT_MIN_DECISION_MS = 50;
/** How often every process looks for games awaiting a bot that no loop is playing. */
export const BOT_SWEEP_INTERVAL_MS = 5_000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

export class Bots {
  private readonly running = new Map<string, Promise<void>>();
  private readonly kickedWhileRunning = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly retries = new Set<NodeJS.Timeout>();
  private sweeper: NodeJS.Timeout | null = null;
  private stopped = false;

  private readonly records: GameRecords;
  private readonly states: GameStates;
  private readonly play: Play;
  private readonly logger?: Logger;
  private readonly minDecisionMs: number;

  constructor(
    records: GameRecords,
    states: GameStates,
    play: Play,
    logger?: Logger,
    minDecisionMs = BOT_MIN_DECISION_MS,
  ) {
    this.records = records;
    this.states = states;
    this.play = play;
    this.logger = logger;
    this.minDecisionMs = minDecisionMs;
  }

  /** Sweeps now, then every `intervalMs`, for games awaiting a bot (start-up, and after any crash). */
  start(intervalMs = BOT_SWEEP_INTERVAL_MS): void {
    if (this.sweeper || this.stopped) return;
    const sweep = () => void this.sweep().catch((error) => this.logger?.warn({ err: error }, 'bot sweep failed'));
    sweep();
    this.sweeper = setInterval(sweep, intervalMs);
    this.sweeper.unref();
  }

  /** Kicks every active game whose stored deadlines await a bot seat; returns how many. */
  async sweep(): Promise<number> {
    const ids = await this.records.gamesAwaitingBots(1000);
    for (const id of ids) this.kick(id);
    return ids.length;
  }

  /**
   * Lets bots of this game play, in the background. One loop per game at a time in this process;
   * a kick while it runs makes it look once more when it ends (it may have looked just before).
   */
  kick(gameId: string): void {
    if (this.stopped) return;
    if (this.running.has(gameId)) {
      this.kickedWhileRunning.add(gameId);
      return;
    }
    const loop = this.drive(gameId)
      .then(() => void this.failures.delete(gameId))
      .catch((error) => this.retryLater(gameId, error))
      .finally(() => {
        this.running.delete(gameId);
        if (this.kickedWhileRunning.delete(gameId)) this.kick(gameId);
      });
    this.running.set(gameId, loop);
  }

  /** A failed loop is kicked again after a growing wait (0.5 s, 1 s, 2 s … 30 s); the sweep is the last resort. */
  private retryLater(gameId: string, error: unknown): void {
    const failures = (this.failures.get(gameId) ?? 0) + 1;
    this.failures.set(gameId, failures);
    const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1));
    this.logger?.error({ err: error, gameId, failures, retryInMs: wait }, 'bot failed; trying again');
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      this.kick(gameId);
    }, wait);
    timer.unref();
    this.retries.add(timer);
  }

  /** Waits for every running bot loop (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    await this.idle();
  }

  private async drive(gameId: string): Promise<void> {
    // After the bot's own command, the game as that command left it: no read for the next move
    // (a bot often makes several in a row). The append's version check confirms it, and a refusal
    // reads the game afresh, so only a loop's first look costs a read.
    let after: { found: GameWithSeats; state: unknown; legal?: ReadonlyMap<Seat, unknown[]> } | null = null;
    for (;;) {
      if (this.stopped) return;
      const found = after?.found ?? (await this.records.read(gameId));
      if (!found || found.game.status !== 'active') return;
      const { game, seats } = found;
      const module = this.states.moduleOf(game);
      const state = after ? after.state : await this.states.at(game);
      // The awaited seats' legal commands on this state, as the platform's guard listed them when
      // the command that made it was decided: the rules list a seat's commands once per version.
      const known = after ? after.legal : this.states.legalAt(gameId, game.version);
      after = null;
      // Bot seats, and seats a bot plays while their players are away (./absent-seats.ts).
      const bots = new Set(seats.filter((s) => s.bot || s.absent).map((s) => s.seat));
      const turn = module.awaiting(state).find((a) => bots.has(a.seat));
      if (!turn) return;
      const legal = (known?.get(turn.seat) ?? module.legalCommands(state, turn.seat)) as readonly { type: string }[];
      if (legal.length === 0) return;
      const options = game.options as unknown as StoredOptions;
      const key = botKey(options.fairness.key, game.version, turn.seat);
      const started = performance.now();
      // An absent player's seat has no bot of its own: the game's default stands in.
      const kind = options.botKinds[turn.seat] ?? botsOf(module).default;
      // Off the event loop (bot-thread.ts): the requests of every other game do not wait for it.
      const command = (await chooseBotCommand(module, kind, state, turn.seat, legal, key)) as { type: string };
      // A game of bots only has nobody to tell anything to, and plays at full speed.
      const wait = this.minDecisionMs - (performance.now() - started);
      if (wait > 0 && seats.some((s) => !s.bot)) await sleep(wait);
      try {
        const accepted = await this.play.submit({
          gameId,
          author: { bot: turn.seat },
          command: command as Record<string, unknown>,
          expectedVersion: game.version,
        });
        if (accepted.seats && accepted.state !== undefined)
          after = { found: { game: accepted.game, seats: accepted.seats }, state: accepted.state, legal: accepted.legalOfAwaited };
      } catch (error) {
        // Someone else moved first (a player, a deadline, another process's bot): look again.
        // Or the player took the seat back while it was deciding (NOT_A_BOT): look again.
        if (error instanceof Refusal && (error.code === 'VERSION_CONFLICT' || error.code === 'NOT_A_BOT')) continue;
        throw error;
      }
    }
  }
}

/** A key for one bot decision, derived from the game's key (never the game's own stream). */
const botKey = (gameKey: string, version: number, seat: number): string =>
  createHmac('sha256', Buffer.from(gameKey, 'hex')).update(`bot ${version} ${seat}`).digest('hex');
