// Wakes the workers when a deadline this process scheduled falls due. graphile-worker picks up
// a job at once when it is added, but a job due later waits for the next poll; so each process
// keeps a timer for the deadlines it set and, when one passes, sends graphile-worker's own
// "jobs:insert" notification, which makes every worker look for due jobs now. The poll remains
// the safety net (another process's deadlines, a restart).

import type pg from 'pg';

/** A little after the due time, so the database's clock has surely passed it too. */
const MARGIN_MS = 5;

export class Alarm {
  private readonly due: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Rings at each of these times (ISO 8601). */
  set(times: Iterable<string>): void {
    if (this.stopped) return;
    const first = this.due[0];
    for (const at of times) insertSorted(this.due, Date.parse(at));
    // Most deadlines are hours away, behind the one the timer waits for: leave the timer be.
    if (this.due[0] !== first || this.timer === null) this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = this.due[0];
    if (next === undefined || this.stopped) return;
    // setTimeout's limit is about 24.8 days; a longer wait re-arms on the way.
    const wait = Math.min(Math.max(0, next - Date.now() + MARGIN_MS), 2 ** 31 - 1);
    this.timer = setTimeout(() => this.ring(), wait);
    this.timer.unref();
  }

  private ring(): void {
    const now = Date.now();
    let count = 0;
    while (this.due.length > 0 && this.due[0]! <= now) {
      this.due.shift();
      count++;
    }
    if (count > 0) {
      this.pool.query(`SELECT pg_notify('jobs:insert', $1)`, [JSON.stringify({ count })]).catch(this.onError);
    }
    this.arm();
  }
}

/** Inserts `value` into the ascending `list`, after any equal values (binary search: deadlines pile up by the thousand). */
function insertSorted(list: number[], value: number): void {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  list.splice(low, 0, value);
}
