// The game service: the one place that joins the rules (game modules) and what is stored. HTTP
// routes call this; it knows nothing of HTTP, and nothing of Postgres: it reads and writes through
// its ports (./ports/), which the adapters implement (src/store over Postgres, src/db's listener)
// and the composition (src/app.ts) hands it.

import { nextExpiry, type Deadline } from '../clock/deadlines.ts';
import type { Logger } from '../config/logger.ts';
import { AbsentSeats } from './absent-seats.ts';
import { Bots } from './bots.ts';
import type { GameRegistry } from './registry.ts';
import { DEFAULT_RESOURCE_LIMITS, type ResourceLimits } from '../config/limits.ts';
import { DeadlineKeeper } from './deadlines.ts';
import { Refusal } from '../platform/refusal.ts';
import { GameStates } from './game-states.ts';
import { DEFAULT_INVITE_SETTINGS, Invites, type InviteSettings } from './invites.ts';
import { Lobby, type CreateGame, type SeatedPlayer } from './lobby.ts';
import { Leaving } from './leaving.ts';
import { SeatOrders } from './orders.ts';
import { Notifier, DEFAULT_NOTIFIER_SETTINGS, type NotifierSettings } from './notifier.ts';
import { Play, type Accepted, type Submission } from './play.ts';
import type { GameLog } from './ports/game-log.ts';
import type { NoticeListener } from './ports/notices.ts';
import type { StoredOptions } from './ports/records.ts';
import type { ServicePorts } from './ports/service-ports.ts';
import { PreferenceBook } from './preferences.ts';
import { Previews } from './previews.ts';
import { GameSignals } from './signals.ts';
import { DeadlineSweeper, DEFAULT_SWEEPER_SETTINGS, type SweeperSettings } from './sweeper.ts';
import { Vacations } from './vacations.ts';
import { Views, type CommandAnswer } from './views.ts';
import type { Telemetry } from './ports/telemetry.ts';

export interface GameServiceSettings {
  allowScenarios: boolean;
  /** Commands decided and deadlines expired, for the operator's metrics (none by default). */
  telemetry?: Telemetry;
  /** List games whose creator chose the seed or position in the public lobby (default: by link only). */
  listChosenGames?: boolean;
  /** The states cache, when the composition shares it with the channels' reader (./game-reader.ts); else the service's own. */
  states?: GameStates;
  /**
   * Who hears of seats newly awaited and games ended (src/notify: webhooks, email), called by the
   * notifier after commit. A notice may be handed over again (a notifier stopped mid-batch, a
   * failed channel): a listener must only add its own deliveries, keyed so that adding them twice
   * is harmless.
   */
  noticeListeners?: readonly NoticeListener[];
  /**
   * Run the deadline sweeper and the notifier in this process (with the job worker, src/app.ts):
   * deadlines fire and players are told only where they run. Their safety-net looks come this often.
   */
  background?: { pollIntervalMs: number } | null;
  /** The deadline sweeper's safety-net interval and concurrency. */
  sweeper?: Partial<SweeperSettings>;
  /** The notifier's safety-net interval, batch size and concurrency. */
  notifier?: Partial<NotifierSettings>;
  /** The server's clock; tests may inject one. */
  now?: () => Date;
  /** Days a year a player may pause their clocks (vacations). */
  vacationDaysPerYear?: number;
  /** What one account may hold (docs/configuration.md, "Limits"); the defaults where absent. */
  limits?: Partial<ResourceLimits>;
  /** How often to look for games awaiting a bot that no loop plays (default 5 s). */
  botSweepIntervalMs?: number;
  /** The soonest a bot answers in a game with a person in it, so its timing tells nothing of its hand (default 50 ms, `BOT_MIN_DECISION_MS`). */
  botMinDecisionMs?: number;
  /** Deadlines in a row passing with nobody acting before a game is abandoned; 0 or absent: never. */
  abandonAfterSilentDeadlines?: number;
  /** Deadlines in a row a seat may miss before a bot plays it until its player takes it back (ZOMBIE_AFTER_MISSED); 0 or absent: never (the server's default, ./absent-seats.ts: 3). */
  zombieAfterMissed?: number;
  /** The games it plays (src/service/registry.ts, `gameRegistry`), injected by the composition root. */
  registry: GameRegistry;
  /** Invitations to private games: how many a game may have live, how long they last (the defaults where absent). */
  invites?: Partial<InviteSettings>;
}

export class GameService {
  /** The log as the command path uses it (./ports/game-log.ts). */
  readonly log: GameLog;
  readonly states: GameStates;
  /** The games this service plays. */
  readonly registry: GameRegistry;
  readonly play: Play;
  readonly lobby: Lobby;
  /** Invite links to private games. */
  readonly invites: Invites;
  readonly views: Views;
  /** Commands tried without being sent. */
  readonly previews: Previews;
  readonly signals: GameSignals;
  readonly bots: Bots;
  readonly deadlines: DeadlineKeeper;
  readonly orders: SeatOrders;
  readonly preferences: PreferenceBook;
  readonly vacations: Vacations;
  /** Calling off an open game, leaving one before it starts. */
  readonly leaving: Leaving;
  /** Seats a bot plays while their players are away, and taking them back. */
  readonly absentSeats: AbsentSeats;
  private readonly sweeper: DeadlineSweeper | null;
  private readonly notifier: Notifier | null;
  private readonly settings: GameServiceSettings;

  constructor(
    ports: ServicePorts,
    settings: GameServiceSettings,
    logger?: Logger,
  ) {
    this.settings = settings;
    this.log = ports.log;
    this.registry = settings.registry;
    this.states = settings.states ?? new GameStates(this.log, this.registry);
    this.deadlines = new DeadlineKeeper(this.registry, settings.now ?? (() => new Date()));
    this.play = new Play(this.log, this.states, this.deadlines, settings.abandonAfterSilentDeadlines ?? 0, (accepted) => this.afterCommit(accepted), settings.telemetry, settings.zombieAfterMissed ?? 0);
    const background = settings.background ? ports.backgroundLog : null;
    const interval = settings.background ? { intervalMs: settings.background.pollIntervalMs } : {};
    this.sweeper = background
      ? new DeadlineSweeper(background, () => this.play.expireDue(background), { ...DEFAULT_SWEEPER_SETTINGS, ...interval, ...settings.sweeper }, logger)
      : null;
    this.notifier = background
      ? new Notifier(background, settings.noticeListeners ?? [], { ...DEFAULT_NOTIFIER_SETTINGS, ...interval, ...settings.notifier }, logger)
      : null;
    const limits = { ...DEFAULT_RESOURCE_LIMITS, ...settings.limits };
    this.lobby = new Lobby(ports.records, { allowScenarios: settings.allowScenarios, listChosenGames: settings.listChosenGames, ...limits, registry: this.registry }, this.deadlines);
    this.views = new Views(ports.records, this.states);
    this.invites = new Invites(ports.records, ports.invites, settings.now ?? (() => new Date()), { ...DEFAULT_INVITE_SETTINGS, ...settings.invites });
    this.previews = new Previews(ports.records, this.states);
    // Every process's commits, heard through the NOTIFY each append sends: news for the notifier, a next expiry for the sweeper.
    this.signals = new GameSignals(ports.listen, (signal) => {
      if (signal.news) this.notifier?.wake();
      this.sweeper?.expect(signal.nextExpiry);
    });
    this.bots = new Bots(ports.records, this.states, this.play, logger, settings.botMinDecisionMs);
    this.orders = new SeatOrders(ports.records, this.states, (s) => this.submit(s));
    this.preferences = new PreferenceBook(this.registry, ports.accounts, (s) => this.submit(s), logger);
    this.vacations = new Vacations(ports.records, ports.accounts, this.deadlines, settings.vacationDaysPerYear ?? 30);
    this.leaving = new Leaving(ports.records);
    // A seat taken back: readers hear of it, and a bot loop deciding for it looks again (and finds it is no longer its).
    this.absentSeats = new AbsentSeats(ports.records, (game) => {
      this.signals.local(game.id, game.version);
      this.bots.kick(game.id);
    });
  }

  async start(): Promise<void> {
    await this.signals.start();
    // Bots resume every game that awaits one, whatever happened to the process that played it.
    this.bots.start(this.settings.botSweepIntervalMs);
    this.sweeper?.start();
    this.notifier?.start();
  }

  async stop(): Promise<void> {
    await this.sweeper?.stop();
    await this.notifier?.stop();
    await this.bots.stop();
    await this.signals.stop();
  }

  /** Creates a game; `others`: players seated in it beside the creator in the same step (a rematch). */
  async create(callerId: string, body: CreateGame, others: readonly SeatedPlayer[] = []) {
    const created = await this.lobby.create(callerId, body, others);
    if (created.game.status === 'active') {
      await this.preferences.applyAtStart(created.game, created.seats);
      this.notifier?.wake();
      this.sweeper?.expect(nextExpiryMs(created.game.deadlines));
      this.bots.kick(created.game.id);
    }
    return created;
  }

  /** Takes a seat; with `invite`, a live invitation to this game (the way into a private one). */
  async claim(gameId: string, seat: number, accountId: string, invite?: string) {
    if (invite !== undefined && (await this.invites.resolve(invite)).gameId !== gameId)
      throw new Refusal('invalid', 'INVITE_FOR_ANOTHER_GAME', 'This invitation is to another game.');
    const claimed = await this.lobby.claim(gameId, seat, accountId, invite !== undefined);
    if (claimed.started) {
      await this.preferences.applyAtStart(claimed.game, claimed.seats);
      this.signals.local(gameId, claimed.game.version);
      this.notifier?.wake();
      this.sweeper?.expect(nextExpiryMs(claimed.game.deadlines));
      this.bots.kick(gameId);
    }
    return claimed;
  }

  /** The game an invitation opens, as the reader (null: not signed in) sees it; refused as `Invites.resolve` says. */
  async invited(token: string, accountId: string | null) {
    const invite = await this.invites.resolve(token);
    return { invite, game: await this.views.game(invite.gameId, accountId, undefined, true) };
  }

  /** Decides and appends a command (src/service/play.ts). */
  submit(s: Submission): Promise<Accepted> {
    return this.play.submit(s);
  }

  /** A player's command, decided and appended, and its answer to that player, with the game as it now sees it when `withGame`. */
  async command(s: Submission & { author: { account: string } }, withGame: boolean): Promise<CommandAnswer> {
    return this.views.answer(await this.play.submit(s), s.author.account, withGame);
  }

  /** After every commit that moved a game, in this process: readers, the notifier, the sweeper's timer, bots. */
  private afterCommit(accepted: Accepted): void {
    const { game } = accepted;
    this.signals.local(game.id, accepted.version);
    if (accepted.untold) this.notifier?.wake();
    this.sweeper?.expect(nextExpiryMs(game.deadlines));
    // Only a game with bot seats, or a seat a bot plays for an absent player, has bots to wake: the others would pay a read for nothing.
    const standIns = accepted.handedOver?.length || accepted.seats?.some((s) => s.absent);
    if ((game.options as unknown as StoredOptions).bots?.some(Boolean) || standIns) this.bots.kick(game.id);
  }
}

export { Refusal };
export type { ServicePorts } from './ports/service-ports.ts';
export type { Accepted, CommandAnswer, CreateGame, Submission };

const nextExpiryMs = (deadlines: readonly Deadline[]): number | null => {
  const next = nextExpiry(deadlines);
  return next === null ? null : Date.parse(next);
};
