// The service's account-records port (src/service/ports/accounts.ts): preferences and the
// vacation allowance, read through Prisma Client and changed, under the account's row lock, by
// the one writer of `accounts` (accounts.ts).

import type { PrismaClient } from '../db/prisma.ts';
import type { AccountRecords, VacationRecord } from '../service/ports/accounts.ts';
import type { AccountsTable } from './accounts.ts';

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

const NO_VACATION: VacationRecord = { until: null, year: 0, used: 0 };
const VACATION_COLUMNS = { vacationUntil: true, vacationYear: true, vacationDaysUsed: true } as const;

export class PrismaAccountRecords implements AccountRecords {
  private readonly prisma: PrismaClient;
  private readonly rows: AccountsTable;

  constructor(
    prisma: PrismaClient,
    rows: AccountsTable,
  ) {
    this.prisma = prisma;
    this.rows = rows;
  }

  async preferences(accountId: string): Promise<Record<string, unknown>> {
    const row = await this.prisma.account.findUnique({ where: { id: accountId }, select: { preferences: true } });
    return asObject(row?.preferences);
  }

  async changePreferences(accountId: string, change: (stored: Record<string, unknown>) => Record<string, unknown>): Promise<Record<string, unknown>> {
    return (await this.rows.changePreferences(accountId, change)).preferences;
  }

  async vacation(accountId: string): Promise<VacationRecord> {
    const row = await this.prisma.account.findUnique({ where: { id: accountId }, select: VACATION_COLUMNS });
    return row ? { until: row.vacationUntil, year: row.vacationYear, used: row.vacationDaysUsed } : NO_VACATION;
  }

  changeVacation<T>(accountId: string, change: (stored: VacationRecord) => { save: VacationRecord | null; answer: T }): Promise<T> {
    return this.rows.changeVacation(accountId, change);
  }
}
