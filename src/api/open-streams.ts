// Streams and long-polls open at once. Each holds a connection, a listener and the reads a command
// wakes, so nobody may hold them without bound: one count serves the game feeds (feeds.ts) and the
// chat streams (chat.ts), capped three ways, all counted in this process (each of several
// instances counts its own):
//
// - per caller (its account, or its address without a token): STREAMS_PER_ACCOUNT, then 429
//   TOO_MANY_STREAMS — the caller's own doing, which it can undo by closing one;
// - per address, whatever the accounts (many accounts from one machine): STREAMS_PER_ADDRESS,
//   then 503 TOO_MANY_STREAMS_FROM_ADDRESS;
// - per process: STREAMS_PER_PROCESS, then 503 STREAMS_AT_CAPACITY, so that streams cannot take
//   the memory and database reads every other request needs.
//
// The 503s say when to try again (`retry-after`). The address is the connection's peer: behind a
// reverse proxy that is the proxy's, for every client, so there the proxy must cap connections.

import type { FastifyRequest } from 'fastify';
import type { StreamLimits } from '../config/limits.ts';
import { ProblemError } from './problems.ts';

/** Seconds a refused client is asked to wait: streams end all the time, places come back quickly. */
const RETRY_AFTER_SECONDS = 5;

export type StreamCaps = Pick<StreamLimits, 'streamsPerAddress' | 'streamsPerProcess'> & { streamsPerCaller: number };

export class OpenStreams {
  private readonly byCaller = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private total = 0;
  private readonly caps: StreamCaps;

  constructor(caps: StreamCaps) {
    this.caps = caps;
  }

  /** Takes a place for the request's caller and address, or refuses (429 or 503); returns the release. */
  take(request: FastifyRequest): () => void {
    const caller = callerKey(request);
    const address = request.ip;
    const { streamsPerCaller, streamsPerAddress, streamsPerProcess } = this.caps;
    if ((this.byCaller.get(caller) ?? 0) >= streamsPerCaller)
      throw new ProblemError(429, 'TOO_MANY_STREAMS', `At most ${streamsPerCaller} event streams and long-polls may be open at once; close one first.`, {
        limit: streamsPerCaller,
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
    if ((this.byAddress.get(address) ?? 0) >= streamsPerAddress)
      throw new ProblemError(503, 'TOO_MANY_STREAMS_FROM_ADDRESS', `At most ${streamsPerAddress} event streams and long-polls may be open at once from one address; retry later.`, {
        limit: streamsPerAddress,
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
    if (this.total >= streamsPerProcess)
      throw new ProblemError(503, 'STREAMS_AT_CAPACITY', 'The service holds as many event streams and long-polls as it can; retry later.', {
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
    add(this.byCaller, caller, 1);
    add(this.byAddress, address, 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      add(this.byCaller, caller, -1);
      add(this.byAddress, address, -1);
      this.total -= 1;
    };
  }

  /** Streams and long-polls open now (for tests and operators). */
  get open(): number {
    return this.total;
  }
}

function add(counts: Map<string, number>, key: string, by: number): void {
  const now = (counts.get(key) ?? 0) + by;
  if (now <= 0) counts.delete(key);
  else counts.set(key, now);
}

/** Whose place a request takes: its account, or its address without a token. */
const callerKey = (request: FastifyRequest): string => (request.caller ? `account:${request.caller.accountId}` : `ip:${request.ip}`);

/** The stream routes' refusals for too many streams, for their documented responses. */
export const STREAM_REFUSALS = {
  429: 'Too many streams open at once for you (`TOO_MANY_STREAMS`, with `retry-after`), or too many requests (`RATE_LIMITED`).',
  503: 'Too many streams open at once from your address (`TOO_MANY_STREAMS_FROM_ADDRESS`) or in the service (`STREAMS_AT_CAPACITY`); both with `retry-after`.',
} as const;
