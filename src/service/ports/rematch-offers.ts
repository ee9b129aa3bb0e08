// Rematch offers on ended games (../rematch.ts): a port the service owns; the Postgres store
// (src/store/rematch-offers.ts) implements it. Writes compare the offer's version, so no
// transaction is held while a rematch is created (that takes connections of its own).

/** An offer as stored. Seats are the ended game's. */
export interface StoredRematch {
  offeredBy: number;
  accepted: number[];
  declined: number[];
  /** The rematch, once every seat has accepted. */
  newGameId: string | null;
  /** Set by the answer that starts the rematch, while it creates it. */
  startingAt: Date | null;
  createdAt: Date;
  /** Raised by every write. */
  version: number;
}

export type RematchChange = Omit<StoredRematch, 'newGameId' | 'version'>;

export interface RematchOffers {
  /** The game's offer; null when none was made. */
  read(gameId: string): Promise<StoredRematch | null>;
  /** Stores `next` if the offer is still at `version` (null: there is none yet); null when it moved meanwhile. */
  write(gameId: string, version: number | null, next: RematchChange): Promise<StoredRematch | null>;
  /** The rematch has started as `newGameId`. */
  started(gameId: string, newGameId: string): Promise<StoredRematch>;
  /** Starting the rematch failed: the next answer may try again. */
  notStarting(gameId: string): Promise<void>;
}
