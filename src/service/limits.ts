// How much of each resource one account may hold, so that no account can hurt the others. Each is
// an operator's setting (README, "Limits"); a request beyond one is refused with 429 and a code.

import type { ResourceLimits } from '../config/limits.ts';

export type { ResourceLimits } from '../config/limits.ts';

export const DEFAULT_RESOURCE_LIMITS: ResourceLimits = {
  streamsPerCaller: 16,
  openGamesPerAccount: 20,
  gamesPerDayPerAccount: 100,
  webhooksPerAccount: 20,
  webhooksPerGame: 10,
  tokensPerAccount: 50,
};
