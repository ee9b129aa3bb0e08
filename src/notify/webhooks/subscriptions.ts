// A player's webhook subscriptions: created with a fresh secret (shown once), listed without it,
// rotated with a day's overlap, re-enabled after being switched off, and their delivery log.

import type pg from 'pg';
import { Refusal, notFound } from '../../platform/refusal.ts';
import type { EventStore } from '../../store/event-store.ts';
import { checkWebhookUrl, type ResolveHost, type WebhookUrlPolicy } from './address-guard.ts';
import type { Attempt } from './dispatch.ts';
import type { WebhookFormat } from './formats.ts';
import { DEFAULT_REMINDER_MINUTES } from './reminders.ts';
import { newSecret } from './secrets.ts';

/** How long the previous secret still signs after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export interface Subscription {
  id: string;
  url: string;
  format: WebhookFormat;
  /** Null: every game where you hold a seat. */
  gameId: string | null;
  enabled: boolean;
  disabledReason: string | null;
  consecutiveFailures: number;
  /** How long before a seat's deadline a `deadline.near` reminder is sent; null: none. */
  reminderMinutes: number | null;
  /** When the previous secret stops signing, during a rotation; null otherwise. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
}

export interface Delivery {
  id: string;
  notificationId: string;
  eventType: string;
  status: 'pending' | 'delivered' | 'failed';
  createdAt: string;
  deliveredAt: string | null;
  attempts: Attempt[];
}

interface SubscriptionRow {
  id: string;
  url: string;
  format: WebhookFormat;
  game_id: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  consecutive_failures: number;
  reminder_minutes: number | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
}

const COLUMNS = 'id, url, format, game_id, enabled, disabled_reason, consecutive_failures, reminder_minutes, previous_secret_expires_at, created_at';

const toSubscription = (r: SubscriptionRow): Subscription => ({
  id: r.id,
  url: r.url,
  format: r.format,
  gameId: r.game_id,
  enabled: r.enabled,
  disabledReason: r.disabled_reason,
  consecutiveFailures: r.consecutive_failures,
  reminderMinutes: r.reminder_minutes,
  previousSecretExpiresAt: r.previous_secret_expires_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class WebhookSubscriptions {
  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly policy: () => WebhookUrlPolicy,
    private readonly now: () => Date,
    private readonly resolve?: ResolveHost,
    private readonly limits: { webhooksPerAccount: number; webhooksPerGame: number } = { webhooksPerAccount: 20, webhooksPerGame: 10 },
  ) {}

  async create(
    accountId: string,
    body: { url: string; format?: WebhookFormat; gameId?: string; reminderMinutes?: number | null },
  ): Promise<Subscription & { secret: string }> {
    if (body.gameId !== undefined) {
      const found = await this.store.gameWithSeats(this.pool, body.gameId);
      if (!found) throw notFound(`Game ${body.gameId}`);
      if (!found.seats.some((s) => s.accountId === accountId)) {
        throw new Refusal('forbidden', 'NOT_SEATED', 'Only a player seated in a game may subscribe to all of its events.');
      }
    }
    const checked = await checkWebhookUrl(body.url, this.policy(), this.resolve);
    if (!checked.ok) throw new Refusal('rule', checked.code, checked.message);
    await this.checkLimits(accountId, body.gameId);
    const secret = newSecret();
    const { rows } = await this.pool.query<SubscriptionRow>(
      `INSERT INTO webhook_subscriptions (account_id, game_id, url, format, secrets, reminder_minutes) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [accountId, body.gameId ?? null, body.url, body.format ?? 'json', [secret], body.reminderMinutes === undefined ? DEFAULT_REMINDER_MINUTES : body.reminderMinutes],
    );
    return { ...toSubscription(rows[0]!), secret };
  }

  /** An account holds so many subscriptions, and one game has so many per-game ones. */
  private async checkLimits(accountId: string, gameId: string | undefined): Promise<void> {
    const { rows } = await this.pool.query<{ mine: number; game: number }>(
      `SELECT count(*) FILTER (WHERE account_id = $1)::int AS mine, count(*) FILTER (WHERE game_id = $2)::int AS game
         FROM webhook_subscriptions WHERE account_id = $1 OR game_id = $2`,
      [accountId, gameId ?? null],
    );
    const { mine, game } = rows[0]!;
    if (mine >= this.limits.webhooksPerAccount)
      throw new Refusal('limited', 'WEBHOOK_LIMIT_REACHED', `You have ${mine} webhooks, the most allowed: delete one first.`, { limit: this.limits.webhooksPerAccount });
    if (gameId !== undefined && game >= this.limits.webhooksPerGame)
      throw new Refusal('limited', 'WEBHOOK_LIMIT_REACHED', `This game has ${game} webhooks, the most allowed.`, { limit: this.limits.webhooksPerGame });
  }

  async list(accountId: string): Promise<Subscription[]> {
    const { rows } = await this.pool.query<SubscriptionRow>(
      `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE account_id = $1 ORDER BY created_at, id`,
      [accountId],
    );
    return rows.map(toSubscription);
  }

  async get(accountId: string, id: string): Promise<Subscription> {
    return toSubscription(await this.mine(accountId, id));
  }

  async remove(accountId: string, id: string): Promise<void> {
    await this.mine(accountId, id);
    await this.pool.query(`DELETE FROM webhook_subscriptions WHERE id = $1`, [id]);
  }

  /**
   * Changes how deliveries look or whether reminders come; what is left out stays. Reminders
   * already queued are sent at their time, unless reminders are now off (null).
   */
  async update(accountId: string, id: string, change: { format?: WebhookFormat; reminderMinutes?: number | null }): Promise<Subscription> {
    await this.mine(accountId, id);
    const { rows } = await this.pool.query<SubscriptionRow>(
      `UPDATE webhook_subscriptions SET format = coalesce($2, format), reminder_minutes = CASE WHEN $3 THEN $4::int ELSE reminder_minutes END
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, change.format ?? null, change.reminderMinutes !== undefined, change.reminderMinutes ?? null],
    );
    return toSubscription(rows[0]!);
  }

  /** A new current secret; the one it replaces keeps signing (second) for a day. */
  async rotate(accountId: string, id: string): Promise<Subscription & { secret: string }> {
    await this.mine(accountId, id);
    const secret = newSecret();
    const { rows } = await this.pool.query<SubscriptionRow>(
      `UPDATE webhook_subscriptions SET secrets = ARRAY[$2::text, secrets[1]], previous_secret_expires_at = $3
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, secret, new Date(this.now().getTime() + ROTATION_OVERLAP_MS)],
    );
    return { ...toSubscription(rows[0]!), secret };
  }

  /** Switched on again, with a clean failure count; the URL is checked again first. */
  async enable(accountId: string, id: string): Promise<Subscription> {
    const row = await this.mine(accountId, id);
    const checked = await checkWebhookUrl(row.url, this.policy(), this.resolve);
    if (!checked.ok) throw new Refusal('rule', checked.code, checked.message);
    const { rows } = await this.pool.query<SubscriptionRow>(
      `UPDATE webhook_subscriptions SET enabled = true, disabled_reason = NULL, consecutive_failures = 0, first_failure_at = NULL
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    );
    return toSubscription(rows[0]!);
  }

  /** Newest first. */
  async deliveries(accountId: string, id: string, limit: number): Promise<Delivery[]> {
    await this.mine(accountId, id);
    const { rows } = await this.pool.query<{
      id: string;
      notification_id: string;
      event_type: string;
      status: Delivery['status'];
      created_at: Date;
      delivered_at: Date | null;
      attempts: Attempt[];
    }>(
      `SELECT id, notification_id, event_type, status, created_at, delivered_at, attempts FROM webhook_deliveries
       WHERE subscription_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [id, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      notificationId: r.notification_id,
      eventType: r.event_type,
      status: r.status,
      createdAt: r.created_at.toISOString(),
      deliveredAt: r.delivered_at?.toISOString() ?? null,
      attempts: r.attempts,
    }));
  }

  /** The subscription, if it is the caller's; someone else's is as absent as a missing one. */
  private async mine(accountId: string, id: string): Promise<SubscriptionRow> {
    const { rows } = UUID.test(id)
      ? await this.pool.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = $1 AND account_id = $2`, [id, accountId])
      : { rows: [] };
    if (!rows[0]) throw new Refusal('not-found', 'WEBHOOK_NOT_FOUND', `You have no webhook ${id}.`);
    return rows[0];
  }
}
