// Adding webhook deliveries while their subscription is being deleted (a per-game subscription
// removed as its game ends, an owner deleting theirs): the rows for a subscription gone are
// skipped, with no error, and the rows of the others are added (src/store/webhook-deliveries.ts).
// The soak saw `webhook_deliveries_subscription_id_fkey` violated when the delete landed between
// the notifier's plan and the insert.

import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PostgresWebhookDeliveries } from '../../src/store/webhook-deliveries.ts';
import type { PlannedDelivery } from '../../src/notify/ports/webhook-deliveries.ts';
import { testPool, useTestDatabase } from '../support/database.ts';

const db = useTestDatabase({ poolMax: 4 });

let n = 0;
async function subscription(): Promise<string> {
  n++;
  const account = await db.pool.query<{ id: string }>(`INSERT INTO accounts (handle, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`, [`wd-${n}`, `wd-${n}@example.test`]);
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO webhook_subscriptions (account_id, url, secrets) VALUES ($1, 'https://example.test/hook', ARRAY['whsec_x']) RETURNING id`,
    [account.rows[0]!.id],
  );
  return rows[0]!.id;
}

const planned = (subscriptionId: string, notificationId: string): PlannedDelivery => ({ subscriptionId, notificationId, eventType: 'turn.started', payload: '{}' });

const deliveriesOf = async (subscriptionId: string) =>
  Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM webhook_deliveries WHERE subscription_id = $1`, [subscriptionId])).rows[0]!.n);

describe('adding webhook deliveries', () => {
  it('skips a subscription deleted before the rows are added, and adds the others', async () => {
    const records = new PostgresWebhookDeliveries(db.pool);
    const [gone, kept] = [await subscription(), await subscription()];
    await db.pool.query(`DELETE FROM webhook_subscriptions WHERE id = $1`, [gone]);
    const added = await records.add([planned(gone, 'n-1'), planned(kept, 'n-1')], 'deliver-webhook', 60);
    expect(added.map((d) => d.subscriptionId)).toEqual([kept]);
    expect(await deliveriesOf(kept)).toBe(1);
  });

  it('waits for a delete under way and skips its subscription once it commits, without error', async () => {
    const records = new PostgresWebhookDeliveries(db.pool);
    const [gone, kept] = [await subscription(), await subscription()];
    // The delete holds the subscription's row in an open transaction while the rows are added.
    const deleter = testPool(db.database.url, 1);
    const tx = await deleter.connect();
    try {
      await tx.query('BEGIN');
      await tx.query(`DELETE FROM webhook_subscriptions WHERE id = $1`, [gone]);
      const adding = records.add([planned(gone, 'n-2'), planned(kept, 'n-2')], 'deliver-webhook', 60);
      await blockedBehind(tx);
      await tx.query('COMMIT');
      const added = await adding;
      expect(added.map((d) => d.subscriptionId)).toEqual([kept]);
      expect(await deliveriesOf(gone)).toBe(0);
      expect(await deliveriesOf(kept)).toBe(1);
    } finally {
      tx.release();
      await deleter.end();
    }
  });

  it('makes a delete that comes after wait for the rows, and take them with it', async () => {
    const records = new PostgresWebhookDeliveries(db.pool);
    const sub = await subscription();
    expect(await records.add([planned(sub, 'n-3')], 'deliver-webhook', 60)).toHaveLength(1);
    await db.pool.query(`DELETE FROM webhook_subscriptions WHERE id = $1`, [sub]);
    expect(await deliveriesOf(sub)).toBe(0);
  });
});

/** Resolves once another backend waits for a lock held by `holder`'s backend (no timing: the server says so). */
async function blockedBehind(holder: pg.PoolClient): Promise<void> {
  const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = rows[0]!.pid;
  for (;;) {
    const waiting = await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))`, [pid]);
    if (Number(waiting.rows[0]!.n) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
