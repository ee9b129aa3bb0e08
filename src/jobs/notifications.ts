// The job that tells players what a commit changed for them (timing.md, "Notifications follow the
// situations"): added in the transaction that moves the game, so a notification exists if and only
// if its cause committed. Its task (src/notify) works out who is told on which channel.

import type { Deadline } from '../clock/deadlines.ts';
import type { Queryable } from '../store/event-store.ts';
import { TASKS } from './queue.ts';

export interface GameNotice {
  gameId: string;
  /** The game's version after the commit. */
  version: number;
  /** ISO 8601: when the commit happened. */
  at: string;
  /** Seats asked something new by this commit (turn, defence, interrupt, set-up), with their deadlines. */
  awaited: Deadline[];
  /** The game ended with this commit. */
  ended: boolean;
}

/** Seats in `after` that were not awaited in the same window before: they have just been asked. */
export function newlyAwaited(before: readonly Deadline[], after: readonly Deadline[]): Deadline[] {
  const had = new Set(before.map((d) => `${d.windowId}:${d.seat}`));
  return after.filter((d) => !had.has(`${d.windowId}:${d.seat}`));
}

export async function enqueueNotice(db: Queryable, notice: GameNotice): Promise<void> {
  if (notice.awaited.length === 0 && !notice.ended) return;
  await db.query({
    name: 'enqueue-notice',
    text: `SELECT graphile_worker.add_job($1::text, $2::json, max_attempts := 5)`,
    values: [TASKS.notify, JSON.stringify(notice)],
  });
}
