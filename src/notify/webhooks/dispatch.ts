// From a commit to a receiver: the `notify` job's webhook listener turns a GameNotice into one
// delivery per matching subscription (a row holding the exact body, and a `deliver-webhook` job
// keyed `webhook:<deliveryId>`), then makes the first attempt itself, at once: one trip through
// the queue instead of two, which is most of the delay when the server is busy. The job, due a
// little later, is the safety net should this process die mid-attempt; every attempt replaces it
// with the next one (or removes it), so `webhook:<deliveryId>` always means "the next attempt".
// Only the rows this listener inserted are attempted inline, so a retried `notify` job sends
// nothing twice.

import type pg from 'pg';
import type { Logger } from '../../config/logger.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deadline } from '../../clock/deadlines.ts';
import type { GameNotice } from '../../jobs/notifications.ts';
import type { GameStates } from '../../service/game-states.ts';
import type { StoredOptions } from '../../service/lobby.ts';
import type { EventStore, GameRow } from '../../store/event-store.ts';
import type { SeatRow } from '../../store/seats.ts';
import type { Notification } from '../notification.ts';
import type { ResolveHost, WebhookUrlPolicy } from './address-guard.ts';
import { deliver, RESPONSE_PREFIX_BYTES } from './deliver.ts';
import { eventType, renderPayload, type WebhookFormat } from './formats.ts';
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
  now: () => Date;
  random: () => number;
  resolve?: ResolveHost;
}

export const DEFAULT_WEBHOOK_SETTINGS: Omit<WebhookSettings, 'now'> = {
  policy: { allowHttp: false, allowPrivate: false },
  publicUrl: 'http://127.0.0.1:3000',
  timeoutMs: 5_000,
  retryScale: 1,
  random: Math.random,
};

export interface Attempt {
  at: string;
  status: number | null;
  latencyMs: number;
  error: string | null;
  responsePrefix: string;
}

/** A subscription that was switched off for failing; the owner should hear of it (by email). */
export interface DisabledSubscription {
  id: string;
  accountId: string;
  url: string;
  reason: string;
}

interface Planned {
  subscriptionId: string;
  notification: Notification;
  format: WebhookFormat;
}

export class WebhookDispatcher {
  /**
   * Called once a subscription is disabled. TODO(email): tell the owner by email here; until the
   * email channel sets it, the disabling is only logged.
   */
  onDisabled: ((subscription: DisabledSubscription) => Promise<void>) | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly states: GameStates,
    readonly settings: WebhookSettings,
    private readonly logger?: Logger,
  ) {}

  /** The `notify` listener: a delivery row and job for each matching subscription. */
  async onNotice(notice: GameNotice): Promise<void> {
    const found = await this.store.gameWithSeats(this.pool, notice.gameId);
    if (!found) return;
    const { game, seats } = found;
    const owners = new Map(seats.filter((s) => s.accountId !== null && !s.bot).map((s) => [s.seat, s.accountId!]));
    const { rows: subscriptions } = await this.pool.query<{ id: string; account_id: string; game_id: string | null; format: WebhookFormat }>({
      name: 'webhook-subscriptions-for-notice',
      text: `SELECT id, account_id, game_id, format FROM webhook_subscriptions
             WHERE enabled AND (game_id = $1 OR (game_id IS NULL AND account_id = ANY($2::uuid[])))`,
      values: [game.id, [...new Set(owners.values())]],
    });
    if (subscriptions.length === 0) return;

    const legalCount = await this.legalCounter(game);
    const planned: Planned[] = [];
    const told: { seat: number; awaited: Deadline | null }[] = notice.ended
      ? [...owners.keys()].map((seat) => ({ seat, awaited: null }))
      : notice.awaited.map((awaited) => ({ seat: awaited.seat, awaited }));
    for (const sub of subscriptions) {
      if (sub.game_id !== null) {
        planned.push({ subscriptionId: sub.id, format: sub.format, notification: this.gameNotification(game, seats, notice, legalCount) });
        continue;
      }
      for (const { seat, awaited } of told) {
        if (owners.get(seat) !== sub.account_id) continue;
        planned.push({ subscriptionId: sub.id, format: sub.format, notification: this.seatNotification(game, seats, notice, seat, awaited, legalCount) });
      }
    }
    if (planned.length === 0) return;

    // One statement: the rows and their jobs are added together or not at all, and a row that
    // exists already (a retried `notify` job) is skipped with its job.
    const { rows: added } = await this.pool.query<{ id: string }>({
      name: 'webhook-deliveries-add',
      text: `WITH added AS (
               INSERT INTO webhook_deliveries (subscription_id, notification_id, event_type, payload)
               SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])
               ON CONFLICT (subscription_id, notification_id) DO NOTHING
               RETURNING id)
             SELECT id, graphile_worker.add_job($5::text, json_build_object('deliveryId', id),
               run_at := now() + make_interval(secs => $6), job_key := 'webhook:' || id, max_attempts := 5) AS job FROM added`,
      values: [
        planned.map((p) => p.subscriptionId),
        planned.map((p) => p.notification.id),
        planned.map((p) => eventType(p.notification.kind)),
        planned.map((p) => JSON.stringify(renderPayload(p.format, p.notification))),
        DELIVER_WEBHOOK,
        SAFETY_NET_S,
      ],
    });
    await Promise.all(added.map(({ id }) => this.deliverOnce({ deliveryId: id })));
  }

  /** The `deliver-webhook` task: one attempt, logged; then the next attempt, or the end. */
  async deliverOnce({ deliveryId }: { deliveryId: string }): Promise<void> {
    const { rows } = await this.pool.query<{
      notification_id: string;
      payload: string;
      status: string;
      attempts: Attempt[];
      subscription_id: string;
      account_id: string;
      url: string;
      secrets: string[];
      previous_secret_expires_at: Date | null;
      enabled: boolean;
    }>({
      name: 'webhook-delivery-load',
      text: `SELECT d.notification_id, d.payload, d.status, d.attempts, d.subscription_id,
                    s.account_id, s.url, s.secrets, s.previous_secret_expires_at, s.enabled
             FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
             WHERE d.id = $1`,
      values: [deliveryId],
    });
    const delivery = rows[0];
    if (!delivery || delivery.status !== 'pending') return;
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
      const reason = off ? `Every delivery failed since ${sub.first_failure_at.toISOString()} (${sub.consecutive_failures} attempts); the last: ${result.error ?? 'no answer'}` : null;
      if (off) {
        await tx.query(`UPDATE webhook_subscriptions SET enabled = false, disabled_reason = $2 WHERE id = $1`, [delivery.subscription_id, reason]);
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
      return reason === null ? null : { id: delivery.subscription_id, accountId: delivery.account_id, url: delivery.url, reason };
    });
    if (disabled) {
      this.logger?.warn({ subscriptionId: disabled.id, reason: disabled.reason }, 'webhook subscription disabled');
      await this.onDisabled?.(disabled);
    }
  }

  // ---- Notifications --------------------------------------------------------------------

  /**
   * How many commands each seat could send now: at the game's current version, which the state
   * cache holds after every commit, rather than the notice's, which would mean replaying the log
   * for every notice of a busy game (and counting commands the seat can no longer send).
   */
  private async legalCounter(game: GameRow): Promise<(seat: number) => number | null> {
    if (game.status === 'open') return () => null;
    const module = this.states.moduleOf(game);
    const state = await this.states.at(this.pool, game);
    return (seat) => module.legalCommands(state, seat).length;
  }

  private base(game: GameRow, notice: GameNotice) {
    return { game: { id: game.id, title: gameTitle(game), url: `${this.settings.publicUrl}/v1/games/${game.id}` }, at: notice.at };
  }

  private seatNotification(
    game: GameRow,
    seats: SeatRow[],
    notice: GameNotice,
    seat: number,
    awaited: Deadline | null,
    legalCount: (seat: number) => number | null,
  ): Notification {
    const who = seatLabel(seats, seat);
    if (notice.ended) {
      return {
        ...this.base(game, notice),
        id: `ended_${game.id}_v${notice.version}_s${seat}`,
        kind: 'ended',
        seat,
        situation: null,
        windowId: null,
        deadline: null,
        legalCommandCount: null,
        summary: `The game is over (${who}).`,
      };
    }
    return {
      ...this.base(game, notice),
      id: `awaited_${game.id}_v${notice.version}_s${seat}_${headerSafe(awaited?.windowId ?? '')}`,
      kind: 'awaited',
      seat,
      situation: awaited?.situation ?? null,
      windowId: awaited?.windowId ?? null,
      deadline: awaited?.deadline ?? null,
      legalCommandCount: legalCount(seat),
      summary: `${who} can act: ${awaited?.situation ?? 'a decision'} is due.`,
    };
  }

  /** For a per-game subscription: one notification for the whole notice, whoever it concerns. */
  private gameNotification(game: GameRow, seats: SeatRow[], notice: GameNotice, legalCount: (seat: number) => number | null): Notification {
    const id = `${notice.ended ? 'ended' : 'awaited'}_${game.id}_v${notice.version}_all`;
    if (notice.ended) {
      return { ...this.base(game, notice), id, kind: 'ended', seat: null, situation: null, windowId: null, deadline: null, legalCommandCount: null, summary: 'The game is over.' };
    }
    const only = notice.awaited.length === 1 ? notice.awaited[0]! : null;
    const first = [...notice.awaited].sort((a, b) => a.deadline.localeCompare(b.deadline))[0];
    const who = notice.awaited.map((a) => seatLabel(seats, a.seat)).join(', ');
    return {
      ...this.base(game, notice),
      id,
      kind: 'awaited',
      seat: only?.seat ?? null,
      situation: first?.situation ?? null,
      windowId: first?.windowId ?? null,
      deadline: first?.deadline ?? null,
      legalCommandCount: only ? legalCount(only.seat) : null,
      summary: `${who} can act: ${first?.situation ?? 'a decision'} is due.`,
    };
  }
}

/** "Dan Tanna Enid Blyton — Judges v Sláine": the map and the teams, from the public options. */
export function gameTitle(game: GameRow): string {
  const options = (game.options as unknown as StoredOptions).public ?? {};
  const words = (slug: unknown) =>
    String(slug)
      .split('-')
      .map((w) => (w === '' ? w : w[0]!.toUpperCase() + w.slice(1)))
      .join(' ');
  const map = typeof options.map === 'string' ? words(options.map) : 'Helter Skelter';
  const teams = Array.isArray(options.seats) ? options.seats.map((s: { team?: unknown }) => words(s?.team ?? '?')) : [];
  return teams.length > 0 ? `${map} — ${teams.join(' v ')}` : map;
}

function seatLabel(seats: SeatRow[], seat: number): string {
  const handle = seats.find((s) => s.seat === seat)?.handle;
  return handle ? `Seat ${seat} (${handle})` : `Seat ${seat}`;
}

const headerSafe = (text: string) => text.replace(/[^!-~]/g, '');

/** At most `max` bytes of UTF-8, never half a character. */
function cutToBytes(text: string, max: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  return bytes.subarray(0, max).toString('utf8').replace(/\uFFFD$/, '');
}
