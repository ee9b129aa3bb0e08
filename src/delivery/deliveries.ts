// The delivery side of notifications, wired beside the game service (src/app.ts): the webhook
// channel (its dispatcher and reminders), the notification housekeeping, and the
// job worker that runs every channel's durable jobs (webhook attempts, emails, reminders). The
// service's notifier decides what is news and hands it to the channels' listeners; all that
// leaves the process goes from here.

import type { Runner } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../config/logger.ts';
import { createLogger } from '../config/logger.ts';
import { startWorker, type WorkerSettings } from '../jobs/worker.ts';
import type { GameReader, NoticeListener } from '../service/ports/notices.ts';
import type { SeatedGames } from '../notify/ports/games.ts';
import type { NotificationHousekeeping } from '../notify/ports/housekeeping.ts';
import type { WebhookDeliveryRecords } from '../notify/ports/webhook-deliveries.ts';
import { WEBHOOK_REMINDER, type WebhookReminderJob } from '../notify/webhooks/reminders.ts';
import { housekeep, HOUSEKEEPING, HOUSEKEEPING_SCHEDULE } from './housekeeping.ts';
import { DEFAULT_WEBHOOK_SETTINGS, DELIVER_WEBHOOK, WebhookDispatcher, type WebhookSettings } from './webhooks/dispatch.ts';

/** What the deliveries read and write, through the notification side's ports (src/store/notification-records.ts implements them). */
export interface DeliveryRecords {
  games: SeatedGames;
  deliveries: WebhookDeliveryRecords;
  housekeeping: NotificationHousekeeping;
}

export interface DeliverySettings {
  /** Run the job worker in this process (null: deliveries are only queued, for another process to run). */
  worker: WorkerSettings | null;
  webhooks?: Partial<WebhookSettings>;
  now: () => Date;
  /** More job tasks for the worker, by name: each other channel's own (src/delivery/email). */
  jobTasks?: Readonly<Record<string, (payload: unknown) => Promise<void>>>;
}

export class Deliveries {
  readonly webhooks: WebhookDispatcher;
  private worker: Runner | null = null;

  private readonly jobPool: pg.Pool;
  private readonly records: DeliveryRecords;
  private readonly settings: DeliverySettings;
  private readonly logger?: Logger;

  constructor(
    /** The background's own connections (src/db/pools.ts, `ownPool`): deliveries do not wait behind HTTP requests. */
    jobPool: pg.Pool,
    /** Over `jobPool` too. */
    records: DeliveryRecords,
    reader: GameReader,
    settings: DeliverySettings,
    logger?: Logger,
  ) {
    this.jobPool = jobPool;
    this.records = records;
    this.settings = settings;
    this.logger = logger;
    const webhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, now: settings.now, ...settings.webhooks };
    this.webhooks = new WebhookDispatcher(records.deliveries, records.games, reader, webhookSettings, logger);
  }

  /** The webhook channel's part in a notice. */
  readonly onNotice: NoticeListener = (notice) => this.webhooks.onNotice(notice);

  async start(): Promise<void> {
    if (!this.settings.worker) return;
    const tasks = {
      ...this.settings.jobTasks,
      [DELIVER_WEBHOOK]: (payload: unknown) => this.webhooks.deliverOnce(payload as { deliveryId: string }),
      [WEBHOOK_REMINDER]: (payload: unknown) => this.webhooks.remind(payload as WebhookReminderJob),
      [HOUSEKEEPING]: async () => {
        const swept = await housekeep(this.records.housekeeping, this.settings.now());
        this.logger?.info(swept, 'notification housekeeping');
      },
    };
    this.worker = await startWorker(this.jobPool, tasks, this.settings.worker, this.logger ?? createLogger('silent'), [HOUSEKEEPING_SCHEDULE]);
  }

  /** Stops the worker and waits for first attempts under way. */
  async stop(): Promise<void> {
    await this.worker?.stop();
    this.worker = null;
    await this.webhooks.idle();
  }
}
