// Authentication as the routes use it: register, log in, personal access tokens, the caller of a
// bearer token. The pieces it joins: accounts.ts (rows), passwords.ts, keys.ts, tokens.ts.

import type pg from 'pg';
import type { PrismaClient } from '../db/prisma.ts';
import { OneAtATime } from '../platform/one-at-a-time.ts';
import { Refusal } from '../platform/refusal.ts';
import { Accounts, type AccessToken, type Account, type AccountRegistration } from './accounts.ts';
import type { Caller } from './caller.ts';
import type { KeySealer } from './key-encryption.ts';
import { KeyStore } from './keys.ts';
import { attemptKeys, LoginThrottle, type LoginThrottlePolicy } from './login-throttle.ts';
import { PasswordChanges, type PasswordWrites } from './password-changes.ts';
import { serviceWords, weakPasswordReason } from './passwords.ts';
import { SessionRevocations, type SessionGenerations } from './session-revocations.ts';
import { sqlTokenRows, TokenService, type TokenSettings } from './tokens.ts';

export interface Session {
  token: string;
  expiresAt: Date;
}

export interface AuthServiceOptions {
  /** Personal access tokens an account may hold, not revoked and not expired (TOKENS_PER_ACCOUNT). */
  tokensPerAccount?: number;
  /** The per-account log-in throttle (LOGIN_FAILURES_BEFORE_DELAY …); omitted, none. */
  loginThrottle?: LoginThrottlePolicy;
  /** SIGNING_KEY_SECRET; omitted, signing keys are stored plain. */
  keySealer?: KeySealer;
  /** The names of the service and of the games it hosts: a password built on them is easy to guess. */
  serviceNames?: readonly string[];
}

export class AuthService {
  readonly accounts: Accounts;
  readonly keys: KeyStore;
  readonly tokens: TokenService;
  readonly loginThrottle: LoginThrottle;
  /** Logged-out sessions; `start()` it (the app does, when ready) so that other processes' log-outs apply here. */
  readonly revocations: SessionRevocations;
  /** Changing a password, with the current one or a reset link (password-changes.ts). */
  readonly passwords: PasswordChanges;
  private readonly tokensPerAccount: number;
  /** Token creations per account, one at a time in this process (src/platform/one-at-a-time.ts). */
  private readonly serial = new OneAtATime();
  private readonly serviceWords: readonly string[];

  /**
   * Accounts and personal access tokens go through `prisma`; keys, log-outs, the log-in throttle
   * and the PAT row read on every request (raw SQL: Prisma measured slower, docs/operations.md)
   * through `pool`. The account row itself is written by the one writer of `accounts`
   * (src/store/accounts.ts), handed in as `accountRows`.
   */
  constructor(pool: pg.Pool, prisma: PrismaClient, accountRows: AccountRegistration & SessionGenerations & PasswordWrites, settings: TokenSettings, options: AuthServiceOptions = {}) {
    this.tokensPerAccount = options.tokensPerAccount ?? 50;
    this.serviceWords = serviceWords(options.serviceNames ?? []);
    this.accounts = new Accounts(prisma, accountRows);
    this.keys = new KeyStore(pool, { sessionTtlSeconds: settings.sessionTtlSeconds }, options.keySealer);
    this.revocations = new SessionRevocations(pool, settings.sessionTtlSeconds, accountRows);
    this.tokens = new TokenService(sqlTokenRows(pool), this.keys, settings, this.revocations);
    this.passwords = new PasswordChanges(accountRows, this.revocations, this.serviceWords);
    this.loginThrottle = new LoginThrottle(pool, options.loginThrottle ?? { failuresBeforeDelay: 0, delaySeconds: 1, failuresBeforeLock: 1, lockMinutes: 1 });
  }

  /** `addressOwner`: the verified account that holds the email already, to be told instead of verifying it (accounts.ts). */
  async register(input: { handle: string; email: string; password: string }): Promise<{ account: Account; session: Session; addressOwner: string | undefined }> {
    const weak = await weakPasswordReason(input.password, input, this.serviceWords);
    if (weak) throw new Refusal('rule', 'WEAK_PASSWORD', weak);
    const { account, addressOwner } = await this.accounts.register(input);
    return { account, session: await this.tokens.issueSession(account), addressOwner };
  }

  /**
   * The same answer, in about the same time, for an unknown account and a wrong password; after
   * too many failures with one handle or email from `address` (the request's source), 429 before
   * any password is checked (login-throttle.ts).
   */
  async logIn(login: { handle?: string; email?: string }, password: string, address: string): Promise<Session> {
    const keys = attemptKeys(login, address);
    await this.loginThrottle.admit(keys);
    const account = await this.accounts.authenticate(login, password);
    if (!account) throw new Refusal('unauthenticated', 'INVALID_CREDENTIALS', 'No account matches this handle or email and password.');
    await this.loginThrottle.succeeded(keys);
    return this.tokens.issueSession(account);
  }

  /** Logs out the session token the caller sent: refused from the next request on. */
  async logOut(caller: Caller): Promise<void> {
    const session = sessionOf(caller, 'Log out a session token (the one you log in with); revoke a personal access token with DELETE /v1/me/tokens/{id}.');
    await this.revocations.revokeSession(caller.accountId, session.id, session.expiresAt);
  }

  /** Logs out every session token of the caller's account, the one sent included; personal access tokens stay. */
  async logOutEverywhere(caller: Caller): Promise<void> {
    sessionOf(caller, 'Log out everywhere with a session token (POST /v1/sessions), not with a personal access token.');
    await this.revocations.revokeAll(caller.accountId);
  }

  /**
   * A new password for the caller, who knows the current one: every session is logged out, and
   * the caller gets a new one, so only the other devices must log in again. Session tokens only:
   * a leaked personal access token must not lock its owner out.
   */
  async changePassword(caller: Caller, current: string, next: string): Promise<Session> {
    sessionOf(caller, 'Change your password with a session token (POST /v1/sessions), not with a personal access token.');
    const generation = await this.passwords.change(caller.accountId, current, next);
    return this.tokens.issueSession({ id: caller.accountId, handle: caller.handle, sessionGeneration: generation });
  }

  /** Refused 403 (WRONG_PASSWORD, or SESSION_REQUIRED for a personal access token) unless the caller's password is `password`. */
  async confirmPassword(caller: Caller, password: string): Promise<void> {
    sessionOf(caller, 'Change your email address with a session token (POST /v1/sessions), not with a personal access token.');
    await this.passwords.checkPassword(caller.accountId, password);
  }

  /**
   * Deletes the caller's account when `password` is its password (403 WRONG_PASSWORD; a session
   * token only, 403 SESSION_REQUIRED, so a leaked personal access token cannot delete it): `erase`
   * is the one statement that erases it and raises its session generation, announced on the
   * channel it is given, so every session ends here at once and elsewhere at the announcement.
   */
  async deleteAccount(caller: Caller, password: string, erase: (channel: string) => Promise<{ accountId: string; generation: number } | undefined>): Promise<void> {
    sessionOf(caller, 'Delete your account with a session token (POST /v1/sessions), not with a personal access token.');
    await this.passwords.checkPassword(caller.accountId, password);
    const erased = await this.revocations.revokeAllThrough(erase);
    if (!erased) throw new Refusal('unauthenticated', 'INVALID_TOKEN', 'The token’s account does not exist.');
  }

  /** The caller's account; a valid token for an account that no longer exists is refused. */
  async me(caller: Caller): Promise<Account> {
    const account = await this.accounts.find(caller.accountId);
    if (!account) throw new Refusal('unauthenticated', 'INVALID_TOKEN', 'The token’s account does not exist.');
    return account;
  }

  /**
   * A new PAT: only with a session token (from a password log-in), so a leaked PAT cannot mint
   * others that would survive its revocation.
   */
  async createPersonalToken(caller: Caller, input: { name: string; expiresInDays?: number }): Promise<{ accessToken: AccessToken; token: string }> {
    if (caller.tokenKind !== 'session') {
      throw new Refusal('forbidden', 'SESSION_REQUIRED', 'Create personal access tokens with a session token (POST /v1/sessions), not with a personal access token.');
    }
    // Before the transaction: inside it, signing must not wait for anything the pool gives.
    const key = await this.tokens.signingKey();
    // One at a time per account: each waits for the account's row lock holding a pooled connection.
    const created = await this.serial.run(caller.accountId, () =>
      this.accounts.createAccessToken(
        caller.accountId,
        input,
        (row) => this.tokens.issuePersonal({ id: caller.accountId, handle: caller.handle }, row, key),
        this.tokensPerAccount,
      ),
    );
    if (created === 'limit')
      throw new Refusal('limited', 'TOKEN_LIMIT_REACHED', `You hold ${this.tokensPerAccount} personal access tokens, the most allowed: revoke one first.`, {
        limit: this.tokensPerAccount,
      });
    return { accessToken: created.accessToken, token: created.signed };
  }

  /** Revokes at once (tokens.ts reads the row on every request); 404 for a token of another account. */
  async revokePersonalToken(caller: Caller, id: string): Promise<void> {
    if (!(await this.accounts.revokeAccessToken(caller.accountId, id))) {
      throw new Refusal('not-found', 'TOKEN_NOT_FOUND', 'You have no personal access token with this id.');
    }
    // Streams open with it, in every process, end now (credential-watch.ts).
    await this.revocations.announcePersonalTokenRevoked(id);
    // A retired signing key kept only for this PAT can now expire.
    await this.keys.settle();
  }
}

/**
 * The caller's session; 403 SESSION_REQUIRED for a personal access token: a leaked one must not
 * log its owner out of everything, and logging one "out" would mean revoking it, which has its route.
 */
function sessionOf(caller: Caller, detail: string): { id: string; expiresAt: Date } {
  if (caller.tokenKind !== 'session' || !caller.session) throw new Refusal('forbidden', 'SESSION_REQUIRED', detail);
  return caller.session;
}
