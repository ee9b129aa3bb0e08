// When a reminder job runs, what it should do: a reminder is queued for a seat's deadline when the
// seat is asked, but by the time it runs the seat may have acted (the window closed or moved on
// without it) or a vacation may have moved the deadline. The job then looks at the game's current
// deadlines (`games.deadlines`) and decides here. Shared by every channel (email, webhooks). Pure.

import type { Deadline } from '../clock/deadlines.ts';

/** What a reminder job was queued for. */
export interface ReminderTarget {
  seat: number;
  windowId: string;
  /** The deadline it was queued for (ISO 8601). */
  deadline: string;
}

export type ReminderDecision =
  /** Not awaited there any more, the deadline has passed, or reminders were switched off: nothing to send. */
  | { action: 'skip' }
  /** Still awaited and the deadline is near: send, about this deadline (the current one). */
  | { action: 'send'; deadline: Deadline }
  /** Still awaited but the deadline moved later: queue the same reminder again, for `runAt`. */
  | { action: 'reschedule'; deadline: Deadline; runAt: Date };

/** When the reminder for `deadline` is due, `leadMs` before it; null when that has already passed. */
export function reminderRunAt(deadline: string, leadMs: number, now: Date): Date | null {
  const runAt = Date.parse(deadline) - leadMs;
  return Number.isFinite(runAt) && runAt > now.getTime() ? new Date(runAt) : null;
}

/**
 * `current`: the game's deadlines now, one per awaited seat and window. `leadMs`: how long before
 * the deadline the player wants reminding now (null: they no longer want reminders).
 */
export function decideReminder(target: ReminderTarget, current: readonly Deadline[], leadMs: number | null, now: Date): ReminderDecision {
  if (leadMs === null) return { action: 'skip' };
  const still = current.find((d) => d.seat === target.seat && d.windowId === target.windowId);
  if (!still || Date.parse(still.deadline) <= now.getTime()) return { action: 'skip' };
  if (still.deadline === target.deadline) return { action: 'send', deadline: still };
  // Moved (a vacation): remind before the new deadline instead. Should its reminder time have come
  // already (moved earlier, or a job queued again with a stale deadline), remind now.
  const runAt = reminderRunAt(still.deadline, leadMs, now);
  return runAt === null ? { action: 'send', deadline: still } : { action: 'reschedule', deadline: still, runAt };
}
