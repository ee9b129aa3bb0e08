// Rematches. Once a game has ended, any player seated in it may offer the same players the same
// options in a new game, with the seats rotated: whoever sat at seat i sits at seat i + 1 (mod the
// number of seats), each seat keeping its own options (a side, a team, a colour), so the players
// change them. Each player answers; bots (and the seats of deleted players, which bots take) have
// accepted from the start. The rematch starts when the last player accepts; a refusal closes the
// offer, after which anyone may offer again. One offer per game at a time.

import { Refusal, notFound } from '../platform/refusal.ts';
import { DELETED_HANDLE } from './account-deletion.ts';
import type { CreateGame } from './lobby.ts';
import type { GameRecords } from './ports/game-records.ts';
import { hasEnded, isPrivate, type GameRow, type SeatRow, type StoredOptions } from './ports/records.ts';
import type { RematchChange, RematchOffers, StoredRematch } from './ports/rematch-offers.ts';
import type { GameRegistry } from './registry.ts';

/** An offer as its readers see it. Seats are the ended game's. */
export interface Rematch {
  offeredBy: number;
  /** Every seat that has accepted: the offer's author, the bots, and the players who said yes. */
  accepted: number[];
  declined: number[];
  /** The seats still to answer. */
  waitingFor: number[];
  /** `open` (waiting for answers), `declined` (someone said no) or `started`. */
  status: 'open' | 'declined' | 'started';
  /** The new game's id, once it has started. */
  game: string | null;
  createdAt: string;
}

/** How long an answer may take to create the rematch before another may try. */
const STARTING_MS = 60_000;

/** Starts the rematch: the service's create, with the other players seated in the same step. */
export type StartGame = (callerId: string, body: CreateGame, others: readonly { seat: number; accountId: string }[]) => Promise<{ game: GameRow }>;

export class Rematches {
  private readonly records: GameRecords;
  private readonly offers: RematchOffers;
  private readonly registry: GameRegistry;
  private readonly startGame: StartGame;
  private readonly now: () => Date;

  constructor(
    records: GameRecords,
    offers: RematchOffers,
    registry: GameRegistry,
    startGame: StartGame,
    now: () => Date = () => new Date(),
  ) {
    this.records = records;
    this.offers = offers;
    this.registry = registry;
    this.startGame = startGame;
    this.now = now;
  }

  /** The game's offer, null when none; a private game is absent (404) to anyone not seated in it. */
  async of(gameId: string, accountId: string | null): Promise<Rematch | null> {
    const { seats } = await this.readable(gameId, accountId);
    const stored = await this.offers.read(gameId);
    return stored && shown(stored, seats);
  }

  /** Offers a rematch (or answers the open one, or the started one, as it is): the caller accepts it. */
  async offer(gameId: string, accountId: string): Promise<Rematch> {
    const { game, seats } = await this.readable(gameId, accountId);
    const seat = this.playerSeat(game, seats, accountId);
    if (!hasEnded(game.status)) throw new Refusal('conflict', 'REMATCH_TOO_EARLY', 'A rematch can be offered once the game is over.');
    const position = this.registry.get(game.module)?.positionOption;
    if (position !== undefined && (game.options as unknown as StoredOptions).public[position] !== undefined)
      throw new Refusal('conflict', 'REMATCH_UNAVAILABLE', 'This game started from a position its creator described, which it does not keep: create a new game instead.');
    return this.change(game, seats, (stored) => {
      // An offer already made stands (one at a time): offering too is saying yes to it.
      if (stored && stored.declined.length === 0) return stored.accepted.includes(seat) ? stored : { ...stored, accepted: bySeat([...stored.accepted, seat]) };
      return { offeredBy: seat, accepted: bySeat([seat, ...alwaysAccepting(seats)]), declined: [], startingAt: null, createdAt: this.now() };
    });
  }

  /** The caller's yes (`accept`) or no to the game's open offer. */
  async answer(gameId: string, accountId: string, accept: boolean): Promise<Rematch> {
    const { game, seats } = await this.readable(gameId, accountId);
    const seat = this.playerSeat(game, seats, accountId);
    return this.change(game, seats, (stored) => {
      if (!stored) throw new Refusal('not-found', 'NO_REMATCH_OFFER', 'Nobody has offered a rematch of this game: offer one.');
      if (stored.newGameId !== null || this.starting(stored)) {
        if (accept) return stored;
        throw new Refusal('conflict', 'REMATCH_STARTED', 'The rematch has started already.');
      }
      if (!accept) return stored.declined.length > 0 ? stored : { ...stored, declined: [seat] };
      if (stored.declined.length > 0) throw new Refusal('conflict', 'REMATCH_DECLINED', 'This rematch was declined: offer a new one.');
      return stored.accepted.includes(seat) ? stored : { ...stored, accepted: bySeat([...stored.accepted, seat]) };
    });
  }

  /**
   * Reads the offer, lets `decide` say what it becomes (the stored offer itself: nothing to
   * write), and writes that if nothing moved meanwhile, else reads again. The write that makes
   * every seat's yes marks the offer as starting, and only that answer creates the rematch, with no
   * connection held meanwhile; if it fails, the next answer tries again.
   */
  private async change(game: GameRow, seats: SeatRow[], decide: (stored: StoredRematch | null) => StoredRematch | RematchChange): Promise<Rematch> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const stored = await this.offers.read(game.id);
      const next = decide(stored);
      const started = 'newGameId' in next && next.newGameId !== null;
      const complete = !started && next.declined.length === 0 && !this.starting(next) && seats.every((s) => next.accepted.includes(s.seat) || !isPlayer(s));
      if (stored !== null && next === stored && !complete) return shown(stored, seats);
      const written = await this.offers.write(game.id, stored?.version ?? null, { ...next, startingAt: complete ? this.now() : next.startingAt });
      if (!written) continue;
      if (!complete) return shown(written, seats);
      try {
        const rematch = await this.start(game, seats, next.offeredBy);
        return shown(await this.offers.started(game.id, rematch.game.id), seats);
      } catch (error) {
        await this.offers.notStarting(game.id);
        throw error;
      }
    }
    throw new Refusal('conflict', 'GAME_BUSY', 'The rematch offer changed while this answer was being made; send it again.');
  }

  /** An answer is creating the rematch now (a start that has taken over a minute has failed, and may be tried again). */
  private starting(offer: { startingAt: Date | null }): boolean {
    return offer.startingAt !== null && this.now().getTime() - offer.startingAt.getTime() < STARTING_MS;
  }

  /** The same options, each player one seat on; bots and deleted players' seats as bots. */
  private start(game: GameRow, seats: SeatRow[], offeredBy: number) {
    const options = game.options as unknown as StoredOptions;
    const n = seats.length;
    const publicSeats = (options.public.seats ?? []) as Record<string, unknown>[];
    const players: { seat: number; accountId: string }[] = [];
    const newSeats = seats.map((_, to) => {
      const from = (to - 1 + n) % n;
      const was = seats[from]!;
      const { bot: _bot, ...own } = publicSeats[to] ?? {};
      if (!isPlayer(was)) return { ...own, bot: options.botKinds[from] ?? true };
      players.push({ seat: to, accountId: was.accountId! });
      return own;
    });
    // The author of the offer creates the rematch, unless they have deleted their account since.
    const creator = players.find((p) => p.seat === (offeredBy + 1) % n) ?? players[0]!;
    const body: CreateGame = {
      game: game.module,
      options: { ...options.public, seats: newSeats },
      seat: creator.seat,
      rated: options.rated === true,
      private: options.private === true,
    };
    return this.startGame(creator.accountId, body, players.filter((p) => p !== creator));
  }

  /** The game, unless it is private and the reader is not seated in it (404, as everywhere). */
  private async readable(gameId: string, accountId: string | null): Promise<{ game: GameRow; seats: SeatRow[] }> {
    const found = await this.records.read(gameId);
    if (!found || (isPrivate(found.game) && !found.seats.some((s) => accountId !== null && s.accountId === accountId))) throw notFound(`Game ${gameId}`);
    return found;
  }

  private playerSeat(game: GameRow, seats: SeatRow[], accountId: string): number {
    const mine = seats.find((s) => s.accountId === accountId && isPlayer(s));
    if (!mine) throw isPrivate(game) ? notFound(`Game ${game.id}`) : new Refusal('forbidden', 'NOT_SEATED', 'You hold no seat in this game.');
    return mine.seat;
  }
}

/** Seat numbers, once each, in order. */
const bySeat = (seats: number[]): number[] => [...new Set(seats)].sort((a, b) => a - b);

/** A seat a person answers for: held by an account not deleted, not played by a bot. */
const isPlayer = (s: SeatRow): boolean => !s.bot && s.accountId !== null && s.handle !== DELETED_HANDLE;

/** Bots accept every rematch, and so do the seats of deleted players, which bots take in it. */
const alwaysAccepting = (seats: SeatRow[]): number[] => seats.filter((s) => !isPlayer(s)).map((s) => s.seat);

function shown(offer: StoredRematch, seats: SeatRow[]): Rematch {
  const accepted = bySeat([...offer.accepted, ...alwaysAccepting(seats)]);
  return {
    offeredBy: offer.offeredBy,
    accepted,
    declined: offer.declined,
    waitingFor: offer.declined.length > 0 || offer.newGameId !== null ? [] : seats.map((s) => s.seat).filter((s) => !accepted.includes(s)),
    status: offer.newGameId !== null ? 'started' : offer.declined.length > 0 ? 'declined' : 'open',
    game: offer.newGameId,
    createdAt: offer.createdAt.toISOString(),
  };
}
