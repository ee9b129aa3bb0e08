// The layout of `games.options`: what the platform stores with a game when it is created. Read by
// the service (lobby, deadlines, bots, views) and by notifications, so it lives with the store.

import type { Clocks } from '../clock/clocks.ts';

/**
 * Provably fair shuffles: the game's generator key, its commitment (published from creation) and
 * whether a client chose the seed it derives from. The key is shown only once the game is over.
 * Absent for games stored before keyed generators.
 */
export interface Fairness {
  key: string;
  commitment: string;
  seeded: boolean;
}

/** What the platform stores in `games.options`. `setup` and `fairness.key` are secret while the game runs. */
export interface StoredOptions {
  setup: unknown;
  /** The options as the client sent them, without the seed: safe to show. */
  public: Record<string, unknown>;
  fairness?: Fairness;
  bots: boolean[];
  /**
   * Which bot plays each bot seat (a name from the game's bots, e.g. `heuristic`), null for a
   * player's seat. Absent for games created before seats chose their bot: their bots were random
   * and stay so (src/platform/bots.ts, `botFor`).
   */
  botKinds?: (string | null)[];
  createdBy: string;
  /** Durations per situation, in milliseconds, from the `clock` option. */
  clocks: Clocks;
}
