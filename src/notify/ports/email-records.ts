// What the email channel (src/delivery/email) reads and queues: its recipients, the players
// seated at a game, the once-per-player record of what was queued, digests, and its jobs. Types
// the notification side owns; src/store/email-records.ts implements them over Postgres.

import type { StoreTransaction } from './transaction.ts';

/** An account as an email to it needs it. */
export interface RecipientRecord {
  accountId: string;
  handle: string;
  email: string;
  verified: boolean;
  /** The stored preferences: email settings (`notifications`) and time zone among them. */
  preferences: Record<string, unknown>;
}

/** A human seated at a game, with when they last sent a command to it. */
export interface SeatedRecipientRecord extends RecipientRecord {
  seat: number;
  lastActed: Date | null;
}

export interface EmailJob {
  task: string;
  payload: object;
  key: string;
  runAt?: Date;
  /** What adding it again under the same key does (graphile-worker's job_key_mode); `preserve_run_at` by default. */
  mode?: 'replace' | 'preserve_run_at';
}

/** A notification once per player: its id, for the player's account. */
export interface Once {
  accountId: string;
  notificationId: string;
}

export interface EmailRecords {
  /** `within`: the transaction a callback was handed, which must not wait for a second connection. */
  recipient(accountId: string, within?: StoreTransaction): Promise<RecipientRecord | undefined>;
  /** The humans seated at the game, by seat. */
  seatedPlayers(gameId: string): Promise<SeatedRecipientRecord[]>;
  addJob(job: EmailJob, within?: StoreTransaction): Promise<void>;
  /** `addJob`, unless this notification was queued for this player before: both or neither. */
  addJobOnce(once: Once, job: EmailJob): Promise<void>;
  /**
   * Appends `notification` to the player's pending digest of the game, once per notification id
   * (a notification queued for the player before is not added again), due `sendAfter` when the
   * digest is new, and adds `job(dueAt)` for it.
   */
  addToDigest(once: Once, gameId: string, notification: { id: string }, sendAfter: Date, job: (dueAt: Date) => EmailJob): Promise<void>;
  /**
   * Takes the pending digest and runs `send` with it in one transaction: a `send` that throws
   * leaves the digest for the retry. Nothing runs when there is none.
   */
  takeDigest<N>(accountId: string, gameId: string, send: (notifications: N[], within: StoreTransaction) => Promise<void>): Promise<void>;
  /** Whether the account's subscription is still switched off. */
  webhookStillDisabled(subscriptionId: string, accountId: string): Promise<boolean>;
  /** Whether an account other than `accountId` verified `email`. */
  verifiedByAnother(email: string, accountId: string): Promise<boolean>;
}
