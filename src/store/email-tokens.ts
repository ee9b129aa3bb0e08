// The hashes of the links emails carry (src/notify/ports/email-links.ts): `email_tokens`.

import type pg from 'pg';
import type { EmailTokenRecords, LinkPurpose } from '../notify/ports/email-links.ts';
import type { StoreTransaction } from '../notify/ports/transaction.ts';
import { queryableOf } from './transactions.ts';

export class PostgresEmailTokens implements EmailTokenRecords {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async issue(link: { hash: string; accountId: string; purpose: LinkPurpose; email: string; expiresAt: Date }, within?: StoreTransaction): Promise<void> {
    await queryableOf(within, this.pool).query(`INSERT INTO email_tokens (token_hash, account_id, purpose, email, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
      link.hash,
      link.accountId,
      link.purpose,
      link.email,
      link.expiresAt,
    ]);
  }

  async holder(hash: string, purpose: LinkPurpose, now: Date): Promise<{ accountId: string; email: string } | undefined> {
    const { rows } = await this.pool.query<{ accountId: string; email: string }>(
      `SELECT account_id AS "accountId", email FROM email_tokens WHERE token_hash = $1 AND purpose = $2 AND expires_at > $3`,
      [hash, purpose, now],
    );
    return rows[0];
  }

  async issuedSince(accountId: string, purpose: LinkPurpose, since: Date): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_tokens WHERE account_id = $1 AND purpose = $2 AND created_at > $3`,
      [accountId, purpose, since],
    );
    return rows[0]?.n ?? 0;
  }
}
