// The email channel's rows over Postgres (src/notify/ports/email-records.ts): recipients, the
// players seated at a game, the once-per-player record of what was queued (`email_queued`),
// digests (`email_digests`), and the channel's jobs. Raw SQL: a job is added with its
// `email_queued` row in one statement, so both or neither.

import type pg from 'pg';
import type { Queryable } from '../db/queryable.ts';
import { inTransaction } from '../db/transaction.ts';
import type { EmailJob, EmailRecords, Once, RecipientRecord, SeatedRecipientRecord } from '../notify/ports/email-records.ts';
import type { StoreTransaction } from '../notify/ports/transaction.ts';
import { asStoreTransaction, queryableOf } from './transactions.ts';

const RECIPIENT_SQL = `SELECT a.id AS "accountId", a.handle, a.email, a.email_verified_at IS NOT NULL AS verified, a.preferences FROM accounts a`;

export class PostgresEmailRecords implements EmailRecords {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async recipient(accountId: string, within?: StoreTransaction): Promise<RecipientRecord | undefined> {
    const { rows } = await queryableOf(within, this.pool).query<RecipientRecord>(`${RECIPIENT_SQL} WHERE a.id = $1`, [accountId]);
    return rows[0];
  }

  async seatedPlayers(gameId: string): Promise<SeatedRecipientRecord[]> {
    const { rows } = await this.pool.query<SeatedRecipientRecord>(
      `SELECT s.seat, (SELECT max(c.accepted_at) FROM commands c WHERE c.game_id = s.game_id AND c.caller_id = a.id::text) AS "lastActed",
              a.id AS "accountId", a.handle, a.email, a.email_verified_at IS NOT NULL AS verified, a.preferences
         FROM game_seats s JOIN accounts a ON a.id = s.account_id
        WHERE s.game_id = $1 AND NOT s.bot ORDER BY s.seat`,
      [gameId],
    );
    return rows;
  }

  async addJob(job: EmailJob, within?: StoreTransaction): Promise<void> {
    await addJob(queryableOf(within, this.pool), job);
  }

  async addJobOnce(once: Once, job: EmailJob): Promise<void> {
    await this.pool.query(
      `WITH first AS (INSERT INTO email_queued (account_id, notification_id) VALUES ($5, $6) ON CONFLICT DO NOTHING RETURNING 1)
       SELECT graphile_worker.add_job($1::text, $2::json, run_at := $3::timestamptz, job_key := $4::text, job_key_mode := 'preserve_run_at', max_attempts := 10) FROM first`,
      [job.task, JSON.stringify(job.payload), job.runAt ?? null, job.key, once.accountId, once.notificationId],
    );
  }

  async addToDigest(once: Once, gameId: string, notification: { id: string }, sendAfter: Date, job: (dueAt: Date) => EmailJob): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      // Digested before (a notice handed over again, maybe after that digest went out): not again.
      const { rowCount } = await tx.query(`INSERT INTO email_queued (account_id, notification_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
        once.accountId,
        once.notificationId,
      ]);
      if (rowCount !== 1) return;
      const { rows } = await tx.query<{ sendAfter: Date }>(
        `INSERT INTO email_digests AS d (account_id, game_id, notifications, send_after) VALUES ($1, $2, jsonb_build_array($3::jsonb), $4)
         ON CONFLICT (account_id, game_id) DO UPDATE
           SET notifications = CASE WHEN d.notifications @> jsonb_build_array(jsonb_build_object('id', $3::jsonb->'id'))
                                    THEN d.notifications ELSE d.notifications || jsonb_build_array($3::jsonb) END
         RETURNING send_after AS "sendAfter"`,
        [once.accountId, gameId, JSON.stringify(notification), sendAfter],
      );
      await addJob(tx, job(rows[0]!.sendAfter));
    });
  }

  async takeDigest<N>(accountId: string, gameId: string, send: (notifications: N[], within: StoreTransaction) => Promise<void>): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ notifications: N[] }>(`SELECT notifications FROM email_digests WHERE account_id = $1 AND game_id = $2 FOR UPDATE`, [
        accountId,
        gameId,
      ]);
      if (!rows[0]) return;
      await tx.query(`DELETE FROM email_digests WHERE account_id = $1 AND game_id = $2`, [accountId, gameId]);
      await send(rows[0].notifications, asStoreTransaction(tx));
    });
  }

  async webhookStillDisabled(subscriptionId: string, accountId: string): Promise<boolean> {
    const { rows } = await this.pool.query(`SELECT 1 FROM webhook_subscriptions WHERE id = $1 AND account_id = $2 AND NOT enabled`, [subscriptionId, accountId]);
    return rows.length > 0;
  }

  async verifiedByAnother(email: string, accountId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM accounts WHERE email = $1 AND email_verified_at IS NOT NULL AND id <> $2', [email, accountId]);
    return Boolean(rowCount);
  }
}

async function addJob(db: Queryable, job: EmailJob): Promise<void> {
  await db.query(
    `SELECT graphile_worker.add_job($1::text, $2::json, run_at := $3::timestamptz, job_key := $4::text, job_key_mode := $5::text, max_attempts := 10)`,
    [job.task, JSON.stringify(job.payload), job.runAt ?? null, job.key, job.mode ?? 'preserve_run_at'],
  );
}
