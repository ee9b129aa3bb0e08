// Bad configuration stops the real process with exit code 1 and exactly one line on stderr that
// names what to fix. Each case spawns `src/main.ts` as `npm start` does.

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../src/config/ports.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { runUntilExit, stopLeftoverServices } from '../support/service-process.ts';

let dataDir: string;
let database: TestDatabase;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-startup-errors-'));
  database = await createTestDatabase();
});

afterAll(async () => {
  await stopLeftoverServices();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function expectOneLineFailure(env: Record<string, string>, line: RegExp): Promise<string> {
  const result = await runUntilExit({ DATA_DIR: dataDir, ...env });
  expect(result.code, result.stderr).toBe(1);
  const lines = result.stderr.split('\n').filter((text) => text.trim() !== '');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  return result.stdout + result.stderr;
}

describe('start-up with bad configuration', () => {
  it('refuses an unknown LOG_LEVEL', async () => {
    await expectOneLineFailure({ LOG_LEVEL: 'loud' }, /^error: Invalid configuration: LOG_LEVEL must be one of .* \(got "loud"\)$/);
  });

  it('refuses a malformed DATABASE_URL without printing it', async () => {
    const output = await expectOneLineFailure(
      { DATABASE_URL: 'postgres//app:hunter2@db.internal/games' },
      /^error: Invalid configuration: DATABASE_URL must be a URL like postgres:\/\/user:password@host:5432\/database/,
    );
    expect(output).not.toContain('hunter2');
  });

  it('refuses a PORT that is not a port', async () => {
    await expectOneLineFailure({ PORT: 'eighty' }, /^error: Invalid configuration: PORT must be an integer from 0 to 65535 \(got "eighty"\)$/);
  });

  it('refuses a PORT that another process listens on', async () => {
    const blocker = net.createServer();
    const port = await findFreePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      await expectOneLineFailure({ PORT: String(port) }, new RegExp(`^error: PORT ${port} is already in use on HOST 127\\.0\\.0\\.1`));
    } finally {
      blocker.close();
    }
  });

  it('refuses a HOST that is not an address of this machine', async () => {
    await expectOneLineFailure({ HOST: '192.0.2.1', PORT: '0', DATABASE_URL: database.url }, /^error: HOST 192\.0\.2\.1 is not an address of this machine/);
  });

  it('gives up on a DATABASE_URL whose server does not answer, naming it without the password', async () => {
    const port = await findFreePort();
    const output = await expectOneLineFailure(
      { DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/games`, DATABASE_CONNECT_TIMEOUT_MS: '300', PORT: '0' },
      new RegExp(`^error: DATABASE_URL: cannot reach 127\\.0\\.0\\.1:${port}/games \\(ECONNREFUSED\\) after 0 s$`),
    );
    expect(output).not.toContain('hunter2');
  });

  it('stops at once when the DATABASE_URL server refuses the database', async () => {
    const url = new URL(database.url);
    url.pathname = '/no_such_database_here';
    await expectOneLineFailure(
      { DATABASE_URL: url.toString(), PORT: '0' },
      /^error: DATABASE_URL: .*\/no_such_database_here refused the connection: database "no_such_database_here" does not exist$/,
    );
  });
});
