// Per-account limits (open games, webhooks, …) are "count what the owner holds, then insert one":
// two requests at once would both count below the limit and both insert. Each such check runs in
// the inserting transaction, after taking this lock for (resource, owner), so the counts and the
// insert of one owner's resource are one step however many requests race; other owners never wait.
//
// A transaction-scoped advisory lock: released at commit or rollback, taken on the transaction's
// own connection (no second pooled connection is asked for while it is held).

import type { PrismaTransaction } from './prisma.ts';
import type { Queryable } from './queryable.ts';

/** The lock space of limit locks (the first key of the two-key form; other spaces: keys.ts, accounts.ts). */
const LIMIT_LOCK_SPACE = 72707372;

/** The resources whose per-owner limit is checked under a limit lock. */
export type LimitedResource = 'games' | 'webhooks:account' | 'webhooks:game' | 'invites:game';

/** Takes the (resource, owner) limit lock until the transaction on `db` ends. */
export async function lockLimit(db: Queryable, resource: LimitedResource, owner: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LIMIT_LOCK_SPACE, `${resource}:${owner}`]);
}

/** lockLimit inside a Prisma interactive transaction (Prisma Client has no advisory locks). */
export async function lockLimitIn(tx: PrismaTransaction, resource: LimitedResource, owner: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LIMIT_LOCK_SPACE}::int, hashtext(${`${resource}:${owner}`}))`;
}
