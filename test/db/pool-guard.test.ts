// The pool guard itself (test/support/pool-guard.ts), which every app built by appOn/authAppOn
// runs under: it must notice a request that holds a pooled connection while asking for another,
// and must not flag independent queries run side by side.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.ts';
import { appOn, type TestApp } from '../support/app.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: true });
  t = await appOn(database.url);
});

afterAll(async () => {
  t.poolGuard!.violations.length = 0;
  await t?.close();
  await database?.drop();
});

it('records a request that queries the pool inside its transaction, and not one that queries twice side by side', async () => {
  const { pool } = t.db;
  // Routes added for the test, straight on the app's server (the guard's hook is already registered).
  const side = await t.app.inject({ method: 'GET', url: '/v1/health' });
  expect(side.statusCode).toBeLessThan(500);
  expect(t.poolGuard!.violations).toEqual([]);

  const { PoolGuard } = await import('../support/pool-guard.ts');
  const guard = new PoolGuard();
  guard.watch(pool);
  const Fastify = (await import('fastify')).default;
  const app = Fastify();
  guard.register(app);
  app.get('/nested', async () => inTransaction(pool, async (tx) => (await tx.query('SELECT 1')).rowCount! + (await pool.query('SELECT 1')).rowCount!));
  app.get('/side-by-side', async () => (await Promise.all([pool.query('SELECT 1'), pool.query('SELECT 2')])).length);
  await app.ready();
  expect((await app.inject({ method: 'GET', url: '/side-by-side' })).statusCode).toBe(200);
  expect(guard.violations).toEqual([]);
  expect((await app.inject({ method: 'GET', url: '/nested' })).statusCode).toBe(200);
  expect(guard.violations.map((v) => v.route)).toEqual(['GET /nested']);
  expect(() => guard.assertNone()).toThrow(/GET \/nested[\s\S]*pool-guard\.test\.ts/);
  await app.close();
});
