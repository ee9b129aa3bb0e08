// What the notification housekeeping job (src/delivery/housekeeping.ts) asks of storage:
// src/store/notification-housekeeping.ts deletes the rows in one statement.

export interface Swept {
  /** Email links past their expiry, and verification links already used. */
  tokens: number;
  /** `email_queued` rows queued before the cut-off. */
  queued: number;
  /** Webhook deliveries delivered or failed before the cut-off. */
  deliveries: number;
}

export interface NotificationHousekeeping {
  sweep(cutoffs: { linksExpiredBy: Date; queuedBefore: Date; finishedBefore: Date }): Promise<Swept>;
}
