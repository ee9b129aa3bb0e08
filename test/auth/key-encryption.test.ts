// Signing keys encrypted at rest with SIGNING_KEY_SECRET (src/auth/key-encryption.ts): the row no
// longer holds the private key, plain keys are sealed at start-up without changing, a wrong or
// missing secret stops start-up with a line naming the variable, and the secret can be changed.

import { randomBytes } from 'node:crypto';
import { decodeProtectedHeader, type JWK } from 'jose';
import pg from 'pg';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KeySealer, SigningKeySecretError, type StoredPrivateKey } from '../../src/auth/key-encryption.ts';
import { KeyStore, rotateSigningKey } from '../../src/auth/keys.ts';
import { StartupError } from '../../src/config/startup-error.ts';
import { createTestDatabase, testPool, type TestDatabase } from '../support/database.ts';
import { runUntilExit, stopLeftoverServices } from '../support/service-process.ts';
import { authAppOn, bearer, register, type AuthTestApp } from './support.ts';

const LIFETIMES = { sessionTtlSeconds: 3600 };
const secretA = randomBytes(32);
const secretB = randomBytes(32);

describe('KeySealer', () => {
  const jwk: JWK = { kty: 'OKP', crv: 'Ed25519', x: 'public-part', d: 'the-private-part' };

  it('seals a JWK so that only the same secret and kid open it', () => {
    const sealed = new KeySealer([secretA]).protect('kid-1', jwk);
    expect(sealed).toMatchObject({ sealed: 'A256GCM', secret: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(JSON.stringify(sealed)).not.toContain('the-private-part');
    expect(new KeySealer([secretA]).open('kid-1', sealed)).toEqual(jwk);
    // Sealed twice, never the same bytes (a fresh IV each time).
    expect(new KeySealer([secretA]).protect('kid-1', jwk)).not.toEqual(sealed);

    expect(() => new KeySealer([secretB]).open('kid-1', sealed)).toThrow(/SIGNING_KEY_SECRET is not the secret/);
    expect(() => new KeySealer().open('kid-1', sealed)).toThrow(/encrypted .* set SIGNING_KEY_SECRET/);
    expect(() => new KeySealer([secretA]).open('kid-2', sealed)).toThrow(/does not decrypt/);
    const tampered = { ...sealed, ciphertext: Buffer.from('x'.repeat(40)).toString('base64url') } as StoredPrivateKey;
    expect(() => new KeySealer([secretA]).open('kid-1', tampered)).toThrow(SigningKeySecretError);
  });

  it('stores plain without a secret, and opens with any listed secret while only the first seals', () => {
    expect(new KeySealer().protect('kid-1', jwk)).toEqual(jwk);
    const old = new KeySealer([secretA]).protect('kid-1', jwk);
    const changing = new KeySealer([secretB, secretA]);
    expect(changing.open('kid-1', old)).toEqual(jwk);
    expect(changing.needsResealing(old)).toBe(true);
    expect(changing.needsResealing(changing.protect('kid-1', jwk))).toBe(false);
    expect(changing.needsResealing(jwk)).toBe(true);
    expect(new KeySealer().needsResealing(jwk)).toBe(false);
  });
});

describe('the service with SIGNING_KEY_SECRET', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  const opened: AuthTestApp[] = [];

  const open = async (secrets: Buffer[]) => {
    const app = await authAppOn(database.url, { signingKeySecrets: secrets });
    opened.push(app);
    return app;
  };
  const rows = async () =>
    (await pool.query<{ kid: string; private_jwk: StoredPrivateKey; retired_at: Date | null }>('SELECT kid, private_jwk, retired_at FROM signing_keys ORDER BY created_at')).rows;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    pool = testPool(database.url, 2);
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()));
  });

  afterAll(async () => {
    await stopLeftoverServices();
    await pool?.end();
    await database?.drop();
  });

  it('seals the plain keys already stored at start-up, keeping them (their tokens still verify), and signs with them', async () => {
    const plain = await open([]);
    const account = await register(plain.app, 'sealed');
    const [before] = await rows();
    const privatePart = (before!.private_jwk as JWK).d!;
    expect(privatePart).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await plain.close();
    opened.length = 0;

    const sealed = await open([secretA]);
    const [after] = await rows();
    expect(after!.kid).toBe(before!.kid);
    expect(after!.private_jwk).toMatchObject({ sealed: 'A256GCM' });
    expect(after!.private_jwk).not.toHaveProperty('d');
    expect(JSON.stringify(after!.private_jwk)).not.toContain(privatePart);

    await request(sealed.app.server).get('/v1/me').set(bearer(account.token)).expect(200);
    const login = await request(sealed.app.server).post('/v1/sessions').send({ handle: account.handle, password: account.password }).expect(200);
    expect(decodeProtectedHeader(login.body.token).kid).toBe(before!.kid);
    await request(sealed.app.server).get('/v1/me').set(bearer(login.body.token)).expect(200);
  });

  it('seals new keys as they are made, by the service and by scripts/rotate-keys.ts', async () => {
    const sealed = await open([secretA]);
    await sealed.parts.auth.keys.rotate();
    await rotateSigningKey(pool, LIFETIMES, { sealer: new KeySealer([secretA]) });
    const all = await rows();
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const row of all) expect(row.private_jwk).toMatchObject({ sealed: 'A256GCM' });
    const account = await register(sealed.app, 'rotated');
    await request(sealed.app.server).get('/v1/me').set(bearer(account.token)).expect(200);
  });

  it('refuses to start with a wrong or a missing secret, naming SIGNING_KEY_SECRET', async () => {
    for (const secrets of [[secretB], []]) {
      const failure = await authAppOn(database.url, { signingKeySecrets: secrets }).then(
        async (app) => {
          await app.close();
          return undefined;
        },
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(StartupError);
      expect((failure as Error).message).toMatch(/SIGNING_KEY_SECRET/);
    }
  });

  it('stops the process at start-up with one line naming the variable', async () => {
    const exit = await runUntilExit({ DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'silent', SIGNING_KEY_SECRET: secretB.toString('base64') });
    expect(exit.code).toBe(1);
    expect(exit.stderr.trim()).toMatch(/^error: SIGNING_KEY_SECRET is not the secret the signing keys were encrypted with \(key \S+ needs the secret with id [0-9a-f]{16}/);
    expect(exit.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('changes secret: started with "new,old", every key is sealed again with the new one; then the old can go', async () => {
    const changing = await open([secretB, secretA]);
    const account = await register(changing.app, 'changed');
    await changing.close();
    opened.length = 0;
    const bySecret = new Set((await rows()).map((row) => (row.private_jwk as { secret: string }).secret));
    expect(bySecret.size).toBe(1);

    const renewed = await open([secretB]);
    await request(renewed.app.server).get('/v1/me').set(bearer(account.token)).expect(200);
    await request(renewed.app.server).post('/v1/sessions').send({ handle: account.handle, password: account.password }).expect(200);
    await expect(new KeyStore(pool, LIFETIMES, new KeySealer([secretA])).ensureActiveKey()).rejects.toThrow(/SIGNING_KEY_SECRET is not the secret/);
  });

  it('recovers from a lost secret by a rotation made with the new one, breaking no token', async () => {
    // The keys are sealed with secret B (the test before); say B is lost.
    const before = await open([secretB]);
    const account = await register(before.app, 'lost');
    await before.close();
    opened.length = 0;
    const secretC = randomBytes(32);
    await expect(authAppOn(database.url, { signingKeySecrets: [secretC] })).rejects.toThrow(/SIGNING_KEY_SECRET/);

    // As `SIGNING_KEY_SECRET=<new> node --import tsx scripts/rotate-keys.ts` does it.
    await rotateSigningKey(pool, LIFETIMES, { sealer: new KeySealer([secretC]) });
    const after = await open([secretC]);
    await request(after.app.server).get('/v1/me').set(bearer(account.token)).expect(200);
    await request(after.app.server).post('/v1/sessions').send({ handle: account.handle, password: account.password }).expect(200);
  });
});
