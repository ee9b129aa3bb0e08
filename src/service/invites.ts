// Invitations to private games. A private game is listed nowhere and shows nothing to anyone not
// seated (views.ts); its creator hands out invite links instead. A link carries a random token of
// 256 bits (base64url); only its SHA-256 is stored (as the email links' tokens, src/notify/email/
// links.ts), so the table alone opens no game. The creator revokes a link; every link expires.

import { createHash, randomBytes } from 'node:crypto';
import type { GameRecords } from './ports/game-records.ts';
import type { InviteRecord, InviteRecords } from './ports/invites.ts';
import type { StoredOptions } from './ports/records.ts';
import { Refusal, notFound } from '../platform/refusal.ts';

/** Random bytes in a token: 256 bits, well above the 128 an unguessable link needs. */
export const INVITE_TOKEN_BYTES = 32;
/** A token as it travels: base64url without padding, 43 characters for 32 bytes. */
export const INVITE_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';
const TOKEN = new RegExp(INVITE_TOKEN_PATTERN);

export interface InviteSettings {
  /** Live invitations (not revoked, not expired) one game may have at once. */
  perGame: number;
  /** A link's lifetime when its creator chooses none, in seconds. */
  defaultTtlSeconds: number;
  /** The shortest and the longest lifetime a creator may choose, in seconds. */
  minTtlSeconds: number;
  maxTtlSeconds: number;
}

export const DEFAULT_INVITE_SETTINGS: InviteSettings = {
  perGame: 10,
  defaultTtlSeconds: 7 * 86_400,
  minTtlSeconds: 60,
  maxTtlSeconds: 30 * 86_400,
};

export const inviteTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export class Invites {
  private readonly games: GameRecords;
  private readonly records: InviteRecords;
  private readonly now: () => Date;
  readonly settings: InviteSettings;

  constructor(
    games: GameRecords,
    records: InviteRecords,
    now: () => Date,
    settings: InviteSettings = DEFAULT_INVITE_SETTINGS,
  ) {
    this.games = games;
    this.records = records;
    this.now = now;
    this.settings = settings;
  }

  /** A new invite link's token (shown once: only its hash is kept) for the creator of a private game that still has free seats. */
  async create(gameId: string, callerId: string, ttlSeconds?: number): Promise<{ invite: InviteRecord; token: string }> {
    await this.creatorsGame(gameId, callerId, true);
    const ttl = ttlSeconds ?? this.settings.defaultTtlSeconds;
    if (!Number.isInteger(ttl) || ttl < this.settings.minTtlSeconds || ttl > this.settings.maxTtlSeconds)
      throw new Refusal('invalid', 'INVALID_TTL', `An invitation lasts ${this.settings.minTtlSeconds} to ${this.settings.maxTtlSeconds} seconds.`, {
        minTtlSeconds: this.settings.minTtlSeconds,
        maxTtlSeconds: this.settings.maxTtlSeconds,
      });
    const token = randomBytes(INVITE_TOKEN_BYTES).toString('base64url');
    const now = this.now();
    const invite = await this.records.create({ gameId, createdBy: callerId, tokenHash: inviteTokenHash(token), expiresAt: new Date(now.getTime() + ttl * 1000) }, this.settings.perGame, now);
    if (!invite)
      throw new Refusal('limited', 'INVITE_LIMIT_REACHED', `This game has ${this.settings.perGame} live invitations, the most allowed: revoke one first.`, {
        limit: this.settings.perGame,
      });
    return { invite, token };
  }

  /** The game's live invitations (their ids and lifetimes; never a token), for its creator. */
  async live(gameId: string, callerId: string): Promise<InviteRecord[]> {
    await this.creatorsGame(gameId, callerId, false);
    return this.records.live(gameId, this.now());
  }

  /** Revokes one of the game's invitations: its link opens nothing from now on. */
  async revoke(gameId: string, inviteId: string, callerId: string): Promise<InviteRecord> {
    await this.creatorsGame(gameId, callerId, false);
    const revoked = await this.records.revoke(gameId, inviteId, this.now());
    if (!revoked) throw new Refusal('not-found', 'NOT_FOUND', `Game ${gameId} has no invitation ${inviteId}.`);
    return revoked;
  }

  /**
   * The invitation a token stands for, if it still opens its game: 404 `INVITE_NOT_FOUND` for a
   * token never issued (or malformed), 410 `INVITE_REVOKED` or `INVITE_EXPIRED` for one that no
   * longer works.
   */
  async resolve(token: string): Promise<InviteRecord> {
    const invite = TOKEN.test(token) ? await this.records.byHash(inviteTokenHash(token)) : null;
    if (!invite) throw new Refusal('not-found', 'INVITE_NOT_FOUND', 'There is no such invitation.');
    if (invite.revokedAt) throw new Refusal('gone', 'INVITE_REVOKED', 'This invitation was revoked by the game’s creator.');
    if (invite.expiresAt.getTime() <= this.now().getTime())
      throw new Refusal('gone', 'INVITE_EXPIRED', `This invitation expired at ${invite.expiresAt.toISOString()}.`, { expiredAt: invite.expiresAt.toISOString() });
    return invite;
  }

  /**
   * The game, when the caller created it: a private game is absent (404) to anyone else not seated
   * in it, a public one refuses them (403). `inviting`: a new link, for a private game with free seats.
   */
  private async creatorsGame(gameId: string, callerId: string, inviting: boolean): Promise<void> {
    const found = await this.games.read(gameId);
    if (!found) throw notFound(`Game ${gameId}`);
    const options = found.game.options as unknown as StoredOptions;
    if (options.createdBy !== callerId) {
      if (options.private && !found.seats.some((s) => s.accountId === callerId)) throw notFound(`Game ${gameId}`);
      throw new Refusal('forbidden', 'NOT_CREATOR', 'Only the game’s creator manages its invitations.');
    }
    if (!inviting) return;
    if (!options.private) throw new Refusal('conflict', 'GAME_NOT_PRIVATE', 'This game is public: share its page’s link.');
    if (found.game.status !== 'open')
      throw new Refusal('conflict', 'GAME_NOT_OPEN', 'Every seat of this game is taken: there is nothing left to invite to.', { gameStatus: found.game.status });
  }
}
