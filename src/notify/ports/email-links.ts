// What the email links (../email/links.ts: verify an address, unsubscribe) need from storage:
// the links' hashes (src/store/email-tokens.ts), and the account's own record, written by the one
// writer of `accounts` (src/store/accounts.ts).

import type { StoreTransaction } from './transaction.ts';

export type LinkPurpose = 'verify' | 'unsubscribe';

export interface EmailTokenRecords {
  /** Stores a link's hash; `within` the caller's transaction when given. */
  issue(link: { hash: string; accountId: string; purpose: LinkPurpose; email: string; expiresAt: Date }, within?: StoreTransaction): Promise<void>;
  /** The account and address of a `purpose` link not expired at `now`. */
  holder(hash: string, purpose: LinkPurpose, now: Date): Promise<{ accountId: string; email: string } | undefined>;
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
  changePreferences(accountId: string, change: (stored: Record<string, unknown>) => Record<string, unknown>): Promise<{ found: boolean; preferences: Record<string, unknown> }>;
}

/** What the email settings read: the address, whether it is verified, and the preferences. */
export interface AccountEmailReads {
  emailOf(accountId: string): Promise<{ email: string; verified: boolean; preferences: Record<string, unknown> } | undefined>;
}
