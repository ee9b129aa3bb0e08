// The email channel's jobs. Its notice listener decides who is told (each newly awaited seat's
// owner, every seated player when a game ends) and how (an email each, or the game's digest), and
// only adds jobs, each notification once per player (`email_queued`): the notifier may hand the
// same notice over again (src/service/notifier.ts), after the email it queued was sent and its job
// key freed. Sending happens in those jobs, which
// graphile-worker retries when the mail server fails, and which read the player's settings again
// when they run, so an unsubscribe stops what is already queued.

import type { Logger } from '../../config/logger.ts';
import type { GameNotice, GameReader } from '../../service/ports/notices.ts';
import { awaitedNotification, deadlineNotification, endedNotification, notifiedGame, type GameTitling, type Notification, type SituationWording } from '../../notify/notification.ts';
import { decideReminder, reminderRunAt, type ReminderTarget } from '../../notify/reminders.ts';
import type { EmailLinks } from '../../notify/email/links.ts';
import { emailSettingsOf, type EmailSettings } from '../../notify/email/settings.ts';
import type { EmailRecords, RecipientRecord } from '../../notify/ports/email-records.ts';
import type { StoreTransaction } from '../../notify/ports/transaction.ts';
import type { DisabledSubscription } from '../webhooks/dispatch.ts';
import { renderEmail } from './render.ts';
import { EmailNotSentError, type Mailer } from './transport.ts';
import { renderRegistrationAttemptEmail } from './registration-attempt.ts';
import { renderVerificationEmail } from './verification.ts';
import { renderPasswordResetEmail } from './password-reset.ts';
import { renderEmailChangeEmail, renderEmailChangedEmail } from './email-change.ts';
import { RESET_TTL_MS } from '../../notify/email/links.ts';
import { createHash } from 'node:crypto';
import type { RenderedEmail } from './render.ts';
import { renderWebhookDisabledEmail } from './webhook-disabled.ts';
import type { Telemetry } from '../../service/ports/telemetry.ts';

export const EMAIL_TASKS = {
  /** `{ accountId, gameId, notifications }`: one email now. */
  sendEmail: 'send-email',
  /** `{ accountId, gameId }`: everything pending in the player's digest of the game, in one email. */
  sendDigest: 'send-digest',
  /** `{ accountId, gameId, seat, windowId, deadline }`: a reminder, if the seat is still awaited there. */
  remind: 'remind-email',
  /** `{ accountId }`: a link that verifies the account's address. */
  verify: 'send-verification',
  /** A `DisabledSubscription`: its owner is told it was switched off, and how to switch it on. */
  webhookDisabled: 'webhook-disabled-email',
  /** `{ accountId }`: the owner of a verified address is told someone registered with it. */
  registrationAttempt: 'registration-attempt-email',
  /** `{ email }`: a password-reset link to the account that holds the address, if one does. */
  passwordReset: 'password-reset-email',
  /** `{ accountId, email }`: the link that makes `email` the account's address. */
  emailChange: 'email-change-email',
  /** `{ accountId, handle, oldEmail }`: the old address is told it was replaced. */
  emailChanged: 'email-changed-email',
} as const;

/** The owner of an address hears of registration attempts with it at most once in this long. */
const REGISTRATION_ATTEMPT_EVERY_MS = 3_600_000;

type RemindJob = ReminderTarget & { accountId: string; gameId: string };

export interface EmailChannelSettings {
  mailer: Mailer;
  /** Where players reach the service (links in emails), without a trailing slash. */
  publicUrl: () => string;
  serviceName?: string;
  /** The games' words for their situations (src/notify/notification.ts); without it, general words. */
  wording?: SituationWording;
  /** The games' titles (src/notify/notification.ts); without it, a game is titled by its module id. */
  titles?: GameTitling;
  /** How soon notices leave by email, for the operator's metrics. */
  telemetry?: Telemetry;
}

interface Recipient {
  accountId: string;
  handle: string;
  email: string;
  verified: boolean;
  settings: EmailSettings;
  timeZone: string;
}


export class EmailChannel {
  private readonly records: EmailRecords;
  readonly links: EmailLinks;
  private readonly games: GameReader;
  private readonly settings: EmailChannelSettings;
  private readonly logger?: Logger;
  private readonly now: () => Date;

  constructor(
    records: EmailRecords,
    /** The links its emails carry (verify, unsubscribe): the use cases that answer them too. */
    links: EmailLinks,
    games: GameReader,
    settings: EmailChannelSettings,
    logger?: Logger,
    now: () => Date = () => new Date(),
  ) {
    this.records = records;
    this.links = links;
    this.games = games;
    this.settings = settings;
    this.logger = logger;
    this.now = now;
  }

  /** The worker's tasks for this channel. */
  tasks(): Record<string, (payload: unknown) => Promise<void>> {
    return {
      [EMAIL_TASKS.sendEmail]: (p) => this.sendEmail(p as { accountId: string; gameId: string; notifications: Notification[] }),
      [EMAIL_TASKS.sendDigest]: (p) => this.sendDigest(p as { accountId: string; gameId: string }),
      [EMAIL_TASKS.remind]: (p) => this.remind(p as RemindJob),
      [EMAIL_TASKS.verify]: (p) => this.sendVerification(p as { accountId: string }),
      [EMAIL_TASKS.webhookDisabled]: (p) => this.sendWebhookDisabled(p as DisabledSubscription),
      [EMAIL_TASKS.registrationAttempt]: (p) => this.sendRegistrationAttempt(p as { accountId: string }),
      [EMAIL_TASKS.passwordReset]: (p) => this.sendPasswordReset(p as { email: string }),
      [EMAIL_TASKS.emailChange]: (p) => this.sendEmailChange(p as { accountId: string; email: string }),
      [EMAIL_TASKS.emailChanged]: (p) => this.sendEmailChanged(p as { accountId: string; handle: string; oldEmail: string }),
    };
  }

  /** Queues the verification email of an account (at registration, or when the player asks again). */
  async requestVerification(accountId: string): Promise<void> {
    await this.records.addJob({ task: EMAIL_TASKS.verify, payload: { accountId }, key: `verify:${accountId}` });
  }

  /**
   * Queues a password reset for `email` (normalised), whether or not an account holds it: the
   * request does the same work (one job, keyed by the address's hash) either way, so neither its
   * answer nor its time tells which addresses have accounts. The job looks the address up.
   * A reset already waiting for that address is not queued again.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const key = `password-reset:${createHash('sha256').update(email).digest('hex')}`;
    await this.records.addJob({ task: EMAIL_TASKS.passwordReset, payload: { email }, key });
  }

  /** Queues the link that makes `email` (normalised) the account's address once opened. */
  async requestEmailChange(accountId: string, email: string): Promise<void> {
    await this.records.addJob({ task: EMAIL_TASKS.emailChange, payload: { accountId, email }, key: `email-change:${accountId}`, mode: 'replace' });
  }

  /** Queues the word to the address an account just left, if it was verified (an unverified one may be anybody's). */
  async tellOldAddress(change: { accountId: string; handle: string; oldEmail: string; oldVerified: boolean }): Promise<void> {
    if (!change.oldVerified) return;
    await this.records.addJob({ task: EMAIL_TASKS.emailChanged, payload: { accountId: change.accountId, handle: change.handle, oldEmail: change.oldEmail }, key: `email-changed:${change.accountId}:${this.now().getTime()}` });
  }

  /**
   * Queues the email that tells the owner of a verified address that someone registered another
   * account with it (src/auth/accounts.ts): at most one an hour, so that registering again and
   * again cannot flood the owner's mailbox.
   */
  async tellOwnerOfRegistrationAttempt(ownerId: string): Promise<void> {
    const hour = Math.floor(this.now().getTime() / REGISTRATION_ATTEMPT_EVERY_MS);
    await this.records.addJobOnce(
      { accountId: ownerId, notificationId: `registration-attempt:${hour}` },
      { task: EMAIL_TASKS.registrationAttempt, payload: { accountId: ownerId }, key: `registration-attempt:${ownerId}` },
    );
  }

  /**
   * Queues the email that tells the owner their webhook was switched off, in the transaction that
   * switches it off (`db`). Keyed per subscription: switched off again before it is sent, the
   * email says what happened last.
   */
  async queueWebhookDisabledEmail(within: StoreTransaction, subscription: DisabledSubscription): Promise<void> {
    await this.records.addJob({ task: EMAIL_TASKS.webhookDisabled, payload: subscription, key: `webhook-disabled:${subscription.id}`, mode: 'replace' }, within);
  }

  /** The `notify` listener. */
  readonly onNotice = async (notice: GameNotice): Promise<void> => {
    const seats = await this.seatedPlayers(notice.gameId);
    if (seats.length === 0) return;
    // Counted at the notice's version: the email says what the seat could do when it was asked.
    const legalCount = notice.awaited.length > 0 ? await this.games.legalCounterOf(notice.gameId, notice.version) : () => null;
    const at = Date.parse(notice.at);
    const wanted: { recipient: Recipient; notification: Notification; deadline?: { seat: number; windowId: string; deadline: string } }[] = [];
    for (const awaited of notice.awaited) {
      const seat = seats.find((s) => s.seat === awaited.seat);
      if (!seat || !wants(seat, at)) continue;
      const view = await this.games.game(notice.gameId, seat.accountId);
      const summary = this.settings.wording?.(view.game, awaited.situation)?.summary ?? 'The game is waiting for you.';
      const notification = awaitedNotification(notice, awaited, this.gameOf(notice.gameId, view.options, view.game), legalCount(awaited.seat) ?? view.legalCommands.length, summary);
      wanted.push({ recipient: seat, notification, deadline: awaited });
    }
    if (notice.ended) {
      const seen = await this.games.game(notice.gameId, null);
      const winners = await this.games.winners(notice.gameId);
      const won = winners.length === 0 ? 'no seat won' : `${winners.map((w) => `Seat ${w}${handleAt(seats, w)}`).join(' and ')} won`;
      for (const seat of seats) {
        if (!wants(seat, at)) continue;
        wanted.push({ recipient: seat, notification: endedNotification(notice, seat.seat, this.gameOf(notice.gameId, seen.options, seen.game), `The game has ended: ${won}.`) });
      }
    }

    for (const { recipient, notification, deadline } of wanted) {
      const { accountId } = recipient;
      if (recipient.settings.email === 'digest') {
        await this.addToDigest(accountId, notice.gameId, notification, recipient.settings.digestMinutes);
      } else {
        await this.records.addJobOnce(
          { accountId, notificationId: notification.id },
          { task: EMAIL_TASKS.sendEmail, payload: { accountId, gameId: notice.gameId, notifications: [notification] }, key: `email:${accountId}:${notice.gameId}:${notice.version}:${notification.seat}` },
        );
      }
      const before = recipient.settings.reminderMinutes;
      const runAt = before !== null && deadline ? reminderRunAt(deadline.deadline, before * 60_000, this.now()) : null;
      if (runAt && deadline) {
        const job = { accountId, gameId: notice.gameId, ...deadline };
        await this.records.addJobOnce(
          { accountId, notificationId: `remind:${notice.gameId}:${deadline.windowId}:${deadline.seat}` },
          { task: EMAIL_TASKS.remind, payload: job, key: remindKey(job), runAt },
        );
      }
    }
  };

  private gameOf(gameId: string, options: Record<string, unknown>, module: string): Notification['game'] {
    return notifiedGame(this.settings.titles, this.settings.publicUrl(), gameId, module, options);
  }

  /** Appends to the player's pending digest of the game (once per notification) and makes sure its job is due at `send_after`. */
  private async addToDigest(accountId: string, gameId: string, notification: Notification, minutes: number): Promise<void> {
    const sendAfter = new Date(this.now().getTime() + minutes * 60_000);
    await this.records.addToDigest({ accountId, notificationId: notification.id }, gameId, notification, sendAfter, (dueAt) => ({
      task: EMAIL_TASKS.sendDigest,
      payload: { accountId, gameId },
      key: `digest:${accountId}:${gameId}`,
      runAt: dueAt,
      mode: 'preserve_run_at',
    }));
  }

  async sendEmail({ accountId, notifications }: { accountId: string; gameId: string; notifications: Notification[] }): Promise<void> {
    const recipient = await this.recipient(accountId);
    if (!recipient || !recipient.verified || recipient.settings.email === 'off') return;
    await this.deliver(recipient, notifications);
    // One notice, sent as soon as it came (a digest waits by the player's choice: not a delay).
    const sent = this.now().getTime();
    for (const notification of notifications) this.settings.telemetry?.noticeSent('email', sent - Date.parse(notification.at));
  }

  /** Sends the pending digest and clears it in one transaction: a failed send leaves it for the retry. */
  async sendDigest({ accountId, gameId }: { accountId: string; gameId: string }): Promise<void> {
    await this.records.takeDigest<Notification>(accountId, gameId, async (notifications, within) => {
      // On the transaction's connection: holding it while asking the pool for another can starve the pool.
      const recipient = await this.recipient(accountId, within);
      if (!recipient || !recipient.verified || recipient.settings.email === 'off' || notifications.length === 0) return;
      await this.deliver(recipient, notifications, within);
    });
  }

  /**
   * A reminder, if the seat is still awaited in that window and the deadline is still the one it
   * was queued for; a moved deadline (a vacation) moves the job instead.
   */
  async remind(job: RemindJob): Promise<void> {
    const recipient = await this.recipient(job.accountId);
    if (!recipient || !recipient.verified || recipient.settings.email === 'off') return;
    const view = await this.games.game(job.gameId, job.accountId);
    if (view.status !== 'active') return;
    const current = view.awaiting.flatMap((a) => (a.deadline === null ? [] : [{ ...a, deadline: a.deadline }]));
    const before = recipient.settings.reminderMinutes;
    const decision = decideReminder(job, current, before === null ? null : before * 60_000, this.now());
    if (decision.action === 'skip') return;
    if (decision.action === 'reschedule') {
      // Replaces this very job's key: the running job ends, the new one waits for its time.
      await this.records.addJob({ task: EMAIL_TASKS.remind, payload: { ...job, deadline: decision.deadline.deadline }, key: remindKey(job), runAt: decision.runAt, mode: 'replace' });
      return;
    }
    const game = this.gameOf(job.gameId, view.options, view.game);
    await this.deliver(recipient, [deadlineNotification(decision.deadline, game, view.legalCommands.length, 'Your deadline is near.', this.now().toISOString())]);
  }

  /**
   * Tells the owner their webhook was switched off: whatever their notification settings (it is
   * about their account, not a game), but only to a verified address, and only while it is still off.
   */
  async sendWebhookDisabled(subscription: DisabledSubscription): Promise<void> {
    const recipient = await this.recipient(subscription.accountId);
    if (!recipient || !recipient.verified) return;
    if (!(await this.records.webhookStillDisabled(subscription.id, subscription.accountId))) return;
    const rendered = renderWebhookDisabledEmail({
      handle: recipient.handle,
      timeZone: recipient.timeZone,
      webhook: subscription,
      publicUrl: this.settings.publicUrl(),
      serviceName: this.settings.serviceName,
    });
    await this.send(recipient, rendered);
  }

  /** Only while the address is still verified by that account: the email says it is theirs. */
  async sendRegistrationAttempt({ accountId }: { accountId: string }): Promise<void> {
    const recipient = await this.recipient(accountId);
    if (!recipient || !recipient.verified) return;
    await this.send(recipient, renderRegistrationAttemptEmail({ handle: recipient.handle, publicUrl: this.settings.publicUrl(), serviceName: this.settings.serviceName }));
  }

  /** Nothing for an address no account holds, nor past RESETS_PER_HOUR (links.ts). */
  async sendPasswordReset({ email }: { email: string }): Promise<void> {
    const holder = await this.links.resetTarget(email);
    if (!holder) return;
    const recipient = await this.recipient(holder.accountId);
    if (!recipient || recipient.email !== email) return;
    const token = await this.links.resetToken(holder.accountId, email);
    if (!token) return;
    const resetUrl = `${this.settings.publicUrl()}/reset-password?token=${token}`;
    await this.send(recipient, renderPasswordResetEmail({ handle: recipient.handle, resetUrl, minutes: RESET_TTL_MS / 60_000, serviceName: this.settings.serviceName }));
  }

  /** Nothing when another account verified the address meanwhile: it can never become this one's. */
  async sendEmailChange({ accountId, email }: { accountId: string; email: string }): Promise<void> {
    const recipient = await this.recipient(accountId);
    if (!recipient || recipient.email === email) return;
    if (await this.records.verifiedByAnother(email, accountId)) return;
    const token = await this.links.emailChangeToken(accountId, email);
    const confirmUrl = `${this.settings.publicUrl()}/v1/email/change?token=${token}`;
    await this.send({ ...recipient, email }, renderEmailChangeEmail({ handle: recipient.handle, confirmUrl, serviceName: this.settings.serviceName }));
  }

  async sendEmailChanged({ accountId, handle, oldEmail }: { accountId: string; handle: string; oldEmail: string }): Promise<void> {
    const recipient = await this.recipient(accountId);
    await this.send(
      { ...(recipient ?? { accountId, handle, verified: false, settings: emailSettingsOf({}), timeZone: 'UTC' }), handle, email: oldEmail },
      renderEmailChangedEmail({ handle, publicUrl: this.settings.publicUrl(), serviceName: this.settings.serviceName }),
    );
  }

  async sendVerification({ accountId }: { accountId: string }): Promise<void> {
    const recipient = await this.recipient(accountId);
    if (!recipient || recipient.verified) return;
    // Another account verified this address: it is theirs, and this account can never verify it.
    // Nothing is sent (the one who asked cannot tell: they do not read that mailbox).
    if (await this.records.verifiedByAnother(recipient.email, accountId)) return;
    const token = await this.links.verificationToken(accountId, recipient.email);
    const verifyUrl = `${this.settings.publicUrl()}/v1/email/verify?token=${token}`;
    await this.send(recipient, renderVerificationEmail({ handle: recipient.handle, verifyUrl, serviceName: this.settings.serviceName }));
  }

  private async deliver(recipient: Recipient, notifications: Notification[], within?: StoreTransaction): Promise<void> {
    const token = await this.links.unsubscribeToken(recipient.accountId, recipient.email, within);
    const rendered = renderEmail({
      to: { address: recipient.email, handle: recipient.handle, timeZone: recipient.timeZone },
      notifications,
      unsubscribeUrl: `${this.settings.publicUrl()}/v1/email/unsubscribe?token=${token}`,
      serviceName: this.settings.serviceName,
      wording: this.settings.wording,
    });
    await this.send(recipient, rendered);
  }

  /** Throws (so the job is retried) unless the server refused the message for good: then retrying is pointless. */
  private async send(recipient: Recipient, rendered: RenderedEmail): Promise<void> {
    try {
      await this.settings.mailer.send({ ...rendered, to: { address: recipient.email, name: recipient.handle } });
    } catch (error) {
      if (error instanceof EmailNotSentError && error.permanent) {
        this.logger?.warn({ err: error, accountId: recipient.accountId, responseCode: error.responseCode }, 'email refused for good; not retried');
        return;
      }
      throw error;
    }
  }

  private async recipient(accountId: string, within?: StoreTransaction): Promise<Recipient | undefined> {
    const row = await this.records.recipient(accountId, within);
    return row ? recipientOf(row) : undefined;
  }

  /** The humans seated at the game, with when each last sent a command to it. */
  private async seatedPlayers(gameId: string): Promise<(Recipient & { seat: number; lastActed: Date | null })[]> {
    const rows = await this.records.seatedPlayers(gameId);
    return rows.map((row) => ({ ...recipientOf(row), seat: row.seat, lastActed: row.lastActed }));
  }
}

/** Verified, not off, and not playing the game right now (the quiet period). */
function wants(player: Recipient & { lastActed: Date | null }, at: number): boolean {
  if (!player.verified || player.settings.email === 'off') return false;
  // No quiet period at all: told even of what their own command caused, whose `accepted_at` (the
  // database's clock, at commit) may be a few milliseconds after the notice's `at` (the server's).
  if (player.settings.quietMinutes === 0) return true;
  return player.lastActed === null || player.lastActed.getTime() <= at - player.settings.quietMinutes * 60_000;
}

function recipientOf(row: RecipientRecord): Recipient {
  return {
    accountId: row.accountId,
    handle: row.handle,
    email: row.email,
    verified: row.verified,
    settings: emailSettingsOf(row.preferences),
    timeZone: typeof row.preferences.timeZone === 'string' ? row.preferences.timeZone : 'UTC',
  };
}

const remindKey = (job: Omit<RemindJob, 'deadline'>): string => `remind:${job.accountId}:${job.gameId}:${job.windowId}:${job.seat}`;

/** " (handle)" of the player at `seat`, or nothing for a seat no player holds (a bot's). */
function handleAt(seats: readonly { seat: number; handle: string }[], seat: number): string {
  const handle = seats.find((s) => s.seat === seat)?.handle;
  return handle ? ` (${handle})` : '';
}
