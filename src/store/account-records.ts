// The service's account-records port (src/service/ports/accounts.ts) through Prisma Client:
// preferences and the vacation allowance, each changed under the account's row lock.

import { lockAccountRow, type PrismaClient, type PrismaJsonInput } from '../db/prisma.ts';
import type { AccountRecords, VacationRecord } from '../service/ports/accounts.ts';

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

const NO_VACATION: VacationRecord = { until: null, year: 0, used: 0 };
const VACATION_COLUMNS = { vacationUntil: true, vacationYear: true, vacationDaysUsed: true } as const;

export class PrismaAccountRecords implements AccountRecords {
  constructor(private readonly prisma: PrismaClient) {}

  async preferences(accountId: string): Promise<Record<string, unknown>> {
    const row = await this.prisma.account.findUnique({ where: { id: accountId }, select: { preferences: true } });
    return asObject(row?.preferences);
  }

  changePreferences(accountId: string, change: (stored: Record<string, unknown>) => Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.prisma.$transaction(async (tx) => {
      await lockAccountRow(tx, accountId);
      const row = await tx.account.findUnique({ where: { id: accountId }, select: { preferences: true } });
      const next = change(asObject(row?.preferences));
      await tx.account.updateMany({ where: { id: accountId }, data: { preferences: JSON.parse(JSON.stringify(next)) as PrismaJsonInput } });
      return next;
    });
  }

  async vacation(accountId: string): Promise<VacationRecord> {
    const row = await this.prisma.account.findUnique({ where: { id: accountId }, select: VACATION_COLUMNS });
    return row ? { until: row.vacationUntil, year: row.vacationYear, used: row.vacationDaysUsed } : NO_VACATION;
  }

  changeVacation<T>(accountId: string, change: (stored: VacationRecord) => { save: VacationRecord | null; answer: T }): Promise<T> {
    return this.prisma.$transaction(async (tx) => {
      await lockAccountRow(tx, accountId);
      const row = await tx.account.findUnique({ where: { id: accountId }, select: VACATION_COLUMNS });
      const { save, answer } = change(row ? { until: row.vacationUntil, year: row.vacationYear, used: row.vacationDaysUsed } : NO_VACATION);
      if (save) await tx.account.updateMany({ where: { id: accountId }, data: { vacationUntil: save.until, vacationYear: save.year, vacationDaysUsed: save.used } });
      return answer;
    });
  }
}
