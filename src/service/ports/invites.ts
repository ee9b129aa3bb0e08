// Invitations to private games, as the service reads and writes them (src/service/invites.ts):
// a port the service owns; src/store/invite-records.ts implements it over Postgres and
// src/store/memory-records.ts in memory. Only a token's hash is ever handed to a store.

export interface InviteRecord {
  id: string;
  gameId: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface InviteRecords {
  /**
   * Stores a new invitation unless the game already has `cap` live ones (not revoked, expiring
   * after `now`), counted under a lock that other creations for the game wait for. Null when at
   * the cap.
   */
  create(input: { gameId: string; createdBy: string; tokenHash: string; expiresAt: Date }, cap: number, now: Date): Promise<InviteRecord | null>;
  /** The invitation whose token hashes to `tokenHash`; null when none does. */
  byHash(tokenHash: string): Promise<InviteRecord | null>;
  /** The game's live invitations (not revoked, expiring after `now`), oldest first. */
  live(gameId: string, now: Date): Promise<InviteRecord[]>;
  /** Revokes the game's invitation `id` at `at` (once: a revoked one keeps its first time); null when the game has no such invitation. */
  revoke(gameId: string, id: string, at: Date): Promise<InviteRecord | null>;
}
