// An account's records the service keeps beside its games: preferences (preferred standing
// orders, time zone) and its vacation allowance. A port the service owns; the Postgres store
// (src/store/account-records.ts, through Prisma Client) implements it.

/** A vacation as stored: until when (null: none), and the days used in `year` (UTC). */
export interface VacationRecord {
  until: Date | null;
  year: number;
  used: number;
}

export interface AccountRecords {
  /** The stored preferences JSON (an empty object when none or no such account). */
  preferences(accountId: string): Promise<Record<string, unknown>>;
  /**
   * Changes the stored preferences under the account's row lock (other settings share the same
   * JSON, so a concurrent change is never lost); returns what `change` returned.
   */
  changePreferences(accountId: string, change: (stored: Record<string, unknown>) => Record<string, unknown>): Promise<Record<string, unknown>>;
  /** The vacation record (no vacation, year 0, when none). */
  vacation(accountId: string): Promise<VacationRecord>;
  /**
   * Changes the vacation record under the account's row lock. `change` returns the record to save
   * and the answer, or throws (nothing is saved).
   */
  changeVacation<T>(accountId: string, change: (stored: VacationRecord) => { save: VacationRecord | null; answer: T }): Promise<T>;
}
