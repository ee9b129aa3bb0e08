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
//
// The account row is written by the table's one writer (src/store/accounts.ts, which says why),
// through the AccountRegistration port below; this file reads it and writes access tokens.

import { literalPattern, lockAccountRow, type PrismaClient } from '../db/prisma.ts';
import { Refusal } from '../platform/refusal.ts';
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

/** The columns an Account is made of, and the password hash to check. */
const ACCOUNT = { id: true, handle: true, email: true, passwordHash: true, emailVerifiedAt: true, createdAt: true, sessionGeneration: true } as const;
const ACCESS_TOKEN = { id: true, name: true, createdAt: true, expiresAt: true, lastUsedAt: true, revokedAt: true } as const;

const DAY_MS = 86_400_000;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** `handle` whatever its case (what `lower(handle) = lower($1)` said in SQL). */
const handleIs = (handle: string) => ({ equals: literalPattern(handle), mode: 'insensitive' as const });

/** Creating an account: a port of registration's, which the one writer of `accounts` implements (src/store/accounts.ts). */
export interface AccountRegistration {
  /**
   * Creates the account, or answers 'handle-taken' when another has the handle in any case
   * (registrations of one handle wait for each other). `addressOwner`: the verified account that
   * holds the email, if one does. `email` is normalised already.
   */
  create(input: { handle: string; email: string; passwordHash: string }): Promise<{ account: Account; addressOwner: string | undefined } | 'handle-taken'>;
}

export class Accounts {
  private readonly prisma: PrismaClient;
  private readonly registration: AccountRegistration;

  constructor(
    prisma: PrismaClient,
    registration: AccountRegistration,
  ) {
    this.prisma = prisma;
    this.registration = registration;
  }

  /**
   * Creates the account; 409 HANDLE_TAKEN when another has the handle. An email another account
   * holds is no obstacle: `addressOwner` is the verified account that holds it, if one does (see
   * the top of this file), for the caller to tell that owner instead of verifying the address.
   */
  async register(input: { handle: string; email: string; password: string }): Promise<{ account: Account; addressOwner: string | undefined }> {
    const email = normalizeEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    const created = await this.registration.create({ handle: input.handle, email, passwordHash });
    if (created === 'handle-taken') throw handleTaken(input.handle);
    return { account: toAccount(created.account), addressOwner: created.addressOwner };
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
    const row =
      login.email !== undefined
        ? await this.prisma.account.findFirst({
            // A deleted account has no address and no password: never a log-in (its row stays for its games).
            where: { email: normalizeEmail(login.email), deletedAt: null },
            // At most one account has verified an address (accounts_verified_email_key): it comes first.
            orderBy: [{ emailVerifiedAt: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }, { id: 'asc' }],
            select: ACCOUNT,
          })
        : await this.prisma.account.findFirst({ where: { handle: handleIs(login.handle ?? ''), deletedAt: null }, select: ACCOUNT });
    const matches = await verifyPassword(password, row?.passwordHash ?? (await decoyHash()));
    return row && matches ? toAccount(row) : undefined;
  }

  async find(id: string): Promise<Account | undefined> {
    const row = await this.prisma.account.findUnique({ where: { id }, select: ACCOUNT });
    return row ? toAccount(row) : undefined;
  }

  /**
   * Inserts a PAT row; `sign` makes its JWT, within the same transaction, so no row exists without
   * a token. `sign` must not use the pool: this transaction holds a connection and the account's
   * row lock, and waiting for a second connection while holding them starves the pool.
   */
  async createAccessToken<T>(
    accountId: string,
    input: { name: string; expiresInDays?: number },
    sign: (token: AccessToken) => Promise<T>,
    maxActive = Infinity,
  ): Promise<{ accessToken: AccessToken; signed: T } | 'limit'> {
    return this.prisma.$transaction(async (tx) => {
      // The account's row lock makes the count and the insert one step, however many requests race.
      await lockAccountRow(tx, accountId);
      const now = new Date();
      const active = await tx.accessToken.count({
        where: { accountId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      });
      if (active >= maxActive) return 'limit' as const;
      // Whole seconds, as the token's `exp` claim is.
      const expiresAt = input.expiresInDays === undefined ? null : new Date(Math.floor(now.getTime() / 1000) * 1000 + input.expiresInDays * DAY_MS);
      const accessToken = await tx.accessToken.create({ data: { accountId, name: input.name, expiresAt }, select: ACCESS_TOKEN });
      return { accessToken, signed: await sign(accessToken) };
    });
  }

  /** The account's PATs, newest first, revoked and expired ones included. */
  async accessTokens(accountId: string): Promise<AccessToken[]> {
    return this.prisma.accessToken.findMany({ where: { accountId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], select: ACCESS_TOKEN });
  }

  /** Revokes the account's PAT (again is fine: the first revocation's time stays); false when the account has no such token. */
  async revokeAccessToken(accountId: string, id: string): Promise<boolean> {
    const { count } = await this.prisma.accessToken.updateMany({ where: { id, accountId, revokedAt: null }, data: { revokedAt: new Date() } });
    return count === 1 || (await this.prisma.accessToken.count({ where: { id, accountId } })) === 1;
  }
}

function handleTaken(handle: string): Refusal {
  return new Refusal('conflict', 'HANDLE_TAKEN', `The handle "${handle}" is taken; choose another.`);
}

function toAccount(row: Account & { passwordHash?: string }): Account {
  return {
    id: row.id,
    handle: row.handle,
    email: row.email,
    emailVerifiedAt: row.emailVerifiedAt,
    createdAt: row.createdAt,
    sessionGeneration: row.sessionGeneration,
  };
}
