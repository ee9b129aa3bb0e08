// The service's game and account records in this process's memory, over the in-memory log
// (memory-game-log.ts): with them and `MemoryChannels`, the whole game service runs without
// Postgres, for tests of the service that are not tests of the database
// (test/service/service-in-memory.test.ts). Nothing survives the process.

import type { Deadline } from '../clock/deadlines.ts';
import type { AccountRecords, VacationRecord } from '../service/ports/accounts.ts';
import type { ChannelSubscription, Listen } from '../service/ports/changes.ts';
import type { GameRecords, HeldGame, SeatClaim } from '../service/ports/game-records.ts';
import type { InviteRecord, InviteRecords } from '../service/ports/invites.ts';
import type { GameRow, SeatRow, StoredOptions } from '../service/ports/records.ts';
import type { MemoryGameLog } from './memory-game-log.ts';

/** NOTIFY and LISTEN in one process: what `MemoryGameLog` announces, its listeners hear. */
export class MemoryChannels {
  private readonly listeners = new Set<{ channel: string; onPayload: (payload: string) => void; on: boolean }>();

  readonly notify = (channel: string, payload: string): void => {
    // Delivered after the change, as a NOTIFY is delivered after its commit.
    for (const l of this.listeners) if (l.on && l.channel === channel) queueMicrotask(() => l.onPayload(payload));
  };

  readonly listen: Listen = (channel, onPayload): ChannelSubscription => {
    const listener = { channel, onPayload, on: false };
    this.listeners.add(listener);
    return {
      start: async () => void (listener.on = true),
      stop: async () => void this.listeners.delete(listener),
    };
  };
}

export class MemoryAccountRecords implements AccountRecords {
  private readonly stored = new Map<string, { preferences: Record<string, unknown>; vacation: VacationRecord }>();

  private of(accountId: string) {
    let found = this.stored.get(accountId);
    if (!found) this.stored.set(accountId, (found = { preferences: {}, vacation: { until: null, year: 0, used: 0 } }));
    return found;
  }

  async preferences(accountId: string) {
    return structuredClone(this.of(accountId).preferences);
  }

  async changePreferences(accountId: string, change: (stored: Record<string, unknown>) => Record<string, unknown>) {
    const account = this.of(accountId);
    account.preferences = structuredClone(change(structuredClone(account.preferences)));
    return structuredClone(account.preferences);
  }

  async vacation(accountId: string) {
    return { ...this.of(accountId).vacation };
  }

  async changeVacation<T>(accountId: string, change: (stored: VacationRecord) => { save: VacationRecord | null; answer: T }) {
    const account = this.of(accountId);
    const { save, answer } = change({ ...account.vacation });
    if (save) account.vacation = { ...save };
    return answer;
  }
}

export class MemoryGameRecords implements GameRecords {
  /** One change at a time per game, as the row lock serialises them. */
  private readonly locks = new Map<string, Promise<unknown>>();

  private readonly log: MemoryGameLog;
  private readonly accounts: MemoryAccountRecords;
  private readonly now: () => Date;
  private readonly handleOf: (accountId: string) => string;

  constructor(
    log: MemoryGameLog,
    accounts: MemoryAccountRecords,
    /** The store's clock (Postgres's `now()`), as the log's. */
    now: () => Date = () => new Date(),
    /** The account's public handle (Postgres: `accounts.handle`). */
    handleOf: (accountId: string) => string = (accountId) => accountId,
  ) {
    this.log = log;
    this.accounts = accounts;
    this.now = now;
    this.handleOf = handleOf;
  }

  read(gameId: string) {
    return this.log.read(gameId);
  }

  async stamp(gameId: string) {
    const game = (await this.log.read(gameId))?.game;
    return game
      ? { version: game.version, status: game.status, deadlines: game.deadlines, clockRevision: game.clockRevision, seatsRevision: game.seatsRevision ?? 0, updatedAt: game.updatedAt }
      : null;
  }

  async game(gameId: string) {
    return (await this.log.read(gameId))?.game ?? null;
  }

  events(gameId: string, after: number, upTo?: number, limit?: number) {
    return this.log.events(gameId, after, upTo, limit);
  }

  commands(gameId: string) {
    return this.log.commands(gameId);
  }

  async gameIds() {
    return this.log.all().map((g) => g.game.id);
  }

  async createGame<T>(
    module: string,
    options: StoredOptions,
    bots: boolean[],
    then: (held: HeldGame, game: GameRow, seats: SeatRow[]) => Promise<T>,
    check?: (created: { open: number; today: number }) => void,
  ): Promise<T> {
    // No await between the count and the creation: one step in memory.
    if (check && options.createdBy) check(this.createdBy(options.createdBy));
    const seats = bots.map((bot, seat) => ({ seat, accountId: null, handle: null, bot, pausedUntil: null }));
    const game = this.log.create({ module, options, status: 'open', seats, creator: options.createdBy ? this.handleOf(options.createdBy) : null });
    return this.locked(game.id, () => then(this.held(), game, seats));
  }

  async withGameLocked<T>(gameId: string, work: (held: HeldGame, game: GameRow, seats: SeatRow[]) => Promise<T>) {
    return this.locked(gameId, async () => {
      const found = await this.log.read(gameId);
      return found ? { value: await work(this.held(), found.game, found.seats) } : null;
    });
  }

  async gamesCreatedBy(accountId: string) {
    return this.createdBy(accountId);
  }

  private createdBy(accountId: string) {
    const dayAgo = this.now().getTime() - 86_400_000;
    const mine = this.log.all().filter(({ game }) => (game.options as unknown as StoredOptions).createdBy === accountId);
    return { open: mine.filter(({ game }) => game.status === 'open').length, today: mine.filter(({ game }) => game.createdAt.getTime() > dayAgo).length };
  }

  async openGames(limit: number, include: { chosen: boolean; game?: string }) {
    return this.log
      .all()
      .filter(({ game, seats }) => game.status === 'open' && seats.some((s) => !s.bot && s.accountId === null))
      .filter(({ game }) => !(game.options as unknown as StoredOptions).private && (include.game === undefined || game.module === include.game))
      .filter(({ game }) => include.chosen || (game.options as unknown as StoredOptions).fairness.seeded === false)
      .slice(0, limit)
      .map(({ game }) => game.id);
  }

  async gamesOfAccount(accountId: string) {
    return this.log
      .all()
      .sort((a, b) => b.game.updatedAt.getTime() - a.game.updatedAt.getTime())
      .flatMap(({ game, seats }) => seats.filter((s) => s.accountId === accountId).map((s) => ({ gameId: game.id, seat: s.seat })))
      .slice(0, 500);
  }

  async gamesAwaitingBots(limit: number) {
    return this.awaiting((seat) => seat.bot || seat.absent === true).slice(0, limit);
  }

  async handovers(gameId: string) {
    return this.log.handovers(gameId);
  }

  async gamesAwaitingAccount(accountId: string) {
    return this.awaiting((seat) => seat.accountId === accountId);
  }

  async pausesChanged(accountId: string) {
    const until = (await this.accounts.vacation(accountId)).until;
    for (const { game, seats } of this.log.all()) {
      if (!seats.some((s) => s.accountId === accountId)) continue;
      this.log.changeSeats(game.id, (all) => all.forEach((s) => s.accountId === accountId && (s.pausedUntil = until ? until.toISOString() : null)));
      if (game.status === 'active') this.log.moveDeadlines(game.id, game.deadlines);
    }
  }

  private awaiting(which: (seat: SeatRow) => boolean): string[] {
    return this.log
      .all()
      .filter(({ game, seats }) => game.status === 'active' && seats.some((s) => which(s) && game.deadlines.some((d) => d.seat === s.seat)))
      .map(({ game }) => game.id);
  }

  private held(): HeldGame {
    return {
      claimSeat: async (gameId, seat, accountId) => {
        let claim: SeatClaim = 'taken';
        this.log.changeSeats(gameId, (seats) => {
          const row = seats.find((s) => s.seat === seat);
          if (!row || row.bot || row.accountId !== null) return;
          if (seats.some((s) => s.accountId === accountId)) {
            claim = 'already-seated';
            return;
          }
          Object.assign(row, { accountId, handle: this.handleOf(accountId) });
          claim = 'claimed';
        });
        return claim;
      },
      seatsOf: async (gameId) => (await this.log.read(gameId))?.seats ?? [],
      start: async (gameId, deadlines: Deadline[], channel) => this.log.start(gameId, deadlines, channel),
      moveDeadlines: async (game, deadlines: Deadline[]) => this.log.moveDeadlines(game.id, deadlines),
      cancel: async (gameId) => this.log.remove(gameId),
      freeSeat: async (gameId, seat, accountId) =>
        this.log.changeSeats(gameId, (seats) => {
          const row = seats.find((s) => s.seat === seat && s.accountId === accountId);
          if (row) Object.assign(row, { accountId: null, handle: null });
        }),
      takeBack: async (gameId, seat, version) => this.log.takeBack(gameId, seat, version),
    };
  }

  private locked<T>(gameId: string, work: () => Promise<T>): Promise<T> {
    const before = this.locks.get(gameId) ?? Promise.resolve();
    const run = before.then(work);
    this.locks.set(gameId, run.catch(() => undefined));
    return run;
  }
}

/** Invitations in memory, as `PrismaInviteRecords` keeps them in Postgres. */
export class MemoryInviteRecords implements InviteRecords {
  private readonly stored: (InviteRecord & { tokenHash: string })[] = [];
  private sequence = 0;

  async create(input: { gameId: string; createdBy: string; tokenHash: string; expiresAt: Date }, cap: number, now: Date) {
    if ((await this.live(input.gameId, now)).length >= cap) return null;
    const invite = { ...input, id: `00000000-0000-4000-9000-${(++this.sequence).toString(16).padStart(12, '0')}`, createdAt: now, revokedAt: null };
    this.stored.push(invite);
    return withoutHash(invite);
  }

  async byHash(tokenHash: string) {
    const found = this.stored.find((i) => i.tokenHash === tokenHash);
    return found ? withoutHash(found) : null;
  }

  async live(gameId: string, now: Date) {
    return this.stored.filter((i) => i.gameId === gameId && i.revokedAt === null && i.expiresAt > now).map(withoutHash);
  }

  async revoke(gameId: string, id: string, at: Date) {
    const found = this.stored.find((i) => i.gameId === gameId && i.id === id);
    if (!found) return null;
    found.revokedAt ??= at;
    return withoutHash(found);
  }
}

const withoutHash = ({ tokenHash: _hash, ...invite }: InviteRecord & { tokenHash: string }): InviteRecord => ({ ...invite });
