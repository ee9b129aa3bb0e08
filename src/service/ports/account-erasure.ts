// Deleting an account: a port the service owns (./../account-deletion.ts), which the one writer of
// `accounts` implements (src/store/accounts.ts), so the erasure is one transaction.

export interface AccountErasure {
  /**
   * In one transaction: hands each of the account's seats in an active game to a bot (`bots`: the
   * kind for each game module, its default), frees its seats in games not yet started, deletes what
   * is personal and only its (access tokens, push subscriptions, webhooks, email links and
   * digests, mutes, ratings), and turns the row into a deleted player's (no email, no password,
   * no preferences, handle `deleted player`), raising its session generation, announced on
   * `channel` as `a:<account id>|<generation>` (and each access token deleted as `p:<id>`).
   * Undefined when there is no such account, or it is deleted already.
   */
  erase(accountId: string, bots: ReadonlyMap<string, string>, channel: string): Promise<{ accountId: string; generation: number; handedOver: string[] } | undefined>;
}
