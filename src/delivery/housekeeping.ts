// Notification housekeeping: a daily job (graphile-worker's cron, so it runs once however many
// processes run workers) deletes the rows that can do nothing any more, and the webhook delivery
// log past its retention. Without it they only grow: a verification link is made per request, an
// unsubscribe link and a dedupe row per email, a delivery row per webhook sent.

import type { CronItem } from 'graphile-worker';
import type { NotificationHousekeeping, Swept } from '../notify/ports/housekeeping.ts';

export type { Swept } from '../notify/ports/housekeeping.ts';

/** The graphile-worker task, and the cron item's identifier. */
export const HOUSEKEEPING = 'notify-housekeeping';

/**
 * How long `email_queued` rows are kept: far longer than a notice can be handed over again (the
 * notifier retries a failing channel for minutes), short enough to stay small.
 */
export const QUEUED_RETENTION_MS = 2 * 24 * 3_600_000;

/**
 * How long the webhook delivery log (GET /v1/webhooks/{id}/deliveries) keeps a finished delivery:
 * a month, time to notice and debug a receiver that misbehaved. Pending ones are kept until they
 * finish (their retries last a day).
 */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;

/**
 * Daily at 04:17 UTC, a quiet hour off the round ones. A day's backfill: when every process was
 * down at that time, the next to start runs it.
 */
export const HOUSEKEEPING_SCHEDULE: CronItem = {
  task: HOUSEKEEPING,
  identifier: HOUSEKEEPING,
  match: '17 4 * * *',
  options: { backfillPeriod: 24 * 3_600_000, maxAttempts: 3 },
};

/** Deletes what can do nothing any more, as of `now`, through the housekeeping port. */
export function housekeep(rows: NotificationHousekeeping, now: Date): Promise<Swept> {
  return rows.sweep({
    linksExpiredBy: now,
    queuedBefore: new Date(now.getTime() - QUEUED_RETENTION_MS),
    finishedBefore: new Date(now.getTime() - DELIVERY_RETENTION_MS),
  });
}
