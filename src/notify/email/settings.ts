// A player's email choices, kept in `accounts.preferences.notifications` beside the other
// preferences (orders, time zone), which are left as they are. Read and changed through Prisma
// Client (EmailSettingsBook); `updateEmailSettings` is the same change in one SQL statement, for
// EmailLinks (links.ts), which works on the Queryable it is given.

import { lockAccountRow, type PrismaClient, type PrismaJsonInput } from '../../db/prisma.ts';
import type { Queryable } from '../../store/event-store.ts';

export type EmailFrequency = 'off' | 'every' | 'digest';

export interface EmailSettings {
  /** `every` notification its own email, a `digest` per game at most every `digestMinutes`, or `off`. */
  email: EmailFrequency;
  digestMinutes: number;
  /** No email about a game you sent a command to in the last `quietMinutes`: you are playing it. */
  quietMinutes: number;
  /** A reminder this many minutes before a deadline you have not acted on; null: none. */
  reminderMinutes: number | null;
}

export const DEFAULT_EMAIL_SETTINGS: EmailSettings = { email: 'every', digestMinutes: 60, quietMinutes: 5, reminderMinutes: null };

const FREQUENCIES: readonly string[] = ['off', 'every', 'digest'];

/** The settings stored in `preferences`, with defaults for what is missing or unreadable. */
export function emailSettingsOf(preferences: unknown): EmailSettings {
  const stored = asObject(asObject(preferences).notifications);
  const minutes = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback);
  return {
    email: typeof stored.email === 'string' && FREQUENCIES.includes(stored.email) ? (stored.email as EmailFrequency) : DEFAULT_EMAIL_SETTINGS.email,
    digestMinutes: minutes(stored.digestMinutes, DEFAULT_EMAIL_SETTINGS.digestMinutes),
    quietMinutes: minutes(stored.quietMinutes, DEFAULT_EMAIL_SETTINGS.quietMinutes),
    reminderMinutes: typeof stored.reminderMinutes === 'number' && stored.reminderMinutes > 0 ? stored.reminderMinutes : null,
  };
}

/** What `GET /v1/me/notifications` shows: the settings, and the address they go to. */
export interface AccountEmailSettings extends EmailSettings {
  emailAddress: string;
  /** Nothing is sent to an address until it is verified. */
  emailVerified: boolean;
}

/** The account's email settings and address, through Prisma Client. */
export class EmailSettingsBook {
  constructor(private readonly prisma: PrismaClient) {}

  /** Undefined when the account does not exist. */
  async read(accountId: string): Promise<AccountEmailSettings | undefined> {
    const row = await this.prisma.account.findUnique({ where: { id: accountId }, select: { email: true, emailVerifiedAt: true, preferences: true } });
    return row ? { ...emailSettingsOf(row.preferences), emailAddress: row.email, emailVerified: row.emailVerifiedAt !== null } : undefined;
  }

  /**
   * Merges `change` into the stored notification settings (what it leaves out stays), under the
   * account's row lock so that a change of other preferences at the same time is kept too;
   * undefined when the account does not exist.
   */
  async update(accountId: string, change: Partial<EmailSettings>): Promise<EmailSettings | undefined> {
    return this.prisma.$transaction(async (tx) => {
      await lockAccountRow(tx, accountId);
      const row = await tx.account.findUnique({ where: { id: accountId }, select: { preferences: true } });
      if (!row) return undefined;
      const stored = asObject(row.preferences);
      // As JSON: a field set to undefined is left out, as the SQL version's `||` leaves it.
      const notifications = { ...asObject(stored.notifications), ...(JSON.parse(JSON.stringify(change)) as Record<string, unknown>) };
      const preferences = { ...stored, notifications } as PrismaJsonInput;
      await tx.account.update({ where: { id: accountId }, data: { preferences }, select: { id: true } });
      return emailSettingsOf(preferences);
    });
  }
}

/** Merges `change` into the stored notification settings, in one statement; returns the result. */
export async function updateEmailSettings(db: Queryable, accountId: string, change: Partial<EmailSettings>): Promise<EmailSettings | undefined> {
  const { rows } = await db.query<{ preferences: unknown }>(
    `UPDATE accounts SET preferences = jsonb_set(preferences, '{notifications}', coalesce(preferences->'notifications', '{}'::jsonb) || $2::jsonb)
      WHERE id = $1 RETURNING preferences`,
    [accountId, JSON.stringify(change)],
  );
  return rows[0] ? emailSettingsOf(rows[0].preferences) : undefined;
}

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
