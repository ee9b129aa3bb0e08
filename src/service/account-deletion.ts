// Deleting an account (DELETE /v1/me). The games it played stay whole for the other players: the
// row stays, so its seats, commands, chat messages and rating changes still point at it, and the
// logs replay and verify as before (nothing in a log names an account). What is personal is
// erased and the handle becomes `deleted player`, which every surface that shows a seat, an
// author or an opponent then shows. In a game still being played its seats are handed to the
// game's default bot, so nobody waits for a player who is gone; in a game not yet started its seat
// is freed. docs/security.md says what is kept and why.

import { botsOf } from '../platform/bots.ts';
import type { AccountErasure } from './ports/account-erasure.ts';
import type { GameRegistry } from './registry.ts';

/** The handle every deleted account shows (a space: no handle a person can choose has one). */
export const DELETED_HANDLE = 'deleted player';

export class AccountDeletion {
  /** Each game's default bot, by module: what a deleted player's seats are handed to. */
  private readonly bots: ReadonlyMap<string, string>;

  private readonly erasure: AccountErasure;
  private readonly kick: (gameId: string) => void;

  constructor(
    erasure: AccountErasure,
    registry: GameRegistry,
    /** Lets the bots of a game play now (the service's `bots.kick`). */
    kick: (gameId: string) => void,
  ) {
    this.erasure = erasure;
    this.kick = kick;
    this.bots = new Map([...registry.values()].map((module) => [module.id, botsOf(module).default]));
  }

  /**
   * Erases the account (see the top of this file), announcing the end of its sessions on
   * `channel`; undefined when there is no such account. The bots of the games handed over start
   * at once, rather than at their next sweep.
   */
  async erase(accountId: string, channel: string): Promise<{ accountId: string; generation: number } | undefined> {
    const erased = await this.erasure.erase(accountId, this.bots, channel);
    if (!erased) return undefined;
    for (const gameId of erased.handedOver) this.kick(gameId);
    return { accountId: erased.accountId, generation: erased.generation };
  }
}
