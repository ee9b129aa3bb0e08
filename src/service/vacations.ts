// Vacations: a player pauses their clocks for whole days, within a yearly allowance (counted per
// UTC calendar year). While away, every deadline newly set for their seats starts when the
// vacation ends (DeadlineKeeper.plan); deadlines already running for seats awaited now are moved
// later by the days taken, and with them the game's next expiry (`next_deadline`).

import { CHANNEL } from './signals.ts';
import { postpone } from '../clock/deadlines.ts';
import type { AccountRecords, VacationRecord } from './ports/accounts.ts';
import type { GameRecords } from './ports/game-records.ts';
import type { DeadlineKeeper } from './deadlines.ts';
import { Refusal } from '../platform/refusal.ts';

const DAY_MS = 86_400_000;

export interface VacationStatus {
  /** While in the future, the player is away (RFC 3339); null otherwise. */
  until: string | null;
  daysUsed: number;
  daysAllowed: number;
  /** The UTC calendar year `daysUsed` counts in. */
  year: number;
}

type VacationRow = VacationRecord;

export class Vacations {
  private readonly records: GameRecords;
  private readonly accounts: AccountRecords;
  private readonly deadlines: DeadlineKeeper;
  private readonly daysAllowed: number;

  constructor(
    records: GameRecords,
    /** The vacation record; moving deadlines goes through the game records. */
    accounts: AccountRecords,
    deadlines: DeadlineKeeper,
    daysAllowed: number,
  ) {
    this.records = records;
    this.accounts = accounts;
    this.deadlines = deadlines;
    this.daysAllowed = daysAllowed;
  }

  async status(accountId: string): Promise<VacationStatus> {
    return this.present(await this.accounts.vacation(accountId), this.deadlines.now());
  }

  /**
   * Starts a vacation of `days` now, or extends the one in progress by `days`. The seats awaited
   * now get their deadlines moved later by the same days.
   */
  async start(accountId: string, days: number): Promise<VacationStatus> {
    const now = this.deadlines.now();
    const status = await this.accounts.changeVacation(accountId, (stored) => {
      const row = this.thisYear(stored, now);
      if (row.used + days > this.daysAllowed)
        throw new Refusal(
          'rule',
          'VACATION_ALLOWANCE_EXCEEDED',
          `You have ${this.daysAllowed - row.used} of your ${this.daysAllowed} vacation days left this year; ${days} is too many.`,
          { daysLeft: this.daysAllowed - row.used },
        );
      const from = row.until && row.until > now ? row.until : now;
      const next = { until: new Date(from.getTime() + days * DAY_MS), year: row.year, used: row.used + days };
      return { save: next, answer: this.present(next, now) };
    });
    await this.postponeAwaitedSeats(accountId, days * DAY_MS);
    await this.records.pausesChanged(accountId);
    return status;
  }

  /**
   * Ends the vacation now. Whole days not yet begun are given back to this year's allowance;
   * deadlines already moved stay where they are.
   */
  async end(accountId: string): Promise<VacationStatus> {
    const now = this.deadlines.now();
    const status = await this.accounts.changeVacation(accountId, (stored) => {
      const row = this.thisYear(stored, now);
      if (!row.until || row.until <= now) return { save: null, answer: this.present(row, now) };
      const unused = Math.floor((row.until.getTime() - now.getTime()) / DAY_MS);
      const next = { until: null, year: row.year, used: Math.max(0, row.used - unused) };
      return { save: next, answer: this.present(next, now) };
    });
    await this.records.pausesChanged(accountId);
    return status;
  }

  /** In each active game where the account's seat is awaited now: that seat's deadlines, `ms` later. */
  private async postponeAwaitedSeats(accountId: string, ms: number): Promise<void> {
    for (const gameId of await this.records.gamesAwaitingAccount(accountId)) {
      await this.records.withGameLocked(gameId, async (held, game, seats) => {
        const seat = seats.find((s) => s.accountId === accountId)?.seat;
        if (game.status !== 'active' || seat === undefined || !game.deadlines.some((d) => d.seat === seat)) return;
        // A command decided on the old deadlines fails its append (the clock revision moves) and is decided again.
        await held.moveDeadlines(game, postpone(game.deadlines, seat, ms), CHANNEL);
      });
    }
  }

  /** A new UTC year starts with the whole allowance. */
  private thisYear(row: VacationRow, now: Date): VacationRow {
    return row.year === now.getUTCFullYear() ? row : { ...row, year: now.getUTCFullYear(), used: 0 };
  }

  private present(row: VacationRow, now: Date): VacationStatus {
    const current = this.thisYear(row, now);
    return {
      until: current.until && current.until > now ? current.until.toISOString() : null,
      daysUsed: current.used,
      daysAllowed: this.daysAllowed,
      year: current.year,
    };
  }
}
