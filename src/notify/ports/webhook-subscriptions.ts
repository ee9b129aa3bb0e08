// What the webhook-subscription use cases (../webhooks/subscriptions.ts) need from storage, as
// types they own: a Postgres adapter (src/store/webhook-subscriptions.ts) implements them.

export type WebhookFormat = 'json' | 'discord' | 'slack';

export interface Subscription {
  id: string;
  url: string;
  format: WebhookFormat;
  /** Null: every game where you hold a seat. */
  gameId: string | null;
  enabled: boolean;
  disabledReason: string | null;
  consecutiveFailures: number;
  /** How long before a seat's deadline a `deadline.near` reminder is sent; null: none. */
  reminderMinutes: number | null;
  /** When the previous secret stops signing, during a rotation; null otherwise. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
}

/** One attempt of a delivery, as the delivery log keeps it. */
export interface Attempt {
  at: string;
  status: number | null;
  latencyMs: number;
  error: string | null;
  responsePrefix: string;
}

export interface Delivery {
  id: string;
  notificationId: string;
  eventType: string;
  status: 'pending' | 'delivered' | 'failed';
  createdAt: string;
  deliveredAt: string | null;
  attempts: Attempt[];
}

export interface NewSubscription {
  accountId: string;
  gameId: string | null;
  url: string;
  format: WebhookFormat;
  secret: string;
  reminderMinutes: number | null;
}

/** How many subscriptions there are already: the account's, and the game's (0 for a player's subscription). */
export interface SubscriptionCounts {
  mine: number;
  game: number;
}

export interface WebhookSubscriptionRecords {
  /**
   * Inserts the subscription after `check` has seen the counts, in one transaction under the
   * account's (and the game's) limit lock, so that subscriptions created at once wait for each
   * other; `check` throws to refuse, and nothing is inserted.
   */
  create(subscription: NewSubscription, check: (counts: SubscriptionCounts) => void): Promise<Subscription>;
  /** The account's, oldest first. */
  list(accountId: string): Promise<Subscription[]>;
  /** The account's subscription with its secrets (the current one first); undefined for anyone else's. */
  find(accountId: string, id: string): Promise<(Subscription & { secrets: string[] }) | undefined>;
  remove(accountId: string, id: string): Promise<void>;
  /** Undefined when the account has no such subscription (any more). */
  change(accountId: string, id: string, change: { format?: WebhookFormat; reminderMinutes?: number | null }): Promise<Subscription | undefined>;
  /** Switched on, with a clean failure count; undefined when the account has no such subscription. */
  enable(accountId: string, id: string): Promise<Subscription | undefined>;
  /** Replaces the secrets only if they are still `expected`; undefined otherwise. */
  replaceSecrets(accountId: string, id: string, expected: readonly string[], secrets: string[], previousSecretExpiresAt: Date): Promise<Subscription | undefined>;
  /** Newest first. */
  deliveries(subscriptionId: string, limit: number): Promise<Delivery[]>;
}
