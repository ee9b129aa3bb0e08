// The game service: the one place that joins the rules (game modules) and storage. HTTP routes
// call this; it knows nothing of HTTP.

import type { Runner } from 'graphile-worker';
import pg from 'pg';
import { nextExpiry, type Deadline } from '../clock/deadlines.ts';
import { createLogger, type Logger } from '../config/logger.ts';
import { createPrismaClient, type PrismaClient } from '../db/prisma.ts';
import type { GameNotice } from '../notify/notice.ts';
import { TASKS } from '../jobs/queue.ts';
import { startWorker, type WorkerSettings } from '../jobs/worker.ts';
import { EventStore } from '../store/event-store.ts';
import { PostgresGameLog, type GameLog } from '../store/game-log.ts';
import type { GameReader } from '../notify/game-reader.ts';
import { DEFAULT_WEBHOOK_SETTINGS, DELIVER_WEBHOOK, WebhookDispatcher, type WebhookSettings } from '../notify/webhooks/dispatch.ts';
import { housekeep, HOUSEKEEPING, HOUSEKEEPING_SCHEDULE } from '../notify/housekeeping.ts';
import { WEBHOOK_REMINDER, type WebhookReminderJob } from '../notify/webhooks/reminders.ts';
import { WebhookSubscriptions } from '../notify/webhooks/subscriptions.ts';
import { Bots } from './bots.ts';
import { DEFAULT_CHAT_LIMITS, TableChat, type ChatLimits } from './chat.ts';
import { GAMES, situationWording, type Games } from './registry.ts';
import { DEFAULT_RESOURCE_LIMITS, type ResourceLimits } from './limits.ts';
import { DeadlineKeeper } from './deadlines.ts';
import { Refusal } from './errors.ts';
import { GameStates, type GameStatesOptions } from './game-states.ts';
import { Lobby, type CreateGame, type StoredOptions } from './lobby.ts';
import { SeatOrders } from './orders.ts';
import { Notifier, DEFAULT_NOTIFIER_SETTINGS, type NoticeListener, type NotifierSettings } from './notifier.ts';
import { Play, type Accepted, type Submission } from './play.ts';
import { PreferenceBook } from './preferences.ts';
import { GameSignals } from './signals.ts';
import { DeadlineSweeper, DEFAULT_SWEEPER_SETTINGS, type SweeperSettings } from './sweeper.ts';
import { Vacations } from './vacations.ts';
import { Views } from './views.ts';

export interface GameServiceSettings {
  allowScenarios: boolean;
  states?: GameStatesOptions;
  /**
   * Run the job queue's worker in this process, and with it the deadline sweeper and the
   * notifier: deadlines fire and players are told only where one runs.
   */
  worker?: WorkerSettings | null;
  /** The deadline sweeper's safety-net interval and concurrency. */
  sweeper?: Partial<SweeperSettings>;
  /** The notifier's safety-net interval, batch size and concurrency. */
  notifier?: Partial<NotifierSettings>;
  /** The server's clock; tests may inject one. */
  now?: () => Date;
  /** Days a year a player may pause their clocks (vacations). */
  vacationDaysPerYear?: number;
  /** What one account may hold (README, "Limits"); the defaults where absent. */
  limits?: Partial<ResourceLimits>;
  /** How often to look for games awaiting a bot that no loop plays (default 5 s). */
  botSweepIntervalMs?: number;
  /** The soonest a bot answers in a game with a person in it, so its timing tells nothing of its hand (default 50 ms, `BOT_MIN_DECISION_MS`). */
  botMinDecisionMs?: number;
  /** Deadlines in a row passing with nobody acting before a game is abandoned; 0 or absent: never. */
  abandonAfterSilentDeadlines?: number;
  /** Webhook delivery: URL policy, links, timeouts, retry pacing. */
  webhooks?: Partial<WebhookSettings>;
  /** The games it plays (src/service/registry.ts, `gameRegistry`); the registered ones when absent. */
  games?: Games;
  /** Table chat's limits (src/service/chat.ts); the defaults where absent. */
  chat?: Partial<ChatLimits>;
}

export class GameService {
  readonly store: EventStore;
  /** The log as the command path, the sweeper and the notifier use it (src/store/game-log.ts). */
  readonly log: GameLog;
  readonly states: GameStates;
  /** The games this service plays. */
  readonly games: Games;
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
  /** Table chat and mutes: beside the games, not in their logs. */
  readonly chat: TableChat;
  private readonly sweeper: DeadlineSweeper | null;
  private readonly notifier: Notifier | null;
  private readonly jobPool: pg.Pool | null;
  /**
   * Who hears of seats newly awaited and games ended (src/notify: webhooks, email), called by the
   * notifier after commit. A notice may be handed over again (a notifier stopped mid-batch, a
   * failed channel): a listener must only add its own deliveries, keyed so that adding them twice
   * is harmless. Add before start().
   */
  readonly noticeListeners: NoticeListener[] = [];
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
    this.log = new PostgresGameLog(this.store, pool, pool);
    this.games = settings.games ?? GAMES;
    this.states = new GameStates(this.log, settings.states, this.games);
    // The worker, the sweeper and the notifier (with the webhook channel it feeds) work over their
    // own few connections, so they do not wait behind HTTP requests for one of the pool's
    // (measured: expiries seconds late, deliveries p95 356 ms under bench:api's load otherwise).
    const background = (settings.sweeper?.concurrency ?? DEFAULT_SWEEPER_SETTINGS.concurrency) + (settings.notifier?.concurrency ?? DEFAULT_NOTIFIER_SETTINGS.concurrency);
    this.jobPool = settings.worker ? ownPool(pool, settings.worker.concurrency + 2 + background, logger) : null;
    this.deadlines = new DeadlineKeeper(settings.now ?? (() => new Date()));
    this.play = new Play(this.log, this.states, this.deadlines, settings.abandonAfterSilentDeadlines ?? 0, (accepted) => this.afterCommit(accepted));
    // Their safety-net looks come as often as the worker's (JOB_POLL_INTERVAL_MS).
    const interval = settings.worker ? { intervalMs: settings.worker.pollIntervalMs } : {};
    // Under load, an expiry (bench:deadlines) and a notice (bench:notify) must not wait behind HTTP
    // requests for a connection: both read and write over the job connections.
    const backgroundLog = this.jobPool ? new PostgresGameLog(this.store, this.jobPool, this.jobPool) : null;
    this.sweeper = backgroundLog
      ? new DeadlineSweeper(backgroundLog, () => this.play.expireDue(backgroundLog), { ...DEFAULT_SWEEPER_SETTINGS, ...interval, ...settings.sweeper }, logger)
      : null;
    this.notifier = backgroundLog
      ? new Notifier(backgroundLog, this.noticeListeners, { ...DEFAULT_NOTIFIER_SETTINGS, ...interval, ...settings.notifier }, logger)
      : null;
    const limits = { ...DEFAULT_RESOURCE_LIMITS, ...settings.limits };
    this.lobby = new Lobby(this.store, { allowScenarios: settings.allowScenarios, ...limits, games: this.games }, this.deadlines, prisma);
    this.views = new Views(this.store, this.states);
    // Every process's commits, heard through the NOTIFY each append sends: news for the notifier, a next expiry for the sweeper.
    this.signals = new GameSignals(pool, (signal) => {
      if (signal.news) this.notifier?.wake();
      this.sweeper?.expect(signal.nextExpiry);
    });
    this.bots = new Bots(this.store, this.states, this.play, logger, settings.botMinDecisionMs);
    this.orders = new SeatOrders(this.store, this.states, (s) => this.submit(s));
    this.preferences = new PreferenceBook(this.games, prisma, (s) => this.submit(s), logger);
    this.vacations = new Vacations(this.store, this.deadlines, settings.vacationDaysPerYear ?? 30, prisma);
    const webhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, now: settings.now ?? (() => new Date()), wording: situationWording(this.games), ...settings.webhooks };
    this.reader = {
      game: (gameId, accountId) => this.views.game(gameId, accountId),
      legalCounter: async (game, version = game.version) => {
        if (game.status === 'open') return () => null;
        const module = this.states.moduleOf(game);
        const state = await this.states.at(game, Math.min(version, game.version));
        return (seat) => module.legalCommands(state, seat).length;
      },
      legalCounterOf: async (gameId, version) => {
        const found = await this.store.gameWithSeats(pool, gameId);
        return found ? this.reader.legalCounter(found.game, version) : () => 0;
      },
    };
    this.webhooks = new WebhookDispatcher(this.jobPool ?? pool, this.store, this.reader, webhookSettings, logger);
    this.webhookSubscriptions = new WebhookSubscriptions(prisma, this.store, () => webhookSettings.policy, webhookSettings.now, webhookSettings.resolve, limits);
    this.noticeListeners.push((notice) => this.webhooks.onNotice(notice));
    this.chat = new TableChat(pool, prisma, settings.now ?? (() => new Date()), { ...DEFAULT_CHAT_LIMITS, ...settings.chat });
  }

  async start(): Promise<void> {
    await this.signals.start();
    await this.chat.start();
    // Bots resume every game that awaits one, whatever happened to the process that played it.
    this.bots.start(this.settings.botSweepIntervalMs);
    if (this.settings.worker) {
      const tasks = {
        ...this.jobTasks,
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
      this.sweeper?.start();
      this.notifier?.start();
    }
  }

  async stop(): Promise<void> {
    await this.sweeper?.stop();
    await this.notifier?.stop();
    await this.worker?.stop();
    this.worker = null;
    await this.webhooks.idle();
    await this.jobPool?.end();
    await this.bots.stop();
    await this.signals.stop();
    await this.chat.stop();
  }

  async create(callerId: string, body: CreateGame) {
    const created = await this.lobby.create(callerId, body);
    if (created.game.status === 'active') {
      await this.preferences.applyAtStart(created.game, created.seats);
      this.notifier?.wake();
      this.sweeper?.expect(nextExpiryMs(created.game.deadlines));
      this.bots.kick(created.game.id);
    }
    return created;
  }

  async claim(gameId: string, seat: number, accountId: string) {
    const claimed = await this.lobby.claim(gameId, seat, accountId);
    if (claimed.started) {
      await this.preferences.applyAtStart(claimed.game, claimed.seats);
      this.signals.local(gameId, claimed.game.version);
      this.notifier?.wake();
      this.sweeper?.expect(nextExpiryMs(claimed.game.deadlines));
      this.bots.kick(gameId);
    }
    return claimed;
  }

  /** Decides and appends a command (src/service/play.ts); the answer is built by the caller, after commit. */
  submit(s: Submission): Promise<Accepted> {
    return this.play.submit(s);
  }

  /** After every commit that moved a game, in this process: readers, the notifier, the sweeper's timer, bots. */
  private afterCommit(accepted: Accepted): void {
    const { game } = accepted;
    this.signals.local(game.id, accepted.version);
    if (accepted.untold) this.notifier?.wake();
    this.sweeper?.expect(nextExpiryMs(game.deadlines));
    // Only a game with bot seats has bots to wake: the others would pay a read for nothing.
    if ((game.options as unknown as StoredOptions).bots?.some(Boolean)) this.bots.kick(game.id);
  }
}

export { Refusal };
export type { Accepted, CreateGame, Submission };

const nextExpiryMs = (deadlines: readonly Deadline[]): number | null => {
  const next = nextExpiry(deadlines);
  return next === null ? null : Date.parse(next);
};

/** A small pool to the same database as `pool`. */
function ownPool(pool: pg.Pool, max: number, logger?: Logger): pg.Pool {
  const own = new pg.Pool({ ...(pool as unknown as { options: pg.PoolConfig }).options, max });
  own.on('error', (error) => logger?.warn({ err: error }, 'idle job connection failed'));
  own.on('connect', (client) => client.on('error', (error) => logger?.warn({ err: error }, 'job connection failed')));
  return own;
}
