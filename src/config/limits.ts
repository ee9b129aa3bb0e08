// The shapes and defaults of the limits the environment sets: connection limits (enforced by
// src/api/limits.ts) and resource limits per account (enforced by the service). Here, so that
// src/config/config.ts reads them without importing the layers that enforce them.

export interface ConnectionLimits {
  /** Largest request body, in bytes (BODY_LIMIT_BYTES). */
  bodyLimitBytes: number;
  /** Longest time to receive a whole request, headers and body (REQUEST_TIMEOUT_MS); 408 after it. */
  requestTimeoutMs: number;
  /** Longest request target, path and query (MAX_URL_LENGTH); 414 beyond it. */
  maxUrlLength: number;
}

/** The defaults, when the environment does not set them; config.ts and buildApp() both start from these. */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { bodyLimitBytes: 65_536, requestTimeoutMs: 30_000, maxUrlLength: 4_096 };

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

/** Limits on the streams and long-polls the service holds open (src/api/open-streams.ts, src/api/event-stream.ts). */
export interface StreamLimits {
  /** Event streams and long-polls open at once from one address, whatever the accounts (STREAMS_PER_ADDRESS); 503 beyond it. */
  streamsPerAddress: number;
  /** Event streams and long-polls this process holds open at once (STREAMS_PER_PROCESS); 503 beyond it. */
  streamsPerProcess: number;
  /** Bytes a stream may hold unsent for a slow reader (STREAM_BUFFER_BYTES); beyond it the stream ends and the client resumes with Last-Event-ID. */
  streamBufferBytes: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  streamsPerAddress: 64,
  streamsPerProcess: 500,
  streamBufferBytes: 262_144,
};
