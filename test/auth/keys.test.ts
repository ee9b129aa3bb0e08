// Signing keys: created once however many processes start, published at /.well-known/jwks.json,
// rotated without breaking the tokens the old key signed, and usable by anyone to verify tokens.

import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyStore, rotateSigningKey } from '../../src/auth/keys.ts';
import { buildApp } from '../../src/app.ts';
import { useTestApp } from '../support/app.ts';
import { createTestDatabase, testPool, type TestDatabase } from '../support/database.ts';
import { authAppOn, bearer, expectInvalidToken, register } from './support.ts';

const LIFETIMES = { sessionTtlSeconds: 3600 };

describe('the first signing key', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('is created once when several processes start at the same time', async () => {
    const pools = Array.from({ length: 4 }, () => testPool(database.url, 1));
    try {
      await Promise.all(pools.map((pool) => new KeyStore(pool, LIFETIMES).ensureActiveKey()));
      await Promise.all(pools.map((pool) => new KeyStore(pool, LIFETIMES).ensureActiveKey()));
      const { rows } = await pools[0]!.query('SELECT kid, retired_at FROM signing_keys');
      expect(rows).toHaveLength(1);
      expect(rows[0].retired_at).toBeNull();
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('exists as soon as the app is ready, and the JWKS publishes its public half only', async () => {
    const other = await createTestDatabase({ migrate: true });
    const t = await authAppOn(other.url);
    try {
      const res = await request(t.app.server).get('/.well-known/jwks.json').expect(200);
      expect(res.body.keys).toEqual([{ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: expect.any(String), alg: 'EdDSA', use: 'sig' }]);
      expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    } finally {
      await t.close();
      await other.drop();
    }
  });
});

describe('key rotation', () => {
  const t = useTestApp({}, authAppOn);

  const jwks = async () => (await request(t.app.server).get('/.well-known/jwks.json').expect(200)).body as { keys: { kid: string }[] };
  const me = (token: string) => request(t.app.server).get('/v1/me').set(bearer(token));

  it('keeps tokens signed before it valid, publishes both keys, and signs new tokens with the new key', async () => {
    const account = await register(t.app, 'rotation');
    const oldKid = decodeProtectedHeader(account.token).kid!;
    await me(account.token).expect(200);

    // As scripts/rotate-keys.ts does it: from outside the app's process, on the database.
    const rotation = await rotateSigningKey(t.pool, LIFETIMES);
    expect(rotation.retiredKid).toBe(oldKid);
    expect(rotation.activeKid).not.toBe(oldKid);
    // No PAT depends on the old key: it lives as long as the longest session it may have signed.
    const lifetime = rotation.retiredKeyExpiresAt!.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(3600_000);
    expect(lifetime).toBeLessThan(3600_000 + 120_000);

    await me(account.token).expect(200);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([rotation.activeKid, oldKid]);

    const login = await request(t.app.server).post('/v1/sessions').send({ handle: account.handle, password: account.password }).expect(200);
    expect(decodeProtectedHeader(login.body.token).kid).toBe(rotation.activeKid);
    await me(login.body.token).expect(200);
  });

  it('lets anyone verify the tokens with the published JWKS (jose createLocalJWKSet and createRemoteJWKSet)', async () => {
    const account = await register(t.app, 'thirdparty');
    await rotateSigningKey(t.pool, LIFETIMES);
    const login = await request(t.app.server).post('/v1/sessions').send({ handle: account.handle, password: account.password }).expect(200);
    expect(decodeProtectedHeader(login.body.token).kid).not.toBe(decodeProtectedHeader(account.token).kid);
    const options = { issuer: 'judge-dredd-pbw', audience: 'judge-dredd-pbw-api', algorithms: ['EdDSA'] };

    const local = createLocalJWKSet(await jwks());
    for (const token of [account.token, login.body.token]) {
      const { payload } = await jwtVerify(token, local, options);
      expect(payload).toMatchObject({ sub: account.id, handle: account.handle, kind: 'session' });
    }

    // Over HTTP, as a third party would: the same app listening on a port.
    const server = await buildApp({ readiness: async () => ({ ready: true, appliedMigrations: 0 }), pool: t.pool });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.server.address() as AddressInfo;
      const remote = createRemoteJWKSet(new URL(`http://127.0.0.1:${port}/.well-known/jwks.json`));
      for (const token of [account.token, login.body.token]) {
        expect((await jwtVerify(token, remote, options)).payload.sub).toBe(account.id);
      }
    } finally {
      await server.close();
    }
  });

  it('keeps a retired key while a personal access token it signed lives, and lets it expire once that is revoked', async () => {
    const account = await register(t.app, 'patkey');
    const pat = await request(t.app.server).post('/v1/me/tokens').set(bearer(account.token)).send({ name: 'forever' }).expect(201);
    const patKid = decodeProtectedHeader(pat.body.token).kid!;

    const rotation = await rotateSigningKey(t.pool, LIFETIMES);
    expect(rotation.retiredKid).toBe(patKid);
    expect(rotation.retiredKeyExpiresAt).toBeNull();
    // Much later: the sessions it signed are long gone, the PAT is not.
    await t.pool.query(`UPDATE signing_keys SET created_at = created_at - interval '1 day', retired_at = retired_at - interval '1 day' WHERE kid = $1`, [patKid]);
    await t.pool.query(`UPDATE access_tokens SET created_at = created_at - interval '1 day' WHERE id = $1`, [pat.body.id]);
    await rotateSigningKey(t.pool, LIFETIMES);
    expect((await jwks()).keys.map((k) => k.kid)).toContain(patKid);
    await me(pat.body.token).expect(200);

    await request(t.app.server).delete(`/v1/me/tokens/${pat.body.id}`).set(bearer(account.token)).expect(204);
    expect((await jwks()).keys.map((k) => k.kid)).not.toContain(patKid);
  });

  it('a PAT with an expiry keeps its retired key until then', async () => {
    const account = await register(t.app, 'patexp');
    const pat = await request(t.app.server).post('/v1/me/tokens').set(bearer(account.token)).send({ name: 'ci', expiresInDays: 90 }).expect(201);
    const rotation = await rotateSigningKey(t.pool, LIFETIMES);
    expect(rotation.retiredKeyExpiresAt!.toISOString()).toBe(new Date(pat.body.expiresAt).toISOString());
  });

  it('with compromised: true, the old key is unpublished and every token it signed is refused at once', async () => {
    const account = await register(t.app, 'compromised');
    const pat = await request(t.app.server).post('/v1/me/tokens').set(bearer(account.token)).send({ name: 'bot' }).expect(201);
    await me(account.token).expect(200);
    const oldKid = decodeProtectedHeader(account.token).kid!;

    await t.parts.auth.keys.rotate({ compromised: true });
    expect((await jwks()).keys.map((k) => k.kid)).not.toContain(oldKid);
    expectInvalidToken(await me(account.token), /no longer accepts/);
    expectInvalidToken(await me(pat.body.token), /no longer accepts/);

    const login = await request(t.app.server).post('/v1/sessions').send({ handle: account.handle, password: account.password }).expect(200);
    await me(login.body.token).expect(200);
  });
});
