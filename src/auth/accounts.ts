// Accounts and their personal access tokens, in Postgres. Handles are unique whatever their case
// ("Dredd" and "dredd" are one handle), and log-in by handle ignores case; emails are stored
// lower-cased.
//
// Registration never tells whether an email address is taken: an address is unique among
// *verified* accounts only (a partial unique index), so registering with any address succeeds and
// answers alike. When a verified account holds it, its owner is emailed that someone tried, and no
// verification link goes out: the new account can never verify that address (the index, and
// EmailLinks.verify, refuse it). Handles are another matter: a handle is public (it names its
// player at every table, in game views, open-game lists and command logs), and two players cannot
// share one, so a taken handle is still refused (409 HANDLE_TAKEN). There is no profile route; the
// registration answer is the only place a handle that never played shows up, and it is rate-limited
// per address like every anonymous request.

import type pg from 'pg';
import { Refusal } from '../platform/refusal.ts';
import { inTransaction, violatedUniqueConstraint } from '../db/transaction.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';

export interface Account {
  id: string;
  handle: string;
  email: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  /** Session tokens carry it; "log out everywhere" raises it (session-revocations.ts). */
  sessionGeneration: number;
}

export interface AccessToken {
  id: string;
  name: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

interface AccountRow {
  id: string;
  handle: string;
  email: string;
  password_hash: string;
  email_verified_at: Date | null;
  created_at: Date;
  session_generation: number;
}

interface AccessTokenRow {
  id: string;
  name: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** Serialises registrations of one handle in any case, which the (case-sensitive) unique index alone cannot. */
const REGISTRATION_LOCK_SPACE = 72707371;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export class Accounts {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Creates the account; 409 HANDLE_TAKEN when another has the handle. An email another account
   * holds is no obstacle: `addressOwner` is the verified account that holds it, if one does (see
   * the top of this file), for the caller to tell that owner instead of verifying the address.
   */
  async register(input: { handle: string; email: string; password: string }): Promise<{ account: Account; addressOwner: string | undefined }> {
    const email = normalizeEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    try {
      return await inTransaction(this.pool, async (client) => {
        await client.query(`SELECT pg_advisory_xact_lock($1, hashtext('handle:' || lower($2)))`, [REGISTRATION_LOCK_SPACE, input.handle]);
        const taken = await client.query('SELECT 1 FROM accounts WHERE lower(handle) = lower($1)', [input.handle]);
        if (taken.rowCount) throw handleTaken(input.handle);
        const { rows } = await client.query<AccountRow & { address_owner: string | null }>(
          `INSERT INTO accounts (handle, email, password_hash) VALUES ($1, $2, $3)
           RETURNING *, (SELECT id FROM accounts WHERE email = $2 AND email_verified_at IS NOT NULL) AS address_owner`,
          [input.handle, email, passwordHash],
        );
        return { account: toAccount(rows[0]!), addressOwner: rows[0]!.address_owner ?? undefined };
      });
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'accounts_handle_key') throw handleTaken(input.handle);
      throw error;
    }
  }

  /**
   * The account whose handle or email is `login` and whose password is `password`, else undefined.
   * An unknown login costs one password hash too, so timing does not tell which accounts exist.
   *
   * Several accounts may hold one email (only one verified): log-in by email is for the account
   * that verified it, or, while none has, the first registered with it. Exactly one password hash
   * is checked either way, so the time taken does not tell how many hold it. The others log in by
   * handle.
   */
  async authenticate(login: { handle?: string; email?: string }, password: string): Promise<Account | undefined> {
    const { rows } =
      login.email !== undefined
        ? await this.pool.query<AccountRow>(
            'SELECT * FROM accounts WHERE email = $1 ORDER BY email_verified_at IS NULL, created_at, id LIMIT 1',
            [normalizeEmail(login.email)],
          )
        : await this.pool.query<AccountRow>('SELECT * FROM accounts WHERE lower(handle) = lower($1)', [login.handle ?? '']);
    const row = rows[0];
    const matches = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
    return row && matches ? toAccount(row) : undefined;
  }

  async find(id: string): Promise<Account | undefined> {
    const { rows } = await this.pool.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [id]);
    return rows[0] && toAccount(rows[0]);
  }

  /** Inserts a PAT row; `sign` makes its JWT, within the same transaction, so no row exists without a token. */
  async createAccessToken<T>(
    accountId: string,
    input: { name: string; expiresInDays?: number },
    sign: (token: AccessToken) => Promise<T>,
    maxActive = Infinity,
  ): Promise<{ accessToken: AccessToken; signed: T } | 'limit'> {
    return inTransaction(this.pool, async (client) => {
      // The account's row lock makes the count and the insert one step, however many requests race.
      await client.query(`SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
      const active = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM access_tokens WHERE account_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
        [accountId],
      );
      if (active.rows[0]!.n >= maxActive) return 'limit' as const;
      const { rows } = await client.query<AccessTokenRow>(
        `INSERT INTO access_tokens (account_id, name, expires_at)
         VALUES ($1, $2, CASE WHEN $3::int IS NULL THEN NULL ELSE date_trunc('second', now()) + make_interval(days => $3::int) END)
         RETURNING id, name, created_at, expires_at, last_used_at, revoked_at`,
        [accountId, input.name, input.expiresInDays ?? null],
      );
      const accessToken = toAccessToken(rows[0]!);
      return { accessToken, signed: await sign(accessToken) };
    });
  }

  /** The account's PATs, newest first, revoked and expired ones included. */
  async accessTokens(accountId: string): Promise<AccessToken[]> {
    const { rows } = await this.pool.query<AccessTokenRow>(
      `SELECT id, name, created_at, expires_at, last_used_at, revoked_at FROM access_tokens
        WHERE account_id = $1 ORDER BY created_at DESC, id`,
      [accountId],
    );
    return rows.map(toAccessToken);
  }

  /** Revokes the account's PAT (again is fine); false when the account has no such token. */
  async revokeAccessToken(accountId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE access_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 AND account_id = $2',
      [id, accountId],
    );
    return rowCount === 1;
  }
}

function handleTaken(handle: string): Refusal {
  return new Refusal('conflict', 'HANDLE_TAKEN', `The handle "${handle}" is taken; choose another.`);
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    handle: row.handle,
    email: row.email,
    emailVerifiedAt: row.email_verified_at,
    createdAt: row.created_at,
    sessionGeneration: row.session_generation,
  };
}

function toAccessToken(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}
