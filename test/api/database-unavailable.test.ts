// When no database connection can be had in time (overload, failover), a request is answered
// 503 problem+json with Retry-After, not 500: the client did nothing wrong and nothing was applied.

import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { createTestDatabase, testPool, type TestDatabase } from '../support/database.ts';

let db: TestDatabase;
let app: App;
let pool: pg.Pool;
let held: pg.PoolClient;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: true });
  // Two connections: the feed listener takes one, and the test holds the other.
  pool = testPool(db.url, 2, { connectionTimeoutMillis: 300 });
  app = await buildApp({ readiness: async () => ({ ready: true, appliedMigrations: 2 }), pool });
  await app.ready();
  held = await pool.connect();
});
afterAll(async () => {
  held?.release();
  await app?.close();
  await pool?.end();
  await db?.drop();
});

it('a database that cannot give a connection in time gives 503 DATABASE_UNAVAILABLE with Retry-After', async () => {
  const res = await request(app.server)
    .post('/v1/accounts')
    .send({ handle: 'nobody1', email: 'nobody1@example.test', password: 'correct horse battery staple' });
  expect(res.status).toBe(503);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
  expect(res.headers['retry-after']).toBe('2');
});

it('creating a personal access token when no connection can be had gives 503 with Retry-After, not 500 (issue 28)', async () => {
  held.release();
  const account = await request(app.server)
    .post('/v1/accounts')
    .send({ handle: 'nobody2', email: 'nobody2@example.test', password: 'correct horse battery staple' })
    .expect(201);
  held = await pool.connect();
  // The session token is checked in memory (signature, keys, log-outs): the request gets as far as its transaction.
  const res = await request(app.server).post('/v1/me/tokens').set('authorization', `Bearer ${account.body.token}`).send({ name: 'bot' });
  expect(res.status).toBe(503);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
  expect(res.headers['retry-after']).toBe('2');
});

describe('a transaction waits for a connection as long as any query does', () => {
  let slowApp: App;
  let slowPool: pg.Pool;
  beforeAll(async () => {
    // A 5 s wait, as the service's own pool (src/db/database.ts): more than Prisma's default 2 s.
    slowPool = testPool(db.url, 2, { connectionTimeoutMillis: 5_000 });
    slowApp = await buildApp({ readiness: async () => ({ ready: true, appliedMigrations: 2 }), pool: slowPool });
    await slowApp.ready();
  });
  afterAll(async () => {
    await slowApp?.close();
    await slowPool?.end();
  });

  it('registration (a Prisma transaction) succeeds when a connection comes free after 2.5 s', async () => {
    const busy = await slowPool.connect();
    const freed = new Promise<void>((resolve) => setTimeout(() => resolve(busy.release()), 2_500));
    const res = await request(slowApp.server)
      .post('/v1/accounts')
      .send({ handle: 'patient1', email: 'patient1@example.test', password: 'correct horse battery staple' });
    await freed;
    expect(res.status).toBe(201);
  });
});
