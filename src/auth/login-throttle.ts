// The log-in throttle, beside the per-address rate limit (rate-limit.ts). It must do two things
// that pull apart: give a guesser few tries at one account's password, even from many addresses;
// and never let a stranger lock the owner out by failing on purpose with their public handle.
//
// So failures are counted twice, per log-in identifier (`handle:<lower-cased handle>` or
// `email:<normalised email>`) and per identifier *and source address*, and only a source is ever
// held back:
//
// - A source's own failures with an identifier: the first LOGIN_FAILURES_BEFORE_DELAY in a row
//   cost nothing; from then on each makes that source's next attempt wait LOGIN_DELAY_SECONDS,
//   doubling (429 LOGIN_THROTTLED, retry-after); at LOGIN_FAILURES_BEFORE_LOCK that source is
//   locked out of the identifier for LOGIN_LOCK_MINUTES (429 LOGIN_LOCKED). A lock always ends;
//   the count does not restart with it, so each further failure locks again.
// - The identifier's failures from every source together set a floor under that: once they pass
//   the same thresholds, a source's failure holds *that source* back as long as if it had failed
//   that often itself. A guesser with many addresses gets one guess per address per lock period.
// - A source that has not failed is never refused: the owner, from their own address, has their
//   password checked however many failures others have piled on the handle. (From the attacker's
//   own address, behind the same NAT say, they wait like the attacker: the price of the choice.)
// - A successful log-in forgets that source's failures and the identifier's count (other sources
//   keep their own: a guesser stays held back); a day without a failure forgets a count.
//
// Failures are counted whether or not an account has the identifier: an unknown handle is
// throttled exactly like a known one, so the answers never tell which accounts exist. (A handle
// and an email of the same account are counted apart: counting them together would tell that the
// two belong together.)
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
  /** Checked; `record` (the source's) and `everywhere` (the identifier's) are what to store should the password be wrong. */
  | { refused: false; record: FailureRecord; everywhere: FailureRecord };

/**
 * What to do with a source's attempt at `now`, given its failures with the identifier so far and
 * the identifier's failures from every source (`everywhere`). Only the source's own record can
 * refuse; `everywhere` only lengthens the wait its next failure earns.
 */
export function judgeAttempt(previous: FailureRecord | undefined, now: Date, policy: LoginThrottlePolicy, everywhere?: FailureRecord): Verdict {
  const current = remembered(previous, now);
  if (current?.blockedUntil && current.blockedUntil > now) {
    return {
      refused: true,
      // A wait as long as a lock is one (the delay is capped by it), whichever count earned it.
      locked: current.blockedUntil.getTime() - current.lastFailureAt.getTime() >= policy.lockMinutes * 60_000,
      retryAfterSeconds: Math.max(1, Math.ceil((current.blockedUntil.getTime() - now.getTime()) / 1000)),
    };
  }
  const failures = (current?.failures ?? 0) + 1;
  const failuresEverywhere = Math.max(failures, (remembered(everywhere, now)?.failures ?? 0) + 1);
  // As long as the longer of the two: its own failures, or the identifier's from every source.
  const blockedUntil = blockAfter(failuresEverywhere, now, policy);
  return {
    refused: false,
    record: { failures, lastFailureAt: now, blockedUntil },
    everywhere: { failures: failuresEverywhere, lastFailureAt: now, blockedUntil: null },
  };
}

/** The record, unless its last failure is so old that it is forgotten. */
function remembered(record: FailureRecord | undefined, now: Date): FailureRecord | undefined {
  return record && now.getTime() - record.lastFailureAt.getTime() < FAILURE_MEMORY_MS ? record : undefined;
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

/** The throttle's key for a log-in from everywhere: what identifies the account to the person typing. */
export function loginKey(login: { handle?: string; email?: string }): string {
  return createHash('sha256').update(identifierOf(login)).digest('hex');
}

/** The throttle's key for a log-in from one source address. */
export function sourceKey(login: { handle?: string; email?: string }, address: string): string {
  return createHash('sha256').update(`${identifierOf(login)}\nfrom:${address}`).digest('hex');
}

function identifierOf(login: { handle?: string; email?: string }): string {
  return login.email !== undefined ? `email:${normalizeEmail(login.email)}` : `handle:${(login.handle ?? '').toLowerCase()}`;
}

/** What the throttle keys an attempt by: the identifier, and the identifier from this address. */
export interface AttemptKeys {
  identifier: string;
  source: string;
}

export function attemptKeys(login: { handle?: string; email?: string }, address: string): AttemptKeys {
  return { identifier: loginKey(login), source: sourceKey(login, address) };
}

export class LoginThrottle {
  private lastSweep = 0;

  private readonly pool: pg.Pool;
  readonly policy: LoginThrottlePolicy;

  constructor(
    pool: pg.Pool,
    policy: LoginThrottlePolicy,
  ) {
    this.pool = pool;
    this.policy = policy;
  }

  get enabled(): boolean {
    return this.policy.failuresBeforeDelay > 0;
  }

  /** Counts the attempt as a failure until `succeeded` says otherwise; throws 429 while this source must wait. */
  async admit(keys: AttemptKeys): Promise<void> {
    if (!this.enabled) return;
    const verdict = await inTransaction(this.pool, async (client) => {
      // Every attempt on the identifier, from any source, one at a time: both counts stay exact.
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOGIN_THROTTLE_LOCK, keys.identifier]);
      const { rows } = await client.query<{ key: string; now: Date; failures: number | null; last_failure_at: Date | null; blocked_until: Date | null }>(
        `SELECT k.key, now() AS now, f.failures, f.last_failure_at, f.blocked_until
           FROM unnest($1::text[]) AS k(key) LEFT JOIN login_failures f ON f.key = k.key`,
        [[keys.source, keys.identifier]],
      );
      const record = (key: string): FailureRecord | undefined => {
        const row = rows.find((r) => r.key === key);
        return row?.failures == null ? undefined : { failures: row.failures, lastFailureAt: row.last_failure_at!, blockedUntil: row.blocked_until };
      };
      const judged = judgeAttempt(record(keys.source), rows[0]!.now, this.policy, record(keys.identifier));
      if (!judged.refused) {
        await client.query(
          `INSERT INTO login_failures (key, failures, last_failure_at, blocked_until)
           VALUES ($1, $2, $3, $4), ($5, $6, $7, NULL)
           ON CONFLICT (key) DO UPDATE SET failures = EXCLUDED.failures, last_failure_at = EXCLUDED.last_failure_at, blocked_until = EXCLUDED.blocked_until`,
          [keys.source, judged.record.failures, judged.record.lastFailureAt, judged.record.blockedUntil, keys.identifier, judged.everywhere.failures, judged.everywhere.lastFailureAt],
        );
      }
      return judged;
    });
    this.sweepNowAndThen();
    if (verdict.refused) throw refusal(verdict.locked, verdict.retryAfterSeconds);
  }

  /**
   * The password was right: this source's failures are forgotten, and the identifier's count from
   * every source. Other sources keep theirs: a guesser's address stays held back.
   */
  async succeeded(keys: AttemptKeys): Promise<void> {
    if (!this.enabled) return;
    await this.pool.query('DELETE FROM login_failures WHERE key = ANY($1)', [[keys.source, keys.identifier]]);
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
  // The same words whether or not an account has this handle or email. Only this source is held
  // back: log-in from another address is not refused.
  return locked
    ? new Refusal(
        'limited',
        'LOGIN_LOCKED',
        `Too many failed log-ins with this handle or email from your address: log-in with it from here is locked for ${retryAfterSeconds} s. The lock ends by itself; you may log in with your other identifier (email or handle) meanwhile.`,
        { retryAfterSeconds },
      )
    : new Refusal('limited', 'LOGIN_THROTTLED', `Too many failed log-ins with this handle or email from your address: wait ${retryAfterSeconds} s before the next attempt.`, {
        retryAfterSeconds,
      });
}
