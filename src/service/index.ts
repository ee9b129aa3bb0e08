// The game service: the one place that joins the rules (game modules) and storage. HTTP routes
// call this; it knows nothing of HTTP.

import type { Runner } from 'graphile-worker';
import pg from 'pg';
import { createLogger, type Logger } from '../config/logger.ts';
import { createPrismaClient, type PrismaClient } from '../db/prisma.ts';
import { Alarm } from '../jobs/alarm.ts';
import type { GameNotice } from '../jobs/notifications.ts';
import { TASKS } from '../jobs/queue.ts';
import { startWorker, type WorkerSettings } from '../jobs/worker.ts';
import { EventStore } from '../store/event-store.ts';
import type { GameReader } from '../notify/game-reader.ts';
import { DEFAULT_WEBHOOK_SETTINGS, DELIVER_WEBHOOK, WebhookDispatcher, type WebhookSettings } from '../notify/webhooks/dispatch.ts';
import { housekeep, HOUSEKEEPING, HOUSEKEEPING_SCHEDULE } from '../notify/housekeeping.ts';
import { WEBHOOK_REMINDER, type WebhookReminderJob } from '../notify/webhooks/reminders.ts';
import { WebhookSubscriptions } from '../notify/webhooks/subscriptions.ts';
import { Bots } from './bots.ts';
import { DEFAULT_RESOURCE_LIMITS, type ResourceLimits } from './limits.ts';
import { DeadlineKeeper } from './deadlines.ts';
import { Refusal } from './errors.ts';
import { GameStates, type GameStatesOptions } from './game-states.ts';
import { Lobby, type CreateGame, type StoredOptions } from './lobby.ts';
import { SeatOrders } from './orders.ts';
import { Play, type Accepted, type IdempotentResponse, type Submission } from './play.ts';
import { PreferenceBook } from './preferences.ts';
import { GameSignals } from './signals.ts';
import { Vacations } from './vacations.ts';
import { Views } from './views.ts';

export interface GameServiceSettings {
  allowScenarios: boolean;
  states?: GameStatesOptions;
  /** Run the job queue's worker in this process (deadlines fire only where one runs). */
  worker?: WorkerSettings | null;
  /** The server's clock; tests may inject one. */
  now?: () => Date;
  /** Days a year a player may pause their clocks (vacations). */
  vacationDaysPerYear?: number;
  /** What one account may hold (README, "Limits"); the defaults where absent. */
  limits?: Partial<ResourceLimits>;
  /** How often to look for games awaiting a bot that no loop plays (default 5 s). */
  botSweepIntervalMs?: number;
  /** Deadlines in a row passing with nobody acting before a game is abandoned; 0 or absent: never. */
  abandonAfterSilentDeadlines?: number;
  /** Webhook delivery: URL policy, links, timeouts, retry pacing. */
  webhooks?: Partial<WebhookSettings>;
}

export class GameService {
  readonly store: EventStore;
  readonly states: GameStates;
  readonly play: Play;
  readonly lobby: Lobby;
  readonly views: Views;
  /** What the notification channels read about games (src/notify/game-reader.ts). */
  readonly reader: GameReader;
  readonly signals: GameSignals;
  readonly bots: Bots;
  readonly deadlines: DeadlineKeeper;
  readonly orders: SeatOrders;
  readonly preferences: PreferenceBook;
  readonly vacations: Vacations;
  readonly webhooks: WebhookDispatcher;
  readonly webhookSubscriptions: WebhookSubscriptions;
  private readonly alarm: Alarm | null;
  private readonly jobPool: pg.Pool | null;
  /**
   * Who hears of seats newly awaited and games ended (src/notify: webhooks, email). Each runs in
   * the `notify` job, which is retried as a whole: a listener must only add its own jobs, keyed so
   * that adding them twice is harmless.
   */
  readonly noticeListeners: ((notice: GameNotice) => Promise<void>)[] = [];
  /** More job tasks for the worker, by name: each channel's own (src/notify/email). Add before start(). */
  readonly jobTasks: Record<string, (payload: unknown) => Promise<void>> = {};
  private worker: Runner | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly settings: GameServiceSettings,
    private readonly logger?: Logger,
    /** Over `pool`: preferences and webhook subscriptions (docs/operations.md); made here when omitted. */
    prisma: PrismaClient = createPrismaClient(pool),
  ) {
    this.store = new EventStore(pool);
    this.states = new GameStates(this.store, settings.states);
    // The worker fetches jobs and the alarm wakes it over their own few connections, so neither
    // waits behind HTTP requests for one of the pool's (measured: seconds late under load otherwise).
    this.jobPool = settings.worker ? ownPool(pool, settings.worker.concurrency + 2, logger) : null;
    this.alarm = this.jobPool ? new Alarm(this.jobPool, (error) => logger?.warn({ err: error }, 'could not wake the job workers')) : null;
    this.deadlines = new DeadlineKeeper(settings.now ?? (() => new Date()), this.alarm);
    this.play = new Play(this.store, this.states, this.deadlines, settings.abandonAfterSilentDeadlines ?? 0);
    const limits = { ...DEFAULT_RESOURCE_LIMITS, ...settings.limits };
    this.lobby = new Lobby(this.store, { allowScenarios: settings.allowScenarios, ...limits }, this.deadlines);
    this.views = new Views(this.store, this.states);
    this.signals = new GameSignals(pool);
    this.bots = new Bots(this.store, this.states, this.play, logger, (a) => this.signals.local(a.game.id, a.version));
    this.orders = new SeatOrders(this.store, this.states, (s) => this.submit(s));
    this.preferences = new PreferenceBook(prisma, (s) => this.submit(s), logger);
    this.vacations = new Vacations(this.store, this.deadlines, settings.vacationDaysPerYear ?? 30);
    const webhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, now: settings.now ?? (() => new Date()), ...settings.webhooks };
    this.reader = {
      game: (gameId, accountId) => this.views.game(gameId, accountId),
      legalCounter: async (game) => {
        if (game.status === 'open') return () => null;
        const module = this.states.moduleOf(game);
        const state = await this.states.at(pool, game);
        return (seat) => module.legalCommands(state, seat).length;
      },
    };
    this.webhooks = new WebhookDispatcher(pool, this.store, this.reader, webhookSettings, logger);
    this.webhookSubscriptions = new WebhookSubscriptions(prisma, this.store, () => webhookSettings.policy, webhookSettings.now, webhookSettings.resolve, limits);
    this.noticeListeners.push((notice) => this.webhooks.onNotice(notice));
  }

  async start(): Promise<void> {
    await this.signals.start();
    // Bots resume every game that awaits one, whatever happened to the process that played it.
    this.bots.start(this.settings.botSweepIntervalMs);
    if (this.settings.worker) {
      const tasks = {
        ...this.jobTasks,
        [TASKS.expireWindow]: (payload: unknown) => this.expire(payload as { gameId: string; windowId: string }),
        [TASKS.notify]: async (payload: unknown) => {
          await Promise.all(this.noticeListeners.map((listener) => listener(payload as GameNotice)));
        },
        [DELIVER_WEBHOOK]: (payload: unknown) => this.webhooks.deliverOnce(payload as { deliveryId: string }),
        [WEBHOOK_REMINDER]: (payload: unknown) => this.webhooks.remind(payload as WebhookReminderJob),
        [HOUSEKEEPING]: async () => {
          const swept = await housekeep(this.pool, this.deadlines.now());
          this.logger?.info(swept, 'notification housekeeping');
        },
      };
      this.worker = await startWorker(this.jobPool!, tasks, this.settings.worker, this.logger ?? createLogger('silent'), [HOUSEKEEPING_SCHEDULE]);
    }
  }

  async stop(): Promise<void> {
    this.alarm?.stop();
    await this.worker?.stop();
    this.worker = null;
    await this.webhooks.idle();
    await this.jobPool?.end();
    await this.bots.stop();
    await this.signals.stop();
  }

  /**
   * A window's deadline passed (a job): the system expires it. A window that closed meanwhile is
   * ignored by the rules, so a late or repeated job changes nothing.
   */
  async expire({ gameId, windowId }: { gameId: string; windowId: string }): Promise<void> {
    try {
      await this.submit({ gameId, author: { system: true }, command: { type: 'EXPIRE_WINDOW', windowId } });
    } catch (error) {
      // The game is gone or over: nothing left to expire.
      if (error instanceof Refusal && (error.code === 'NOT_FOUND' || error.code === 'GAME_OVER')) return;
      throw error;
    }
  }

  async create(callerId: string, body: CreateGame) {
    const created = await this.lobby.create(callerId, body);
    if (created.game.status === 'active') {
      await this.preferences.applyAtStart(created.game.id, created.seats);
      this.bots.kick(created.game.id);
    }
    return created;
  }

  async claim(gameId: string, seat: number, accountId: string) {
    const claimed = await this.lobby.claim(gameId, seat, accountId);
    if (claimed.started) {
      await this.preferences.applyAtStart(gameId, claimed.seats);
      this.signals.local(gameId, claimed.game.version);
      this.bots.kick(gameId);
    }
    return claimed;
  }

  async submit(s: Submission, respond?: (a: Accepted) => IdempotentResponse): Promise<Accepted> {
    const accepted = await this.play.submit(s, respond);
    if (accepted.events.length > 0) {
      this.signals.local(s.gameId, accepted.version);
      // Only a game with bot seats has bots to wake: the others would pay a read for nothing.
      if ((accepted.game.options as unknown as StoredOptions).bots?.some(Boolean)) this.bots.kick(s.gameId);
    }
    return accepted;
  }
}

export { Refusal };
export type { Accepted, CreateGame, Submission };

/** A small pool to the same database as `pool`. */
function ownPool(pool: pg.Pool, max: number, logger?: Logger): pg.Pool {
  const own = new pg.Pool({ ...(pool as unknown as { options: pg.PoolConfig }).options, max });
  own.on('error', (error) => logger?.warn({ err: error }, 'idle job connection failed'));
  own.on('connect', (client) => client.on('error', (error) => logger?.warn({ err: error }, 'job connection failed')));
  return own;
}
