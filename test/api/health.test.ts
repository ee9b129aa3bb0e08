import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { findFreePort } from '../../src/config/ports.ts';
import { databaseOver } from '../../src/db/database.ts';
import { readMigrations } from '../../src/db/migrations.ts';
import { appOn, type TestApp } from '../support/app.ts';
import { createTestDatabase, testPool, type TestDatabase } from '../support/database.ts';

/**
 * Only the readiness check over `url`: the app's other services are not started, since they need
 * the migrated, reachable database whose absence is what these tests are about. (The process
 * itself never builds the app before the database is migrated: src/main.ts.)
 */
async function readinessOnly(url: string): Promise<Omit<TestApp, 'parts'>> {
  const db = databaseOver(testPool(url, 1, { connectionTimeoutMillis: 1_000 }), await readMigrations());
  const app = await buildApp({ readiness: db.readiness });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

let migrated: TestDatabase;
let empty: TestDatabase;
let ready: TestApp;

beforeAll(async () => {
  [migrated, empty] = await Promise.all([createTestDatabase({ migrate: true }), createTestDatabase()]);
  ready = await appOn(migrated.url);
});

afterAll(async () => {
  await ready?.close();
  await Promise.all([migrated?.drop(), empty?.drop()]);
});

describe('GET /healthz', () => {
  it('answers 200 while the process runs', async () => {
    const response = await request(ready.app.server).get('/healthz').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const response = await request(ready.app.server).get('/readyz').expect(200);
    expect(response.body).toEqual({ status: 'ready', migrations: expect.any(Number) });
    expect(response.body.migrations).toBeGreaterThan(0);
  });

  it('answers 503 NOT_READY while migrations are pending', async () => {
    const pending = await readinessOnly(empty.url);
    try {
      const response = await request(pending.app.server).get('/readyz').expect(503);
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(response.body).toMatchObject({ status: 503, code: 'NOT_READY', detail: expect.stringMatching(/^Not ready: \d+ migration\(s\) not applied: \d{14}_\w+(, \d{14}_\w+)*\.$/) });
    } finally {
      await pending.close();
    }
  });

  it('answers 503 NOT_READY, without internals, when the database cannot be reached', async () => {
    const unreachable = await readinessOnly(`postgres://nobody:secret@127.0.0.1:${await findFreePort()}/none`);
    try {
      const started = Date.now();
      const response = await request(unreachable.app.server).get('/readyz').expect(503);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(response.body).toMatchObject({ code: 'NOT_READY', detail: 'Not ready: the database is not reachable.' });
      expect(JSON.stringify(response.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|secret/);
    } finally {
      await unreachable.close();
    }
  });
});

describe('request ids', () => {
  it('are returned in x-request-id, keeping a sensible one the caller sent', async () => {
    const given = await request(ready.app.server).get('/healthz').set('x-request-id', 'lb-1234.abc').expect(200);
    expect(given.headers['x-request-id']).toBe('lb-1234.abc');
    const made = await request(ready.app.server).get('/healthz').set('x-request-id', 'no spaces or <tags> please').expect(200);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
