// The Web Push channel. Its notice listener decides who is told exactly as the email channel does
// (src/delivery/email/dispatch.ts): each newly awaited seat's owner, every seated player when the
// game ends, nobody within their quiet period after their own command, and a reminder before a
// deadline when the player asked for reminders; then its own mute (src/notify/push/settings.ts)
// instead of email's. It only adds jobs: one per device, once per notification (`push_queued`),
// so a notice handed over again pushes nothing twice. The jobs send (./send.ts); a failure the push
// service may get over is tried again with the webhooks' backoff (src/delivery/webhooks/retry.ts),
// and a 404 or 410 deletes the subscription: the browser withdrew it.

import type { Logger } from '../../config/logger.ts';
import type { GameNotice, GameReader } from '../../service/ports/notices.ts';
import { awaitedNotification, deadlineNotification, endedNotification, notifiedGame, type GameTitling, type Notification, type SituationWording } from '../../notify/notification.ts';
import { decideReminder, reminderRunAt, type ReminderTarget } from '../../notify/reminders.ts';
import type { PushDeliveryRecords, PushRecipientRecord } from '../../notify/ports/push-records.ts';
import { pushPayload, type PushPayload } from '../../notify/push/payload.ts';
import { pushTimingOf } from '../../notify/push/settings.ts';
import type { ResolveHost, WebhookUrlPolicy } from '../webhooks/address-guard.ts';
import { nextAttemptDelayMs } from '../webhooks/retry.ts';
import type { VapidKeyring } from './keys.ts';
import { sendPush } from './send.ts';

export const PUSH_TASKS = {
  /** `{ subscriptionId, payload, attempt? }`: one push to one device. */
  send: 'send-push',
  /** `{ accountId, gameId, seat, windowId, deadline }`: a reminder, if the seat is still awaited there. */
  remind: 'remind-push',
} as const;

/** Attempts of one push at most: the first and retries whose waits add up to under three hours. */
export const MAX_PUSH_ATTEMPTS = 12;

export interface PushChannelSettings {
  /** Where players reach the service (the page a push opens), without a trailing slash. */
  publicUrl: () => string;
  /** The VAPID `sub`: how a push service reaches the operator (mailto: or https:). */
  subject: string;
  /** Which endpoints may be called: the webhooks' policy. */
  policy: WebhookUrlPolicy;
  wording?: SituationWording;
  titles?: GameTitling;
  /** Multiplies retry waits (1 in production; tests shrink them). */
  retryScale?: number;
  timeoutMs?: number;
  /** How long a push service keeps a push for a device that is offline (default a day). */
  ttlSeconds?: number;
  random?: () => number;
  resolve?: ResolveHost;
}

type RemindJob = ReminderTarget & { accountId: string; gameId: string };
interface SendJob {
  subscriptionId: string;
  payload: PushPayload;
  attempt?: number;
}

export class PushChannel {
  private readonly records: PushDeliveryRecords;
  private readonly keyring: VapidKeyring;
  private readonly games: GameReader;
  private readonly settings: PushChannelSettings;
  private readonly logger?: Logger;
  private readonly now: () => Date;

  constructor(
    records: PushDeliveryRecords,
    keyring: VapidKeyring,
    games: GameReader,
    settings: PushChannelSettings,
    logger?: Logger,
    now: () => Date = () => new Date(),
  ) {
    this.records = records;
    this.keyring = keyring;
    this.games = games;
    this.settings = settings;
    this.logger = logger;
    this.now = now;
  }

  /** The worker's tasks for this channel. */
  tasks(): Record<string, (payload: unknown) => Promise<void>> {
    return {
      [PUSH_TASKS.send]: (p) => this.send(p as SendJob),
      [PUSH_TASKS.remind]: (p) => this.remind(p as RemindJob),
    };
  }

  /** The `notify` listener. */
  readonly onNotice = async (notice: GameNotice): Promise<void> => {
    const players = await this.records.subscribedPlayers(notice.gameId);
    if (players.length === 0) return;
    const at = Date.parse(notice.at);
    for (const awaited of notice.awaited) {
      const player = players.find((p) => p.seat === awaited.seat);
      if (!player || !wants(player, at)) continue;
      const view = await this.games.game(notice.gameId, player.accountId);
      const notification = awaitedNotification(notice, awaited, this.gameOf(notice.gameId, view.options, view.game), null, '');
      await this.queue(player.accountId, notification);
      const before = pushTimingOf(player.preferences).reminderMinutes;
      const runAt = before === null ? null : reminderRunAt(awaited.deadline, before * 60_000, this.now());
      if (runAt) {
        const job: RemindJob = { accountId: player.accountId, gameId: notice.gameId, seat: awaited.seat, windowId: awaited.windowId, deadline: awaited.deadline };
        await this.records.addJob({ task: PUSH_TASKS.remind, payload: job, key: remindKey(job), runAt });
      }
    }
    if (notice.ended) {
      const seen = await this.games.game(notice.gameId, null);
      const winners = await this.games.winners(notice.gameId);
      const summary = winners.length === 0 ? 'The game has ended.' : `The game has ended: ${winners.map((w) => `seat ${w}`).join(' and ')} won.`;
      for (const player of players) {
        if (!wants(player, at)) continue;
        await this.queue(player.accountId, endedNotification(notice, player.seat, this.gameOf(notice.gameId, seen.options, seen.game), summary));
      }
    }
  };

  /**
   * The `remind-push` task: sent only if the seat is still awaited in that window at the deadline
   * it was queued for; a moved deadline (a vacation) moves the job instead.
   */
  async remind(job: RemindJob): Promise<void> {
    const preferences = await this.records.preferences(job.accountId);
    if (!preferences) return;
    const timing = pushTimingOf(preferences);
    if (timing.muted) return;
    const view = await this.games.game(job.gameId, job.accountId);
    if (view.status !== 'active') return;
    const current = view.awaiting.flatMap((a) => (a.deadline === null ? [] : [{ ...a, deadline: a.deadline }]));
    const decision = decideReminder(job, current, timing.reminderMinutes === null ? null : timing.reminderMinutes * 60_000, this.now());
    if (decision.action === 'skip') return;
    if (decision.action === 'reschedule') {
      await this.records.addJob({ task: PUSH_TASKS.remind, payload: { ...job, deadline: decision.deadline.deadline }, key: remindKey(job), runAt: decision.runAt, mode: 'replace' });
      return;
    }
    await this.queue(job.accountId, deadlineNotification(decision.deadline, this.gameOf(job.gameId, view.options, view.game), null, '', this.now().toISOString()));
  }

  /**
   * The `send-push` task: one attempt. The mute is read again (a player who muted since is not
   * pushed what was queued before); a retry replaces this very job's key with the next attempt.
   */
  async send(job: SendJob): Promise<void> {
    const subscription = await this.records.subscription(job.subscriptionId);
    if (!subscription) return;
    const preferences = await this.records.preferences(subscription.accountId);
    if (!preferences || pushTimingOf(preferences).muted) return;
    const outcome = await sendPush({
      to: subscription,
      payload: JSON.stringify(job.payload),
      vapid: await this.keyring.keys(),
      subject: this.settings.subject,
      ttlSeconds: this.settings.ttlSeconds ?? 86_400,
      // A game's id without its dashes: 32 base64url characters, so a newer push about the game replaces one not yet delivered.
      topic: job.payload.tag.replace(/^game:/, '').replaceAll('-', '').slice(0, 32),
      timeoutMs: this.settings.timeoutMs ?? 5_000,
      policy: this.settings.policy,
      resolve: this.settings.resolve,
    });
    if (outcome.kind === 'sent') return;
    if (outcome.kind === 'gone') {
      await this.records.drop(subscription.id);
      this.logger?.info({ subscriptionId: subscription.id, status: outcome.status }, 'push subscription gone; deleted');
      return;
    }
    const attempt = job.attempt ?? 1;
    const wait = outcome.kind === 'retry' && attempt < MAX_PUSH_ATTEMPTS ? nextAttemptDelayMs(attempt, this.settings.random ?? Math.random) : null;
    if (wait === null) {
      this.logger?.warn({ subscriptionId: subscription.id, status: outcome.status, error: outcome.error, attempt }, 'push not delivered; given up');
      return;
    }
    const runAt = new Date(this.now().getTime() + wait * (this.settings.retryScale ?? 1));
    await this.records.addJob({ task: PUSH_TASKS.send, payload: { ...job, attempt: attempt + 1 }, key: sendKey(job.subscriptionId, job.payload.id), runAt, mode: 'replace' });
  }

  private queue(accountId: string, notification: Notification): Promise<void> {
    return this.records.queueOnce(accountId, notification.id, PUSH_TASKS.send, { payload: pushPayload(notification, this.settings.wording) });
  }

  private gameOf(gameId: string, options: Record<string, unknown>, module: string): Notification['game'] {
    return notifiedGame(this.settings.titles, this.settings.publicUrl(), gameId, module, options);
  }
}

/** Not muted, and not playing the game right now (the quiet period, as for email). */
function wants(player: PushRecipientRecord, at: number): boolean {
  const timing = pushTimingOf(player.preferences);
  if (timing.muted) return false;
  if (timing.quietMinutes === 0) return true;
  return player.lastActed === null || player.lastActed.getTime() <= at - timing.quietMinutes * 60_000;
}

/** The job key of one push to one device: what `queueOnce` adds, and each retry replaces. */
export const sendKey = (subscriptionId: string, notificationId: string): string => `push:${subscriptionId}:${notificationId}`;
const remindKey = (job: Omit<RemindJob, 'deadline'>): string => `remind-push:${job.accountId}:${job.gameId}:${job.windowId}:${job.seat}`;
