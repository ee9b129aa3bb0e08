// Creating games, listing the open ones, taking seats. A game starts when every seat is taken
// (bot seats are taken from the start).

import { randomBytes } from 'node:crypto';
import { ClockError, clocksFor, type Clocks } from '../clock/clocks.ts';
import { commitment, keyFromSeed } from '../platform/fairness.ts';
import { RuleError } from '../platform/game-module.ts';
import type { GameRecords, HeldGame } from './ports/game-records.ts';
import { isPrivate, type Fairness, type GameRow, type SeatRow, type StoredOptions } from './ports/records.ts';
import type { DeadlineKeeper } from './deadlines.ts';
import { CHANNEL } from './signals.ts';
import { Refusal, notFound } from '../platform/refusal.ts';
import type { AnyGameModule, GameRegistry } from './registry.ts';
import { botsOf } from '../platform/bots.ts';
import { OneAtATime } from '../platform/one-at-a-time.ts';

export type { Fairness, StoredOptions } from './ports/records.ts';

export interface CreateGame {
  game: string;
  options: {
    seats: { bot?: boolean | string; [k: string]: unknown }[];
    seed?: string;
    scenario?: unknown;
    clock?: unknown;
    [k: string]: unknown;
  };
  /** The creator's own seat, taken in the same transaction (not a bot's). */
  seat?: number;
  /** False: the game moves nobody's rating. Only a game of two or more people, unseeded, is ever rated. */
  rated?: boolean;
  /**
   * A private game: listed nowhere and absent to anyone not seated, reached by invite links
   * (src/service/invites.ts). The platform's, beside `options`, which are the game's.
   */
  private?: boolean;
}

/** A player seated in a new game as it is created (a rematch seats everyone at once). */
export interface SeatedPlayer {
  seat: number;
  accountId: string;
}

export class Lobby {
  /**
   * Creations by one account, and claims in one game, wait for a lock in the database while holding
   * a pooled connection: they wait here first, one at a time (src/platform/one-at-a-time.ts).
   */
  private readonly serial = new OneAtATime();

  private readonly records: GameRecords;
  private readonly settings: {
      allowScenarios: boolean;
      /** List games whose creator chose the seed or the position in the public lobby (off: by link only). */
      listChosenGames?: boolean;
      openGamesPerAccount: number;
      gamesPerDayPerAccount: number;
      registry: GameRegistry;
    };
  private readonly deadlines: DeadlineKeeper;

  constructor(
    records: GameRecords,
    settings: {
      allowScenarios: boolean;
      /** List games whose creator chose the seed or the position in the public lobby (off: by link only). */
      listChosenGames?: boolean;
      openGamesPerAccount: number;
      gamesPerDayPerAccount: number;
      registry: GameRegistry;
    },
    deadlines: DeadlineKeeper,
  ) {
    this.records = records;
    this.settings = settings;
    this.deadlines = deadlines;
  }

  /**
   * One account's creations run one at a time (and at most 32 wait): a burst of them uses one
   * pooled connection at a time, however large, and the others' requests find the pool free.
   */
  create(callerId: string, body: CreateGame, others: readonly SeatedPlayer[] = []): Promise<{ game: GameRow; seats: SeatRow[] }> {
    return this.serial.run(`games:${callerId}`, () => this.createNow(callerId, body, others));
  }

  private async createNow(callerId: string, body: CreateGame, others: readonly SeatedPlayer[]): Promise<{ game: GameRow; seats: SeatRow[] }> {
    const module = this.settings.registry.get(body.game);
    if (!module) throw new Refusal('invalid', 'UNKNOWN_GAME', `There is no game called "${body.game}".`);
    // Early and cheap, so that a creation past the limit costs no set-up: the check that counts is
    // made again under the creator's lock as the game is stored (createGame's `check`), for
    // creations sent to other processes at the same moment.
    this.checkGameLimits(await this.records.gamesCreatedBy(callerId));
    const { seed, ...rest } = body.options;
    // A described position (the module's `positionOption`), not any option that happens to share its name.
    const positionOption = module.positionOption;
    const position = positionOption === undefined ? undefined : rest[positionOption];
    if (position !== undefined && !this.settings.allowScenarios)
      throw new Refusal('forbidden', 'SCENARIOS_DISABLED', 'This server does not accept scenarios (ALLOW_SCENARIOS).');
    // A chosen seed makes every hand known to whoever chose it: allowed only where scenarios are.
    if (seed !== undefined && !this.settings.allowScenarios)
      throw new Refusal('forbidden', 'SEED_DISABLED', 'This server does not accept a chosen seed (ALLOW_SCENARIOS): every game is shuffled from a secret key.');
    const key = seed === undefined ? randomBytes(32).toString('hex') : keyFromSeed(seed);
    // A chosen position stacks the game as surely as a chosen seed (a scenario can hand its creator
    // every INTERRUPT card), so both say `seeded` and keep the game out of the public lobby.
    const fairness: Fairness = { key, commitment: commitment(key), seeded: seed !== undefined || position !== undefined, position: position !== undefined };
    const setup = module.createSetup(rest, { key });
    if (setup instanceof RuleError) throw new Refusal('invalid', setup.code, setup.message);
    let clocks: Clocks;
    try {
      clocks = clocksFor(rest.clock, module.situations);
    } catch (error) {
      if (error instanceof ClockError) throw new Refusal('invalid', error.code, error.message);
      throw error;
    }
    const botKinds = body.options.seats.map((s) => botKind(module, s.bot));
    if (body.seat !== undefined && (!Number.isInteger(body.seat) || body.seat < 0 || body.seat >= botKinds.length || botKinds[body.seat] !== null))
      throw new Refusal('invalid', 'NOT_A_SEAT', `Seat ${body.seat} is not one of this game's seats for a player.`);
    const bots = botKinds.map((kind) => kind !== null);
    const options: StoredOptions = {
      setup,
      public: { ...rest, ...(position ? { [positionOption!]: true } : {}) },
      fairness,
      bots,
      botKinds,
      createdBy: callerId,
      private: body.private === true,
      clocks,
      rated: body.rated !== false && bots.length >= 2 && !bots.some(Boolean) && !fairness.seeded,
    };
    if (others.some((p) => p.seat === body.seat || botKinds[p.seat] !== null)) throw new Refusal('invalid', 'NOT_A_SEAT', 'Each player takes a seat of their own, none a bot’s.');
    return this.createGame(module.id, options, bots, body.seat, callerId, others);
  }

  private createGame(
    module: string,
    options: StoredOptions,
    bots: boolean[],
    seat: number | undefined,
    callerId: string,
    others: readonly SeatedPlayer[],
  ): Promise<{ game: GameRow; seats: SeatRow[] }> {
    return this.records.createGame(module, options, bots, async (held, game, seats) => {
      const claims = [...(seat === undefined ? [] : [{ seat, accountId: callerId }]), ...others];
      for (const claim of claims) {
        const claimed = await held.claimSeat(game.id, claim.seat, claim.accountId);
        if (claimed === 'already-seated') throw alreadySeated();
        if (claimed === 'taken') throw seatTaken(claim.seat);
      }
      if (claims.length > 0) seats = await held.seatsOf(game.id);
      if (!seats.every((s) => s.bot || s.accountId !== null)) return { game, seats };
      return { game: await this.start(held, game, seats), seats };
    }, (created) => this.checkGameLimits(created));
  }

  /**
   * An account may hold so many games waiting for players, and create so many a day. Called by the
   * records with the counts read under the creator's lock (createGame), not before: two creations
   * at once would both count below the limit.
   */
  private checkGameLimits({ open, today }: { open: number; today: number }): void {
    if (open >= this.settings.openGamesPerAccount)
      throw new Refusal('limited', 'GAME_LIMIT_REACHED', `You have ${open} games waiting for players, the most allowed: let one fill up first.`, {
        limit: this.settings.openGamesPerAccount,
      });
    if (today >= this.settings.gamesPerDayPerAccount)
      throw new Refusal('limited', 'GAME_LIMIT_REACHED', `You have created ${today} games in the last 24 hours, the most allowed: try again later.`, {
        limit: this.settings.gamesPerDayPerAccount,
        retryAfterSeconds: 3600,
      });
  }

  /** Every seat is taken: the game is on, and its first situation's deadlines run. */
  private async start(held: HeldGame, game: GameRow, seats: SeatRow[]): Promise<GameRow> {
    const module = this.settings.registry.get(game.module)!;
    const awaited = module.awaiting(module.initialState((game.options as unknown as StoredOptions).setup));
    const deadlines = this.deadlines.plan(game, seats, awaited);
    // The start is news (the notifier tells the first seats asked) and has a first expiry (the sweepers hear it).
    await held.start(game.id, deadlines, CHANNEL);
    return { ...game, status: 'active', deadlines };
  }

  /**
   * Open public games with a seat a player can claim (not a bot's), oldest first; with `game`, only
   * that game's. A game whose creator chose its seed or position is reachable by its link only,
   * unless the operator lists them; a private game by its invite links only.
   */
  open(limit = 100, game?: string): Promise<string[]> {
    return this.records.openGames(limit, { chosen: this.settings.listChosenGames ?? false, ...(game === undefined ? {} : { game }) });
  }

  /**
   * Takes a seat; the game starts when none is left free. One seat per account per game. A private
   * game is absent (404) to a claim without an invitation to it (`invited`), as to any other reader.
   */
  async claim(gameId: string, seat: number, accountId: string, invited = false): Promise<{ game: GameRow; seats: SeatRow[]; started: boolean }> {
    const result = await this.serial.run(`game:${gameId}`, () => this.records.withGameLocked(gameId, async (held, game, seats) => {
      if (isPrivate(game) && !invited && !seats.some((s) => s.accountId === accountId)) throw notFound(`Game ${gameId}`);
      const row = seats.find((s) => s.seat === seat);
      if (!row) throw new Refusal('not-found', 'NOT_A_SEAT', `Game ${gameId} has no seat ${seat}.`);
      if (seats.some((s) => s.accountId === accountId)) throw alreadySeated();
      if (row.bot || row.accountId !== null) throw seatTaken(seat);
      // The seats above were read as the lock was asked for: a claim that committed meanwhile is
      // not among them. The database's one-seat-per-account index catches what they miss.
      const claim = await held.claimSeat(game.id, seat, accountId);
      if (claim === 'already-seated') throw alreadySeated();
      if (claim === 'taken') throw seatTaken(seat);
      const after = await held.seatsOf(game.id);
      const started = after.every((s) => s.bot || s.accountId !== null);
      if (!started) return { game, seats: after, started };
      return { game: await this.start(held, game, after), seats: after, started };
    }));
    if (!result) throw notFound(`Game ${gameId}`);
    return result.value;
  }
}

const alreadySeated = () => new Refusal('conflict', 'ALREADY_SEATED', 'You already hold a seat in this game.');
const seatTaken = (seat: number) => new Refusal('conflict', 'SEAT_TAKEN', `Seat ${seat} is taken.`);

/**
 * Which of the game's bots a seat asks for: `true` the game's default, a name one of its bots, and
 * false or nothing a player's seat (null). The API's schema lists the names; this refuses the
 * others for any caller of the service.
 */
export function botKind(module: AnyGameModule, bot: boolean | string | undefined): string | null {
  if (bot === undefined || bot === false) return null;
  const offered = botsOf(module);
  if (bot === true) return offered.default;
  if (typeof bot === 'string' && Object.prototype.hasOwnProperty.call(offered.kinds, bot)) return bot;
  throw new Refusal('invalid', 'UNKNOWN_BOT', `${module.title} has no bot called ${JSON.stringify(bot)}; it has ${Object.keys(offered.kinds).join(', ')}.`, {
    bots: Object.keys(offered.kinds),
  });
}
