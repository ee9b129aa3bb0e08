// Notification housekeeping: a daily job (graphile-worker's cron, so it runs once however many
// processes run workers) deletes the rows that can do nothing any more, and the webhook delivery
// log past its retention. Without it they only grow: a verification link is made per request, an
// unsubscribe link and a dedupe row per email, a delivery row per webhook sent.

import type { CronItem } from 'graphile-worker';
import type { Queryable } from '../store/event-store.ts';

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

export interface Swept {
  /** Email links past their expiry, and verification links already used. */
  tokens: number;
  /** `email_queued` rows older than QUEUED_RETENTION_MS. */
  queued: number;
  /** Webhook deliveries delivered or failed more than DELIVERY_RETENTION_MS ago. */
  deliveries: number;
}

export async function housekeep(db: Queryable, now: Date): Promise<Swept> {
  const { rows } = await db.query<Swept>(
    `WITH tokens AS (
       DELETE FROM email_tokens WHERE expires_at <= $1 OR (purpose = 'verify' AND used_at IS NOT NULL) RETURNING 1),
     queued AS (
       DELETE FROM email_queued WHERE queued_at < $2 RETURNING 1),
     deliveries AS (
       DELETE FROM webhook_deliveries WHERE created_at < $3 AND status <> 'pending' RETURNING 1)
     SELECT (SELECT count(*) FROM tokens)::int AS tokens, (SELECT count(*) FROM queued)::int AS queued,
            (SELECT count(*) FROM deliveries)::int AS deliveries`,
    [now, new Date(now.getTime() - QUEUED_RETENTION_MS), new Date(now.getTime() - DELIVERY_RETENTION_MS)],
  );
  return rows[0]!;
}
