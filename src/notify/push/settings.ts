// A player's Web Push mute, kept in `accounts.preferences.push` beside the other preferences: the
// use cases behind `/v1/me/push-settings`. Pushes follow the player's notification timing (the
// quiet period after their own command, the reminder before a deadline: `preferences.notifications`,
// src/notify/email/settings.ts) so that a push comes exactly when an email would; only the mute is
// push's own, so that a player may keep email and silence a device, or the reverse.

import type { AccountEmailReads, AccountEmailWrites } from '../ports/email-links.ts';
import { emailSettingsOf } from '../email/settings.ts';

export interface PushSettings {
  /** No push to any of the account's devices; subscriptions are kept. */
  muted: boolean;
}

export const DEFAULT_PUSH_SETTINGS: PushSettings = { muted: false };

/** The push settings stored in `preferences`, with defaults for what is missing or unreadable. */
export function pushSettingsOf(preferences: unknown): PushSettings {
  const stored = asObject(asObject(preferences).push);
  return { muted: typeof stored.muted === 'boolean' ? stored.muted : DEFAULT_PUSH_SETTINGS.muted };
}

/** When a push is sent: its own mute, and the timing every notification of the player follows. */
export interface PushTiming extends PushSettings {
  quietMinutes: number;
  reminderMinutes: number | null;
}

export function pushTimingOf(preferences: unknown): PushTiming {
  const { quietMinutes, reminderMinutes } = emailSettingsOf(preferences);
  return { ...pushSettingsOf(preferences), quietMinutes, reminderMinutes };
}

export class PushSettingsBook {
  private readonly reads: Pick<AccountEmailReads, 'emailOf'>;
  private readonly writes: Pick<AccountEmailWrites, 'changePreferences'>;

  constructor(
    reads: Pick<AccountEmailReads, 'emailOf'>,
    writes: Pick<AccountEmailWrites, 'changePreferences'>,
  ) {
    this.reads = reads;
    this.writes = writes;
  }

  /** Undefined when the account does not exist. */
  async read(accountId: string): Promise<PushSettings | undefined> {
    const row = await this.reads.emailOf(accountId);
    return row ? pushSettingsOf(row.preferences) : undefined;
  }

  /** Merged into the stored push settings under the account's row lock; undefined when the account does not exist. */
  async update(accountId: string, change: Partial<PushSettings>): Promise<PushSettings | undefined> {
    const changed = JSON.parse(JSON.stringify(change)) as Record<string, unknown>;
    const { found, preferences } = await this.writes.changePreferences(accountId, (stored) => ({ ...stored, push: { ...asObject(stored.push), ...changed } }));
    return found ? pushSettingsOf(preferences) : undefined;
  }
}

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
