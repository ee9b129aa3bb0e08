// The per-account log-in throttle, beside the per-address limit (rate-limit.ts): an attacker with
// many addresses still gets few guesses at one account's password.
//
// Failures are counted per log-in identifier, `handle:<lower-cased handle>` or
// `email:<normalised email>`, whether or not an account has it: an unknown handle is throttled
// exactly like a known one, so the answers never tell which accounts exist. (The price: a handle
// and an email of the same account are counted apart, so a guesser who knows both gets twice the
// budget. Counting them together would tell that the two belong together.)
//
// - The first LOGIN_FAILURES_BEFORE_DELAY failures in a row cost nothing.
// - From then on each failure makes the next attempt wait: LOGIN_DELAY_SECONDS, doubling with each
//   further failure (429 LOGIN_THROTTLED, retry-after).
// - At LOGIN_FAILURES_BEFORE_LOCK failures the identifier is locked for LOGIN_LOCK_MINUTES
//   (429 LOGIN_LOCKED, retry-after). A lock always ends; the count does not restart with it, so
//   each further failure locks again: one guess per lock period, never a permanent lock-out. The
//   owner can still log in with the other identifier (email instead of handle) meanwhile.
// - A successful log-in forgets the failures; so does a day without one.
//
// An attempt is counted as a failure *before* the password is checked, in a transaction that
// serialises attempts on the identifier, and forgotten if the password was right. Otherwise a
// burst of parallel guesses would all be checked before the first failure was written. A refused
// attempt (during a delay or a lock) is not counted and checks no password: it costs no scrypt.
//
// Time is the database's clock (now()), so several processes agree.

import { createHash } from 'node:crypto';
import type pg from 'pg';
import { Refusal } from '../platform/refusal.ts';
import { inTransaction } from '../db/transaction.ts';
import { normalizeEmail } from './accounts.ts';

export interface LoginThrottlePolicy {
  /** Failures in a row that cost nothing; 0 turns the per-account throttle off. */
  failuresBeforeDelay: number;
  /** The wait after the first failure past `failuresBeforeDelay`; it doubles with each further one. */
  delaySeconds: number;
  /** Failures in a row that lock the identifier (at least `failuresBeforeDelay`). */
  failuresBeforeLock: number;
  lockMinutes: number;
}

/** Failures are forgotten after this long without one. */
export const FAILURE_MEMORY_MS = 24 * 3_600_000;
/** Rows forgotten that long ago are deleted at most this often, by whichever process logs someone in. */
const SWEEP_EVERY_MS = 3_600_000;
/** Serialises the attempts on one identifier (a constant of our own, like keys.ts's). */
const LOGIN_THROTTLE_LOCK = 72707372;

export interface FailureRecord {
  failures: number;
  lastFailureAt: Date;
  blockedUntil: Date | null;
}

export type Verdict =
  | { refused: true; locked: boolean; retryAfterSeconds: number }
  /** Checked; `record` is what to store should the password be wrong (this attempt counted). */
  | { refused: false; record: FailureRecord };

/** What to do with an attempt at `now`, given the identifier's failures so far. */
export function judgeAttempt(previous: FailureRecord | undefined, now: Date, policy: LoginThrottlePolicy): Verdict {
  const current = previous && now.getTime() - previous.lastFailureAt.getTime() < FAILURE_MEMORY_MS ? previous : undefined;
  if (current?.blockedUntil && current.blockedUntil > now) {
    return {
      refused: true,
      locked: current.failures >= policy.failuresBeforeLock,
      retryAfterSeconds: Math.max(1, Math.ceil((current.blockedUntil.getTime() - now.getTime()) / 1000)),
    };
  }
  const failures = (current?.failures ?? 0) + 1;
  return { refused: false, record: { failures, lastFailureAt: now, blockedUntil: blockAfter(failures, now, policy) } };
}

/** Until when an identifier with `failures` failures in a row (the last at `now`) waits; null: not at all. */
export function blockAfter(failures: number, now: Date, policy: LoginThrottlePolicy): Date | null {
  const lockMs = policy.lockMinutes * 60_000;
  if (failures >= policy.failuresBeforeLock) return new Date(now.getTime() + lockMs);
  if (failures < policy.failuresBeforeDelay) return null;
  // Capped by the lock (and the exponent, so the number stays finite whatever the settings).
  const delayMs = policy.delaySeconds * 1000 * 2 ** Math.min(failures - policy.failuresBeforeDelay, 30);
  return new Date(now.getTime() + Math.min(delayMs, lockMs));
}

/** The throttle's key for a log-in: what identifies the account to the person typing. */
export function loginKey(login: { handle?: string; email?: string }): string {
  const identifier = login.email !== undefined ? `email:${normalizeEmail(login.email)}` : `handle:${(login.handle ?? '').toLowerCase()}`;
  return createHash('sha256').update(identifier).digest('hex');
}

export class LoginThrottle {
  private lastSweep = 0;

  constructor(
    private readonly pool: pg.Pool,
    readonly policy: LoginThrottlePolicy,
  ) {}

  get enabled(): boolean {
    return this.policy.failuresBeforeDelay > 0;
  }

  /** Counts the attempt as a failure until `succeeded` says otherwise; throws 429 while the identifier must wait. */
  async admit(key: string): Promise<void> {
    if (!this.enabled) return;
    const verdict = await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOGIN_THROTTLE_LOCK, key]);
      const { rows } = await client.query<{ now: Date; failures: number | null; last_failure_at: Date | null; blocked_until: Date | null }>(
        `SELECT now() AS now, f.failures, f.last_failure_at, f.blocked_until
           FROM (SELECT 1) AS one LEFT JOIN login_failures f ON f.key = $1`,
        [key],
      );
      const row = rows[0]!;
      const previous = row.failures === null ? undefined : { failures: row.failures, lastFailureAt: row.last_failure_at!, blockedUntil: row.blocked_until };
      const judged = judgeAttempt(previous, row.now, this.policy);
      if (!judged.refused) {
        await client.query(
          `INSERT INTO login_failures (key, failures, last_failure_at, blocked_until) VALUES ($1, $2, $3, $4)
           ON CONFLICT (key) DO UPDATE SET failures = $2, last_failure_at = $3, blocked_until = $4`,
          [key, judged.record.failures, judged.record.lastFailureAt, judged.record.blockedUntil],
        );
      }
      return judged;
    });
    this.sweepNowAndThen();
    if (verdict.refused) throw refusal(verdict.locked, verdict.retryAfterSeconds);
  }

  /** The password was right: the failures are forgotten. */
  async succeeded(key: string): Promise<void> {
    if (!this.enabled) return;
    await this.pool.query('DELETE FROM login_failures WHERE key = $1', [key]);
  }

  /** Deletes the rows of identifiers whose failures are forgotten; returns how many. */
  async sweep(): Promise<number> {
    const { rowCount } = await this.pool.query(`DELETE FROM login_failures WHERE last_failure_at < now() - make_interval(secs => $1)`, [FAILURE_MEMORY_MS / 1000]);
    return rowCount ?? 0;
  }

  /** In the background, at most once an hour per process: a spray of made-up names must not grow the table for ever. */
  private sweepNowAndThen(): void {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    this.sweep().catch(() => {
      // Harmless: the next sweep deletes them.
    });
  }
}

function refusal(locked: boolean, retryAfterSeconds: number): Refusal {
  // The same words whether or not an account has this handle or email.
  return locked
    ? new Refusal(
        'limited',
        'LOGIN_LOCKED',
        `Too many failed log-ins with this handle or email: log-in with it is locked for ${retryAfterSeconds} s. The lock ends by itself; you may log in with your other identifier (email or handle) meanwhile.`,
        { retryAfterSeconds },
      )
    : new Refusal('limited', 'LOGIN_THROTTLED', `Too many failed log-ins with this handle or email: wait ${retryAfterSeconds} s before the next attempt.`, {
        retryAfterSeconds,
      });
}
