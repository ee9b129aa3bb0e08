// Runs one account's (or one game's) limited writes one at a time in this process, before they ask
// the pool for a connection. Each such write waits for a lock in the database (the account's row,
// a limit lock, a game's row) *while holding a pooled connection*: a burst of 30 from one account
// would hold 30 connections (all the pool has) with 29 of them only waiting, and every other
// account's requests would wait for the pool. Queued here instead, they wait in memory and hold
// one connection between them; the database lock still makes the check atomic across processes.
//
// The queue per key is bounded: past `maxWaiting`, a request is refused at once (429
// TOO_MANY_AT_ONCE, retry-after 1 s) instead of waiting behind its own burst.

import { Refusal } from './refusal.ts';

export class OneAtATime {
  private readonly queues = new Map<string, { tail: Promise<void>; waiting: number }>();

  private readonly maxWaiting: number;

  constructor(maxWaiting = 32) {
    this.maxWaiting = maxWaiting;
  }

  /** `work` once every earlier `run` of `key` has settled; refused when `maxWaiting` already wait. */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const queue = this.queues.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
    if (queue.waiting >= this.maxWaiting) {
      return Promise.reject(
        new Refusal('limited', 'TOO_MANY_AT_ONCE', 'Too many requests of this kind are waiting at once for your account or this game; retry in a second.', {
          retryAfterSeconds: 1,
        }),
      );
    }
    queue.waiting++;
    this.queues.set(key, queue);
    const result = queue.tail.then(work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    queue.tail = settled;
    void settled.then(() => {
      queue.waiting--;
      if (queue.waiting === 0 && this.queues.get(key) === queue) this.queues.delete(key);
    });
    return result;
  }
}
