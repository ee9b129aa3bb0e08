// Once per test run: a Postgres server for the service's tests. With DATABASE_URL set, its server
// (each test file then creates its own database there); without it, an embedded Postgres on a free
// port, in a temporary directory, removed afterwards.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createLogger } from '../../src/config/logger.ts';
import { EmbeddedPostgres } from '../../src/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser connection to a database on the test server, from which test databases are created. */
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.DATABASE_URL;
  if (external) {
    const client = new pg.Client(external);
    await client.connect().catch((error: Error) => {
      throw new Error(`DATABASE_URL is set but its server does not answer: ${error.message}`);
    });
    await client.end();
    project.provide('adminDatabaseUrl', external);
    return async () => undefined;
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-test-postgres-'));
  fs.chmodSync(dataDir, 0o755); // under root the server runs as `postgres`, which must reach it
  const server = await EmbeddedPostgres.start({ dataDir, port: 0, logger: createLogger('error'), durable: false });
  project.provide('adminDatabaseUrl', server.url);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
