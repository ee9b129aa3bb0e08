// The service's ports over one Postgres database: what src/app.ts hands the game service.

import type pg from 'pg';
import { ChannelListener } from '../db/listener.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { ServicePorts } from '../service/ports/service-ports.ts';
import { PrismaAccountRecords } from './account-records.ts';
import { AccountsTable } from './accounts.ts';
import { EventStore } from './event-store.ts';
import { PostgresGameLog } from './game-log.ts';
import { PostgresGameRecords } from './game-records.ts';
import { PrismaInviteRecords } from './invite-records.ts';

/**
 * `pool` serves requests; `background` (null: no sweeper or notifier in this process) is the
 * background's own few connections, so that expiries and notices do not wait behind requests.
 */
export function postgresPorts(pool: pg.Pool, background: pg.Pool | null, prisma: PrismaClient): ServicePorts & { store: EventStore; accountsTable: AccountsTable } {
  const store = new EventStore(pool);
  // The one writer of `accounts` (accounts.ts): auth, the service and notifications write through it.
  const accountsTable = new AccountsTable(prisma, pool);
  return {
    store,
    accountsTable,
    log: new PostgresGameLog(store, pool, pool),
    backgroundLog: background ? new PostgresGameLog(store, background, background) : null,
    records: new PostgresGameRecords(store, pool, prisma),
    accounts: new PrismaAccountRecords(prisma, accountsTable),
    invites: new PrismaInviteRecords(prisma),
    listen: (channel, onPayload) => new ChannelListener(pool, channel, onPayload),
  };
}
