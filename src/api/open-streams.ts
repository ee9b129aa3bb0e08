// Streams and long-polls open at once, per caller (account, or address without a token): each
// holds a connection and a listener, so one caller may not hold them without bound. One count
// serves the game feeds (feeds.ts) and the chat streams (chat.ts). Counted in this process (each
// of several instances counts its own).

import type { FastifyRequest } from 'fastify';
import { ProblemError } from './problems.ts';

export class OpenStreams {
  private readonly open = new Map<string, number>();
  constructor(private readonly max: number) {}

  /** Takes a place for `caller`, or refuses with 429 `TOO_MANY_STREAMS`; returns the release. */
  take(caller: string): () => void {
    const now = this.open.get(caller) ?? 0;
    if (now >= this.max)
      throw new ProblemError(429, 'TOO_MANY_STREAMS', `At most ${this.max} event streams and long-polls may be open at once; close one first.`, {
        limit: this.max,
      });
    this.open.set(caller, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(caller) ?? 1) - 1;
      if (left <= 0) this.open.delete(caller);
      else this.open.set(caller, left);
    };
  }
}

/** Whose place a request takes: its account, or its address without a token. */
export const callerKey = (request: FastifyRequest): string => (request.caller ? `account:${request.caller.accountId}` : `ip:${request.ip}`);
