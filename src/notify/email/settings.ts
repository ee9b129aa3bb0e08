// A player's email choices, kept in `accounts.preferences.notifications` beside the other
// preferences (orders, time zone), which are left as they are: the use cases behind
// `/v1/me/notifications`. Read through a port, and changed through the one writer of `accounts`
// (src/store/accounts.ts), under the account's row lock.

import type { AccountEmailReads, AccountEmailWrites } from '../ports/email-links.ts';

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

/** The account's email settings and address. */
export class EmailSettingsBook {
  private readonly reads: AccountEmailReads;
  private readonly writes: Pick<AccountEmailWrites, 'changePreferences'>;

  constructor(
    reads: AccountEmailReads,
    writes: Pick<AccountEmailWrites, 'changePreferences'>,
  ) {
    this.reads = reads;
    this.writes = writes;
  }

  /** Undefined when the account does not exist. */
  async read(accountId: string): Promise<AccountEmailSettings | undefined> {
    const row = await this.reads.emailOf(accountId);
    return row ? { ...emailSettingsOf(row.preferences), emailAddress: row.email, emailVerified: row.verified } : undefined;
  }

  /**
   * Merges `change` into the stored notification settings (what it leaves out stays), under the
   * account's row lock so that a change of other preferences at the same time is kept too;
   * undefined when the account does not exist.
   */
  async update(accountId: string, change: Partial<EmailSettings>): Promise<EmailSettings | undefined> {
    const { found, preferences } = await this.writes.changePreferences(accountId, withEmailSettings(change));
    return found ? emailSettingsOf(preferences) : undefined;
  }
}

/** The stored preferences with `change` merged into their notification settings; the rest as it was. */
export function withEmailSettings(change: Partial<EmailSettings>): (stored: Record<string, unknown>) => Record<string, unknown> {
  // As JSON: a field set to undefined is left out.
  const changed = JSON.parse(JSON.stringify(change)) as Record<string, unknown>;
  return (stored) => ({ ...stored, notifications: { ...asObject(stored.notifications), ...changed } });
}

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
