// The platform's side of deadlines: in the transaction that moves a game, work out the deadline
// of every seat now awaited (src/clock/deadlines.ts), store them with the game, and add, move or
// remove the jobs that expire the windows. After commit, the alarm wakes the workers on time.

import { clocksFor, type Clocks } from '../clock/clocks.ts';
import { planDeadlines, windowJobs, type Deadline } from '../clock/deadlines.ts';
import type { Alarm } from '../jobs/alarm.ts';
import { newlyAwaited, noticeJob, type GameNotice } from '../jobs/notifications.ts';
import { addGameJobs } from '../jobs/queue.ts';
import type { Awaited } from '../platform/game-module.ts';
import type { GameRow, Queryable } from '../store/event-store.ts';
import type { SeatRow } from '../store/seats.ts';
import type { StoredOptions } from './lobby.ts';

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
   * In the transaction that stores `after`: the expiry jobs, and the job that tells the players
   * (`notice`). Returns the due times to ring after commit.
   */
  async schedule(db: Queryable, gameId: string, before: readonly Deadline[], after: readonly Deadline[], notice?: Omit<GameNotice, 'awaited'>): Promise<string[]> {
    const { due, gone } = windowJobs(before, after);
    const job = notice ? noticeJob({ ...notice, awaited: newlyAwaited(before, after) }) : null;
    await addGameJobs(db, gameId, { due, gone, notice: job });
    return [...due.values()];
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
