// What the email links (../email/links.ts: verify an address, unsubscribe) need from storage:
// the links' hashes (src/store/email-tokens.ts), and the account's own record, written by the one
// writer of `accounts` (src/store/accounts.ts).

import type { StoreTransaction } from './transaction.ts';

/**
 * `verify` an address, `unsubscribe`, `reset` a forgotten password (its `email` is the address it
 * was sent to), `change-email` (its `email` is the new address, to become the account's once opened).
 */
export type LinkPurpose = 'verify' | 'unsubscribe' | 'reset' | 'change-email';

export interface EmailTokenRecords {
  /** Stores a link's hash; `within` the caller's transaction when given. */
  issue(link: { hash: string; accountId: string; purpose: LinkPurpose; email: string; expiresAt: Date }, within?: StoreTransaction): Promise<void>;
  /** The account and address of a `purpose` link not expired at `now`. */
  holder(hash: string, purpose: LinkPurpose, now: Date): Promise<{ accountId: string; email: string } | undefined>;
  /** How many `purpose` links the account was given since `since`: the cap on reset emails. */
  issuedSince(accountId: string, purpose: LinkPurpose, since: Date): Promise<number>;
}

/** The writes of `accounts` the email use cases ask for. */
export interface AccountEmailWrites {
  /**
   * Uses the verification link `hash` (once, before it expires) and marks its address verified at
   * `at`, if it is still the account's and no other account verified it first; 'invalid' otherwise.
   */
  verifyEmail(hash: string, at: Date): Promise<'verified' | 'invalid'>;
  /**
   * Changes the stored preferences under the account's row lock; `found` is false (and nothing
   * is written) when there is no such account.
   */
  /**
   * Uses the email-change link `hash` (once, before it expires): the address it was sent to
   * becomes the account's, verified at `at`, unless another account verified it first. Every other
   * email-change link of the account stops working. Answers the address it replaced.
   */
  changeEmail(hash: string, at: Date): Promise<{ accountId: string; handle: string; oldEmail: string; oldVerified: boolean } | 'invalid'>;
  changePreferences(accountId: string, change: (stored: Record<string, unknown>) => Record<string, unknown>): Promise<{ found: boolean; preferences: Record<string, unknown> }>;
}

/** What the email settings read: the address, whether it is verified, and the preferences. */
export interface AccountEmailReads {
  /**
   * The account a password-reset email for `email` (normalised) goes to: the one that verified the
   * address, else the first registered with it (as log-in by email chooses, src/auth/accounts.ts).
   */
  accountWithEmail(email: string): Promise<{ accountId: string } | undefined>;
  emailOf(accountId: string): Promise<{ email: string; verified: boolean; preferences: Record<string, unknown> } | undefined>;
}
