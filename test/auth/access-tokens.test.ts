// Personal access tokens: created with a session, shown once, listed without their secret,
// refused the moment they are revoked or expire, revocable only by their owner.

import { decodeJwt } from 'jose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { authAppOn, bearer, expectInvalidToken, register } from './support.ts';

const t = useTestApp({}, authAppOn);

const api = () => request(t.app.server);

async function createPat(sessionToken: string, body: object = { name: 'my bot' }) {
  const res = await api().post('/v1/me/tokens').set(bearer(sessionToken)).send(body).expect(201);
  return res.body as { id: string; name: string; token: string; expiresAt: string | null; status: string };
}

describe('personal access tokens', () => {
  it('are created with a session token, shown once, and work as bearer tokens', async () => {
    const owner = await register(t.app, 'pat');
    const pat = await createPat(owner.token, { name: 'my bot' });
    expect(pat).toMatchObject({ id: expect.any(String), name: 'my bot', status: 'active', expiresAt: null, revokedAt: null, lastUsedAt: null });
    const claims = decodeJwt(pat.token);
    expect(claims).toMatchObject({ sub: owner.id, jti: pat.id, kind: 'pat', handle: owner.handle });
    expect(claims.exp).toBeUndefined();

    const me = await api().get('/v1/me').set(bearer(pat.token)).expect(200);
    expect(me.body.id).toBe(owner.id);

    const list = await api().get('/v1/me/tokens').set(bearer(owner.token)).expect(200);
    expect(list.body.tokens).toHaveLength(1);
    expect(list.body.tokens[0]).toMatchObject({ id: pat.id, name: 'my bot', status: 'active', lastUsedAt: expect.any(String) });
    expect(JSON.stringify(list.body)).not.toContain(pat.token);
    expect(list.body.tokens[0].token).toBeUndefined();
  });

  it('with expiresInDays carry that expiry, in the list and as the JWT exp', async () => {
    const owner = await register(t.app, 'pat');
    const pat = await createPat(owner.token, { name: 'ci', expiresInDays: 30 });
    const expiresAt = new Date(pat.expiresAt!).getTime();
    expect(Math.abs(expiresAt - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    expect(decodeJwt(pat.token).exp).toBe(expiresAt / 1000);
  });

  it('are refused at once when revoked, and revoking again is fine', async () => {
    const owner = await register(t.app, 'pat');
    const pat = await createPat(owner.token);
    await api().get('/v1/me').set(bearer(pat.token)).expect(200);
    await api().delete(`/v1/me/tokens/${pat.id}`).set(bearer(owner.token)).expect(204);
    const refused = await api().get('/v1/me').set(bearer(pat.token));
    expectInvalidToken(refused);
    expect(refused.body.detail).toMatch(/revoked/);
    await api().delete(`/v1/me/tokens/${pat.id}`).set(bearer(owner.token)).expect(204);
    const list = await api().get('/v1/me/tokens').set(bearer(owner.token)).expect(200);
    expect(list.body.tokens[0]).toMatchObject({ id: pat.id, status: 'revoked', revokedAt: expect.any(String) });
  });

  it('can revoke themselves', async () => {
    const owner = await register(t.app, 'pat');
    const pat = await createPat(owner.token);
    await api().delete(`/v1/me/tokens/${pat.id}`).set(bearer(pat.token)).expect(204);
    expectInvalidToken(await api().get('/v1/me/tokens').set(bearer(pat.token)));
  });

  it('are refused once their expiry has passed', async () => {
    const owner = await register(t.app, 'pat');
    const pat = await createPat(owner.token, { name: 'short', expiresInDays: 1 });
    // The row decides, whatever the JWT's exp says.
    await t.pool.query(`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [pat.id]);
    const res = await api().get('/v1/me').set(bearer(pat.token));
    expectInvalidToken(res);
    expect(res.body.detail).toMatch(/expired/);
    const list = await api().get('/v1/me/tokens').set(bearer(owner.token)).expect(200);
    expect(list.body.tokens[0].status).toBe('expired');
  });

  it('of another account cannot be revoked, nor seen: 404 TOKEN_NOT_FOUND', async () => {
    const owner = await register(t.app, 'pat');
    const intruder = await register(t.app, 'pat');
    const pat = await createPat(owner.token);
    const res = await api().delete(`/v1/me/tokens/${pat.id}`).set(bearer(intruder.token)).expect(404);
    expect(res.body.code).toBe('TOKEN_NOT_FOUND');
    expect((await api().get('/v1/me/tokens').set(bearer(intruder.token)).expect(200)).body.tokens).toEqual([]);
    await api().get('/v1/me').set(bearer(pat.token)).expect(200);
  });

  it('cannot create other tokens (403 SESSION_REQUIRED), but can list', async () => {
    const owner = await register(t.app, 'pat');
    const pat = await createPat(owner.token);
    const res = await api().post('/v1/me/tokens').set(bearer(pat.token)).send({ name: 'child' }).expect(403);
    expect(res.body.code).toBe('SESSION_REQUIRED');
    await api().get('/v1/me/tokens').set(bearer(pat.token)).expect(200);
  });

  it('need a caller, a name, and a sensible expiry', async () => {
    const owner = await register(t.app, 'pat');
    expect((await api().get('/v1/me/tokens').expect(401)).body.code).toBe('UNAUTHENTICATED');
    await api().post('/v1/me/tokens').send({ name: 'x' }).expect(401);
    for (const body of [{}, { name: '' }, { name: 'x', expiresInDays: 0 }, { name: 'x', expiresInDays: 3651 }, { name: 'x', expiresInDays: 1.5 }]) {
      const res = await api().post('/v1/me/tokens').set(bearer(owner.token)).send(body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    await api().delete('/v1/me/tokens/not-a-uuid').set(bearer(owner.token)).expect(400);
  });
});
