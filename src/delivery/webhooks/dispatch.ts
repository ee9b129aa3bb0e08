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

import type { Logger } from '../../config/logger.ts';
import type { Deadline } from '../../clock/deadlines.ts';
import type { GameNotice, GameReader } from '../../service/ports/notices.ts';
import { hasEnded, type GameRow, type SeatRow, type StoredOptions } from '../../service/ports/records.ts';
import { decideReminder } from '../../notify/reminders.ts';
import type { SeatedGames } from '../../notify/ports/games.ts';
import type { StoreTransaction } from '../../notify/ports/transaction.ts';
import type { LoadedDelivery, WebhookDeliveryRecords } from '../../notify/ports/webhook-deliveries.ts';
import type { Attempt } from '../../notify/ports/webhook-subscriptions.ts';
import type { ResolveHost, WebhookUrlPolicy } from './address-guard.ts';
import { deliver, RESPONSE_PREFIX_BYTES } from './deliver.ts';
import { NO_TITLES, type GameTitling, type Notification, type SituationWording } from '../../notify/notification.ts';
import { eventType, renderPayload, type WebhookFormat } from '../../notify/webhooks/formats.ts';
import { gameNotification, reminderNotification, seatNotification, type NotifiedGame } from '../../notify/webhooks/notifications.ts';
import { plannedReminders, reminderKey, reminderLeadMs, WEBHOOK_REMINDER, type ReminderWish, type WebhookReminderJob } from '../../notify/webhooks/reminders.ts';
import { nextAttemptDelayMs, shouldDisable } from './retry.ts';
import { signatureHeaders } from './sign.ts';
import type { Telemetry } from '../../service/ports/telemetry.ts';

export type { Attempt } from '../../notify/ports/webhook-subscriptions.ts';

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
  /** Tells the owner of a subscription switched off for failing (the email channel's); without one, a disabling is only logged. */
  onDisabled?: DisabledHook;
  /** How attempts end and how soon notices are handed on, for the operator's metrics. */
  telemetry?: Telemetry;
}

export const DEFAULT_WEBHOOK_SETTINGS: Omit<WebhookSettings, 'now'> = {
  policy: { allowHttp: false, allowPrivate: false },
  publicUrl: 'http://127.0.0.1:3000',
  timeoutMs: 5_000,
  retryScale: 1,
  reminderScale: 1,
  random: Math.random,
};

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
export type DisabledHook = (tx: StoreTransaction, subscription: DisabledSubscription) => Promise<void>;

interface Planned {
  subscriptionId: string;
  notification: Notification;
  format: WebhookFormat;
}

export class WebhookDispatcher {
  /** First attempts started by `addAndAttempt` and not finished yet. */
  private readonly inFlight = new Set<Promise<void>>();

  private readonly records: WebhookDeliveryRecords;
  private readonly seated: SeatedGames;
  private readonly games: GameReader;
  readonly settings: WebhookSettings;
  private readonly logger?: Logger;

  constructor(
    records: WebhookDeliveryRecords,
    seated: SeatedGames,
    games: GameReader,
    settings: WebhookSettings,
    logger?: Logger,
  ) {
    this.records = records;
    this.seated = seated;
    this.games = games;
    this.settings = settings;
    this.logger = logger;
  }

  /**
   * The `notify` listener: a delivery row and job for each matching subscription, and a reminder
   * job for each seat it awaits, where the subscription wants reminders.
   */
  async onNotice(notice: GameNotice): Promise<void> {
    // The game and the subscriptions that may want it, read side by side (one round trip of
    // waiting, not two): the subscriptions' owners are found from the seats in SQL, and who is
    // told is still decided below from the seats read with the game.
    const [found, subscriptions] = await Promise.all([this.seated.gameWithSeats(notice.gameId), this.records.subscriptionsFor(notice.gameId)]);
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
      const perGame = sub.gameId !== null;
      if (perGame) planned.push({ subscriptionId: sub.id, format: sub.format, notification: gameNotification(notified, notice) });
      for (const { seat, awaited } of told) {
        // A per-game subscription is reminded of every human seat (bots need no reminding); a
        // player's, of their own seats.
        if (perGame ? !owners.has(seat) : owners.get(seat) !== sub.accountId) continue;
        if (!perGame) planned.push({ subscriptionId: sub.id, format: sub.format, notification: seatNotification(notified, notice, seat, awaited) });
        if (awaited) wishes.push({ subscriptionId: sub.id, gameId: game.id, reminderMinutes: sub.reminderMinutes, awaited });
      }
    }
    await this.addReminders(plannedReminders(wishes, this.settings.reminderScale, this.settings.now()));
    await this.addAndAttempt(planned);
    // Queued, and the first attempts under way: the notice has left for the receivers.
    if (planned.length > 0) this.settings.telemetry?.noticeSent('webhook', this.settings.now().getTime() - Date.parse(notice.at));
  }

  /**
   * The `webhook-reminder` task: the seat's deadline is near. Sent only if the seat is still
   * awaited in that window and the deadline is the one the job was queued for; a moved deadline
   * (a vacation) moves the job instead.
   */
  async remind(job: WebhookReminderJob): Promise<void> {
    const sub = await this.records.enabledSubscription(job.subscriptionId);
    const found = sub ? await this.seated.gameWithSeats(job.gameId) : null;
    if (!sub || !found || found.game.status !== 'active') return;
    const owner = humanOwners(found.seats).get(job.seat);
    if (owner === undefined || (sub.gameId === null && owner !== sub.accountId)) return;

    const now = this.settings.now();
    const lead = sub.reminderMinutes === null ? null : reminderLeadMs(sub.reminderMinutes, this.settings.reminderScale);
    const decision = decideReminder(job, found.game.deadlines, lead, now);
    if (decision.action === 'skip') return;
    if (decision.action === 'reschedule') {
      // Replaces this very job's key: the running job keeps going, the new one waits for its time.
      await this.addReminders([{ job: { ...job, deadline: decision.deadline.deadline }, runAt: decision.runAt }]);
      return;
    }
    const notified = await this.notified(found.game, found.seats);
    await this.addAndAttempt([{ subscriptionId: job.subscriptionId, format: sub.format, notification: reminderNotification(notified, decision.deadline, now.toISOString(), owner === sub.accountId) }]);
  }

  /** Adds (or moves) these reminder jobs, keyed so that adding one again replaces it. */
  private addReminders(reminders: readonly { job: WebhookReminderJob; runAt: Date }[]): Promise<void> {
    return this.records.addJobs(WEBHOOK_REMINDER, reminders.map(({ job, runAt }) => ({ payload: job, key: reminderKey(job), runAt })));
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
    // turn for the database, and a player hears later.
    const added = await this.records.add(
      planned.map((p) => ({
        subscriptionId: p.subscriptionId,
        notificationId: p.notification.id,
        eventType: eventType(p.notification.kind),
        payload: JSON.stringify(renderPayload(p.format, p.notification, this.settings.wording)),
      })),
      DELIVER_WEBHOOK,
      SAFETY_NET_S,
    );
    // Not awaited: the notifier or reminder job that got here is done once the rows are in,
    // and frees its worker for the next notice instead of waiting on receivers. Should this
    // process die mid-attempt, the safety-net job makes the attempt.
    for (const delivery of added) this.attemptInBackground(delivery);
  }

  private attemptInBackground(delivery: LoadedDelivery): void {
    const attempt = this.attempt(delivery)
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
    const delivery = await this.records.load(deliveryId);
    if (delivery) await this.attempt(delivery);
  }

  /** One attempt of a delivery as loaded (by `deliverOnce`, or as `addAndAttempt` added it), logged. */
  private async attempt(delivery: LoadedDelivery): Promise<void> {
    if (delivery.status !== 'pending') return;
    if (!delivery.enabled) {
      await this.records.dropped(delivery.id);
      return;
    }

    const started = this.settings.now();
    const expired = delivery.previousSecretExpiresAt !== null && delivery.previousSecretExpiresAt <= started;
    const secrets = expired ? delivery.secrets.slice(0, 1) : delivery.secrets;
    const body = delivery.payload;
    const headers = signatureHeaders({ id: delivery.notificationId, timestamp: started, body, secrets });
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
      await this.records.delivered(delivery, attempt, this.settings.now());
      this.settings.telemetry?.webhookAttempted('delivered');
      return;
    }
    const lastError = result.error ?? 'no answer';
    let last = false;
    const off = await this.records.failed(
      delivery,
      attempt,
      DELIVER_WEBHOOK,
      (failing) => {
        const now = this.settings.now();
        if (failing && shouldDisable(failing.consecutiveFailures, failing.firstFailureAt, now)) {
          const reason = `Every delivery failed since ${failing.firstFailureAt.toISOString()} (${failing.consecutiveFailures} attempts); the last: ${lastError}`;
          last = true;
          return { switchOff: reason, retryAt: null };
        }
        const wait = nextAttemptDelayMs(delivery.attempts.length + 1, this.settings.random);
        last = wait === null;
        return { switchOff: null, retryAt: wait === null ? null : new Date(now.getTime() + wait * this.settings.retryScale) };
      },
      async (within, failing) => {
        await this.settings.onDisabled?.(within, {
          id: delivery.subscriptionId,
          accountId: delivery.accountId,
          url: delivery.url,
          failingSince: failing.firstFailureAt.toISOString(),
          failures: failing.consecutiveFailures,
          lastError,
        });
      },
    );
    this.settings.telemetry?.webhookAttempted(last ? 'gave-up' : 'failed');
    if (off) {
      // Without an email channel (no mail configured at all), this line is all the owner gets.
      this.logger?.warn({ subscriptionId: delivery.subscriptionId, reason: off.reason, ownerEmailQueued: this.settings.onDisabled !== undefined }, 'webhook subscription disabled');
    }
  }

  // ---- Notifications --------------------------------------------------------------------

  /** The game as its notifications need it, with legal command counts at `version` (default: now). */
  private async notified(game: GameRow, seats: SeatRow[], version?: number): Promise<NotifiedGame> {
    const title = (this.settings.titles ?? NO_TITLES)(game.module, (game.options as unknown as StoredOptions).public);
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
