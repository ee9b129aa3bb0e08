// Webhook reminders (`deadline.near`): when a notice awaits a seat, each matching subscription with
// `reminderMinutes` gets a keyed `webhook-reminder` job, due that long before the seat's deadline.
// The job (src/delivery/webhooks/dispatch.ts, WebhookDispatcher.remind) looks again when it runs:
// see src/notify/reminders.ts. Pure: the jobs are added through the channel's port.

import type { Deadline } from '../../clock/deadlines.ts';
import { reminderRunAt } from '../reminders.ts';

/** The graphile-worker task that sends one reminder to one subscription. */
export const WEBHOOK_REMINDER = 'webhook-reminder';

/** Bounds of a subscription's `reminderMinutes`: a minute to a week. */
export const REMINDER_MINUTES = { min: 1, max: 7 * 24 * 60 } as const;
/**
 * A new subscription's `reminderMinutes` (the column's default): an hour before the deadline is
 * time enough to act from wherever the reminder finds you. Live clocks (five minutes at most)
 * never leave an hour, so live games get none; daily and weekly games get one per deadline.
 */
export const DEFAULT_REMINDER_MINUTES = 60;

/** The job's payload. `deadline` is the one it was queued for: a moved deadline makes it move too. */
export interface WebhookReminderJob {
  subscriptionId: string;
  gameId: string;
  seat: number;
  windowId: string;
  deadline: string;
}

/** A subscription told of an awaited seat, and how long before its deadline it wants reminding. */
export interface ReminderWish {
  subscriptionId: string;
  gameId: string;
  reminderMinutes: number | null;
  awaited: Deadline;
}

/** `minutes` in milliseconds; `scale` is 1 in production, smaller in tests whose clocks run in seconds. */
export const reminderLeadMs = (minutes: number, scale: number): number => minutes * 60_000 * scale;

/**
 * One job per subscription, game and seat. Adding it again (a notice handed over again, a moved
 * deadline) replaces it rather than doubling it, and so does the seat's next window: the window
 * before has closed, so its reminder would send nothing, and a subscription holds at most one job
 * a seat it watches. The game is in the key because window ids are the game's own (`w1`, `w2`, …):
 * a player's subscription to all their games sees the same window id in each.
 */
export const reminderKey = (job: Pick<WebhookReminderJob, 'subscriptionId' | 'gameId' | 'seat'>): string =>
  `whremind:${job.subscriptionId}:${job.gameId}:${job.seat}`;

/** The jobs these wishes call for: none without reminders, none whose time has already passed. */
export function plannedReminders(wishes: readonly ReminderWish[], scale: number, now: Date): { job: WebhookReminderJob; runAt: Date }[] {
  return wishes.flatMap(({ subscriptionId, gameId, reminderMinutes, awaited }) => {
    if (reminderMinutes === null) return [];
    const runAt = reminderRunAt(awaited.deadline, reminderLeadMs(reminderMinutes, scale), now);
    if (runAt === null) return [];
    return [{ job: { subscriptionId, gameId, seat: awaited.seat, windowId: awaited.windowId, deadline: awaited.deadline }, runAt }];
  });
}
