// The platform's side of deadlines: in the transaction that moves a game, work out the deadline
// of every seat now awaited (src/clock/deadlines.ts), store them with the game, and add, move or
// remove the jobs that expire the windows. After commit, the alarm wakes the workers on time.

import { clocksFor, type Clocks } from '../clock/clocks.ts';
import { planDeadlines, windowJobs, type Deadline } from '../clock/deadlines.ts';
import type { Alarm } from '../jobs/alarm.ts';
import { newlyAwaited, noticeJob, type GameNotice } from '../jobs/notifications.ts';
import { addGameJobs, type GameJobs } from '../jobs/queue.ts';
import type { Awaited } from '../platform/game-module.ts';
import type { GameRow, Queryable } from '../store/event-store.ts';
import type { SeatRow } from '../store/seats.ts';
import type { StoredOptions } from '../store/game-options.ts';

export class DeadlineKeeper {
  constructor(
    /** The server's "now": injectable, so tests can drive it. */
    readonly now: () => Date,
    private readonly alarm: Alarm | null,
  ) {}

  /** The deadlines of the seats awaited after a change. */
  plan(game: GameRow, seats: readonly SeatRow[], awaited: readonly Awaited[]): Deadline[] {
    return planDeadlines(game.deadlines ?? [], awaited, clocksOf(game), this.now(), (seat) => {
      const until = seats.find((s) => s.seat === seat)?.pausedUntil;
      return until ? new Date(until) : null;
    });
  }

  /**
   * The jobs a change from `before` to `after` causes: expiry jobs added, moved or removed, and
   * the job that tells the players (`notice`); with the due times to ring after commit.
   */
  jobsFor(before: readonly Deadline[], after: readonly Deadline[], notice?: Omit<GameNotice, 'awaited'>): { jobs: GameJobs; due: string[] } {
    const { due, gone } = windowJobs(before, after);
    const job = notice ? noticeJob({ ...notice, awaited: newlyAwaited(before, after) }) : null;
    return { jobs: { due, gone, notice: job }, due: [...due.values()] };
  }

  /** `jobsFor`, added in the transaction that stores `after` (under the game's row lock). */
  async schedule(db: Queryable, gameId: string, before: readonly Deadline[], after: readonly Deadline[], notice?: Omit<GameNotice, 'awaited'>): Promise<string[]> {
    const { jobs, due } = this.jobsFor(before, after, notice);
    await addGameJobs(db, gameId, jobs);
    return due;
  }

  /** After commit: wake the workers when these fall due. */
  ring(times: readonly string[]): void {
    if (times.length > 0) this.alarm?.set(times);
  }
}

/** A game's clocks, as stored at creation (older games: from their `clock` option). */
export function clocksOf(game: GameRow): Clocks {
  const options = game.options as unknown as StoredOptions;
  return options.clocks ?? clocksFor(options.public?.clock);
}
