// Notification housekeeping (src/delivery/housekeeping.ts): the task on a real database, and its
// daily schedule registered with graphile-worker by a server that runs a worker.

import { describe, expect, it } from 'vitest';
import { EmailLinks, UNSUBSCRIBE_TTL_MS, VERIFY_TTL_MS } from '../../src/notify/email/links.ts';
import { DELIVERY_RETENTION_MS, housekeep, HOUSEKEEPING, QUEUED_RETENTION_MS } from '../../src/delivery/housekeeping.ts';
import { createPrismaClient } from '../../src/db/prisma.ts';
import { AccountsTable } from '../../src/store/accounts.ts';
import { PostgresEmailTokens } from '../../src/store/email-tokens.ts';
import { PostgresNotificationHousekeeping } from '../../src/store/notification-housekeeping.ts';
import { appOn, QUICK_WORKER } from '../support/app.ts';
import { useTestDatabase } from '../support/database.ts';

const db = useTestDatabase();

/** The links over the test's database, on a clock of their own if given. */
const links = (clock?: () => Date) => new EmailLinks(new PostgresEmailTokens(db.pool), new AccountsTable(createPrismaClient(db.pool), db.pool), clock);
const sweep = () => housekeep(new PostgresNotificationHousekeeping(db.pool), now);

const HOUR = 3_600_000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);

async function account(handle: string): Promise<{ id: string; email: string }> {
  const email = `${handle}@example.test`;
  const { rows } = await db.pool.query<{ id: string }>(`INSERT INTO accounts (handle, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`, [handle, email]);
  return { id: rows[0]!.id, email };
}

describe('notification housekeeping', () => {
  it('deletes expired links (verification, unsubscribe), used verification links and old dedupe rows; keeps live links and recent rows', async () => {
    const [ann, bo, cy] = [await account('hk-ann'), await account('hk-bo'), await account('hk-cy')];
    // Made long enough ago to have expired by now.
    const expired = await links(() => ago(VERIFY_TTL_MS + HOUR)).verificationToken(ann.id, ann.email);
    const used = await links().verificationToken(bo.id, bo.email);
    expect(await links().verify(used)).toBe('verified');
    const live = await links().verificationToken(cy.id, cy.email);
    const unsubscribe = await links(() => ago(UNSUBSCRIBE_TTL_MS - HOUR)).unsubscribeToken(ann.id, ann.email);
    const oldUnsubscribe = await links(() => ago(UNSUBSCRIBE_TTL_MS + HOUR)).unsubscribeToken(bo.id, bo.email);
    // Expired links open nothing, swept or not.
    expect(await links().unsubscriber(oldUnsubscribe)).toBeUndefined();
    await db.pool.query(`INSERT INTO email_queued (account_id, notification_id, queued_at) VALUES ($1, 'old', $2), ($1, 'recent', $3)`, [
      ann.id,
      ago(QUEUED_RETENTION_MS + HOUR),
      ago(HOUR),
    ]);

    expect(await sweep()).toEqual({ tokens: 3, queued: 1, deliveries: 0 });

    const { rows: tokens } = await db.pool.query<{ account_id: string; purpose: string }>(`SELECT account_id, purpose FROM email_tokens ORDER BY purpose`);
    expect(tokens).toEqual([
      { account_id: ann.id, purpose: 'unsubscribe' },
      { account_id: cy.id, purpose: 'verify' },
    ]);
    const { rows: queued } = await db.pool.query(`SELECT notification_id FROM email_queued`);
    expect(queued).toEqual([{ notification_id: 'recent' }]);
    // What is left still works; what went would not have anyway.
    expect(await links().unsubscriber(unsubscribe)).toEqual({ accountId: ann.id, email: ann.email });
    expect(await links().verify(expired)).toBe('invalid');
    expect(await links().verify(live)).toBe('verified');

    // Nothing left to sweep but the link just used.
    expect(await sweep()).toEqual({ tokens: 1, queued: 0, deliveries: 0 });
    expect(await sweep()).toEqual({ tokens: 0, queued: 0, deliveries: 0 });
  });

  it('deletes webhook deliveries finished more than 30 days ago; keeps recent ones and any still pending', async () => {
    const owner = await account('hk-dee');
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO webhook_subscriptions (account_id, url, secrets) VALUES ($1, 'https://example.test/hook', ARRAY['whsec_x']) RETURNING id`,
      [owner.id],
    );
    const old = ago(DELIVERY_RETENTION_MS + HOUR);
    const deliveries: [string, string, Date][] = [
      ['old-delivered', 'delivered', old],
      ['old-failed', 'failed', old],
      ['old-pending', 'pending', old],
      ['recent-delivered', 'delivered', ago(DELIVERY_RETENTION_MS - HOUR)],
    ];
    for (const [id, status, at] of deliveries)
      await db.pool.query(
        `INSERT INTO webhook_deliveries (subscription_id, notification_id, event_type, payload, status, created_at) VALUES ($1, $2, 'turn.started', '{}', $3, $4)`,
        [rows[0]!.id, id, status, at],
      );

    expect(await sweep()).toEqual({ tokens: 0, queued: 0, deliveries: 2 });
    const { rows: kept } = await db.pool.query(`SELECT notification_id FROM webhook_deliveries ORDER BY notification_id`);
    expect(kept).toEqual([{ notification_id: 'old-pending' }, { notification_id: 'recent-delivered' }]);
  });

  it('is scheduled with graphile-worker by a server that runs a worker', async () => {
    const t = await appOn(db.database.url, { worker: QUICK_WORKER });
    try {
      const { rows } = await db.pool.query(`SELECT identifier FROM graphile_worker._private_known_crontabs WHERE identifier = $1`, [HOUSEKEEPING]);
      expect(rows).toEqual([{ identifier: HOUSEKEEPING }]);
    } finally {
      await t.close();
    }
  });
});
