// Once per test run: a Postgres server for the service's tests. With DATABASE_URL set, its server
// (each test file then creates its own database there); without it, an embedded Postgres on a free
// port, in a temporary directory, removed afterwards. On that server, one database migrated once
// (the schema and the job queue's), which each test file's migrated database is a copy of
// (./database.ts): a copy takes a tenth of the second the migrations take, and two hundred files
// each made one.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createLogger } from '../../src/config/logger.ts';
import { EmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { createTestDatabase } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser connection to a database on the test server, from which test databases are created. */
    adminDatabaseUrl: string;
    /** The run's migrated database on that server, which a migrated test database is created from (CREATE DATABASE … TEMPLATE). */
    migratedTemplate: string;
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
    const template = await createMigratedTemplate(external);
    project.provide('migratedTemplate', template.name);
    return template.drop;
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-test-postgres-'));
  fs.chmodSync(dataDir, 0o755); // under root the server runs as `postgres`, which must reach it
  const server = await EmbeddedPostgres.start({ dataDir, port: 0, logger: createLogger('error'), durable: false });
  project.provide('adminDatabaseUrl', server.url);
  const template = await createMigratedTemplate(server.url);
  project.provide('migratedTemplate', template.name);
  return async () => {
    await template.drop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** The migrated database test files copy; it is never connected to again, as a template must not be. */
async function createMigratedTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const template = await createTestDatabase({ migrate: 'in-place', adminUrl });
  return { name: template.name, drop: template.drop };
}
