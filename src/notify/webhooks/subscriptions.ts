// A player's webhook subscriptions, the use cases behind /v1/webhooks: created with a fresh secret
// (shown once), listed without it, rotated with a day's overlap, re-enabled after being switched
// off, and their delivery log. Storage is a port (../ports/webhook-subscriptions.ts); whether a URL
// may be called is the address guard's (src/delivery/webhooks/address-guard.ts), handed in as
// `checkUrl`.

import { OneAtATime } from '../../platform/one-at-a-time.ts';
import { Refusal, notFound } from '../../platform/refusal.ts';
import type { SeatedGames } from '../ports/games.ts';
import type { Delivery, Subscription, WebhookFormat, WebhookSubscriptionRecords } from '../ports/webhook-subscriptions.ts';
import { DEFAULT_REMINDER_MINUTES } from './reminders.ts';
import { newSecret } from './secrets.ts';
import { isPrivate } from '../../service/ports/records.ts';

export type { Delivery, Subscription } from '../ports/webhook-subscriptions.ts';

/** How long the previous secret still signs after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** A URL refused, with the code and sentence the client is told. */
export type WebhookUrlVerdict = { ok: true } | { ok: false; code: string; message: string };

/** Whether a player's URL may be called: the address guard, at registration and when switched on again. */
export type CheckWebhookUrl = (url: string) => Promise<WebhookUrlVerdict>;

/** Rotations of one subscription at the same moment: each is retried on the secrets the other left. */
const ROTATION_ATTEMPTS = 5;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class WebhookSubscriptions {
  /** Creations per account, one at a time in this process (src/platform/one-at-a-time.ts). */
  private readonly serial = new OneAtATime();

  private readonly records: WebhookSubscriptionRecords;
  private readonly games: SeatedGames;
  private readonly checkUrl: CheckWebhookUrl;
  private readonly now: () => Date;
  private readonly limits: { webhooksPerAccount: number; webhooksPerGame: number };

  constructor(
    records: WebhookSubscriptionRecords,
    /** The game and its seats, for a per-game subscription. */
    games: SeatedGames,
    checkUrl: CheckWebhookUrl,
    now: () => Date,
    limits: { webhooksPerAccount: number; webhooksPerGame: number } = { webhooksPerAccount: 20, webhooksPerGame: 10 },
  ) {
    this.records = records;
    this.games = games;
    this.checkUrl = checkUrl;
    this.now = now;
    this.limits = limits;
  }

  async create(
    accountId: string,
    body: { url: string; format?: WebhookFormat; gameId?: string; reminderMinutes?: number | null },
  ): Promise<Subscription & { secret: string }> {
    if (body.gameId !== undefined) {
      const found = await this.games.gameWithSeats(body.gameId);
      const seated = found?.seats.some((s) => s.accountId === accountId) ?? false;
      // A private game is absent to anyone not seated: the refusal must not tell them it exists.
      if (!found || (!seated && isPrivate(found.game))) throw notFound(`Game ${body.gameId}`);
      if (!seated) {
        throw new Refusal('forbidden', 'NOT_SEATED', 'Only a player seated in a game may subscribe to all of its events.');
      }
    }
    await this.allowed(body.url);
    const secret = newSecret();
    const gameId = body.gameId ?? null;
    // One at a time per account: each waits for the limit lock holding a pooled connection.
    const created = await this.serial.run(accountId, () =>
      this.records.create(
        {
          accountId,
          gameId,
          url: body.url,
          format: body.format ?? 'json',
          secret,
          reminderMinutes: body.reminderMinutes === undefined ? DEFAULT_REMINDER_MINUTES : body.reminderMinutes,
        },
        ({ mine, game }) => {
          if (mine >= this.limits.webhooksPerAccount)
            throw new Refusal('limited', 'WEBHOOK_LIMIT_REACHED', `You have ${mine} webhooks, the most allowed: delete one first.`, { limit: this.limits.webhooksPerAccount });
          if (gameId !== null && game >= this.limits.webhooksPerGame)
            throw new Refusal('limited', 'WEBHOOK_LIMIT_REACHED', `This game has ${game} webhooks, the most allowed.`, { limit: this.limits.webhooksPerGame });
        },
      ),
    );
    return { ...created, secret };
  }

  list(accountId: string): Promise<Subscription[]> {
    return this.records.list(accountId);
  }

  async get(accountId: string, id: string): Promise<Subscription> {
    const { secrets: _secrets, ...subscription } = await this.mine(accountId, id);
    return subscription;
  }

  async remove(accountId: string, id: string): Promise<void> {
    await this.mine(accountId, id);
    await this.records.remove(accountId, id);
  }

  /**
   * Changes how deliveries look or whether reminders come; what is left out stays. Reminders
   * already queued are sent at their time, unless reminders are now off (null).
   */
  async update(accountId: string, id: string, change: { format?: WebhookFormat; reminderMinutes?: number | null }): Promise<Subscription> {
    await this.mine(accountId, id);
    const changed = await this.records.change(accountId, id, {
      ...(change.format !== undefined ? { format: change.format } : {}),
      ...(change.reminderMinutes !== undefined ? { reminderMinutes: change.reminderMinutes } : {}),
    });
    // Deleted meanwhile: as absent as a missing one.
    if (!changed) throw notMine(id);
    return changed;
  }

  /** A new current secret; the one it replaces keeps signing (second) for a day. */
  async rotate(accountId: string, id: string): Promise<Subscription & { secret: string }> {
    const secret = newSecret();
    for (let attempt = 1; ; attempt++) {
      const { secrets } = await this.mine(accountId, id);
      // Only if no other rotation came between: the secret replaced must be the one read.
      const rotated = await this.records.replaceSecrets(accountId, id, secrets, [secret, ...secrets.slice(0, 1)], new Date(this.now().getTime() + ROTATION_OVERLAP_MS));
      if (rotated) return { ...rotated, secret };
      if (attempt === ROTATION_ATTEMPTS) throw new Refusal('conflict', 'WEBHOOK_BUSY', 'The webhook was changed while rotating its secret; try again.');
    }
  }

  /** Switched on again, with a clean failure count; the URL is checked again first. */
  async enable(accountId: string, id: string): Promise<Subscription> {
    const { url } = await this.mine(accountId, id);
    await this.allowed(url);
    const enabled = await this.records.enable(accountId, id);
    if (!enabled) throw notMine(id);
    return enabled;
  }

  /** Newest first. */
  async deliveries(accountId: string, id: string, limit: number): Promise<Delivery[]> {
    await this.mine(accountId, id);
    return this.records.deliveries(id, limit);
  }

  private async allowed(url: string): Promise<void> {
    const verdict = await this.checkUrl(url);
    if (!verdict.ok) throw new Refusal('rule', verdict.code, verdict.message);
  }

  /** The subscription, if it is the caller's; someone else's is as absent as a missing one. */
  private async mine(accountId: string, id: string): Promise<Subscription & { secrets: string[] }> {
    const found = UUID.test(id) ? await this.records.find(accountId, id) : undefined;
    if (!found) throw notMine(id);
    return found;
  }
}

const notMine = (id: string) => new Refusal('not-found', 'WEBHOOK_NOT_FOUND', `You have no webhook ${id}.`);
