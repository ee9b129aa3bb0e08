// Vacations: a player pauses their clocks for whole days, within a yearly allowance (counted per
// UTC calendar year). While away, every deadline newly set for their seats starts when the
// vacation ends (DeadlineKeeper.plan); deadlines already running for seats awaited now are moved
// later by the days taken, with their expiry jobs.

import { postpone } from '../clock/deadlines.ts';
import { inTransaction } from '../db/transaction.ts';
import type { EventStore, Queryable } from '../store/event-store.ts';
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
  ) {}

  async status(accountId: string): Promise<VacationStatus> {
    return this.present(await this.row(this.store.pool, accountId, false), this.deadlines.now());
  }

  /**
   * Starts a vacation of `days` now, or extends the one in progress by `days`. The seats awaited
   * now get their deadlines moved later by the same days.
   */
  async start(accountId: string, days: number): Promise<VacationStatus> {
    const now = this.deadlines.now();
    const status = await inTransaction(this.store.pool, async (tx) => {
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
    return status;
  }

  /**
   * Ends the vacation now. Whole days not yet begun are given back to this year's allowance;
   * deadlines already moved stay where they are.
   */
  async end(accountId: string): Promise<VacationStatus> {
    const now = this.deadlines.now();
    return inTransaction(this.store.pool, async (tx) => {
      const row = this.thisYear(await this.row(tx, accountId, true), now);
      if (!row.until || row.until <= now) return this.present(row, now);
      const unused = Math.floor((row.until.getTime() - now.getTime()) / DAY_MS);
      const next = { until: null, year: row.year, used: Math.max(0, row.used - unused) };
      await this.save(tx, accountId, next);
      return this.present(next, now);
    });
  }

  /** In each active game where the account's seat is awaited now: that seat's deadlines, `ms` later. */
  private async postponeAwaitedSeats(accountId: string, ms: number): Promise<void> {
    const { rows } = await this.store.pool.query<{ gameId: string }>(
      `SELECT s.game_id AS "gameId" FROM game_seats s JOIN games g ON g.id = s.game_id
       WHERE s.account_id = $1 AND g.status = 'active'
         AND EXISTS (SELECT 1 FROM jsonb_array_elements(g.deadlines) d WHERE (d->>'seat')::int = s.seat)`,
      [accountId],
    );
    const due: string[] = [];
    for (const { gameId } of rows) {
      const moved = await this.store.withGameLocked(gameId, async (tx, game, seats) => {
        const seat = seats.find((s) => s.accountId === accountId)?.seat;
        if (game.status !== 'active' || seat === undefined || !game.deadlines.some((d) => d.seat === seat)) return [];
        const after = postpone(game.deadlines, seat, ms);
        await this.store.setDeadlines(tx, game.id, after);
        return this.deadlines.schedule(tx, game.id, game.deadlines, after);
      });
      due.push(...(moved?.value ?? []));
    }
    this.deadlines.ring(due);
  }

  private async row(db: Queryable, accountId: string, lock: boolean): Promise<VacationRow> {
    const { rows } = await db.query<VacationRow>(
      `SELECT vacation_until AS until, vacation_year AS year, vacation_days_used AS used FROM accounts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [accountId],
    );
    return rows[0] ?? { until: null, year: 0, used: 0 };
  }

  /** A new UTC year starts with the whole allowance. */
  private thisYear(row: VacationRow, now: Date): VacationRow {
    return row.year === now.getUTCFullYear() ? row : { ...row, year: now.getUTCFullYear(), used: 0 };
  }

  private async save(db: Queryable, accountId: string, row: VacationRow): Promise<void> {
    await db.query(`UPDATE accounts SET vacation_until = $2, vacation_year = $3, vacation_days_used = $4 WHERE id = $1`, [
      accountId,
      row.until,
      row.year,
      row.used,
    ]);
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
