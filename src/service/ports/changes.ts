// How the service hears every process's commits: a listener on a notification channel (Postgres
// LISTEN/NOTIFY in src/db/listener.ts). A port the service owns, so it names no database.

export interface ChannelSubscription {
  /** Starts listening; never throws: when the source is unreachable it keeps trying. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Calls `onPayload` with each notification's payload on `channel`, once started. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => ChannelSubscription;
