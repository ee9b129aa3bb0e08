// Prisma Client over the service's own pg pool (driver adapter): one pool for Prisma and for the
// few raw queries the platform needs (migrations, readiness, advisory locks).

import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type { PrismaClient };

export function createPrismaClient(pool: pg.Pool): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg(pool) });
}
