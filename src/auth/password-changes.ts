// Changing a password: with the current one (PUT /v1/me/password), or with a reset link from an
// email (POST /v1/password-resets/confirm). Either way the new password is checked as at
// registration (passwords.ts), and every session of the account is logged out in the statement
// that stores it (session-revocations.ts): after a reset nobody who held a session keeps it; after
// a change the caller is handed a new session, so only the other devices are logged out.
//
// The reset link's token is random (src/notify/email/links.ts issues it when the email is sent);
// only its SHA-256 is stored. Used once, for RESET_TTL_MS; a reset uses up every reset link of the
// account. An unknown, used and expired link get one answer.

import { createHash } from 'node:crypto';
import { Refusal } from '../platform/refusal.ts';
import { hashPassword, verifyPassword, weakPasswordReason } from './passwords.ts';
import type { SessionRevocations } from './session-revocations.ts';

/** What a new password is stored through: a port of this file's, which the one writer of `accounts` implements (src/store/accounts.ts). */
export interface PasswordWrites {
  /** The handle and address of the account whose reset link `tokenHash` is, if it is unused and not expired at `at`. */
  resetHolder(tokenHash: string, at: Date): Promise<{ accountId: string; handle: string; email: string } | undefined>;
  /**
   * In one statement: uses the reset link (unused, not expired at `at`) and every other of its
   * account, stores `passwordHash`, raises the session generation and announces it on `channel`
   * (`a:<account id>|<generation>`). Undefined when the link does not work.
   */
  resetPassword(tokenHash: string, passwordHash: string, at: Date, channel: string): Promise<{ accountId: string; generation: number } | undefined>;
  /** The account's password hash, handle and email, to check the current password against. */
  passwordOf(accountId: string): Promise<{ handle: string; email: string; passwordHash: string } | undefined>;
  /** Stores `passwordHash` and raises the session generation, announced as resetPassword does. */
  setPassword(accountId: string, passwordHash: string, channel: string): Promise<{ accountId: string; generation: number } | undefined>;
}

export const hashOfLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const invalidLink = () =>
  new Refusal('not-found', 'RESET_LINK_INVALID', 'This reset link is unknown, used or expired. Ask for a new one (POST /v1/password-resets).');

export class PasswordChanges {
  private readonly writes: PasswordWrites;
  private readonly revocations: SessionRevocations;
  private readonly serviceWords: readonly string[];
  private readonly now: () => Date;

  constructor(
    writes: PasswordWrites,
    revocations: SessionRevocations,
    serviceWords: readonly string[],
    now: () => Date = () => new Date(),
  ) {
    this.writes = writes;
    this.revocations = revocations;
    this.serviceWords = serviceWords;
    this.now = now;
  }

  /** Sets the password of the reset link's account and logs out all its sessions; 404 RESET_LINK_INVALID when the link does not work. */
  async reset(token: string, password: string): Promise<{ accountId: string; generation: number }> {
    const hash = hashOfLinkToken(token);
    const holder = await this.writes.resetHolder(hash, this.now());
    if (!holder) throw invalidLink();
    await this.refuseWeak(password, holder);
    const passwordHash = await hashPassword(password);
    // Used between the read and here (a second tab): refused like a used link.
    const done = await this.revocations.revokeAllThrough((channel) => this.writes.resetPassword(hash, passwordHash, this.now(), channel));
    if (!done) throw invalidLink();
    return done;
  }

  /**
   * Changes the password when `current` is right, logging out every session; returns the new
   * generation, for the caller's new session. 403 WRONG_PASSWORD otherwise.
   */
  async change(accountId: string, current: string, next: string): Promise<number> {
    const account = await this.checkPassword(accountId, current);
    await this.refuseWeak(next, account);
    const passwordHash = await hashPassword(next);
    const done = await this.revocations.revokeAllThrough((channel) => this.writes.setPassword(accountId, passwordHash, channel));
    if (!done) throw gone();
    return done.generation;
  }

  /** The account when `password` is its password; 403 WRONG_PASSWORD otherwise. */
  async checkPassword(accountId: string, password: string): Promise<{ handle: string; email: string }> {
    const account = await this.writes.passwordOf(accountId);
    if (!account) throw gone();
    if (!(await verifyPassword(password, account.passwordHash))) throw new Refusal('forbidden', 'WRONG_PASSWORD', 'Your current password is not this one.');
    return account;
  }

  private async refuseWeak(password: string, account: { handle: string; email: string }): Promise<void> {
    const weak = await weakPasswordReason(password, account, this.serviceWords);
    if (weak) throw new Refusal('rule', 'WEAK_PASSWORD', weak);
  }
}

const gone = () => new Refusal('unauthenticated', 'INVALID_TOKEN', 'The token’s account does not exist.');
