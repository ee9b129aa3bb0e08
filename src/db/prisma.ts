// Prisma Client over the service's own pg pool (driver adapter): one pool for Prisma and for the
// raw queries of the hot path (docs/operations.md, "Prisma Client and raw SQL"), the migrations,
// readiness and advisory locks. Other layers take the client's types from here, never from
// src/generated/ (.dependency-cruiser.mjs).

import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { poolOptions } from './pools.ts';

export type { PrismaClient };
/** Prisma's SQL helpers (`Prisma.raw`, `Prisma.sql`) for the statements that stay SQL. */
export { Prisma };
/** The client inside `prisma.$transaction(async (tx) => …)`. */
export type PrismaTransaction = Prisma.TransactionClient;
/** A value for a `Json` column. */
export type PrismaJsonInput = Prisma.InputJsonValue;

/**
 * An interactive transaction waits for a pooled connection as long as any other query on `pool`
 * does (its `connectionTimeoutMillis`). Prisma's own default, 2 s, would have every `$transaction`
 * caller answer 503 while the rest of the service still waits its turn.
 */
export function createPrismaClient(pool: pg.Pool): PrismaClient {
  const wait = poolOptions(pool).connectionTimeoutMillis;
  return new PrismaClient({ adapter: new PrismaPg(pool), ...(wait ? { transactionOptions: { maxWait: wait } } : {}) });
}

/**
 * The constraint (index) a Prisma query broke, when it failed for a duplicate key (P2002); else
 * undefined. Prisma's counterpart of violatedUniqueConstraint (transaction.ts).
 */
export function violatedUniqueIndex(error: unknown): string | undefined {
  const e = error as { code?: unknown; meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { index?: unknown } } } } } | null;
  if (e?.code !== 'P2002') return undefined;
  const index = e.meta?.driverAdapterError?.cause?.constraint?.index;
  if (typeof index === 'string') return index;
  return typeof e.meta?.target === 'string' ? e.meta.target : undefined;
}

/**
 * `value` as an exact, case-insensitive match for a Prisma `{ equals, mode: 'insensitive' }`
 * filter: Prisma turns that into `ILIKE`, where `%`, `_` and `\` would otherwise be patterns.
 */
export function literalPattern(value: string): string {
  return value.replace(/[\\%_]/g, '\\$&');
}

/**
 * Takes an account's row lock until the transaction ends, as `SELECT … FOR UPDATE` did before a
 * read-modify-write of the row (preferences) or of rows it guards (access tokens). Prisma Client
 * cannot say `FOR UPDATE`, so this one statement stays SQL (docs/operations.md).
 */
export async function lockAccountRow(tx: PrismaTransaction, accountId: string): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM accounts WHERE id = ${accountId}::uuid FOR UPDATE`;
}
