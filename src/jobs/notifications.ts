// The job that tells players what a commit changed for them (docs/architecture.md §8): added in the
// transaction that moves the game, so a notification exists if and only if its cause committed. Its
// task (src/notify) works out who is told on which channel.

import type { Deadline } from '../clock/deadlines.ts';

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

/** The notice as the `notify` job's payload; null when nobody needs telling. */
export function noticeJob(notice: GameNotice): string | null {
  return notice.awaited.length === 0 && !notice.ended ? null : JSON.stringify(notice);
}
