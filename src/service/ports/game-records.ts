// Games as the lobby, views, bots, standing orders, vacations and verification read and change
// them, beside the command path (game-log.ts): a port the service owns; the Postgres store
// (src/store/game-records.ts) implements it.

import type { Deadline } from '../../clock/deadlines.ts';
import type { GameRow, GameStamp, GameWithSeats, SeatHandover, SeatRow, StoredCommand, StoredEvent, StoredOptions } from './records.ts';

export type SeatClaim = 'claimed' | 'taken' | 'already-seated';

/** What may be done to a game while its row is held (`withGameLocked`, `createGame`). */
export interface HeldGame {
  /**
   * Takes a free seat: 'taken' when it was not free, 'already-seated' when the account holds
   * another seat of the game (the database's unique (game_id, account_id) decides, whatever the
   * caller read before; the transaction is then spent: refuse).
   */
  claimSeat(gameId: string, seat: number, accountId: string): Promise<SeatClaim>;
  seatsOf(gameId: string): Promise<SeatRow[]>;
  /** Every seat is taken: the game is active and its first deadlines run (NOTIFY on `channel`: news and a next expiry). */
  start(gameId: string, deadlines: Deadline[], channel: string): Promise<void>;
  /** The deadlines move without an event (a vacation): the clock revision moves with them, so a command decided on the old ones is decided again. */
  moveDeadlines(game: GameRow, deadlines: Deadline[], channel: string): Promise<void>;
  /** An open game is called off by its creator: it and its seats are gone (src/service/leaving.ts). */
  cancel(gameId: string): Promise<void>;
  /** The account leaves its seat of an open game: the seat is free again. */
  freeSeat(gameId: string, seat: number, accountId: string): Promise<void>;
  /**
   * The seat's player takes it back from the bot that played it while they were away
   * (src/service/absent-seats.ts): it is theirs again, its missed deadlines forgotten, and the
   * handover back is recorded at `version`.
   */
  takeBack(gameId: string, seat: number, version: number): Promise<void>;
}

export interface GameRecords {
  /** The game and its seats, as they are now; null when there is no such game. */
  /** The game row's changing part alone (one light read): see `GameStamp`. Null when there is no such game. */
  stamp(gameId: string): Promise<GameStamp | null>;
  read(gameId: string): Promise<GameWithSeats | null>;
  game(gameId: string): Promise<GameRow | null>;
  /** Events with `after < seq <= upTo`, in order, at most `limit` of them. */
  events(gameId: string, after: number, upTo?: number, limit?: number): Promise<StoredEvent[]>;
  /** Every command the game accepted, in order. */
  commands(gameId: string): Promise<StoredCommand[]>;
  /** Every game's id (verification). */
  gameIds(): Promise<string[]>;
  /**
   * Creates an open game and its seats (`bots[i]`: seat i is a bot's) and runs `then` in the same
   * transaction, with the game held (to start it when every seat is a bot's).
   */
  createGame<T>(
    module: string,
    options: StoredOptions,
    bots: boolean[],
    then: (held: HeldGame, game: GameRow, seats: SeatRow[]) => Promise<T>,
    /**
     * The creator's limits: called, before the game is stored, with what `options.createdBy` created
     * (as `gamesCreatedBy`), counted under a lock that creations by the same account wait for, so
     * parallel creations cannot all pass the limit. Throws to refuse.
     */
    check?: (created: { open: number; today: number }) => void,
  ): Promise<T>;
  /**
   * Runs `work` in a transaction holding the game's row, for changes other than commands (a seat
   * claimed, a vacation's deadlines): a command's append sees them, as it checks the version and
   * clock revision it decided on. Null when there is no such game.
   */
  withGameLocked<T>(gameId: string, work: (held: HeldGame, game: GameRow, seats: SeatRow[]) => Promise<T>): Promise<{ value: T } | null>;
  /** The account's games waiting for players, and those it created in the last 24 hours (the lobby's limits). */
  gamesCreatedBy(accountId: string): Promise<{ open: number; today: number }>;
  /**
   * Open public games with a seat a player can claim (not a bot's), oldest first; with `chosen`
   * false, none whose creator chose the seed or the position (`fairness.seeded`); with `game`,
   * only that game's (a module id). Never a private game.
   */
  openGames(limit: number, include: { chosen: boolean; game?: string }): Promise<string[]>;
  /** Games where the account holds a seat, newest activity first (at most 500). */
  gamesOfAccount(accountId: string): Promise<{ gameId: string; seat: number }[]>;
  /** When each of the game's seats was handed to a bot for an absent player, or taken back; oldest first. */
  handovers(gameId: string): Promise<SeatHandover[]>;
  /** Active games whose deadlines await a bot seat, or a seat a bot plays for its absent player (at most `limit`). */
  gamesAwaitingBots(limit: number): Promise<string[]>;
  /** Active games whose deadlines await one of the account's seats. */
  gamesAwaitingAccount(accountId: string): Promise<string[]>;
  /**
   * The account's vacation began or ended: the clock revision of its active games moves, so a command
   * decided on deadlines planned before (from the old `pausedUntil`) is decided again.
   */
  pausesChanged(accountId: string): Promise<void>;
}
