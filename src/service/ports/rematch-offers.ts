// Rematch offers on ended games (../rematch.ts): a port the service owns; the Postgres store
// (src/store/rematch-offers.ts) implements it.

/** An offer as stored. Seats are the ended game's. */
export interface StoredRematch {
  gameId: string;
  offeredBy: number;
  accepted: number[];
  declined: number[];
  /** The rematch, once every seat has accepted. */
  newGameId: string | null;
  createdAt: Date;
}

export interface RematchOffers {
  /** The game's offer; null when none was made. */
  read(gameId: string): Promise<StoredRematch | null>;
  /**
   * Runs `work` on the game's offer (null: none yet) holding it, one at a time however many
   * processes answer it at once, and stores what `work` returns to save (null: nothing). `work`
   * may throw: nothing is stored.
   */
  change<T>(gameId: string, work: (stored: StoredRematch | null) => Promise<{ save: StoredRematch | null; answer: T }>): Promise<T>;
}
