// The links an email carries that act without a log-in: verify an address, unsubscribe (the one
// way to mute every notification email without logging in). Each is a random token; only its
// SHA-256 is stored (email_tokens), so the table alone opens nothing. A table rather than signed
// tokens: no secret to configure, and a link can be revoked. The use cases behind
// `/v1/email/verify` and `/v1/email/unsubscribe`; storage is behind ports (../ports/email-links.ts).

import { createHash, randomBytes } from 'node:crypto';
import type { AccountEmailReads, AccountEmailWrites, EmailTokenRecords, LinkPurpose } from '../ports/email-links.ts';
import type { StoreTransaction } from '../ports/transaction.ts';
import { withEmailSettings } from './settings.ts';

/** How long a verification link works. */
export const VERIFY_TTL_MS = 48 * 3_600_000;
/**
 * How long an unsubscribe link works: a year, so that a player can still use the link in an old
 * email, while the table (a token per email sent) does not grow for ever: housekeeping deletes
 * expired links. Past that, the settings page (`PUT /v1/me/notifications`) still turns email off.
 */
export const UNSUBSCRIBE_TTL_MS = 365 * 24 * 3_600_000;

/** How long a password-reset link works: short, as it opens the account to whoever reads the mailbox. */
export const RESET_TTL_MS = 30 * 60_000;
/** Reset emails an account gets in an hour, however often its address is asked for: no mailbox flooding. */
export const RESETS_PER_HOUR = 3;
/** How long the link that confirms a new address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;

// The password-reset link's hash is the same SHA-256 (src/auth/password-resets.ts uses it).
const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(24).toString('base64url');

export type VerifyOutcome = 'verified' | 'invalid';

export class EmailLinks {
  private readonly tokens: EmailTokenRecords;
  private readonly accounts: AccountEmailWrites & Pick<AccountEmailReads, 'accountWithEmail'>;
  private readonly now: () => Date;

  constructor(
    tokens: EmailTokenRecords,
    accounts: AccountEmailWrites & Pick<AccountEmailReads, 'accountWithEmail'>,
    now: () => Date = () => new Date(),
  ) {
    this.tokens = tokens;
    this.accounts = accounts;
    this.now = now;
  }

  /** A verification token for the account's current address. */
  verificationToken(accountId: string, email: string): Promise<string> {
    return this.issue(accountId, email, 'verify', VERIFY_TTL_MS);
  }

  /**
   * A password-reset token for the account, sent to `email`; undefined when the account has had
   * RESETS_PER_HOUR in the last hour. The link is used by src/auth/password-resets.ts.
   */
  async resetToken(accountId: string, email: string): Promise<string | undefined> {
    const hourAgo = new Date(this.now().getTime() - 3_600_000);
    if ((await this.tokens.issuedSince(accountId, 'reset', hourAgo)) >= RESETS_PER_HOUR) return undefined;
    return this.issue(accountId, email, 'reset', RESET_TTL_MS);
  }

  /** A token that makes `newEmail` the account's address once opened (changeEmail). */
  emailChangeToken(accountId: string, newEmail: string): Promise<string> {
    return this.issue(accountId, newEmail, 'change-email', EMAIL_CHANGE_TTL_MS);
  }

  /** The account a reset email for `email` (normalised) goes to, if any. */
  resetTarget(email: string): Promise<{ accountId: string } | undefined> {
    return this.accounts.accountWithEmail(email);
  }

  /** Opens an email-change link: the new address replaces the old, verified (the ports say when not). */
  changeEmail(token: string): ReturnType<AccountEmailWrites['changeEmail']> {
    return this.accounts.changeEmail(hashOf(token), this.now());
  }

  /**
   * An unsubscribe token: one per email sent, working for UNSUBSCRIBE_TTL_MS. Stored `within` the
   * caller's transaction when given, which must not wait for a second pooled connection.
   */
  unsubscribeToken(accountId: string, email: string, within?: StoreTransaction): Promise<string> {
    return this.issue(accountId, email, 'unsubscribe', UNSUBSCRIBE_TTL_MS, within);
  }

  /** Stores a new token's hash for `purpose`, working for `ttlMs` from now; returns the token. */
  private async issue(accountId: string, email: string, purpose: LinkPurpose, ttlMs: number, within?: StoreTransaction): Promise<string> {
    const token = newToken();
    await this.tokens.issue({ hash: hashOf(token), accountId, purpose, email, expiresAt: new Date(this.now().getTime() + ttlMs) }, within);
    return token;
  }

  /**
   * Verifies the address the token was sent to, if it is still the account's, once, before it
   * expires, and no other account has verified it first: an address belongs to one verified
   * account (accounts_verified_email_key; src/auth/accounts.ts says why others may hold it).
   */
  verify(token: string): Promise<VerifyOutcome> {
    return this.accounts.verifyEmail(hashOf(token), this.now());
  }

  /** The account an unsubscribe token belongs to, or undefined (unknown or expired). */
  unsubscriber(token: string): Promise<{ accountId: string; email: string } | undefined> {
    return this.tokens.holder(hashOf(token), 'unsubscribe', this.now());
  }

  /** RFC 8058 one-click: turns email off for the token's account. False for an unknown token. */
  async unsubscribe(token: string): Promise<boolean> {
    const owner = await this.unsubscriber(token);
    if (!owner) return false;
    await this.accounts.changePreferences(owner.accountId, withEmailSettings({ email: 'off' }));
    return true;
  }
}
