// A player's webhook subscriptions: created with a fresh secret (shown once), listed without it,
// rotated with a day's overlap, re-enabled after being switched off, and their delivery log.

import { lockLimitIn } from '../../db/limit-locks.ts';
import type { PrismaClient, PrismaTransaction } from '../../db/prisma.ts';
import { OneAtATime } from '../../platform/one-at-a-time.ts';
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

/** The columns a Subscription is made of. */
const COLUMNS = {
  id: true,
  url: true,
  format: true,
  gameId: true,
  enabled: true,
  disabledReason: true,
  consecutiveFailures: true,
  reminderMinutes: true,
  previousSecretExpiresAt: true,
  createdAt: true,
} as const;

interface SubscriptionRow {
  id: string;
  url: string;
  format: string;
  gameId: string | null;
  enabled: boolean;
  disabledReason: string | null;
  consecutiveFailures: number;
  reminderMinutes: number | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
}

const toSubscription = (r: SubscriptionRow): Subscription => ({
  id: r.id,
  url: r.url,
  format: r.format as WebhookFormat,
  gameId: r.gameId,
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  consecutiveFailures: r.consecutiveFailures,
  reminderMinutes: r.reminderMinutes,
  previousSecretExpiresAt: r.previousSecretExpiresAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Rotations of one subscription at the same moment: each is retried on the secrets the other left. */
const ROTATION_ATTEMPTS = 5;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class WebhookSubscriptions {
  /** Creations per account, one at a time in this process (src/platform/one-at-a-time.ts). */
  private readonly serial = new OneAtATime();

  constructor(
    private readonly prisma: PrismaClient,
    /** The game and its seats, for a per-game subscription: the event store's read. */
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
      const found = await this.store.gameWithSeats(this.store.pool, body.gameId);
      if (!found) throw notFound(`Game ${body.gameId}`);
      if (!found.seats.some((s) => s.accountId === accountId)) {
        throw new Refusal('forbidden', 'NOT_SEATED', 'Only a player seated in a game may subscribe to all of its events.');
      }
    }
    const checked = await checkWebhookUrl(body.url, this.policy(), this.resolve);
    if (!checked.ok) throw new Refusal('rule', checked.code, checked.message);
    const secret = newSecret();
    // One at a time per account: each waits for the limit lock holding a pooled connection.
    const row = await this.serial.run(accountId, () => this.prisma.$transaction(async (tx) => {
      await this.checkLimits(tx, accountId, body.gameId);
      return tx.webhookSubscription.create({
        data: {
          accountId,
          gameId: body.gameId ?? null,
          url: body.url,
          format: body.format ?? 'json',
          secrets: [secret],
          reminderMinutes: body.reminderMinutes === undefined ? DEFAULT_REMINDER_MINUTES : body.reminderMinutes,
        },
        select: COLUMNS,
      });
    }));
    return { ...toSubscription(row), secret };
  }

  /**
   * An account holds so many subscriptions, and one game has so many per-game ones: counted in the
   * inserting transaction under the account's (and the game's) limit lock, so that subscriptions
   * created at once wait for each other and cannot all pass. Locks in one order, account first.
   */
  private async checkLimits(tx: PrismaTransaction, accountId: string, gameId: string | undefined): Promise<void> {
    await lockLimitIn(tx, 'webhooks:account', accountId);
    if (gameId !== undefined) await lockLimitIn(tx, 'webhooks:game', gameId);
    const mine = await tx.webhookSubscription.count({ where: { accountId } });
    const game = gameId === undefined ? 0 : await tx.webhookSubscription.count({ where: { gameId } });
    if (mine >= this.limits.webhooksPerAccount)
      throw new Refusal('limited', 'WEBHOOK_LIMIT_REACHED', `You have ${mine} webhooks, the most allowed: delete one first.`, { limit: this.limits.webhooksPerAccount });
    if (gameId !== undefined && game >= this.limits.webhooksPerGame)
      throw new Refusal('limited', 'WEBHOOK_LIMIT_REACHED', `This game has ${game} webhooks, the most allowed.`, { limit: this.limits.webhooksPerGame });
  }

  async list(accountId: string): Promise<Subscription[]> {
    const rows = await this.prisma.webhookSubscription.findMany({ where: { accountId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: COLUMNS });
    return rows.map(toSubscription);
  }

  async get(accountId: string, id: string): Promise<Subscription> {
    return toSubscription(await this.mine(accountId, id));
  }

  async remove(accountId: string, id: string): Promise<void> {
    await this.mine(accountId, id);
    await this.prisma.webhookSubscription.deleteMany({ where: { id, accountId } });
  }

  /**
   * Changes how deliveries look or whether reminders come; what is left out stays. Reminders
   * already queued are sent at their time, unless reminders are now off (null).
   */
  async update(accountId: string, id: string, change: { format?: WebhookFormat; reminderMinutes?: number | null }): Promise<Subscription> {
    await this.mine(accountId, id);
    return this.updateMine(accountId, id, {
      ...(change.format !== undefined ? { format: change.format } : {}),
      ...(change.reminderMinutes !== undefined ? { reminderMinutes: change.reminderMinutes } : {}),
    });
  }

  /** A new current secret; the one it replaces keeps signing (second) for a day. */
  async rotate(accountId: string, id: string): Promise<Subscription & { secret: string }> {
    const secret = newSecret();
    for (let attempt = 1; ; attempt++) {
      const { secrets } = await this.mine(accountId, id);
      // Only if no other rotation came between: the secret replaced must be the one read.
      const [row] = await this.prisma.webhookSubscription.updateManyAndReturn({
        where: { id, accountId, secrets: { equals: secrets } },
        data: { secrets: [secret, ...secrets.slice(0, 1)], previousSecretExpiresAt: new Date(this.now().getTime() + ROTATION_OVERLAP_MS) },
        select: COLUMNS,
      });
      if (row) return { ...toSubscription(row), secret };
      if (attempt === ROTATION_ATTEMPTS) throw new Refusal('conflict', 'WEBHOOK_BUSY', 'The webhook was changed while rotating its secret; try again.');
    }
  }

  /** Switched on again, with a clean failure count; the URL is checked again first. */
  async enable(accountId: string, id: string): Promise<Subscription> {
    const row = await this.mine(accountId, id);
    const checked = await checkWebhookUrl(row.url, this.policy(), this.resolve);
    if (!checked.ok) throw new Refusal('rule', checked.code, checked.message);
    return this.updateMine(accountId, id, { enabled: true, disabledReason: null, consecutiveFailures: 0, firstFailureAt: null });
  }

  /** Newest first. */
  async deliveries(accountId: string, id: string, limit: number): Promise<Delivery[]> {
    await this.mine(accountId, id);
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { subscriptionId: id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      select: { id: true, notificationId: true, eventType: true, status: true, createdAt: true, deliveredAt: true, attempts: true },
    });
    return rows.map((r) => ({
      id: r.id,
      notificationId: r.notificationId,
      eventType: r.eventType,
      status: r.status as Delivery['status'],
      createdAt: r.createdAt.toISOString(),
      deliveredAt: r.deliveredAt?.toISOString() ?? null,
      attempts: r.attempts as unknown as Attempt[],
    }));
  }

  /** The subscription, if it is the caller's; someone else's is as absent as a missing one. */
  private async mine(accountId: string, id: string): Promise<SubscriptionRow & { secrets: string[] }> {
    const row = UUID.test(id) ? await this.prisma.webhookSubscription.findFirst({ where: { id, accountId }, select: { ...COLUMNS, secrets: true } }) : null;
    if (!row) throw notMine(id);
    return row;
  }

  /** Changes the caller's subscription; one deleted meanwhile is as absent as a missing one. */
  private async updateMine(accountId: string, id: string, data: Parameters<PrismaClient['webhookSubscription']['updateManyAndReturn']>[0]['data']): Promise<Subscription> {
    const [row] = await this.prisma.webhookSubscription.updateManyAndReturn({ where: { id, accountId }, data, select: COLUMNS });
    if (!row) throw notMine(id);
    return toSubscription(row);
  }
}

const notMine = (id: string) => new Refusal('not-found', 'WEBHOOK_NOT_FOUND', `You have no webhook ${id}.`);
