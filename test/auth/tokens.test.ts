// Every token the service did not issue as it is, or no longer accepts, is refused with 401
// INVALID_TOKEN — on every route, also those open to anonymous callers. The bad tokens are
// crafted with jose itself.

import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, base64url, type JWTPayload } from 'jose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { activeKid, authAppOn, bearer, expectInvalidToken, register, sessionClaims, signWithServiceKey, type Registered } from './support.ts';

let account: Registered;

const t = useTestApp({}, authAppOn);
beforeAll(async () => {
  account = await register(t.app, 'tokens');
});

const me = (headers: Record<string, string>) => request(t.app.server).get('/v1/me').set(headers);

/** An HS256 token whose secret is the service's public key: the classic algorithm-confusion attack. */
async function hs256WithPublicKey(claims: JWTPayload): Promise<string[]> {
  const kid = await activeKid(t.pool);
  const jwks = await request(t.app.server).get('/.well-known/jwks.json').expect(200);
  const jwk = jwks.body.keys.find((k: { kid: string }) => k.kid === kid);
  const secrets = [new TextEncoder().encode(JSON.stringify(jwk)), base64url.decode(jwk.x), new TextEncoder().encode(jwk.x)];
  return Promise.all(secrets.map((secret) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' }).sign(secret)));
}

describe('a valid token', () => {
  it('a token signed as the service signs is accepted (the crafted tokens below differ from it in one way each)', async () => {
    const token = await signWithServiceKey(t.pool, sessionClaims(account));
    expect((await me(bearer(token)).expect(200)).body.handle).toBe(account.handle);
  });
});

describe('401 INVALID_TOKEN', () => {
  it('for another algorithm: HS256 with the public key as the secret', async () => {
    for (const token of await hs256WithPublicKey(sessionClaims(account))) expectInvalidToken(await me(bearer(token)), /signed with EdDSA/);
  });

  it('for an unsigned token (alg "none"), with or without the kid of a real key', async () => {
    const plain = new UnsecuredJWT(sessionClaims(account)).encode();
    expectInvalidToken(await me(bearer(plain)), /signed with EdDSA/);
    const header = base64url.encode(JSON.stringify({ alg: 'none', kid: await activeKid(t.pool), typ: 'JWT' }));
    const withKid = `${header}.${plain.split('.')[1]}.`;
    expectInvalidToken(await me(bearer(withKid)), /signed with EdDSA/);
    // The signature of a real token stripped: still unsigned.
    const real = await signWithServiceKey(t.pool, sessionClaims(account));
    expectInvalidToken(await me(bearer(`${real.split('.').slice(0, 2).join('.')}.`)));
  });

  it('for the wrong audience or issuer, or none', async () => {
    for (const overrides of [{ aud: 'some-other-api' }, { iss: 'https://evil.example' }, { aud: undefined }, { iss: undefined }]) {
      const token = await signWithServiceKey(t.pool, sessionClaims(account, overrides));
      expectInvalidToken(await me(bearer(token)), 'aud' in overrides ? /audience/ : /issuer/);
    }
  });

  it('for an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await signWithServiceKey(t.pool, sessionClaims(account, { iat: now - 7200, exp: now - 3600 }));
    const res = await me(bearer(token));
    expectInvalidToken(res);
    expect(res.body.detail).toMatch(/expired/);
  });

  it('for a session token without an expiry or a session generation, or of a kind the service does not issue, or with a malformed subject', async () => {
    for (const overrides of [{ exp: undefined }, { gen: undefined }, { kind: 'admin' }, { kind: undefined }, { sub: 'root' }, { handle: undefined }]) {
      const token = await signWithServiceKey(t.pool, sessionClaims(account, overrides));
      expectInvalidToken(await me(bearer(token)));
    }
  });

  it('for an unknown kid, a missing kid, or a key of its own', async () => {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const claims = sessionClaims(account);
    const unknownKid = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid: 'not-a-key-of-ours' }).sign(privateKey);
    expectInvalidToken(await me(bearer(unknownKid)), /key this service does not know/);
    const noKid = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).sign(privateKey);
    expectInvalidToken(await me(bearer(noKid)), /no signing key/);
    // Another key presented under the service key's kid: the signature does not verify.
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid: await activeKid(t.pool) }).sign(privateKey);
    expectInvalidToken(await me(bearer(forged)), /signature/);
    // Its own key embedded in the header is not trusted either.
    const embedded = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: await activeKid(t.pool), jwk: await exportJWK(publicKey) })
      .sign(privateKey);
    expectInvalidToken(await me(bearer(embedded)), /signature/);
  });

  it('for a tampered payload', async () => {
    const [header, , signature] = (await signWithServiceKey(t.pool, sessionClaims(account))).split('.');
    const other = base64url.encode(JSON.stringify(sessionClaims({ id: randomUUID(), handle: 'chief' })));
    expectInvalidToken(await me(bearer(`${header}.${other}.${signature}`)), /signature/);
  });

  it('for a personal access token whose id is not a token of that account', async () => {
    const token = await signWithServiceKey(t.pool, sessionClaims(account, { kind: 'pat', jti: randomUUID(), exp: undefined }));
    expectInvalidToken(await me(bearer(token)), /does not exist/);
  });

  it('for malformed tokens and other schemes', async () => {
    const headers = ['Bearer not-a-jwt', 'Bearer a.b.c', 'Bearer ', 'Bearer', 'Bearer x.y', `Bearer ${'a'.repeat(5000)}`, 'Basic dXNlcjpwYXNz', 'Token abc', 'Bearer ....'];
    for (const authorization of headers) expectInvalidToken(await me({ authorization }));
  });

  it('also on routes open to anonymous callers', async () => {
    // Without a token the JWKS is public; with a bad one the request is refused.
    await request(t.app.server).get('/.well-known/jwks.json').expect(200);
    expectInvalidToken(await request(t.app.server).get('/.well-known/jwks.json').set(bearer('not-a-jwt')));
    expectInvalidToken(await request(t.app.server).post('/v1/sessions').set(bearer('a.b.c')).send({ handle: account.handle, password: account.password }));
    await request(t.app.server).get('/v1/games').expect(200);
    expectInvalidToken(await request(t.app.server).get('/v1/games').set(bearer('a.b.c')));
  });
});
