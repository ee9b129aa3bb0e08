// The webhook channel's rows over Postgres (src/notify/ports/webhook-deliveries.ts): which
// subscriptions want a notice, the delivery rows and the jobs that make their attempts, and
// reminder jobs. Raw SQL: a delivery row and its job are added in one statement, and the first
// attempt is answered by it (docs/operations.md says why).

import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
import type { StoreTransaction } from '../notify/ports/transaction.ts';
import type {
  AfterFailure,
  Failing,
  KeyedJob,
  LoadedDelivery,
  PlannedDelivery,
  SubscriptionWish,
  WebhookDeliveryRecords,
} from '../notify/ports/webhook-deliveries.ts';
import type { Attempt, WebhookFormat } from '../notify/ports/webhook-subscriptions.ts';
import { asStoreTransaction } from './transactions.ts';

/** The columns of a `LoadedDelivery`: `d`, the delivery; `s`, its subscription. */
const DELIVERY_COLUMNS = `d.notification_id AS "notificationId", d.payload, d.status, d.attempts, d.subscription_id AS "subscriptionId",
  s.account_id AS "accountId", s.url, s.secrets, s.previous_secret_expires_at AS "previousSecretExpiresAt", s.enabled`;

const WISH_COLUMNS = `id, account_id AS "accountId", game_id AS "gameId", format, reminder_minutes AS "reminderMinutes"`;

export class PostgresWebhookDeliveries implements WebhookDeliveryRecords {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async subscriptionsFor(gameId: string): Promise<SubscriptionWish[]> {
    const { rows } = await this.pool.query<SubscriptionWish & { format: WebhookFormat }>({
      name: 'webhook-subscriptions-for-notice',
      text: `SELECT ${WISH_COLUMNS} FROM webhook_subscriptions
             WHERE enabled AND (game_id = $1::uuid OR (game_id IS NULL AND account_id IN (
               SELECT account_id FROM game_seats WHERE game_id = $1::uuid AND NOT bot AND account_id IS NOT NULL)))`,
      values: [gameId],
    });
    return rows;
  }

  async enabledSubscription(id: string): Promise<SubscriptionWish | undefined> {
    const { rows } = await this.pool.query<SubscriptionWish>(`SELECT ${WISH_COLUMNS} FROM webhook_subscriptions WHERE id = $1 AND enabled`, [id]);
    return rows[0];
  }

  async add(planned: readonly PlannedDelivery[], task: string, safetyNetSeconds: number): Promise<LoadedDelivery[]> {
    if (planned.length === 0) return [];
    // A subscription deleted meanwhile (its game ended, its owner removed it) gets no row: the
    // planned rows are joined to their subscriptions, each held with FOR KEY SHARE until the
    // statement ends, so one deleted before is not found, one being deleted is waited for and then
    // skipped, and a delete that comes after waits for these rows and takes them with it (the
    // foreign key cascades). Without the hold, the insert's foreign key check failed on a
    // subscription deleted between the plan and the insert (`webhook_deliveries_subscription_id_fkey`).
    // `queued` is the kept side of a LEFT JOIN, so every added row comes out, and gets its job,
    // whatever the plan.
    const { rows } = await this.pool.query<LoadedDelivery>({
      name: 'webhook-deliveries-add',
      text: `WITH planned AS (
               SELECT p.* FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS p(subscription_id, notification_id, event_type, payload)
               JOIN webhook_subscriptions s ON s.id = p.subscription_id
               FOR KEY SHARE OF s),
             added AS (
               INSERT INTO webhook_deliveries (subscription_id, notification_id, event_type, payload)
               SELECT subscription_id, notification_id, event_type, payload FROM planned
               ON CONFLICT (subscription_id, notification_id) DO NOTHING
               RETURNING id, notification_id, payload, status, attempts, subscription_id),
             queued AS (
               SELECT added.*, graphile_worker.add_job($5::text, json_build_object('deliveryId', id),
                 run_at := now() + make_interval(secs => $6), job_key := 'webhook:' || id, max_attempts := 5) AS job
               FROM added)
             SELECT d.id, ${DELIVERY_COLUMNS}
             FROM queued d LEFT JOIN webhook_subscriptions s ON s.id = d.subscription_id`,
      values: [
        planned.map((p) => p.subscriptionId),
        planned.map((p) => p.notificationId),
        planned.map((p) => p.eventType),
        planned.map((p) => p.payload),
        task,
        safetyNetSeconds,
      ],
    });
    return rows;
  }

  async load(deliveryId: string): Promise<LoadedDelivery | undefined> {
    const { rows } = await this.pool.query<LoadedDelivery>({
      name: 'webhook-delivery-load',
      text: `SELECT d.id, ${DELIVERY_COLUMNS}
             FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
             WHERE d.id = $1`,
      values: [deliveryId],
    });
    return rows[0];
  }

  async dropped(deliveryId: string): Promise<void> {
    await this.pool.query(`UPDATE webhook_deliveries SET status = 'failed' WHERE id = $1 AND status = 'pending'`, [deliveryId]);
  }

  async delivered(delivery: LoadedDelivery, attempt: Attempt, at: Date): Promise<void> {
    // One statement, the common case: logged, the failure count cleared, the safety net removed.
    await this.pool.query({
      name: 'webhook-delivered',
      text: `WITH d AS (UPDATE webhook_deliveries SET status = 'delivered', delivered_at = $2, attempts = attempts || jsonb_build_array($3::jsonb) WHERE id = $1),
             s AS (UPDATE webhook_subscriptions SET consecutive_failures = 0, first_failure_at = NULL WHERE id = $4 AND consecutive_failures > 0)
             SELECT graphile_worker.remove_job('webhook:' || $1::text)`,
      values: [delivery.id, at, JSON.stringify(attempt), delivery.subscriptionId],
    });
  }

  failed(
    delivery: LoadedDelivery,
    attempt: Attempt,
    task: string,
    decide: (failing: Failing | undefined) => AfterFailure,
    switchedOff: (within: StoreTransaction, failing: Failing, reason: string) => Promise<void>,
  ): Promise<(Failing & { reason: string }) | null> {
    return inTransaction(this.pool, async (tx) => {
      const { rows: subs } = await tx.query<Failing>(
        `UPDATE webhook_subscriptions SET consecutive_failures = consecutive_failures + 1, first_failure_at = coalesce(first_failure_at, $2)
         WHERE id = $1 RETURNING consecutive_failures AS "consecutiveFailures", first_failure_at AS "firstFailureAt"`,
        [delivery.subscriptionId, new Date(attempt.at)],
      );
      const failing = subs[0];
      const next = decide(failing);
      let off: (Failing & { reason: string }) | null = null;
      if (failing && next.switchOff !== null) {
        // Only the attempt that switches it off tells the owner, however many fail at once.
        const { rowCount } = await tx.query(`UPDATE webhook_subscriptions SET enabled = false, disabled_reason = $2 WHERE id = $1 AND enabled`, [
          delivery.subscriptionId,
          next.switchOff,
        ]);
        if (rowCount === 1) {
          off = { ...failing, reason: next.switchOff };
          await switchedOff(asStoreTransaction(tx), failing, next.switchOff);
        }
      }
      await tx.query(`UPDATE webhook_deliveries SET attempts = attempts || jsonb_build_array($2::jsonb), status = $3 WHERE id = $1`, [
        delivery.id,
        JSON.stringify(attempt),
        next.retryAt === null ? 'failed' : 'pending',
      ]);
      if (next.retryAt !== null) {
        // Replaces the pending job (the safety net, or this one: a running job's key passes to the new one).
        await tx.query(
          `SELECT graphile_worker.add_job($1::text, json_build_object('deliveryId', $2::text), run_at := $3::timestamptz,
             job_key := 'webhook:' || $2::text, job_key_mode := 'replace', max_attempts := 5)`,
          [task, delivery.id, next.retryAt],
        );
      } else {
        await tx.query(`SELECT graphile_worker.remove_job('webhook:' || $1::text)`, [delivery.id]);
      }
      return off;
    });
  }

  async addJobs(task: string, jobs: readonly KeyedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.pool.query({
      name: 'webhook-reminders-add',
      text: `SELECT count(graphile_worker.add_job($1::text, payload, run_at := run_at, job_key := key, job_key_mode := 'replace', max_attempts := 10))
             FROM unnest($2::json[], $3::timestamptz[], $4::text[]) AS r(payload, run_at, key)`,
      values: [task, jobs.map((j) => JSON.stringify(j.payload)), jobs.map((j) => j.runAt), jobs.map((j) => j.key)],
    });
  }
}
