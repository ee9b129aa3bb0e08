// The one writer of the `accounts` table: every INSERT and UPDATE of it is in this file (there is
// no DELETE: a deleted account's row stays, erased, for the games it played), and test/architecture/accounts-writer.test.ts fails on one anywhere else in src/.
//
// Why one: an account row is shared by several use cases (registration, log out everywhere, the
// preferences and vacations of the game service, email settings and verification), and two of
// them write the same JSON (`preferences`: standing orders and time zone beside the email
// settings). Written from one place, every change of that JSON takes the same row lock, the
// invariants of the row (a handle unique whatever its case, an address verified by one account
// only) are kept by one set of statements, and a new column has one place to look. The use cases
// reach it through ports they own: auth's AccountRegistration, SessionGenerations and PasswordWrites
// (src/auth/accounts.ts, session-revocations.ts, password-changes.ts), the service's AccountRecords (through
// account-records.ts), and notifications' AccountEmailWrites (src/notify/ports/email-links.ts).

import type pg from 'pg';
import type { Account, AccountRegistration } from '../auth/accounts.ts';
import type { PasswordWrites } from '../auth/password-changes.ts';
import type { SessionGenerations } from '../auth/session-revocations.ts';
import { lockAccountRow, violatedUniqueIndex, literalPattern, type PrismaClient, type PrismaJsonInput } from '../db/prisma.ts';
import { inTransaction, violatedUniqueConstraint } from '../db/transaction.ts';
import type { AccountEmailReads, AccountEmailWrites } from '../notify/ports/email-links.ts';
import { DELETED_HANDLE } from '../service/account-deletion.ts';
import type { VacationRecord } from '../service/ports/accounts.ts';
import type { AccountErasure } from '../service/ports/account-erasure.ts';
import { CHAT_CHANNEL } from '../service/ports/chat.ts';

/** Serialises registrations of one handle in any case, which the (case-sensitive) unique index alone cannot. */
const REGISTRATION_LOCK_SPACE = 72707371;

/** The columns an Account is made of. */
const ACCOUNT = { id: true, handle: true, email: true, emailVerifiedAt: true, createdAt: true, sessionGeneration: true } as const;
const VACATION_COLUMNS = { vacationUntil: true, vacationYear: true, vacationDaysUsed: true } as const;
const NO_VACATION: VacationRecord = { until: null, year: 0, used: 0 };
/** What the table's chat says when a deleted account's seat goes to a bot. */
const HANDED_OVER = 'This player has deleted their account: a bot plays their seat from now on.';

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** `handle` whatever its case (what `lower(handle) = lower($1)` says in SQL). */
const handleIs = (handle: string) => ({ equals: literalPattern(handle), mode: 'insensitive' as const });

export class AccountsTable implements AccountRegistration, SessionGenerations, PasswordWrites, AccountEmailWrites, AccountEmailReads, AccountErasure {
  private readonly prisma: PrismaClient;
  private readonly pool: pg.Pool;

  constructor(
    prisma: PrismaClient,
    pool: pg.Pool,
  ) {
    this.prisma = prisma;
    this.pool = pool;
  }

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

  async resetHolder(tokenHash: string, at: Date): Promise<{ accountId: string; handle: string; email: string } | undefined> {
    const { rows } = await this.pool.query<{ accountId: string; handle: string; email: string }>(
      `SELECT a.id AS "accountId", a.handle, a.email FROM email_tokens t JOIN accounts a ON a.id = t.account_id
        WHERE t.token_hash = $1 AND t.purpose = 'reset' AND t.used_at IS NULL AND t.expires_at > $2`,
      [tokenHash, at],
    );
    return rows[0];
  }

  async resetPassword(tokenHash: string, passwordHash: string, at: Date, channel: string): Promise<{ accountId: string; generation: number } | undefined> {
    const { rows } = await this.pool.query<{ accountId: string; generation: number }>(
      `WITH used AS (
         UPDATE email_tokens SET used_at = $3
          WHERE token_hash = $1 AND purpose = 'reset' AND used_at IS NULL AND expires_at > $3
          RETURNING account_id),
       others AS (
         UPDATE email_tokens t SET used_at = $3 FROM used
          WHERE t.account_id = used.account_id AND t.purpose = 'reset' AND t.used_at IS NULL AND t.token_hash <> $1),
       changed AS (
         UPDATE accounts a SET password_hash = $2, session_generation = session_generation + 1, sessions_revoked_at = now()
           FROM used WHERE a.id = used.account_id
          RETURNING a.id, a.session_generation)
       SELECT id AS "accountId", session_generation AS generation, pg_notify($4, 'a:' || id || '|' || session_generation) FROM changed`,
      [tokenHash, passwordHash, at, channel],
    );
    return rows[0] ? { accountId: rows[0].accountId, generation: rows[0].generation } : undefined;
  }

  async passwordOf(accountId: string): Promise<{ handle: string; email: string; passwordHash: string } | undefined> {
    return (await this.prisma.account.findUnique({ where: { id: accountId }, select: { handle: true, email: true, passwordHash: true } })) ?? undefined;
  }

  async setPassword(accountId: string, passwordHash: string, channel: string): Promise<{ accountId: string; generation: number } | undefined> {
    const { rows } = await this.pool.query<{ generation: number }>(
      `WITH changed AS (
         UPDATE accounts SET password_hash = $2, session_generation = session_generation + 1, sessions_revoked_at = now()
          WHERE id = $1 RETURNING id, session_generation)
       SELECT session_generation AS generation, pg_notify($3, 'a:' || id || '|' || session_generation) FROM changed`,
      [accountId, passwordHash, channel],
    );
    return rows[0] ? { accountId, generation: rows[0].generation } : undefined;
  }

  async changeEmail(hash: string, at: Date): Promise<{ accountId: string; handle: string; oldEmail: string; oldVerified: boolean } | 'invalid'> {
    try {
      return await inTransaction(this.pool, async (tx) => {
        const used = await tx.query<{ accountId: string; email: string }>(
          `UPDATE email_tokens SET used_at = $2 WHERE token_hash = $1 AND purpose = 'change-email' AND used_at IS NULL AND expires_at > $2
           RETURNING account_id AS "accountId", email`,
          [hash, at],
        );
        const link = used.rows[0];
        if (!link) return 'invalid' as const;
        await tx.query(`UPDATE email_tokens SET used_at = $2 WHERE account_id = $1 AND purpose = 'change-email' AND used_at IS NULL`, [link.accountId, at]);
        const old = await tx.query<{ handle: string; email: string; verified: boolean }>(
          `SELECT handle, email, email_verified_at IS NOT NULL AS verified FROM accounts WHERE id = $1 FOR UPDATE`,
          [link.accountId],
        );
        const before = old.rows[0];
        if (!before) return 'invalid' as const;
        const taken = await tx.query(`SELECT 1 FROM accounts WHERE email = $1 AND email_verified_at IS NOT NULL AND id <> $2`, [link.email, link.accountId]);
        if (taken.rowCount) return 'invalid' as const;
        await tx.query(`UPDATE accounts SET email = $2, email_verified_at = $3 WHERE id = $1`, [link.accountId, link.email, at]);
        return { accountId: link.accountId, handle: before.handle, oldEmail: before.email, oldVerified: before.verified };
      });
    } catch (error) {
      // Another account verifying the address at the same instant: the index lets one through.
      if (violatedUniqueConstraint(error) === 'accounts_verified_email_key') return 'invalid';
      throw error;
    }
  }

  /**
   * Everything the account holds, for its owner (GET /v1/me/export): the account without its
   * password hash, its tokens and webhooks without their secrets, its seats, the commands it sent,
   * its chat messages and mutes. Undefined when there is no such account.
   */
  async exportOf(accountId: string): Promise<Record<string, unknown> | undefined> {
    const account = await this.prisma.account.findUnique({
      where: { id: accountId },
      select: { id: true, handle: true, email: true, emailVerifiedAt: true, createdAt: true, preferences: true, vacationUntil: true, vacationYear: true, vacationDaysUsed: true },
    });
    if (!account) return undefined;
    const [accessTokens, seats, commands, chatMessages, mutes, webhooks] = await Promise.all([
      this.prisma.accessToken.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' }, select: { id: true, name: true, createdAt: true, expiresAt: true, lastUsedAt: true, revokedAt: true } }),
      this.prisma.gameSeat.findMany({
        where: { accountId },
        orderBy: { claimedAt: 'asc' },
        select: { gameId: true, seat: true, claimedAt: true, game: { select: { module: true, status: true, createdAt: true } } },
      }),
      this.prisma.command.findMany({ where: { callerId: accountId }, orderBy: [{ acceptedAt: 'asc' }, { seq: 'asc' }], select: { gameId: true, seq: true, seat: true, type: true, payload: true, acceptedAt: true } }),
      this.prisma.chatMessage.findMany({ where: { accountId }, orderBy: { id: 'asc' }, select: { gameId: true, body: true, createdAt: true } }),
      this.prisma.chatMute.findMany({ where: { accountId }, select: { createdAt: true, muted: { select: { handle: true } } } }),
      this.prisma.webhookSubscription.findMany({
        where: { accountId },
        orderBy: { createdAt: 'asc' },
        select: { id: true, gameId: true, url: true, format: true, enabled: true, disabledReason: true, reminderMinutes: true, createdAt: true },
      }),
    ]);
    return {
      account: {
        id: account.id,
        handle: account.handle,
        email: account.email,
        emailVerified: account.emailVerifiedAt !== null,
        createdAt: account.createdAt,
        preferences: account.preferences,
        vacation: { until: account.vacationUntil, year: account.vacationYear, daysUsed: account.vacationDaysUsed },
      },
      accessTokens,
      seats: seats.map(({ game, ...seat }) => ({ ...seat, game: game.module, gameStatus: game.status, gameCreatedAt: game.createdAt })),
      commands,
      chatMessages,
      chatMutes: mutes.map((mute) => ({ handle: mute.muted.handle, createdAt: mute.createdAt })),
      webhooks,
    };
  }

  async erase(accountId: string, bots: ReadonlyMap<string, string>, channel: string): Promise<{ accountId: string; generation: number; handedOver: string[] } | undefined> {
    return inTransaction(this.pool, async (tx) => {
      const held = await tx.query(`SELECT 1 FROM accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [accountId]);
      if (!held.rowCount) return undefined;
      // Its seats in games being played go to each game's default bot. The game row is locked
      // first, as an append takes it; the clock revision moves so that a command decided on the
      // seats as they were (a process's memory of the game) is decided again.
      const playing = await tx.query<{ gameId: string; seat: number; module: string }>(
        `SELECT g.id AS "gameId", s.seat, g.module FROM games g JOIN game_seats s ON s.game_id = g.id
          WHERE s.account_id = $1 AND g.status = 'active' AND NOT s.bot ORDER BY g.id FOR UPDATE OF g`,
        [accountId],
      );
      for (const { gameId, seat, module } of playing.rows) {
        await tx.query(
          `UPDATE games SET options = jsonb_set(jsonb_set(options, ARRAY['bots', $2::text], 'true'), ARRAY['botKinds', $2::text], to_jsonb($3::text)),
                  clock_revision = clock_revision + 1
            WHERE id = $1`,
          [gameId, seat, bots.get(module) ?? 'random'],
        );
        await tx.query(`UPDATE game_seats SET bot = true WHERE game_id = $1 AND seat = $2`, [gameId, seat]);
      }
      // Said at each table handed over, so the other players know why a bot now plays there: a
      // chat message under the account's name (which will read `deleted player`), heard live.
      for (const gameId of new Set(playing.rows.map((row) => row.gameId))) {
        const said = await tx.query<{ id: string }>(`INSERT INTO chat_messages (game_id, account_id, body) VALUES ($1, $2, $3) RETURNING id`, [gameId, accountId, HANDED_OVER]);
        await tx.query(`SELECT pg_notify($1, $2)`, [CHAT_CHANNEL, `${gameId}:${said.rows[0]!.id}`]);
      }
      // A game not started yet waits for someone else in its seat.
      await tx.query(
        `UPDATE game_seats s SET account_id = NULL, claimed_at = NULL FROM games g WHERE g.id = s.game_id AND g.status = 'open' AND s.account_id = $1`,
        [accountId],
      );
      const tokens = await tx.query<{ id: string }>(`DELETE FROM access_tokens WHERE account_id = $1 RETURNING id`, [accountId]);
      // Open streams held with one of its access tokens end in every process (credential-watch.ts).
      for (const { id } of tokens.rows) await tx.query(`SELECT pg_notify($1, $2)`, [channel, `p:${id}`]);
      for (const table of ['push_subscriptions', 'push_queued', 'webhook_subscriptions', 'email_tokens', 'email_digests', 'email_queued', 'ratings'])
        await tx.query(`DELETE FROM ${table} WHERE account_id = $1`, [accountId]);
      await tx.query(`DELETE FROM chat_mutes WHERE account_id = $1 OR muted_account_id = $1`, [accountId]);
      const { rows } = await tx.query<{ generation: number }>(
        `WITH erased AS (
           UPDATE accounts SET handle = $2, email = '', password_hash = '', email_verified_at = NULL, preferences = '{}',
                  vacation_until = NULL, vacation_year = 0, vacation_days_used = 0, deleted_at = now(),
                  session_generation = session_generation + 1, sessions_revoked_at = now()
            WHERE id = $1 RETURNING id, session_generation)
         SELECT session_generation AS generation, pg_notify($3, 'a:' || id || '|' || session_generation) FROM erased`,
        [accountId, DELETED_HANDLE, channel],
      );
      return { accountId, generation: rows[0]!.generation, handedOver: [...new Set(playing.rows.map((row) => row.gameId))] };
    });
  }

  async accountWithEmail(email: string): Promise<{ accountId: string } | undefined> {
    const row = await this.prisma.account.findFirst({
      where: { email },
      // At most one account has verified an address (accounts_verified_email_key): it comes first.
      orderBy: [{ emailVerifiedAt: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    return row ? { accountId: row.id } : undefined;
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
