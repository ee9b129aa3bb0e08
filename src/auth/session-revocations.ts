// Logged-out session tokens, refused without giving up stateless verification: a session token
// is still checked by signature and claims alone, plus two lookups in memory.
//
// - Log out (one session): its `jti` goes into `revoked_sessions` until the token would have
//   expired anyway. The table holds only sessions logged out in the last SESSION_TTL_SECONDS.
// - Log out everywhere: the account's `session_generation` goes up by one. Every session token
//   carries the generation it was issued in (claim `gen`); one below the account's current
//   generation is refused. A counter rather than a "valid after" time: comparing a token's `iat`
//   (whole seconds, from the issuing process's clock) with a time from another clock would refuse
//   a session made in the same second just after, or keep one made just before.
//
// Every process keeps both in memory: loaded when it starts listening, and kept current by a
// Postgres NOTIFY sent with each revocation (delivered at commit to every process that LISTENs,
// this one included). The revoking process applies its own revocation at once, so the very next
// request is refused here; others within the NOTIFY's delivery, milliseconds. Only accounts that
// logged out everywhere in the last SESSION_TTL_SECONDS are remembered: older sessions of theirs
// have expired anyway. When the listening connection is lost, the process reconnects and reloads
// everything, so a revocation made meanwhile is applied once it is back.
//
// Personal access tokens are not affected: each has its own row, read on every request, and its
// own revoke (DELETE /v1/me/tokens/{id}). Their revocations are still announced on the same
// channel (`p:<id>`), so that an open stream in any process ends with its token
// (credential-watch.ts); the row stays the authority, read again before each delivery.
//
// Whoever holds something open under a token (a stream, a long-poll) hears every revocation
// applied here, its own process's or another's, through `onRevoked`.

import type pg from 'pg';
import { ChannelListener } from '../db/listener.ts';

export const REVOCATIONS_CHANNEL = 'session_revocations';
/** Covers tokens issued by a process whose clock is a little ahead, as keys.ts's SKEW_SECONDS. */
const SKEW_MS = 60_000;
/** Expired entries leave memory at least this often. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Raising an account's session generation: a port of this file's, which the one writer of
 * `accounts` implements (src/store/accounts.ts).
 */
export interface SessionGenerations {
  /**
   * Raises the account's generation (and stamps when), and in the same statement sends
   * `prefix` followed by the new generation on `channel`; undefined when there is no such account.
   */
  raiseSessionGeneration(accountId: string, announce: { channel: string; prefix: string }): Promise<number | undefined>;
}

export interface SessionClaims {
  accountId: string;
  jti: string;
  /** The `gen` claim. */
  generation: number;
}

/** What was revoked: one session (`jti`), every session of an account, or one personal access token. */
export type Revoked =
  | { kind: 'session'; jti: string }
  | { kind: 'account'; accountId: string }
  | { kind: 'pat'; id: string }
  /** Listening again after a lost connection: anything may have been revoked meanwhile, unheard. */
  | { kind: 'reloaded' };

export class SessionRevocations {
  private readonly listeners = new Set<(revoked: Revoked) => void>();
  /** jti → when the token expires (ms): after that it is refused anyway. */
  private readonly revoked = new Map<string, number>();
  /** account id → its current generation, and until when (ms) a token of an older one may still be alive. */
  private readonly generations = new Map<string, { generation: number; until: number }>();
  /** Listening first, then loading, at every (re)connection: a revocation committed in between is both loaded and heard. */
  private readonly listener: ChannelListener;
  private pruner: NodeJS.Timeout | undefined;

  private readonly pool: pg.Pool;
  private readonly sessionTtlSeconds: number;
  private readonly raised: SessionGenerations;

  constructor(
    pool: pg.Pool,
    sessionTtlSeconds: number,
    raised: SessionGenerations,
  ) {
    this.pool = pool;
    this.sessionTtlSeconds = sessionTtlSeconds;
    this.raised = raised;
    this.listener = new ChannelListener(pool, REVOCATIONS_CHANNEL, (payload) => this.onNotification(payload), () => this.load());
  }

  /** Why the session is refused, or undefined when it is not revoked. */
  check(session: SessionClaims, now = Date.now()): string | undefined {
    const until = this.revoked.get(session.jti);
    if (until !== undefined && until > now) return 'The session has been logged out.';
    const current = this.generations.get(session.accountId);
    if (current && current.until > now && session.generation < current.generation) return 'Every session of this account has been logged out.';
    return undefined;
  }

  /** Logs out one session; refused here from now on, in other processes as soon as they are told. */
  async revokeSession(accountId: string, jti: string, expiresAt: Date): Promise<void> {
    await this.pool.query(
      `WITH revoked AS (
         INSERT INTO revoked_sessions (jti, account_id, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (jti) DO UPDATE SET expires_at = excluded.expires_at
         RETURNING jti)
       SELECT pg_notify($4, 's:' || (extract(epoch FROM $3::timestamptz) * 1000)::bigint || '|' || jti) FROM revoked`,
      [jti, accountId, expiresAt, REVOCATIONS_CHANNEL],
    );
    this.applySession(jti, expiresAt.getTime());
    // Logged-out sessions past their expiry are refused by their signature anyway.
    await this.pool.query(`DELETE FROM revoked_sessions WHERE expires_at < now() - interval '1 minute'`);
  }

  /** Logs out every session of the account (personal access tokens stay); returns the new generation. */
  async revokeAll(accountId: string): Promise<number> {
    const generation = await this.raised.raiseSessionGeneration(accountId, { channel: REVOCATIONS_CHANNEL, prefix: `a:${accountId}|` });
    if (generation === undefined) return 0;
    this.applyGeneration(accountId, generation, Date.now());
    return generation;
  }

  /**
   * Logs out every session of an account through `write`: one statement of the caller's that
   * raises the account's generation beside what else it changes (a new password), announcing it
   * on `channel` as `a:<account id>|<generation>`, as revokeAll does. Applied here at once.
   */
  async revokeAllThrough<T extends { accountId: string; generation: number }>(write: (channel: string) => Promise<T | undefined>): Promise<T | undefined> {
    const written = await write(REVOCATIONS_CHANNEL);
    if (written) this.applyGeneration(written.accountId, written.generation, Date.now());
    return written;
  }

  /**
   * Announces that a personal access token was revoked (its row already says so): other
   * processes end the streams it holds open. After the commit, not in it, so a lost announcement
   * leaves the row to refuse the token before the stream's next delivery.
   */
  async announcePersonalTokenRevoked(id: string): Promise<void> {
    this.tell({ kind: 'pat', id });
    await this.pool.query('SELECT pg_notify($1, $2)', [REVOCATIONS_CHANNEL, `p:${id}`]);
  }

  /** Calls `listener` with every revocation applied here from now on; returns the unsubscribe. */
  onRevoked(listener: (revoked: Revoked) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts listening and loads what is revoked; returns once the first attempt is done (keeps retrying in the background if it failed). */
  async start(): Promise<void> {
    this.pruner = setInterval(() => this.prune(), PRUNE_EVERY_MS);
    this.pruner.unref();
    await this.listener.start();
  }

  async stop(): Promise<void> {
    clearInterval(this.pruner);
    await this.listener.stop();
  }

  private async load(): Promise<void> {
    const sessions = await this.pool.query<{ jti: string; expires_at: Date }>('SELECT jti, expires_at FROM revoked_sessions WHERE expires_at > now()');
    for (const row of sessions.rows) this.applySession(row.jti, row.expires_at.getTime());
    const accounts = await this.pool.query<{ id: string; generation: number; revoked_at: Date }>(
      `SELECT id, session_generation AS generation, sessions_revoked_at AS revoked_at FROM accounts
        WHERE sessions_revoked_at > now() - make_interval(secs => $1)`,
      [this.sessionTtlSeconds + SKEW_MS / 1000],
    );
    for (const row of accounts.rows) this.applyGeneration(row.id, row.generation, row.revoked_at.getTime());
    this.tell({ kind: 'reloaded' });
  }

  /** `s:<expiry, ms since the epoch>|<jti>`, `a:<account id>|<generation>` or `p:<access token id>`; anything else is ignored. */
  private onNotification(payload: string): void {
    const [kind, rest] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 'p:') {
      if (rest !== '') this.tell({ kind: 'pat', id: rest });
      return;
    }
    const bar = rest.indexOf('|');
    if (bar < 0) return;
    const [head, tail] = [rest.slice(0, bar), rest.slice(bar + 1)];
    if (kind === 's:') {
      const expiresAt = Number(head);
      if (Number.isSafeInteger(expiresAt) && tail !== '') this.applySession(tail, expiresAt);
    } else if (kind === 'a:') {
      const generation = Number(tail);
      if (Number.isInteger(generation)) this.applyGeneration(head, generation, Date.now());
    }
  }

  private applySession(jti: string, expiresAtMs: number): void {
    const known = this.revoked.get(jti);
    this.revoked.set(jti, expiresAtMs);
    if (known === undefined) this.tell({ kind: 'session', jti });
  }

  private applyGeneration(accountId: string, generation: number, revokedAtMs: number): void {
    const known = this.generations.get(accountId);
    // Notifications and a reload may arrive in any order: a generation never goes back.
    if (known && known.generation >= generation) return;
    this.generations.set(accountId, { generation, until: revokedAtMs + this.sessionTtlSeconds * 1000 + SKEW_MS });
    this.tell({ kind: 'account', accountId });
  }

  /** A listener that throws must not stop the others, nor the notification's handling. */
  private tell(revoked: Revoked): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(revoked);
      } catch {
        // the listener's own business
      }
    }
  }

  private prune(now = Date.now()): void {
    for (const [jti, until] of this.revoked) if (until <= now) this.revoked.delete(jti);
    for (const [accountId, entry] of this.generations) if (entry.until <= now) this.generations.delete(accountId);
  }
}
