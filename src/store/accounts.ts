// The one writer of the `accounts` table: every INSERT and UPDATE of it is in this file (there is
// no DELETE), and test/architecture/accounts-writer.test.ts fails on one anywhere else in src/.
//
// Why one: an account row is shared by several use cases (registration, log out everywhere, the
// preferences and vacations of the game service, email settings and verification), and two of
// them write the same JSON (`preferences`: standing orders and time zone beside the email
// settings). Written from one place, every change of that JSON takes the same row lock, the
// invariants of the row (a handle unique whatever its case, an address verified by one account
// only) are kept by one set of statements, and a new column has one place to look. The use cases
// reach it through ports they own: auth's AccountRegistration and SessionGenerations
// (src/auth/accounts.ts, session-revocations.ts), the service's AccountRecords (through
// account-records.ts), and notifications' AccountEmailWrites (src/notify/ports/email-links.ts).

import type pg from 'pg';
import type { Account, AccountRegistration } from '../auth/accounts.ts';
import type { SessionGenerations } from '../auth/session-revocations.ts';
import { lockAccountRow, violatedUniqueIndex, literalPattern, type PrismaClient, type PrismaJsonInput } from '../db/prisma.ts';
import { violatedUniqueConstraint } from '../db/transaction.ts';
import type { AccountEmailReads, AccountEmailWrites } from '../notify/ports/email-links.ts';
import type { VacationRecord } from '../service/ports/accounts.ts';

/** Serialises registrations of one handle in any case, which the (case-sensitive) unique index alone cannot. */
const REGISTRATION_LOCK_SPACE = 72707371;

/** The columns an Account is made of. */
const ACCOUNT = { id: true, handle: true, email: true, emailVerifiedAt: true, createdAt: true, sessionGeneration: true } as const;
const VACATION_COLUMNS = { vacationUntil: true, vacationYear: true, vacationDaysUsed: true } as const;
const NO_VACATION: VacationRecord = { until: null, year: 0, used: 0 };

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** `handle` whatever its case (what `lower(handle) = lower($1)` says in SQL). */
const handleIs = (handle: string) => ({ equals: literalPattern(handle), mode: 'insensitive' as const });

export class AccountsTable implements AccountRegistration, SessionGenerations, AccountEmailWrites, AccountEmailReads {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly pool: pg.Pool,
  ) {}

  async create(input: { handle: string; email: string; passwordHash: string }): Promise<{ account: Account; addressOwner: string | undefined } | 'handle-taken'> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        // Prisma Client has no advisory locks: this one statement stays SQL.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REGISTRATION_LOCK_SPACE}::int, hashtext('handle:' || lower(${input.handle})))`;
        const taken = await tx.account.findFirst({ where: { handle: handleIs(input.handle) }, select: { id: true } });
        if (taken) return 'handle-taken' as const;
        const account = await tx.account.create({ data: { handle: input.handle, email: input.email, passwordHash: input.passwordHash }, select: ACCOUNT });
        const owner = await tx.account.findFirst({ where: { email: input.email, emailVerifiedAt: { not: null } }, select: { id: true } });
        return { account, addressOwner: owner?.id };
      });
    } catch (error) {
      if (violatedUniqueIndex(error) === 'accounts_handle_key') return 'handle-taken';
      throw error;
    }
  }

  async raiseSessionGeneration(accountId: string, announce: { channel: string; prefix: string }): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ generation: number }>(
      `WITH bumped AS (
         UPDATE accounts SET session_generation = session_generation + 1, sessions_revoked_at = now()
          WHERE id = $1 RETURNING session_generation)
       SELECT session_generation AS generation, pg_notify($2, $3 || session_generation) FROM bumped`,
      [accountId, announce.channel, announce.prefix],
    );
    return rows[0]?.generation;
  }

  changePreferences(accountId: string, change: (stored: Record<string, unknown>) => Record<string, unknown>): Promise<{ found: boolean; preferences: Record<string, unknown> }> {
    return this.prisma.$transaction(async (tx) => {
      await lockAccountRow(tx, accountId);
      const row = await tx.account.findUnique({ where: { id: accountId }, select: { preferences: true } });
      const preferences = change(asObject(row?.preferences));
      if (row) await tx.account.update({ where: { id: accountId }, data: { preferences: JSON.parse(JSON.stringify(preferences)) as PrismaJsonInput }, select: { id: true } });
      return { found: row !== null, preferences };
    });
  }

  /** The vacation record under the account's row lock; `change` says what to save (null: nothing) and what to answer, or throws. */
  changeVacation<T>(accountId: string, change: (stored: VacationRecord) => { save: VacationRecord | null; answer: T }): Promise<T> {
    return this.prisma.$transaction(async (tx) => {
      await lockAccountRow(tx, accountId);
      const row = await tx.account.findUnique({ where: { id: accountId }, select: VACATION_COLUMNS });
      const { save, answer } = change(row ? { until: row.vacationUntil, year: row.vacationYear, used: row.vacationDaysUsed } : NO_VACATION);
      if (save) await tx.account.updateMany({ where: { id: accountId }, data: { vacationUntil: save.until, vacationYear: save.year, vacationDaysUsed: save.used } });
      return answer;
    });
  }

  async verifyEmail(hash: string, at: Date): Promise<'verified' | 'invalid'> {
    try {
      const { rowCount } = await this.pool.query(
        `WITH used AS (
           UPDATE email_tokens SET used_at = $2
            WHERE token_hash = $1 AND purpose = 'verify' AND used_at IS NULL AND expires_at > $2
            RETURNING account_id, email)
         UPDATE accounts a SET email_verified_at = coalesce(a.email_verified_at, $2)
           FROM used WHERE a.id = used.account_id AND a.email = used.email
            AND NOT EXISTS (SELECT 1 FROM accounts b WHERE b.email = used.email AND b.email_verified_at IS NOT NULL AND b.id <> a.id)`,
        [hash, at],
      );
      return rowCount === 1 ? 'verified' : 'invalid';
    } catch (error) {
      // Two accounts verifying one address at the same instant: the index lets one through.
      if (violatedUniqueConstraint(error) === 'accounts_verified_email_key') return 'invalid';
      throw error;
    }
  }

  async emailOf(accountId: string): Promise<{ email: string; verified: boolean; preferences: Record<string, unknown> } | undefined> {
    const row = await this.prisma.account.findUnique({ where: { id: accountId }, select: { email: true, emailVerifiedAt: true, preferences: true } });
    return row ? { email: row.email, verified: row.emailVerifiedAt !== null, preferences: asObject(row.preferences) } : undefined;
  }
}
