// Vacations: a player pauses their clocks for whole days, within a yearly allowance (counted per
// UTC calendar year). While away, every deadline newly set for their seats starts when the
// vacation ends (DeadlineKeeper.plan); deadlines already running for seats awaited now are moved
// later by the days taken, and with them the game's next expiry (`next_deadline`).

import { CHANNEL } from './signals.ts';
import { postpone } from '../clock/deadlines.ts';
import { lockAccountRow, type PrismaClient, type PrismaTransaction } from '../db/prisma.ts';
import type { EventStore } from '../store/event-store.ts';
import type { DeadlineKeeper } from './deadlines.ts';
import { Refusal } from './errors.ts';

const DAY_MS = 86_400_000;

export interface VacationStatus {
  /** While in the future, the player is away (RFC 3339); null otherwise. */
  until: string | null;
  daysUsed: number;
  daysAllowed: number;
  /** The UTC calendar year `daysUsed` counts in. */
  year: number;
}

interface VacationRow {
  until: Date | null;
  year: number;
  used: number;
}

export class Vacations {
  constructor(
    private readonly store: EventStore,
    private readonly deadlines: DeadlineKeeper,
    private readonly daysAllowed: number,
    /** The vacation record (accounts' vacation_* columns), through Prisma Client; moving deadlines goes through the store. */
    private readonly prisma: PrismaClient,
  ) {}

  async status(accountId: string): Promise<VacationStatus> {
    return this.present(await this.row(this.prisma, accountId, false), this.deadlines.now());
  }

  /**
   * Starts a vacation of `days` now, or extends the one in progress by `days`. The seats awaited
   * now get their deadlines moved later by the same days.
   */
  async start(accountId: string, days: number): Promise<VacationStatus> {
    const now = this.deadlines.now();
    const status = await this.prisma.$transaction(async (tx) => {
      const row = this.thisYear(await this.row(tx, accountId, true), now);
      if (row.used + days > this.daysAllowed)
        throw new Refusal(
          'rule',
          'VACATION_ALLOWANCE_EXCEEDED',
          `You have ${this.daysAllowed - row.used} of your ${this.daysAllowed} vacation days left this year; ${days} is too many.`,
          { daysLeft: this.daysAllowed - row.used },
        );
      const from = row.until && row.until > now ? row.until : now;
      const next = { until: new Date(from.getTime() + days * DAY_MS), year: row.year, used: row.used + days };
      await this.save(tx, accountId, next);
      return this.present(next, now);
    });
    await this.postponeAwaitedSeats(accountId, days * DAY_MS);
    await this.store.pausesChanged(this.store.pool, accountId);
    return status;
  }

  /**
   * Ends the vacation now. Whole days not yet begun are given back to this year's allowance;
   * deadlines already moved stay where they are.
   */
  async end(accountId: string): Promise<VacationStatus> {
    const now = this.deadlines.now();
    const status = await this.prisma.$transaction(async (tx) => {
      const row = this.thisYear(await this.row(tx, accountId, true), now);
      if (!row.until || row.until <= now) return this.present(row, now);
      const unused = Math.floor((row.until.getTime() - now.getTime()) / DAY_MS);
      const next = { until: null, year: row.year, used: Math.max(0, row.used - unused) };
      await this.save(tx, accountId, next);
      return this.present(next, now);
    });
    await this.store.pausesChanged(this.store.pool, accountId);
    return status;
  }

  /** In each active game where the account's seat is awaited now: that seat's deadlines, `ms` later. */
  private async postponeAwaitedSeats(accountId: string, ms: number): Promise<void> {
    const { rows } = await this.store.pool.query<{ gameId: string }>(
      `SELECT s.game_id AS "gameId" FROM game_seats s JOIN games g ON g.id = s.game_id
       WHERE s.account_id = $1 AND g.status = 'active'
         AND EXISTS (SELECT 1 FROM jsonb_array_elements(g.deadlines) d WHERE (d->>'seat')::int = s.seat)`,
      [accountId],
    );
    for (const { gameId } of rows) {
      await this.store.withGameLocked(gameId, async (tx, game, seats) => {
        const seat = seats.find((s) => s.accountId === accountId)?.seat;
        if (game.status !== 'active' || seat === undefined || !game.deadlines.some((d) => d.seat === seat)) return;
        // A command decided on the old deadlines fails its append (the clock revision moves) and is decided again.
        await this.store.moveDeadlines(tx, game, postpone(game.deadlines, seat, ms), CHANNEL);
      });
    }
  }

  /** `lock`: inside a transaction, the account's row lock first, until it ends. */
  private async row(db: PrismaClient | PrismaTransaction, accountId: string, lock: boolean): Promise<VacationRow> {
    if (lock) await lockAccountRow(db as PrismaTransaction, accountId);
    const row = await db.account.findUnique({
      where: { id: accountId },
      select: { vacationUntil: true, vacationYear: true, vacationDaysUsed: true },
    });
    return row ? { until: row.vacationUntil, year: row.vacationYear, used: row.vacationDaysUsed } : { until: null, year: 0, used: 0 };
  }

  /** A new UTC year starts with the whole allowance. */
  private thisYear(row: VacationRow, now: Date): VacationRow {
    return row.year === now.getUTCFullYear() ? row : { ...row, year: now.getUTCFullYear(), used: 0 };
  }

  private async save(tx: PrismaTransaction, accountId: string, row: VacationRow): Promise<void> {
    await tx.account.updateMany({ where: { id: accountId }, data: { vacationUntil: row.until, vacationYear: row.year, vacationDaysUsed: row.used } });
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
