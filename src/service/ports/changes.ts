// How the service hears every process's commits: a listener on a notification channel (Postgres
// LISTEN/NOTIFY in src/db/listener.ts). A port the service owns, so it names no database.

export interface ChannelSubscription {
  /** Starts listening; never throws: when the source is unreachable it keeps trying. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Calls `onPayload` with each notification's payload on `channel`, once started. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => ChannelSubscription;

/**
 * Which processes have readers waiting on a game (Postgres: `game_watchers`). A command's append
 * sends its notification only when a process other than the appending one watches the game, so
 * a move nobody elsewhere waits for wakes no other process.
 */
export interface Watchers {
  /** This process watches these games until `seconds` from now (inserted or renewed). */
  watch(processId: string, gameIds: readonly string[], seconds: number): Promise<void>;
  /** This process no longer watches these games (all of them when `gameIds` is absent). */
  unwatch(processId: string, gameIds?: readonly string[]): Promise<void>;
}
