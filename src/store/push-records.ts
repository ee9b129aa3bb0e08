// Web Push's rows over Postgres (src/notify/ports/push-records.ts): the VAPID key pair
// (`push_keys`), the subscriptions (`push_subscriptions`, through Prisma Client like the webhook
// subscriptions), and the channel's reads and jobs in raw SQL, where a job is added with its
// `push_queued` row in one statement: both or neither.

import type pg from 'pg';
import { KeySealer, SigningKeySecretError, type StoredPrivateKey } from '../auth/key-encryption.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { Queryable } from '../db/queryable.ts';
import type {
  PushDeliveryRecords,
  PushEndpoint,
  PushJob,
  PushKeyRecords,
  PushRecipientRecord,
  PushSubscriptionRecord,
  PushSubscriptionRecords,
  VapidKeys,
} from '../notify/ports/push-records.ts';
import type { StoreTransaction } from '../notify/ports/transaction.ts';
import { queryableOf } from './transactions.ts';

/** The one row's id, and the name its sealed private half is bound to (key-encryption.ts authenticates it with the sealed text). */
const KEY_ID = 'vapid';
/** The lock space of push subscription limits (other spaces: src/db/limit-locks.ts, src/auth/keys.ts). */
const PUSH_LIMIT_LOCK_SPACE = 72707380;
/** Each player's `push_queued` rows are kept this long: far longer than a notice can be handed over again. */
const QUEUED_RETENTION = '2 days';

export class PostgresPushKeys implements PushKeyRecords {
  private readonly pool: pg.Pool;
  private readonly sealer: KeySealer;

  constructor(
    pool: pg.Pool,
    /** SIGNING_KEY_SECRET's sealer: the private half is stored as the signing keys are. */
    sealer: KeySealer = new KeySealer(),
  ) {
    this.pool = pool;
    this.sealer = sealer;
  }

  async keys(make: () => VapidKeys): Promise<VapidKeys> {
    const made = make();
    const sealed = JSON.stringify(this.sealer.protect(KEY_ID, { kty: 'EC', crv: 'P-256', d: made.privateKey }));
    // The first process to get here stores its pair; every other reads that one.
    await this.pool.query(`INSERT INTO push_keys (id, public_key, private_key) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [KEY_ID, made.publicKey, sealed]);
    for (;;) {
      const { rows } = await this.pool.query<{ publicKey: string; privateKey: StoredPrivateKey }>(
        `SELECT public_key AS "publicKey", private_key AS "privateKey" FROM push_keys WHERE id = $1`,
        [KEY_ID],
      );
      const row = rows[0]!;
      let opened: ReturnType<KeySealer['open']>;
      try {
        opened = this.sealer.open(KEY_ID, row.privateKey);
      } catch (error) {
        if (!(error instanceof SigningKeySecretError)) throw error;
        // Sealed with a secret the operator no longer has (a lost SIGNING_KEY_SECRET, recovered by
        // a rotation): the pair cannot be used again. A new one replaces it, and the devices that
        // subscribed to the old public key go with it (a push signed by the new key would be refused
        // for them); their players subscribe again from Settings. Of processes racing here, one replaces.
        await this.pool.query(
          `WITH replaced AS (UPDATE push_keys SET public_key = $2, private_key = $3 WHERE id = $1 AND private_key = $4::jsonb RETURNING id)
           DELETE FROM push_subscriptions WHERE EXISTS (SELECT 1 FROM replaced)`,
          [KEY_ID, made.publicKey, sealed, JSON.stringify(row.privateKey)],
        );
        continue;
      }
      if (this.sealer.needsResealing(row.privateKey)) {
        await this.pool.query(`UPDATE push_keys SET private_key = $2 WHERE id = $1`, [KEY_ID, JSON.stringify(this.sealer.protect(KEY_ID, opened))]);
      }
      if (typeof opened.d !== 'string') throw new Error('the stored VAPID key has no private half');
      return { publicKey: row.publicKey, privateKey: opened.d };
    }
  }
}

const COLUMNS = { id: true, endpoint: true, p256dh: true, auth: true, createdAt: true } as const;
const toRecord = (r: { id: string; endpoint: string; p256dh: string; auth: string; createdAt: Date }): PushSubscriptionRecord => ({
  id: r.id,
  endpoint: r.endpoint,
  p256dh: r.p256dh,
  auth: r.auth,
  createdAt: r.createdAt.toISOString(),
});

export class PrismaPushSubscriptions implements PushSubscriptionRecords {
  private readonly prisma: PrismaClient;

  constructor(prisma: PrismaClient) {
    this.prisma = prisma;
  }

  save(accountId: string, subscription: PushEndpoint, check: (count: number) => void): Promise<PushSubscriptionRecord> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PUSH_LIMIT_LOCK_SPACE}::int, hashtext(${accountId}))`;
      const mine = await tx.pushSubscription.findUnique({ where: { endpoint: subscription.endpoint }, select: { accountId: true } });
      // The same device subscribing again (new keys, or after a sign-in) adds nothing to the count.
      if (mine?.accountId !== accountId) check(await tx.pushSubscription.count({ where: { accountId } }));
      const row = await tx.pushSubscription.upsert({
        where: { endpoint: subscription.endpoint },
        create: { accountId, ...subscription },
        update: { accountId, p256dh: subscription.p256dh, auth: subscription.auth },
        select: COLUMNS,
      });
      return toRecord(row);
    });
  }

  async list(accountId: string): Promise<PushSubscriptionRecord[]> {
    const rows = await this.prisma.pushSubscription.findMany({ where: { accountId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: COLUMNS });
    return rows.map(toRecord);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const { count } = await this.prisma.pushSubscription.deleteMany({ where: { id, accountId } });
    return count > 0;
  }
}

export class PostgresPushDeliveries implements PushDeliveryRecords {
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async subscribedPlayers(gameId: string): Promise<PushRecipientRecord[]> {
    const { rows } = await this.pool.query<PushRecipientRecord>(
      `SELECT a.id AS "accountId", s.seat, a.preferences,
              (SELECT max(c.accepted_at) FROM commands c WHERE c.game_id = s.game_id AND c.caller_id = a.id::text) AS "lastActed"
         FROM game_seats s JOIN accounts a ON a.id = s.account_id
        WHERE s.game_id = $1 AND NOT s.bot AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.account_id = a.id)
        ORDER BY s.seat`,
      [gameId],
    );
    return rows;
  }

  async preferences(accountId: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.pool.query<{ preferences: Record<string, unknown> }>(`SELECT preferences FROM accounts WHERE id = $1`, [accountId]);
    return rows[0]?.preferences;
  }

  async queueOnce(accountId: string, notificationId: string, task: string, payload: object): Promise<void> {
    await this.pool.query(
      `WITH pruned AS (DELETE FROM push_queued WHERE account_id = $1 AND queued_at < now() - $5::interval),
            first AS (INSERT INTO push_queued (account_id, notification_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1)
       SELECT graphile_worker.add_job($3::text, ($4::jsonb || jsonb_build_object('subscriptionId', p.id))::json,
                job_key := 'push:' || p.id || ':' || $2, job_key_mode := 'preserve_run_at', max_attempts := 3)
         FROM first, push_subscriptions p WHERE p.account_id = $1`,
      [accountId, notificationId, task, JSON.stringify(payload), QUEUED_RETENTION],
    );
  }

  async addJob(job: PushJob, within?: StoreTransaction): Promise<void> {
    await addJob(queryableOf(within, this.pool), job);
  }

  async subscription(id: string): Promise<(PushEndpoint & { id: string; accountId: string }) | undefined> {
    const { rows } = await this.pool.query<PushEndpoint & { id: string; accountId: string }>(
      `SELECT id, account_id AS "accountId", endpoint, p256dh, auth FROM push_subscriptions WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  async drop(id: string): Promise<void> {
    await this.pool.query(`DELETE FROM push_subscriptions WHERE id = $1`, [id]);
  }
}

async function addJob(db: Queryable, job: PushJob): Promise<void> {
  await db.query(
    `SELECT graphile_worker.add_job($1::text, $2::json, run_at := $3::timestamptz, job_key := $4::text, job_key_mode := $5::text, max_attempts := 3)`,
    [job.task, JSON.stringify(job.payload), job.runAt ?? null, job.key, job.mode ?? 'preserve_run_at'],
  );
}

/** The push ports over `pool`. */
export function pushRecords(pool: pg.Pool, prisma: PrismaClient, sealer: KeySealer): { keys: PushKeyRecords; subscriptions: PushSubscriptionRecords; deliveries: PushDeliveryRecords } {
  return { keys: new PostgresPushKeys(pool, sealer), subscriptions: new PrismaPushSubscriptions(prisma), deliveries: new PostgresPushDeliveries(pool) };
}

