// Deletes the notification rows that can do nothing any more (src/notify/ports/housekeeping.ts),
// in one statement: expired and used email links, old `email_queued` rows, finished webhook deliveries.

import type { Queryable } from '../db/queryable.ts';
import type { NotificationHousekeeping, Swept } from '../notify/ports/housekeeping.ts';

export class PostgresNotificationHousekeeping implements NotificationHousekeeping {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  async sweep(cutoffs: { linksExpiredBy: Date; queuedBefore: Date; finishedBefore: Date }): Promise<Swept> {
    const { rows } = await this.db.query<Swept>(
      `WITH tokens AS (
         DELETE FROM email_tokens WHERE expires_at <= $1 OR (purpose = 'verify' AND used_at IS NOT NULL) RETURNING 1),
       queued AS (
         DELETE FROM email_queued WHERE queued_at < $2 RETURNING 1),
       deliveries AS (
         DELETE FROM webhook_deliveries WHERE created_at < $3 AND status <> 'pending' RETURNING 1)
       SELECT (SELECT count(*) FROM tokens)::int AS tokens, (SELECT count(*) FROM queued)::int AS queued,
              (SELECT count(*) FROM deliveries)::int AS deliveries`,
      [cutoffs.linksExpiredBy, cutoffs.queuedBefore, cutoffs.finishedBefore],
    );
    return rows[0]!;
  }
}
