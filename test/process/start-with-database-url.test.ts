// The service as an operator with a Postgres of their own runs it: `npm start` with DATABASE_URL
// (a database on the run's test server; in .ci/run's second step, the machine's Postgres 15)
// migrates it, serves and stops. On the embedded Postgres: ./lifecycle.test.ts.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { startService, stopLeftoverServices } from '../support/service-process.ts';

let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-database-url-'));
});

afterAll(async () => {
  await stopLeftoverServices();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start with DATABASE_URL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it('migrates the external database, serves, and stops cleanly on SIGTERM', async () => {
    const service = await startService({ DATABASE_URL: database.url, PORT: '0', DATA_DIR: dataDir });
    expect(await (await fetch(`${service.url}/readyz`)).json()).toMatchObject({ status: 'ready' });
    expect(service.stdout()).toContain('"database":"external"');
    expect(await service.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 60_000);
});
