// Webhook subscriptions and their delivery log as the subscription use cases read and change them
// (src/notify/ports/webhook-subscriptions.ts), through Prisma Client.

import { lockLimitIn } from '../db/limit-locks.ts';
import { Prisma, type PrismaClient } from '../db/prisma.ts';
import type {
  Attempt,
  Delivery,
  NewSubscription,
  Subscription,
  SubscriptionCounts,
  WebhookFormat,
  WebhookSubscriptionRecords,
} from '../notify/ports/webhook-subscriptions.ts';

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

/**
 * The same columns, returned by the two statements that write secrets. Those are SQL: Prisma Client
 * makes a value of a list column part of the query's shape, so each secret would compile a query
 * plan of its own and stay in the client's cache of plans (1,000 of them) long after. Each field's
 * column is its name in snake case (the schema's `@map`).
 */
const RETURNED = Prisma.raw(
  Object.keys(COLUMNS)
    .map((field) => `${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} AS "${field}"`)
    .join(', '),
);

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

type SubscriptionChange = Parameters<PrismaClient['webhookSubscription']['updateManyAndReturn']>[0]['data'];

export class PrismaWebhookSubscriptions implements WebhookSubscriptionRecords {
  private readonly prisma: PrismaClient;

  constructor(prisma: PrismaClient) {
    this.prisma = prisma;
  }

  create(subscription: NewSubscription, check: (counts: SubscriptionCounts) => void): Promise<Subscription> {
    const { accountId, gameId } = subscription;
    return this.prisma.$transaction(async (tx) => {
      // Counted under the account's (and the game's) limit lock, in one order, account first.
      await lockLimitIn(tx, 'webhooks:account', accountId);
      if (gameId !== null) await lockLimitIn(tx, 'webhooks:game', gameId);
      const mine = await tx.webhookSubscription.count({ where: { accountId } });
      const game = gameId === null ? 0 : await tx.webhookSubscription.count({ where: { gameId } });
      check({ mine, game });
      const [row] = await tx.$queryRaw<SubscriptionRow[]>`
        INSERT INTO webhook_subscriptions (account_id, game_id, url, format, secrets, reminder_minutes)
        VALUES (${accountId}::uuid, ${gameId}::uuid, ${subscription.url}, ${subscription.format}, ARRAY[${subscription.secret}], ${subscription.reminderMinutes}::int)
        RETURNING ${RETURNED}`;
      return toSubscription(row!);
    });
  }

  async list(accountId: string): Promise<Subscription[]> {
    const rows = await this.prisma.webhookSubscription.findMany({ where: { accountId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: COLUMNS });
    return rows.map(toSubscription);
  }

  async find(accountId: string, id: string): Promise<(Subscription & { secrets: string[] }) | undefined> {
    const row = await this.prisma.webhookSubscription.findFirst({ where: { id, accountId }, select: { ...COLUMNS, secrets: true } });
    return row ? { ...toSubscription(row), secrets: row.secrets } : undefined;
  }

  async remove(accountId: string, id: string): Promise<void> {
    await this.prisma.webhookSubscription.deleteMany({ where: { id, accountId } });
  }

  change(accountId: string, id: string, change: { format?: WebhookFormat; reminderMinutes?: number | null }): Promise<Subscription | undefined> {
    return this.changeMine(accountId, id, change);
  }

  enable(accountId: string, id: string): Promise<Subscription | undefined> {
    return this.changeMine(accountId, id, { enabled: true, disabledReason: null, consecutiveFailures: 0, firstFailureAt: null });
  }

  async replaceSecrets(accountId: string, id: string, expected: readonly string[], secrets: string[], previousSecretExpiresAt: Date): Promise<Subscription | undefined> {
    const [row] = await this.prisma.$queryRaw<SubscriptionRow[]>`
      UPDATE webhook_subscriptions SET secrets = ${secrets}::text[], previous_secret_expires_at = ${previousSecretExpiresAt}
      WHERE id = ${id}::uuid AND account_id = ${accountId}::uuid AND secrets = ${[...expected]}::text[]
      RETURNING ${RETURNED}`;
    return row ? toSubscription(row) : undefined;
  }

  async deliveries(subscriptionId: string, limit: number): Promise<Delivery[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { subscriptionId },
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

  /** Changes the account's subscription; undefined when it has none (any more). */
  private async changeMine(accountId: string, id: string, data: SubscriptionChange): Promise<Subscription | undefined> {
    const [row] = await this.prisma.webhookSubscription.updateManyAndReturn({ where: { id, accountId }, data, select: COLUMNS });
    return row ? toSubscription(row) : undefined;
  }
}
