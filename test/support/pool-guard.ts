// Finds code paths that hold one pooled connection while asking the pool for another (issue 28:
// a PAT was signed inside its transaction, and signing read the key on a second connection; 12
// such requests at once held every connection and each waited for one more, until the pool's
// timeout). Such a path deadlocks the pool under load however large it is, so the tests look for
// it on every request instead of hoping a load test hits it.
//
// Each HTTP request runs in its own async context (AsyncLocalStorage, entered in a preHandler
// hook). A connection taken with `pool.connect()` (a transaction: inTransaction, Prisma's
// $transaction through its driver adapter, a listener) counts as held by that context until it is
// released; asking the pool for any connection (connect, or a query, which connects) while the same
// context holds one is recorded as a violation, with the route and the stack that asked.
// Independent queries in parallel (`Promise.all` of two `pool.query`) are not holds: each gives its
// connection back without waiting for the other.

import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

export interface PoolViolation {
  route: string;
  stack: string;
}

interface RequestHolds {
  route: string;
  held: number;
}

export class PoolGuard {
  readonly violations: PoolViolation[] = [];
  private readonly requests = new AsyncLocalStorage<RequestHolds>();

  /** Wraps `pool.connect` (which `pool.query` uses too) to count and check holds per request. */
  watch(pool: pg.Pool): void {
    const connect = pool.connect.bind(pool) as (callback?: (error: Error | undefined, client: pg.PoolClient, done: () => void) => void) => Promise<pg.PoolClient> | void;
    const guarded = (callback?: (error: Error | undefined, client: pg.PoolClient, done: () => void) => void) => {
      const holds = this.requests.getStore();
      if (holds && holds.held > 0) {
        this.violations.push({ route: holds.route, stack: new Error('a pooled connection was asked for while this request holds one').stack ?? '' });
      }
      // pool.query's own connect (with a callback) is released by pg when the query ends: not a hold.
      if (callback || !holds) return connect(callback);
      return (connect() as Promise<pg.PoolClient>).then((client) => {
        holds.held++;
        const release = client.release.bind(client);
        let released = false;
        client.release = ((error?: Error | boolean) => {
          if (!released) {
            released = true;
            holds.held--;
          }
          return release(error);
        }) as typeof client.release;
        return client;
      });
    };
    (pool as unknown as { connect: typeof guarded }).connect = guarded;
  }

  /** Runs every request's handler (after body parsing) in its own context. Before `app.ready()`. */
  register(app: FastifyInstance): void {
    app.addHook('preHandler', (request, _reply, done) => {
      this.requests.run({ route: `${request.method} ${request.routeOptions.url ?? request.url}`, held: 0 }, done);
    });
  }

  /** Fails with every violation seen, once each (route and the stack's first frames in the project). */
  assertNone(): void {
    if (this.violations.length === 0) return;
    const seen = new Set(this.violations.map((v) => `${v.route}\n${projectFrames(v.stack)}`));
    throw new Error(`pool guard: a request held a pooled connection while asking for another:\n\n${[...seen].join('\n\n')}`);
  }
}

function projectFrames(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => /\/(src|test)\//.test(line) && !line.includes('pool-guard.ts'))
    .slice(0, 8)
    .join('\n');
}
