// The VAPID key pair: made at the first start, stored once, the same for every process on the
// database, and its private half sealed under SIGNING_KEY_SECRET like the signing keys.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOn, type TestApp } from '../support/app.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

let database: TestDatabase;
const apps: TestApp[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ migrate: true });
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await database?.drop();
});

async function publicKey(app: TestApp): Promise<string> {
  const res = await app.app.inject({ method: 'GET', url: '/v1/push/key' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { publicKey: string }).publicKey;
}

describe('VAPID keys', () => {
  it('two processes starting at once share one key pair, stored sealed', async () => {
    const secret = randomBytes(32);
    apps.push(...(await Promise.all([appOn(database.url, { signingKeySecrets: [secret] }), appOn(database.url, { signingKeySecrets: [secret] })])));
    const [first, second] = await Promise.all(apps.map(publicKey));
    expect(Buffer.from(first!, 'base64url')).toHaveLength(65);
    expect(second).toBe(first);

    const client = new pg.Client(database.url);
    await client.connect();
    try {
      const { rows } = await client.query<{ public_key: string; private_key: Record<string, unknown> }>('SELECT public_key, private_key FROM push_keys');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.public_key).toBe(first);
      expect(rows[0]!.private_key.sealed).toBe('A256GCM');
      expect(JSON.stringify(rows[0]!.private_key)).not.toContain('"d"');
    } finally {
      await client.end();
    }

    // A later start with the same secret reads the same pair.
    const later = await appOn(database.url, { signingKeySecrets: [secret] });
    apps.push(later);
    expect(await publicKey(later)).toBe(first);
  });
});
