// A player's email choices, kept in `accounts.preferences.notifications` beside the other
// preferences (orders, time zone), which are left as they are.

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
