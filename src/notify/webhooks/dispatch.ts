// From a commit to a receiver: the notifier's webhook listener turns a GameNotice into one
// delivery per matching subscription (a row holding the exact body, and a `deliver-webhook` job
// keyed `webhook:<deliveryId>`), then starts the first attempt itself, at once, without holding its
// worker for it: one trip through
// the queue instead of two, which is most of the delay when the server is busy. The job, due a
// little later, is the safety net should this process die mid-attempt; every attempt replaces it
// with the next one (or removes it), so `webhook:<deliveryId>` always means "the next attempt".
// Only the rows this listener inserted are attempted inline, so a notice handed over again sends
// nothing twice. Reminders (`deadline.near`) are jobs of their own, queued by the same listener,
// which take the same path when they fall due.

import type pg from 'pg';
import type { Logger } from '../../config/logger.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deadline } from '../../clock/deadlines.ts';
import type { GameNotice } from '../../service/ports/notices.ts';
import { hasEnded, type EventStore, type GameRow, type Queryable } from '../../store/event-store.ts';
import type { StoredOptions } from '../../service/ports/records.ts';
import type { SeatRow } from '../../store/seats.ts';
import type { GameReader } from '../../service/ports/notices.ts';
import { decideReminder } from '../reminders.ts';
import type { ResolveHost, WebhookUrlPolicy } from './address-guard.ts';
import { deliver, RESPONSE_PREFIX_BYTES } from './deliver.ts';
import { NO_TITLES, type GameTitling, type Notification, type SituationWording } from '../notification.ts';
import { eventType, renderPayload, type WebhookFormat } from './formats.ts';
import { gameNotification, reminderNotification, seatNotification, type NotifiedGame } from './notifications.ts';
import { addReminderJobs, plannedReminders, reminderLeadMs, type ReminderWish, type WebhookReminderJob } from './reminders.ts';
import { nextAttemptDelayMs, shouldDisable } from './retry.ts';
import { signatureHeaders } from './sign.ts';

/** The graphile-worker task that makes one attempt of one delivery. */
export const DELIVER_WEBHOOK = 'deliver-webhook';
/** When the queue makes a first attempt that the listener did not finish: well after its timeout. */
const SAFETY_NET_S = 60;

export interface WebhookSettings {
  policy: WebhookUrlPolicy;
  /** Where players reach the service: links in notifications point there. No trailing slash. */
  publicUrl: string;
  /** For each attempt, as a whole. */
  timeoutMs: number;
  /** Multiplies every retry wait: 1 in production; tests make retries quick with a small one. */
  retryScale: number;
  /** Multiplies every reminder's lead (`reminderMinutes`): 1 in production; tests, whose clocks run in seconds, shrink it. */
  reminderScale: number;
  now: () => Date;
  random: () => number;
  resolve?: ResolveHost;
  /** The games' words for their situations, for chat formats (src/notify/notification.ts). */
  wording?: SituationWording;
  /** The games' titles (src/notify/notification.ts); without it, a game is titled by its module id. */
  titles?: GameTitling;
}

export const DEFAULT_WEBHOOK_SETTINGS: Omit<WebhookSettings, 'now'> = {
  policy: { allowHttp: false, allowPrivate: false },
  publicUrl: 'http://127.0.0.1:3000',
  timeoutMs: 5_000,
  retryScale: 1,
  reminderScale: 1,
  random: Math.random,
};

export interface Attempt {
  at: string;
  status: number | null;
  latencyMs: number;
  error: string | null;
  responsePrefix: string;
}

/** A subscription that was switched off for failing; its owner should hear of it (by email). */
export interface DisabledSubscription {
  id: string;
  accountId: string;
  url: string;
  /** ISO 8601: when the failures in a row began. */
  failingSince: string;
  /** Failed attempts in a row. */
  failures: number;
  /** What the last attempt met. */
  lastError: string;
}

/**
 * Tells the owner of a disabled subscription, inside the transaction that disables it (`tx`): it
 * should only add a job there, so the owner is told if and only if the subscription was switched
 * off, and never waits for a mail server while the delivery's row is locked.
 */
export type DisabledHook = (tx: Queryable, subscription: DisabledSubscription) => Promise<void>;

interface Planned {
  subscriptionId: string;
  notification: Notification;
  format: WebhookFormat;
}

/** A delivery and its subscription, as an attempt needs them. */
interface LoadedDelivery {
  notification_id: string;
  payload: string;
  status: string;
  attempts: Attempt[];
  subscription_id: string;
  account_id: string;
  url: string;
  secrets: string[];
  previous_secret_expires_at: Date | null;
  /** Null only if the subscription went between the delivery's insert and this read: nothing is sent. */
  enabled: boolean | null;
}

/** The columns of a `LoadedDelivery`: `d`, the delivery; `s`, its subscription. */
const DELIVERY_COLUMNS = `d.notification_id, d.payload, d.status, d.attempts, d.subscription_id,
  s.account_id, s.url, s.secrets, s.previous_secret_expires_at, s.enabled`;

export class WebhookDispatcher {
  /** Set by the email channel (src/app.ts); without one, a disabling is only logged. */
  onDisabled: DisabledHook | null = null;
  /** First attempts started by `addAndAttempt` and not finished yet. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly games: GameReader,
    readonly settings: WebhookSettings,
    private readonly logger?: Logger,
  ) {}

  /**
   * The `notify` listener: a delivery row and job for each matching subscription, and a reminder
   * job for each seat it awaits, where the subscription wants reminders.
   */
  async onNotice(notice: GameNotice): Promise<void> {
    // The game and the subscriptions that may want it, read side by side (one round trip of
    // waiting, not two): the subscriptions' owners are found from the seats in SQL, and who is
    // told is still decided below from the seats read with the game.
    const [found, { rows: subscriptions }] = await Promise.all([
      this.store.gameWithSeats(this.pool, notice.gameId),
      this.pool.query<{ id: string; account_id: string; game_id: string | null; format: WebhookFormat; reminder_minutes: number | null }>({
        name: 'webhook-subscriptions-for-notice',
        text: `SELECT id, account_id, game_id, format, reminder_minutes FROM webhook_subscriptions
               WHERE enabled AND (game_id = $1::uuid OR (game_id IS NULL AND account_id IN (
                 SELECT account_id FROM game_seats WHERE game_id = $1::uuid AND NOT bot AND account_id IS NOT NULL)))`,
        values: [notice.gameId],
      }),
    ]);
    if (!found || subscriptions.length === 0) return;
    const { game, seats } = found;
    const owners = humanOwners(seats);

    const notified = await this.notified(game, seats, notice.version);
    const planned: Planned[] = [];
    const wishes: ReminderWish[] = [];
    const told: { seat: number; awaited: Deadline | null }[] = notice.ended
      ? [...owners.keys()].map((seat) => ({ seat, awaited: null }))
      : notice.awaited.map((awaited) => ({ seat: awaited.seat, awaited }));
    for (const sub of subscriptions) {
      const perGame = sub.game_id !== null;
      if (perGame) planned.push({ subscriptionId: sub.id, format: sub.format, notification: gameNotification(notified, notice) });
      for (const { seat, awaited } of told) {
        // A per-game subscription is reminded of every human seat (bots need no reminding); a
        // player's, of their own seats.
        if (perGame ? !owners.has(seat) : owners.get(seat) !== sub.account_id) continue;
        if (!perGame) planned.push({ subscriptionId: sub.id, format: sub.format, notification: seatNotification(notified, notice, seat, awaited) });
        if (awaited) wishes.push({ subscriptionId: sub.id, gameId: game.id, reminderMinutes: sub.reminder_minutes, awaited });
      }
    }
    await addReminderJobs(this.pool, plannedReminders(wishes, this.settings.reminderScale, this.settings.now()));
    await this.addAndAttempt(planned);
  }

  /**
   * The `webhook-reminder` task: the seat's deadline is near. Sent only if the seat is still
   * awaited in that window and the deadline is the one the job was queued for; a moved deadline
   * (a vacation) moves the job instead.
   */
  async remind(job: WebhookReminderJob): Promise<void> {
    const { rows } = await this.pool.query<{ account_id: string; game_id: string | null; format: WebhookFormat; reminder_minutes: number | null }>(
      `SELECT account_id, game_id, format, reminder_minutes FROM webhook_subscriptions WHERE id = $1 AND enabled`,
      [job.subscriptionId],
    );
    const sub = rows[0];
    const found = sub ? await this.store.gameWithSeats(this.pool, job.gameId) : null;
    if (!sub || !found || found.game.status !== 'active') return;
    const owner = humanOwners(found.seats).get(job.seat);
    if (owner === undefined || (sub.game_id === null && owner !== sub.account_id)) return;

    const now = this.settings.now();
    const lead = sub.reminder_minutes === null ? null : reminderLeadMs(sub.reminder_minutes, this.settings.reminderScale);
    const decision = decideReminder(job, found.game.deadlines, lead, now);
    if (decision.action === 'skip') return;
    if (decision.action === 'reschedule') {
      // Replaces this very job's key: the running job keeps going, the new one waits for its time.
      await addReminderJobs(this.pool, [{ job: { ...job, deadline: decision.deadline.deadline }, runAt: decision.runAt }]);
      return;
    }
    const notified = await this.notified(found.game, found.seats);
    await this.addAndAttempt([{ subscriptionId: job.subscriptionId, format: sub.format, notification: reminderNotification(notified, decision.deadline, now.toISOString(), owner === sub.account_id) }]);
  }

  /**
   * The delivery rows and their safety-net jobs, then a first attempt of each row added here. One
   * statement: the rows and their jobs are added together or not at all, and a row that exists
   * already (a retried job) is skipped with its job, so nothing is sent twice.
   */
  private async addAndAttempt(planned: readonly Planned[]): Promise<void> {
    if (planned.length === 0) return;
    // The statement answers each added row as `deliverOnce` would load it (with its subscription),
    // so the first attempt starts without a second round trip: under load, each one waits its
    // turn for the database, and a player hears later. (`queued` is the kept side of a LEFT JOIN,
    // so every added row comes out, and gets its job, whatever the plan.)
    const { rows: added } = await this.pool.query<LoadedDelivery & { id: string }>({
      name: 'webhook-deliveries-add',
      text: `WITH added AS (
               INSERT INTO webhook_deliveries (subscription_id, notification_id, event_type, payload)
               SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])
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
        planned.map((p) => p.notification.id),
        planned.map((p) => eventType(p.notification.kind)),
        planned.map((p) => JSON.stringify(renderPayload(p.format, p.notification, this.settings.wording))),
        DELIVER_WEBHOOK,
        SAFETY_NET_S,
      ],
    });
    // Not awaited: the notifier or reminder job that got here is done once the rows are in,
    // and frees its worker for the next notice instead of waiting on receivers. Should this
    // process die mid-attempt, the safety-net job makes the attempt.
    for (const delivery of added) this.attemptInBackground(delivery);
  }

  private attemptInBackground(delivery: LoadedDelivery & { id: string }): void {
    const attempt = this.attempt(delivery.id, delivery)
      .catch((error: unknown) => this.logger?.warn({ err: error, deliveryId: delivery.id }, 'first webhook attempt failed; the queued job retries it'))
      .finally(() => this.inFlight.delete(attempt));
    this.inFlight.add(attempt);
  }

  /** Waits for the first attempts under way (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** The `deliver-webhook` task: one attempt, logged; then the next attempt, or the end. */
  async deliverOnce({ deliveryId }: { deliveryId: string }): Promise<void> {
    const { rows } = await this.pool.query<LoadedDelivery>({
      name: 'webhook-delivery-load',
      text: `SELECT ${DELIVERY_COLUMNS}
             FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
             WHERE d.id = $1`,
      values: [deliveryId],
    });
    const delivery = rows[0];
    if (delivery) await this.attempt(deliveryId, delivery);
  }

  /** One attempt of a delivery as loaded (by `deliverOnce`, or as `addAndAttempt` added it), logged. */
  private async attempt(deliveryId: string, delivery: LoadedDelivery): Promise<void> {
    if (delivery.status !== 'pending') return;
    if (!delivery.enabled) {
      await this.pool.query(`UPDATE webhook_deliveries SET status = 'failed' WHERE id = $1 AND status = 'pending'`, [deliveryId]);
      return;
    }

    const started = this.settings.now();
    const expired = delivery.previous_secret_expires_at !== null && delivery.previous_secret_expires_at <= started;
    const secrets = expired ? delivery.secrets.slice(0, 1) : delivery.secrets;
    const body = delivery.payload;
    const headers = signatureHeaders({ id: delivery.notification_id, timestamp: started, body, secrets });
    const result = await deliver({
      url: delivery.url,
      body,
      headers: { ...headers },
      timeoutMs: this.settings.timeoutMs,
      policy: this.settings.policy,
      resolve: this.settings.resolve,
    });
    const attempt: Attempt = {
      at: started.toISOString(),
      status: result.status,
      latencyMs: result.latencyMs,
      error: result.error,
      responsePrefix: cutToBytes(result.responsePrefix, RESPONSE_PREFIX_BYTES),
    };

    if (result.ok) {
      // One statement, the common case: logged, the failure count cleared, the safety net removed.
      await this.pool.query({
        name: 'webhook-delivered',
        text: `WITH d AS (UPDATE webhook_deliveries SET status = 'delivered', delivered_at = $2, attempts = attempts || jsonb_build_array($3::jsonb) WHERE id = $1),
               s AS (UPDATE webhook_subscriptions SET consecutive_failures = 0, first_failure_at = NULL WHERE id = $4 AND consecutive_failures > 0)
               SELECT graphile_worker.remove_job('webhook:' || $1::text)`,
        values: [deliveryId, this.settings.now(), JSON.stringify(attempt), delivery.subscription_id],
      });
      return;
    }
    const disabled = await inTransaction(this.pool, async (tx) => {
      const now = this.settings.now();
      const { rows: subs } = await tx.query<{ consecutive_failures: number; first_failure_at: Date }>(
        `UPDATE webhook_subscriptions SET consecutive_failures = consecutive_failures + 1, first_failure_at = coalesce(first_failure_at, $2)
         WHERE id = $1 RETURNING consecutive_failures, first_failure_at`,
        [delivery.subscription_id, started],
      );
      const sub = subs[0];
      const off = sub !== undefined && shouldDisable(sub.consecutive_failures, sub.first_failure_at, now);
      let disabled: (DisabledSubscription & { reason: string }) | null = null;
      if (off) {
        const lastError = result.error ?? 'no answer';
        const reason = `Every delivery failed since ${sub.first_failure_at.toISOString()} (${sub.consecutive_failures} attempts); the last: ${lastError}`;
        // Only the attempt that switches it off tells the owner, however many fail at once.
        const { rowCount } = await tx.query(`UPDATE webhook_subscriptions SET enabled = false, disabled_reason = $2 WHERE id = $1 AND enabled`, [
          delivery.subscription_id,
          reason,
        ]);
        if (rowCount === 1) {
          disabled = {
            id: delivery.subscription_id,
            accountId: delivery.account_id,
            url: delivery.url,
            failingSince: sub.first_failure_at.toISOString(),
            failures: sub.consecutive_failures,
            lastError,
            reason,
          };
          await this.onDisabled?.(tx, disabled);
        }
      }
      const failures = delivery.attempts.length + 1;
      const wait = off ? null : nextAttemptDelayMs(failures, this.settings.random);
      await tx.query(
        `UPDATE webhook_deliveries SET attempts = attempts || jsonb_build_array($2::jsonb), status = $3 WHERE id = $1`,
        [deliveryId, JSON.stringify(attempt), wait === null ? 'failed' : 'pending'],
      );
      if (wait !== null) {
        // Replaces the pending job (the safety net, or this one: a running job's key passes to the new one).
        await tx.query(
          `SELECT graphile_worker.add_job($1::text, json_build_object('deliveryId', $2::text), run_at := $3::timestamptz,
             job_key := 'webhook:' || $2::text, job_key_mode := 'replace', max_attempts := 5)`,
          [DELIVER_WEBHOOK, deliveryId, new Date(now.getTime() + wait * this.settings.retryScale)],
        );
      } else {
        await tx.query(`SELECT graphile_worker.remove_job('webhook:' || $1::text)`, [deliveryId]);
      }
      return disabled;
    });
    if (disabled) {
      // Without an email channel (no mail configured at all), this line is all the owner gets.
      this.logger?.warn({ subscriptionId: disabled.id, reason: disabled.reason, ownerEmailQueued: this.onDisabled !== null }, 'webhook subscription disabled');
    }
  }

  // ---- Notifications --------------------------------------------------------------------

  /** The game as its notifications need it, with legal command counts at `version` (default: now). */
  private async notified(game: GameRow, seats: SeatRow[], version?: number): Promise<NotifiedGame> {
    const title = (this.settings.titles ?? NO_TITLES)(game.module, (game.options as unknown as StoredOptions).public ?? {});
    const winners = hasEnded(game.status) ? await this.games.winners(game.id) : [];
    return { game, title, seats, publicUrl: this.settings.publicUrl, legalCount: await this.games.legalCounter(game, version), winners };
  }
}

/** Each seat a human holds, and whose it is: only people are notified or reminded. */
function humanOwners(seats: readonly SeatRow[]): Map<number, string> {
  return new Map(seats.filter((s) => s.accountId !== null && !s.bot).map((s) => [s.seat, s.accountId!]));
}

/** At most `max` bytes of UTF-8, never half a character. */
function cutToBytes(text: string, max: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  return bytes.subarray(0, max).toString('utf8').replace(/\uFFFD$/, '');
}
