// How much of each resource one account may hold, so that no account can hurt the others. Each is
// an operator's setting (README, "Limits"); a request beyond one is refused with 429 and a code.

export interface ResourceLimits {
  /** Event streams and long-polls open at once, per account (per address without a token). */
  streamsPerCaller: number;
  /** Games an account created that still wait for players. */
  openGamesPerAccount: number;
  /** Games an account may create in 24 hours. */
  gamesPerDayPerAccount: number;
  /** Webhook subscriptions an account holds. */
  webhooksPerAccount: number;
  /** Per-game webhook subscriptions on one game, all accounts together. */
  webhooksPerGame: number;
  /** Personal access tokens an account holds, not revoked and not expired. */
  tokensPerAccount: number;
}

export const DEFAULT_RESOURCE_LIMITS: ResourceLimits = {
  streamsPerCaller: 16,
  openGamesPerAccount: 20,
  gamesPerDayPerAccount: 100,
  webhooksPerAccount: 20,
  webhooksPerGame: 10,
  tokensPerAccount: 50,
};
