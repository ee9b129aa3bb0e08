// Records each finished game's result once, and moves its players' ratings when it was rated
// (docs/api.md, "Players, results and ratings"). Off the command path and from durable state: the
// games still to record are the finished ones whose `outcome_recorded` flag is unset, found through
// a partial index, so a process that dies before recording leaves the game for the next look (this
// process's, another's, or the next start's). The record itself is one transaction that holds the
// game's row and sets the flag (OutcomeRecords.record): two processes, or the same end looked at
// twice, record it exactly once. Nothing of it enters the game's log.
//
// Rated: created rated (the default for a game of people only), every seat a person's, at least
// two of them, and no chosen seed or position (its creator may know every hand). 2 players:
// Glicko-2; 3 or more: OpenSkill's Weng–Lin model. The ranks come from the module's `winners`:
// winners first (a shared win ties them), everyone else next; no winner is a draw among all.

import type { Logger } from '../config/logger.ts';
import { CoalescingLoop } from './coalescing-loop.ts';
import type { GameStates } from './game-states.ts';
import type { ChannelSubscription, Listen } from './ports/changes.ts';
import type { OutcomeRecords, Rating } from './ports/outcomes.ts';
import { CHANNEL, parseSignal } from './signals.ts';
import type { GameRow, SeatRow, StoredOptions } from './ports/records.ts';
import { initialRating, rateGame, systemFor } from './rating-systems.ts';

/** Games recorded per look. */
const BATCH = 50;

export class Ratings {
  private readonly loop: CoalescingLoop;
  private readonly commits: ChannelSubscription;

  private readonly outcomes: OutcomeRecords;
  private readonly states: GameStates;
  private readonly logger?: Logger;

  constructor(
    outcomes: OutcomeRecords,
    states: GameStates,
    listen: Listen,
    /** The safety-net look, for a commit not heard (a lost connection). */
    intervalMs: number,
    logger?: Logger,
  ) {
    this.outcomes = outcomes;
    this.states = states;
    this.logger = logger;
    this.loop = new CoalescingLoop(() => this.drain(), intervalMs, (error) => logger?.warn({ err: error }, 'recording game outcomes failed'));
    // Every process's commits: one that leaves nobody awaited may have ended its game.
    this.commits = listen(CHANNEL, (payload) => {
      if (parseSignal(payload)?.nextExpiry === null) this.wake();
    });
  }

  async start(): Promise<void> {
    await this.commits.start();
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.commits.stop();
  }

  /** A game may have ended (a commit here or elsewhere): look now, or once more after the look in progress. */
  wake(): void {
    this.loop.run();
  }

  private async drain(): Promise<void> {
    while (!this.loop.stopped) {
      const pending = await this.outcomes.pending(BATCH);
      for (const gameId of pending) {
        if (this.loop.stopped) return;
        await this.recordOne(gameId);
      }
      if (pending.length < BATCH) return;
    }
  }

  /** Records one finished game's outcome (and ratings); false when it was recorded already. */
  async recordOne(gameId: string): Promise<boolean> {
    const found = await this.outcomes.read(gameId);
    if (!found || found.game.status !== 'finished') return false;
    const winners = await this.winnersOf(found.game);
    const recorded = await this.outcomes.record(gameId, winners, ratingOf(found.game, found.seats, winners));
    if (recorded) this.logger?.info({ gameId, winners }, 'game outcome recorded');
    return recorded;
  }

  private async winnersOf(game: GameRow): Promise<number[]> {
    const module = this.states.moduleOf(game);
    const state = await this.states.at(game);
    return module.isOver(state) ? module.winners(state) : [];
  }
}

/** Whether a game is rated, from what was chosen at its creation. */
export function isRated(options: StoredOptions, seats: readonly SeatRow[]): boolean {
  return options.rated === true && !options.fairness.seeded && seats.length >= 2 && seats.every((s) => !s.bot && s.accountId !== null);
}

/** How a finished game moves its players' ratings; null when it is unrated. */
export function ratingOf(game: GameRow, seats: readonly SeatRow[], winners: readonly number[]): Rating | null {
  if (!isRated(game.options as unknown as StoredOptions, seats)) return null;
  const system = systemFor(seats.length);
  const won = new Set(winners);
  const players = seats.map((s) => ({ accountId: s.accountId!, seat: s.seat, rank: won.size === 0 || won.has(s.seat) ? 1 : 2 }));
  const ranks = players.map((p) => p.rank);
  return { game: game.module, system, initial: initialRating(system), players, rate: (current) => rateGame(system, current, ranks) };
}
