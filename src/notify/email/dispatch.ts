// The email channel's jobs. Its notice listener decides who is told (each newly awaited seat's
// owner, every seated player when a game ends) and how (an email each, or the game's digest), and
// only adds jobs, each notification once per player (`email_queued`): the notifier may hand the
// same notice over again (src/service/notifier.ts), after the email it queued was sent and its job
// key freed. Sending happens in those jobs, which
// graphile-worker retries when the mail server fails, and which read the player's settings again
// when they run, so an unsubscribe stops what is already queued.

import type pg from 'pg';
import type { Logger } from '../../config/logger.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { GameNotice } from '../../service/ports/notices.ts';
import type { Queryable } from '../../store/event-store.ts';
import type { GameReader } from '../../service/ports/notices.ts';
import { NO_TITLES, type GameTitling, type Notification, type SituationWording } from '../notification.ts';
import { decideReminder, reminderRunAt, type ReminderTarget } from '../reminders.ts';
import type { DisabledSubscription } from '../webhooks/dispatch.ts';
import { EmailLinks } from './links.ts';
import { renderEmail } from './render.ts';
import { emailSettingsOf, type EmailSettings } from './settings.ts';
import { EmailNotSentError, type Mailer } from './transport.ts';
import { renderRegistrationAttemptEmail } from './registration-attempt.ts';
import { renderVerificationEmail } from './verification.ts';
import type { RenderedEmail } from './render.ts';
import { renderWebhookDisabledEmail } from './webhook-disabled.ts';

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
  readonly links: EmailLinks;

  constructor(
    private readonly pool: pg.Pool,
    private readonly games: GameReader,
    private readonly settings: EmailChannelSettings,
    private readonly logger?: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.links = new EmailLinks(pool, now);
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
    };
  }

  /** Queues the verification email of an account (at registration, or when the player asks again). */
  async requestVerification(accountId: string, db: Queryable = this.pool): Promise<void> {
    await addJob(db, EMAIL_TASKS.verify, { accountId }, { key: `verify:${accountId}` });
  }

  /**
   * Queues the email that tells the owner of a verified address that someone registered another
   * account with it (src/auth/accounts.ts): at most one an hour, so that registering again and
   * again cannot flood the owner's mailbox.
   */
  async tellOwnerOfRegistrationAttempt(ownerId: string, db: Queryable = this.pool): Promise<void> {
    const hour = Math.floor(this.now().getTime() / REGISTRATION_ATTEMPT_EVERY_MS);
    await addJobOnce(db, { accountId: ownerId, notificationId: `registration-attempt:${hour}` }, EMAIL_TASKS.registrationAttempt, { accountId: ownerId }, {
      key: `registration-attempt:${ownerId}`,
    });
  }

  /**
   * Queues the email that tells the owner their webhook was switched off, in the transaction that
   * switches it off (`db`). Keyed per subscription: switched off again before it is sent, the
   * email says what happened last.
   */
  async queueWebhookDisabledEmail(db: Queryable, subscription: DisabledSubscription): Promise<void> {
    await addJob(db, EMAIL_TASKS.webhookDisabled, subscription, { key: `webhook-disabled:${subscription.id}`, mode: 'replace' });
  }

  /** The `notify` listener. */
  readonly onNotice = async (notice: GameNotice): Promise<void> => {
    const seats = await this.seatedPlayers(notice.gameId);
    // Counted at the notice's version: the email says what the seat could do when it was asked.
    const legalCount = notice.awaited.length > 0 ? await this.games.legalCounterOf(notice.gameId, notice.version) : () => null;
    const at = Date.parse(notice.at);
    const wanted: { recipient: Recipient; notification: Notification; deadline?: { seat: number; windowId: string; deadline: string } }[] = [];
    for (const awaited of notice.awaited) {
      const seat = seats.find((s) => s.seat === awaited.seat);
      if (!seat || !wants(seat, at)) continue;
      const view = await this.games.game(notice.gameId, seat.accountId);
      wanted.push({
        recipient: seat,
        notification: {
          id: `${notice.gameId}:${notice.version}:${awaited.seat}:${awaited.windowId}`,
          kind: 'awaited',
          game: this.gameOf(notice.gameId, view.options, view.game),
          seat: awaited.seat,
          situation: awaited.situation,
          windowId: awaited.windowId,
          deadline: awaited.deadline,
          legalCommandCount: legalCount(awaited.seat) ?? view.legalCommands.length,
          summary: this.settings.wording?.(view.game, awaited.situation)?.summary ?? 'The game is waiting for you.',
          at: notice.at,
        },
        deadline: awaited,
      });
    }
    if (notice.ended) {
      const seen = seats.length > 0 ? await this.games.game(notice.gameId, null) : null;
      const winners = seats.length > 0 ? await this.games.winners(notice.gameId) : [];
      const won = winners.length === 0 ? 'no seat won' : `${winners.map((w) => `Seat ${w}${handleAt(seats, w)}`).join(' and ')} won`;
      for (const seat of seats) {
        if (!wants(seat, at)) continue;
        wanted.push({
          recipient: seat,
          notification: {
            id: `${notice.gameId}:${notice.version}:${seat.seat}:ended`,
            kind: 'ended',
            game: this.gameOf(notice.gameId, seen?.options ?? {}, seen?.game),
            seat: seat.seat,
            situation: null,
            windowId: null,
            deadline: null,
            legalCommandCount: null,
            summary: `The game has ended: ${won}.`,
            at: notice.at,
          },
        });
      }
    }

    for (const { recipient, notification, deadline } of wanted) {
      const { accountId } = recipient;
      if (recipient.settings.email === 'digest') {
        await this.addToDigest(accountId, notice.gameId, notification, recipient.settings.digestMinutes);
      } else {
        await addJobOnce(this.pool, { accountId, notificationId: notification.id }, EMAIL_TASKS.sendEmail, { accountId, gameId: notice.gameId, notifications: [notification] }, {
          key: `email:${accountId}:${notice.gameId}:${notice.version}:${notification.seat}`,
        });
      }
      const before = recipient.settings.reminderMinutes;
      const runAt = before !== null && deadline ? reminderRunAt(deadline.deadline, before * 60_000, this.now()) : null;
      if (runAt && deadline) {
        const job = { accountId, gameId: notice.gameId, ...deadline };
        await addJobOnce(this.pool, { accountId, notificationId: `remind:${notice.gameId}:${deadline.windowId}:${deadline.seat}` }, EMAIL_TASKS.remind, job, {
          key: remindKey(job),
          runAt,
        });
      }
    }
  };

  private gameOf(gameId: string, options: Record<string, unknown>, module?: string): Notification['game'] {
    const title = module ? (this.settings.titles ?? NO_TITLES)(module, options) : `Game ${gameId.slice(0, 8)}`;
    return { id: gameId, ...(module ? { module } : {}), title, url: `${this.settings.publicUrl()}/games/${gameId}` };
  }

  /** Appends to the player's pending digest of the game (once per notification) and makes sure its job is due at `send_after`. */
  private async addToDigest(accountId: string, gameId: string, notification: Notification, minutes: number): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      // Digested before (a notice handed over again, maybe after that digest went out): not again.
      if (!(await firstTime(tx, { accountId, notificationId: notification.id }))) return;
      const sendAfter = new Date(this.now().getTime() + minutes * 60_000);
      const { rows } = await tx.query<{ sendAfter: Date }>(
        `INSERT INTO email_digests AS d (account_id, game_id, notifications, send_after) VALUES ($1, $2, jsonb_build_array($3::jsonb), $4)
         ON CONFLICT (account_id, game_id) DO UPDATE
           SET notifications = CASE WHEN d.notifications @> jsonb_build_array(jsonb_build_object('id', $3::jsonb->'id'))
                                    THEN d.notifications ELSE d.notifications || jsonb_build_array($3::jsonb) END
         RETURNING send_after AS "sendAfter"`,
        [accountId, gameId, JSON.stringify(notification), sendAfter],
      );
      await addJob(tx, EMAIL_TASKS.sendDigest, { accountId, gameId }, { key: `digest:${accountId}:${gameId}`, runAt: rows[0]!.sendAfter, mode: 'preserve_run_at' });
    });
  }

  async sendEmail({ accountId, notifications }: { accountId: string; gameId: string; notifications: Notification[] }): Promise<void> {
    const recipient = await this.recipient(accountId);
    if (!recipient || !recipient.verified || recipient.settings.email === 'off') return;
    await this.deliver(recipient, notifications);
  }

  /** Sends the pending digest and clears it in one transaction: a failed send leaves it for the retry. */
  async sendDigest({ accountId, gameId }: { accountId: string; gameId: string }): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ notifications: Notification[] }>(
        `SELECT notifications FROM email_digests WHERE account_id = $1 AND game_id = $2 FOR UPDATE`,
        [accountId, gameId],
      );
      if (!rows[0]) return;
      await tx.query(`DELETE FROM email_digests WHERE account_id = $1 AND game_id = $2`, [accountId, gameId]);
      // On the transaction's connection: holding it while asking the pool for another can starve the pool.
      const recipient = await this.recipient(accountId, tx);
      if (!recipient || !recipient.verified || recipient.settings.email === 'off' || rows[0].notifications.length === 0) return;
      await this.deliver(recipient, rows[0].notifications, tx);
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
      await addJob(this.pool, EMAIL_TASKS.remind, { ...job, deadline: decision.deadline.deadline }, { key: remindKey(job), runAt: decision.runAt, mode: 'replace' });
      return;
    }
    await this.deliver(recipient, [
      {
        id: `${job.gameId}:${job.windowId}:${job.seat}:reminder`,
        kind: 'reminder',
        game: this.gameOf(job.gameId, view.options, view.game),
        seat: job.seat,
        situation: decision.deadline.situation,
        windowId: job.windowId,
        deadline: decision.deadline.deadline,
        legalCommandCount: view.legalCommands.length,
        summary: 'Your deadline is near.',
        at: this.now().toISOString(),
      },
    ]);
  }

  /**
   * Tells the owner their webhook was switched off: whatever their notification settings (it is
   * about their account, not a game), but only to a verified address, and only while it is still off.
   */
  async sendWebhookDisabled(subscription: DisabledSubscription): Promise<void> {
    const recipient = await this.recipient(subscription.accountId);
    if (!recipient || !recipient.verified) return;
    const { rows } = await this.pool.query(`SELECT 1 FROM webhook_subscriptions WHERE id = $1 AND account_id = $2 AND NOT enabled`, [
      subscription.id,
      subscription.accountId,
    ]);
    if (rows.length === 0) return;
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

  async sendVerification({ accountId }: { accountId: string }): Promise<void> {
    const recipient = await this.recipient(accountId);
    if (!recipient || recipient.verified) return;
    // Another account verified this address: it is theirs, and this account can never verify it.
    // Nothing is sent (the one who asked cannot tell: they do not read that mailbox).
    const owned = await this.pool.query('SELECT 1 FROM accounts WHERE email = $1 AND email_verified_at IS NOT NULL AND id <> $2', [recipient.email, accountId]);
    if (owned.rowCount) return;
    const token = await this.links.verificationToken(accountId, recipient.email);
    const verifyUrl = `${this.settings.publicUrl()}/v1/email/verify?token=${token}`;
    await this.send(recipient, renderVerificationEmail({ handle: recipient.handle, verifyUrl, serviceName: this.settings.serviceName }));
  }

  private async deliver(recipient: Recipient, notifications: Notification[], db: Queryable = this.pool): Promise<void> {
    const token = await this.links.unsubscribeToken(recipient.accountId, recipient.email, db);
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

  private async recipient(accountId: string, db: Queryable = this.pool): Promise<Recipient | undefined> {
    const { rows } = await db.query<RecipientRow>(`${RECIPIENT_SQL} WHERE a.id = $1`, [accountId]);
    return rows[0] ? recipientOf(rows[0]) : undefined;
  }

  /** The humans seated at the game, with when each last sent a command to it. */
  private async seatedPlayers(gameId: string): Promise<(Recipient & { seat: number; lastActed: Date | null })[]> {
    const { rows } = await this.pool.query<RecipientRow & { seat: number; lastActed: Date | null }>(
      `SELECT s.seat, (SELECT max(c.accepted_at) FROM commands c WHERE c.game_id = s.game_id AND c.caller_id = a.id::text) AS "lastActed",
              a.id AS "accountId", a.handle, a.email, a.email_verified_at IS NOT NULL AS verified, a.preferences
         FROM game_seats s JOIN accounts a ON a.id = s.account_id
        WHERE s.game_id = $1 AND NOT s.bot ORDER BY s.seat`,
      [gameId],
    );
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

interface RecipientRow {
  accountId: string;
  handle: string;
  email: string;
  verified: boolean;
  preferences: Record<string, unknown>;
}

const RECIPIENT_SQL = `SELECT a.id AS "accountId", a.handle, a.email, a.email_verified_at IS NOT NULL AS verified, a.preferences FROM accounts a`;

function recipientOf(row: RecipientRow): Recipient {
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

/** Records that this notification is queued for this player; false if it was already. */
async function firstTime(db: Queryable, once: { accountId: string; notificationId: string }): Promise<boolean> {
  const { rowCount } = await db.query(`INSERT INTO email_queued (account_id, notification_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    once.accountId,
    once.notificationId,
  ]);
  return rowCount === 1;
}

/** `addJob`, unless this notification was queued for this player before: one statement, so both or neither. */
async function addJobOnce(
  db: Queryable,
  once: { accountId: string; notificationId: string },
  task: string,
  payload: object,
  options: { key: string; runAt?: Date },
): Promise<void> {
  await db.query(
    `WITH first AS (INSERT INTO email_queued (account_id, notification_id) VALUES ($5, $6) ON CONFLICT DO NOTHING RETURNING 1)
     SELECT graphile_worker.add_job($1::text, $2::json, run_at := $3::timestamptz, job_key := $4::text, job_key_mode := 'preserve_run_at', max_attempts := 10) FROM first`,
    [task, JSON.stringify(payload), options.runAt ?? null, options.key, once.accountId, once.notificationId],
  );
}

async function addJob(db: Queryable, task: string, payload: object, options: { key: string; runAt?: Date; mode?: 'replace' | 'preserve_run_at' }): Promise<void> {
  await db.query(
    `SELECT graphile_worker.add_job($1::text, $2::json, run_at := $3::timestamptz, job_key := $4::text, job_key_mode := $5::text, max_attempts := 10)`,
    [task, JSON.stringify(payload), options.runAt ?? null, options.key, options.mode ?? 'preserve_run_at'],
  );
}

/** " (handle)" of the player at `seat`, or nothing for a seat no player holds (a bot's). */
function handleAt(seats: readonly { seat: number; handle: string }[], seat: number): string {
  const handle = seats.find((s) => s.seat === seat)?.handle;
  return handle ? ` (${handle})` : '';
}
