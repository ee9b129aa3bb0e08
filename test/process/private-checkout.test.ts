// "npm install && npm start" from anywhere: as root in a checkout under a mode-0700 directory (root's
// home, any `mktemp -d`), embedded Postgres runs as the `postgres` user, which cannot enter the
// checkout. The default data directory then falls back to one it can reach, named after the
// checkout, and later starts find it again; an explicit DATA_DIR is never moved.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/config.ts';
import { fallbackDataDir } from '../../src/db/embedded-cluster.ts';
import { parseLogLine, runUntilExit, startService, stopLeftoverServices } from '../support/service-process.ts';

afterAll(stopLeftoverServices);

const asRoot = process.getuid?.() === 0;
const cleanup: string[] = [];
afterAll(() => {
  for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the project (its own files; node_modules linked) under a fresh mode-0700 directory. */
function privateCheckout(): string {
  const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-private-'));
  expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
  cleanup.push(privateDir);
  const checkout = path.join(privateDir, 'checkout');
  fs.mkdirSync(checkout);
  for (const entry of ['package.json', 'tsconfig.json', 'src', 'prisma']) fs.cpSync(path.join(PROJECT_ROOT, entry), path.join(checkout, entry), { recursive: true });
  fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(checkout, 'node_modules'));
  return checkout;
}

const quiet = { PORT: '0', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0', JOB_CONCURRENCY: '0' };

describe.skipIf(!asRoot)('a checkout under a private directory, as root', () => {
  it('starts with no DATA_DIR, keeps its database in a reachable fallback, and finds it again on the next start', async () => {
    const checkout = privateCheckout();
    const fallback = fallbackDataDir(path.join(checkout, '.data'));
    cleanup.push(fallback);

    const first = await startService(quiet, 90_000, checkout);
    const moved = first
      .stdout()
      .split('\n')
      .map(parseLogLine)
      .find((line) => typeof line?.msg === 'string' && line.msg.includes('not reachable'));
    expect(moved?.dataDir).toBe(fallback);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    const created = await fetch(`${first.url}/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handle: 'anywhere', email: 'anywhere@example.test', password: 'correct horse battery staple' }),
    });
    expect(created.status).toBe(201);
    expect((await first.stop('SIGTERM')).code).toBe(0);
    expect(fs.existsSync(path.join(fallback, 'postgres', 'PG_VERSION'))).toBe(true);

    // The next start uses the same directory: the account is still there.
    const second = await startService(quiet, 90_000, checkout);
    const login = await fetch(`${second.url}/v1/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handle: 'anywhere', password: 'correct horse battery staple' }),
    });
    expect(login.status).toBe(200);
    expect(await second.stop('SIGTERM')).toMatchObject({ code: 0 });
  }, 240_000);

  it('an explicit DATA_DIR the postgres user cannot reach is still an error that says what to do', async () => {
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-private-'));
    cleanup.push(privateDir);
    const exit = await runUntilExit({ ...quiet, DATA_DIR: path.join(privateDir, 'data') }, 60_000);
    expect(exit.code).toBe(1);
    expect(exit.stderr).toMatch(/DATA_DIR .* is not reachable by the "postgres" user/);
  }, 90_000);
});

