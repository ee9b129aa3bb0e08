// Issue 28: the links we email carry their secret in the query (`/v1/email/verify?token=…`), and
// the info-level request log wrote the URL as sent, so anyone who reads the logs could verify or
// unsubscribe someone's address. The request serializer (src/config/logger.ts) redacts every
// secret-like parameter; here the log stream of a real app, over real HTTP, is read back.

import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { createLogger, redactedUrl } from '../../src/config/logger.ts';
import { databaseOver, type Database } from '../../src/db/database.ts';
import { readMigrations } from '../../src/db/migrations.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

const SECRET = 'c2VjcmV0LXRoYXQtbXVzdC1ub3QtYmUtbG9nZ2Vk';

describe('the request log', () => {
  const written: string[] = [];
  let database: TestDatabase;
  let db: Database;
  let app: App;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    pool.on('error', () => undefined);
    db = databaseOver(pool, await readMigrations());
    app = await buildApp({ readiness: db.readiness, pool: db.pool, logger: createLogger('info', { write: (line: string) => void written.push(line) }) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database?.drop();
  });

  it('never holds the token of an email link, nor any other secret-like query parameter', async () => {
    const urls = [
      `/v1/email/verify?token=${SECRET}`,
      `/v1/email/unsubscribe?token=${SECRET}`,
      `/v1/password-reset?reset_token=${SECRET}&lang=en`,
      `/v1/games?status=open&api%5Fkey=${SECRET}`,
      `/v1/games?Access-Token=${SECRET}`,
    ];
    for (const url of urls) await fetch(base + url);
    await fetch(`${base}/v1/email/unsubscribe?token=${SECRET}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });

    const requests = written.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } }).filter((line) => line.msg === 'incoming request');
    expect(requests).toHaveLength(urls.length + 1);
    expect(written.join('\n')).not.toContain(SECRET);
    // What a reader still learns: which route, and what else was asked.
    expect(requests.map((line) => line.req!.url)).toEqual([
      '/v1/email/verify?token=[redacted]',
      '/v1/email/unsubscribe?token=[redacted]',
      '/v1/password-reset?reset_token=[redacted]&lang=en',
      '/v1/games?status=open&api%5Fkey=[redacted]',
      '/v1/games?Access-Token=[redacted]',
      '/v1/email/unsubscribe?token=[redacted]',
    ]);
  });
});

describe('redactedUrl', () => {
  it('keeps paths and harmless parameters, and censors a name it cannot decode', () => {
    expect(redactedUrl('/v1/games/abc/events?after=3&wait=20')).toBe('/v1/games/abc/events?after=3&wait=20');
    expect(redactedUrl('/v1/games')).toBe('/v1/games');
    expect(redactedUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=[redacted]');
    expect(redactedUrl('/x?token')).toBe('/x?token');
  });
});
