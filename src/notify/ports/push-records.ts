// What Web Push needs from storage: the service's VAPID key pair, each device's subscription, the
// players a notice concerns, and the channel's jobs. Types the notification side owns;
// src/store/push-records.ts implements them over Postgres.

import type { StoreTransaction } from './transaction.ts';

/** A browser's PushSubscription as it hands it over (RFC 8030 endpoint, RFC 8291 keys, base64url). */
export interface PushEndpoint {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A subscription as its owner sees it. */
export interface PushSubscriptionRecord extends PushEndpoint {
  id: string;
  /** ISO 8601. */
  createdAt: string;
}

/** The VAPID key pair (RFC 8292), base64url: the public key as an uncompressed P-256 point, the private as its 32 bytes. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushKeyRecords {
  /**
   * The stored key pair; when there is none, `make()`'s, stored first. Several processes starting
   * at once all get the one that was stored.
   */
  keys(make: () => VapidKeys): Promise<VapidKeys>;
}

export interface PushSubscriptionRecords {
  /**
   * Stores the subscription for the account (an endpoint already stored, by this account or
   * another, is taken over with its new keys: the browser belongs to whoever subscribed it last).
   * `check(count)` runs with the account's subscriptions counted under a lock, before a new one is
   * added, and may throw to refuse it.
   */
  save(accountId: string, subscription: PushEndpoint, check: (count: number) => void): Promise<PushSubscriptionRecord>;
  list(accountId: string): Promise<PushSubscriptionRecord[]>;
  /** False when the account has no such subscription. */
  remove(accountId: string, id: string): Promise<boolean>;
}

/** A human seated at a game, with their stored preferences and when they last sent it a command. */
export interface PushRecipientRecord {
  accountId: string;
  seat: number;
  lastActed: Date | null;
  preferences: Record<string, unknown>;
}

export interface PushJob {
  task: string;
  payload: object;
  key: string;
  runAt?: Date;
  /** graphile-worker's job_key_mode; `preserve_run_at` by default. */
  mode?: 'replace' | 'preserve_run_at';
}

export interface PushDeliveryRecords {
  /** The humans seated at the game who have at least one push subscription. */
  subscribedPlayers(gameId: string): Promise<PushRecipientRecord[]>;
  /** The account's stored preferences; undefined when it does not exist. */
  preferences(accountId: string): Promise<Record<string, unknown> | undefined>;
  /**
   * Unless this notification was queued for this player before: a `task` job for each of the
   * player's subscriptions, `payload` with `subscriptionId` added, keyed `push:<subscription>:<notification>`.
   */
  queueOnce(accountId: string, notificationId: string, task: string, payload: object): Promise<void>;
  addJob(job: PushJob, within?: StoreTransaction): Promise<void>;
  /** A subscription with its owner; undefined once deleted. */
  subscription(id: string): Promise<(PushEndpoint & { id: string; accountId: string }) | undefined>;
  /** Deletes a subscription the push service said is gone (404, 410). */
  drop(id: string): Promise<void>;
}
