// What the webhook channel (src/delivery/webhooks) reads and writes: subscriptions that want a
// notice, the delivery rows with their next-attempt jobs, and reminder jobs. Types the
// notification side owns; src/store/webhook-deliveries.ts implements them over Postgres.

import type { StoreTransaction } from './transaction.ts';
import type { Attempt, WebhookFormat } from './webhook-subscriptions.ts';

/** A subscription as the channel decides with it. */
export interface SubscriptionWish {
  id: string;
  accountId: string;
  /** Null: the player's subscription (their seats); else every seat of this game. */
  gameId: string | null;
  format: WebhookFormat;
  reminderMinutes: number | null;
}

/** A delivery and its subscription, as an attempt needs them. */
export interface LoadedDelivery {
  id: string;
  notificationId: string;
  payload: string;
  status: string;
  attempts: Attempt[];
  subscriptionId: string;
  accountId: string;
  url: string;
  secrets: string[];
  previousSecretExpiresAt: Date | null;
  /** Null only if the subscription went between the delivery's insert and this read: nothing is sent. */
  enabled: boolean | null;
}

export interface PlannedDelivery {
  subscriptionId: string;
  notificationId: string;
  eventType: string;
  /** The exact body, signed and sent as it is. */
  payload: string;
}

/** A job of the queue: its payload, the key that adding it again replaces, and when it is due. */
export interface KeyedJob {
  payload: object;
  key: string;
  runAt: Date;
}

/** A subscription's failures in a row, after counting the latest. */
export interface Failing {
  consecutiveFailures: number;
  firstFailureAt: Date;
}

/** What to do after a failed attempt: switch the subscription off (and why), and when to try again (null: never). */
export interface AfterFailure {
  switchOff: string | null;
  retryAt: Date | null;
}

export interface WebhookDeliveryRecords {
  /** The enabled subscriptions of the game, and those of its seated players. */
  subscriptionsFor(gameId: string): Promise<SubscriptionWish[]>;
  /** The subscription, if it is still enabled. */
  enabledSubscription(id: string): Promise<SubscriptionWish | undefined>;
  /**
   * Adds the delivery rows and, for each, the `task` job due `safetyNetSeconds` later, in one
   * statement; a row that exists already (the same notification to the same subscription) is
   * skipped with its job, and so is one whose subscription is gone (deleted meanwhile: no error).
   * Answers the rows added, as `load` would.
   */
  add(planned: readonly PlannedDelivery[], task: string, safetyNetSeconds: number): Promise<LoadedDelivery[]>;
  load(deliveryId: string): Promise<LoadedDelivery | undefined>;
  /** A pending delivery whose subscription is off or gone: failed, without an attempt. */
  dropped(deliveryId: string): Promise<void>;
  /** Logged as delivered, the subscription's failures cleared, the next-attempt job removed. */
  delivered(delivery: LoadedDelivery, attempt: Attempt, at: Date): Promise<void>;
  /**
   * Logs a failed attempt in one transaction: counts the subscription's failure, asks `decide`
   * what follows, switches the subscription off if it says so (calling `switchedOff` inside the
   * transaction, once, by the attempt that switched it), and queues the `task` job for the next
   * attempt or removes it. Answers the failures in a row when this attempt switched it off.
   */
  failed(
    delivery: LoadedDelivery,
    attempt: Attempt,
    task: string,
    decide: (failing: Failing | undefined) => AfterFailure,
    switchedOff: (within: StoreTransaction, failing: Failing, reason: string) => Promise<void>,
  ): Promise<(Failing & { reason: string }) | null>;
  /** Adds (or moves: the same key replaces) the `task` jobs, in one statement. */
  addJobs(task: string, jobs: readonly KeyedJob[]): Promise<void>;
}
