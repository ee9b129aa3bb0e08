// The links an email carries that act without a log-in: verify an address, unsubscribe. Each is a
// random token; only its SHA-256 is stored (email_tokens), so the table alone opens nothing. A
// table rather than signed tokens: no secret to configure, and a link can be revoked.

import { createHash, randomBytes } from 'node:crypto';
import { violatedUniqueConstraint } from '../../db/transaction.ts';
import type { Queryable } from '../../store/event-store.ts';
import { updateEmailSettings } from './settings.ts';

/** How long a verification link works. */
export const VERIFY_TTL_MS = 48 * 3_600_000;
/**
 * How long an unsubscribe link works: a year, so that a player can still use the link in an old
 * email, while the table (a token per email sent) does not grow for ever: housekeeping deletes
 * expired links. Past that, the settings page (`PUT /v1/me/notifications`) still turns email off.
 */
export const UNSUBSCRIBE_TTL_MS = 365 * 24 * 3_600_000;

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(24).toString('base64url');

export type VerifyOutcome = 'verified' | 'invalid';

export class EmailLinks {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A verification token for the account's current address. */
  verificationToken(accountId: string, email: string): Promise<string> {
    return this.issue(accountId, email, 'verify', VERIFY_TTL_MS);
  }

  /**
   * An unsubscribe token: one per email sent, working for UNSUBSCRIBE_TTL_MS. Stored through `db`
   * when given: the caller's transaction, which must not wait for a second pooled connection.
   */
  unsubscribeToken(accountId: string, email: string, db: Queryable = this.db): Promise<string> {
    return this.issue(accountId, email, 'unsubscribe', UNSUBSCRIBE_TTL_MS, db);
  }

  /** Stores a new token's hash for `purpose`, working for `ttlMs` from now; returns the token. */
  private async issue(accountId: string, email: string, purpose: 'verify' | 'unsubscribe', ttlMs: number, db: Queryable = this.db): Promise<string> {
    const token = newToken();
    await db.query(`INSERT INTO email_tokens (token_hash, account_id, purpose, email, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
      hashOf(token),
      accountId,
      purpose,
      email,
      new Date(this.now().getTime() + ttlMs),
    ]);
    return token;
  }

  /**
   * Verifies the address the token was sent to, if it is still the account's, once, before it
   * expires, and no other account has verified it first: an address belongs to one verified
   * account (accounts_verified_email_key; src/auth/accounts.ts says why others may hold it).
   */
  async verify(token: string): Promise<VerifyOutcome> {
    try {
      const { rowCount } = await this.db.query(
        `WITH used AS (
           UPDATE email_tokens SET used_at = $2
            WHERE token_hash = $1 AND purpose = 'verify' AND used_at IS NULL AND expires_at > $2
            RETURNING account_id, email)
         UPDATE accounts a SET email_verified_at = coalesce(a.email_verified_at, $2)
           FROM used WHERE a.id = used.account_id AND a.email = used.email
            AND NOT EXISTS (SELECT 1 FROM accounts b WHERE b.email = used.email AND b.email_verified_at IS NOT NULL AND b.id <> a.id)`,
        [hashOf(token), this.now()],
      );
      return rowCount === 1 ? 'verified' : 'invalid';
    } catch (error) {
      // Two accounts verifying one address at the same instant: the index lets one through.
      if (violatedUniqueConstraint(error) === 'accounts_verified_email_key') return 'invalid';
      throw error;
    }
  }

  /** The account an unsubscribe token belongs to, or undefined (unknown or expired). */
  async unsubscriber(token: string): Promise<{ accountId: string; email: string } | undefined> {
    const { rows } = await this.db.query<{ accountId: string; email: string }>(
      `SELECT account_id AS "accountId", email FROM email_tokens
        WHERE token_hash = $1 AND purpose = 'unsubscribe' AND expires_at > $2`,
      [hashOf(token), this.now()],
    );
    return rows[0];
  }

  /** RFC 8058 one-click: turns email off for the token's account. False for an unknown token. */
  async unsubscribe(token: string): Promise<boolean> {
    const owner = await this.unsubscriber(token);
    if (!owner) return false;
    await updateEmailSettings(this.db, owner.accountId, { email: 'off' });
    return true;
  }
}
