// Whether any other process hears this process's notifications. Postgres wakes every backend
// that LISTENs in the database for every NOTIFY committed there, whatever its channel (each
// process has two: its shared listening connection and graphile-worker's), and costs the database
// about 0.04 ms of CPU a command for each (docs/performance.md). A process that runs alone needs
// none of it: it tells its own listeners itself (listener.ts, `announce`).
//
// Being alone is proved by a Postgres advisory lock that the listening connection holds: exclusive
// while no other process listens, shared while others do. On a new listening connection, once it
// LISTENs, the lock is taken exclusive if it can be, and shared otherwise, waiting (up to
// CLAIM_WAIT) for a process that holds it exclusive to let go. That process looks for a waiter
// every CHECK_MS; when it sees one it NOTIFYs again from then on, waits until every statement that
// left its NOTIFY out has committed, and only then trades its exclusive lock for a shared one. So
// no commit the newcomer could miss lands after the newcomer has started listening. A process
// holding the lock shared tries to take it exclusive at every check, which succeeds once every
// other process has gone.
//
// A lost listening connection loses the lock with it. The process NOTIFYs again as soon as its
// client hears of the loss; a newcomer that took the lock in between can miss the commits made in
// that moment (long-polls, streams, sweepers and notifiers then find them at their next look).

import type pg from 'pg';

/** The advisory lock's key: any number that no other part of the database locks. */
const KEY = 0x4a_44_4c_53;
/** How often the lock's holder looks for a newcomer (exclusive) or for being alone again (shared). */
export const CHECK_MS = 250;
/** How long a newcomer waits for a lone holder to let it in before it gives up and reconnects. */
const CLAIM_WAIT = '10s';

export class Audience {
  /** The lock this process's listening connection holds, if any. */
  private held: 'exclusive' | 'shared' | null = null;
  /** Statements in flight that left their NOTIFY out. */
  private quiet = 0;
  private readonly drained: (() => void)[] = [];

  /** Whether a NOTIFY sent now could reach another process (true unless this one provably runs alone). */
  get heard(): boolean {
    return this.held !== 'exclusive';
  }

  /**
   * Runs `statement`, which must commit as it returns, with whether to NOTIFY. A statement told
   * not to holds up a newcomer until it has committed.
   */
  async run<T>(statement: (notify: boolean) => Promise<T>): Promise<T> {
    if (this.heard) return statement(true);
    this.quiet++;
    try {
      return await statement(false);
    } finally {
      if (--this.quiet === 0) for (const done of this.drained.splice(0)) done();
    }
  }

  /** On a new listening connection, once it LISTENs: the lock, exclusive when no other process listens. */
  async claim(client: pg.PoolClient): Promise<void> {
    if (await this.tryExclusive(client)) return;
    await client.query(`SELECT set_config('lock_timeout', '${CLAIM_WAIT}', false)`);
    await client.query('SELECT pg_advisory_lock_shared($1)', [KEY]);
    this.held = 'shared';
  }

  /** Every CHECK_MS while the connection is up: lets a newcomer in, or finds this process alone again. */
  async check(client: pg.PoolClient): Promise<void> {
    if (this.held === 'shared') {
      if (await this.tryExclusive(client)) await client.query('SELECT pg_advisory_unlock_shared($1)', [KEY]);
      return;
    }
    if (this.held !== 'exclusive' || !(await waiting(client))) return;
    this.held = 'shared';
    await new Promise<void>((resolve) => (this.quiet === 0 ? resolve() : this.drained.push(resolve)));
    // A session's own locks never block it: shared is granted at once, then exclusive let go.
    await client.query('SELECT pg_advisory_lock_shared($1)', [KEY]);
    await client.query('SELECT pg_advisory_unlock($1)', [KEY]);
  }

  /** The listening connection is gone, and its lock with it. */
  lost(): void {
    this.held = null;
  }

  private async tryExclusive(client: pg.PoolClient): Promise<boolean> {
    const { rows } = await client.query<{ alone: boolean }>('SELECT pg_try_advisory_lock($1) AS alone', [KEY]);
    if (rows[0]!.alone) this.held = 'exclusive';
    return rows[0]!.alone;
  }
}

/** Whether another session waits for the lock (a bigint key shows as classid 0 and objid, objsubid 1). */
async function waiting(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ waiting: boolean }>(
    `SELECT EXISTS (SELECT FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = 0 AND objid = $1 AND objsubid = 1
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS waiting`,
    [KEY],
  );
  return rows[0]!.waiting;
}
