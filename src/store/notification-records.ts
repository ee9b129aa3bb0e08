// Every port of the notification side over one database, as src/app.ts hands them over: the use
// cases' (webhook subscriptions, email settings and links) and the channels' (webhook deliveries,
// email, housekeeping), and the game rows and seats they read.

import type pg from 'pg';
import type { PrismaClient } from '../db/prisma.ts';
import type { EmailRecords } from '../notify/ports/email-records.ts';
import type { EmailTokenRecords } from '../notify/ports/email-links.ts';
import type { SeatedGames } from '../notify/ports/games.ts';
import type { NotificationHousekeeping } from '../notify/ports/housekeeping.ts';
import type { WebhookDeliveryRecords } from '../notify/ports/webhook-deliveries.ts';
import type { WebhookSubscriptionRecords } from '../notify/ports/webhook-subscriptions.ts';
import type { AccountsTable } from './accounts.ts';
import { PostgresEmailRecords } from './email-records.ts';
import { PostgresEmailTokens } from './email-tokens.ts';
import { EventStore } from './event-store.ts';
import { PostgresNotificationHousekeeping } from './notification-housekeeping.ts';
import { PostgresWebhookDeliveries } from './webhook-deliveries.ts';
import { PrismaWebhookSubscriptions } from './webhook-subscriptions.ts';

export interface NotificationRecords {
  games: SeatedGames;
  subscriptions: WebhookSubscriptionRecords;
  deliveries: WebhookDeliveryRecords;
  email: EmailRecords;
  tokens: EmailTokenRecords;
  housekeeping: NotificationHousekeeping;
  /** The one writer of `accounts`, for the email use cases. */
  accounts: AccountsTable;
}

/** The notification ports over `pool` (the request pool, or the background's own: src/db/pools.ts). */
export function notificationRecords(pool: pg.Pool, prisma: PrismaClient, accounts: AccountsTable): NotificationRecords {
  const store = new EventStore(pool);
  return {
    games: { gameWithSeats: (gameId) => store.gameWithSeats(pool, gameId) },
    subscriptions: new PrismaWebhookSubscriptions(prisma),
    deliveries: new PostgresWebhookDeliveries(pool),
    email: new PostgresEmailRecords(pool),
    tokens: new PostgresEmailTokens(pool),
    housekeeping: new PostgresNotificationHousekeeping(pool),
    accounts,
  };
}
