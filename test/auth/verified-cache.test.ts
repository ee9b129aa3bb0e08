// Verified token signatures are remembered for a while (src/auth/tokens.ts), to spare an EdDSA
// check per request. Remembering must never let through a token the service would refuse: an
// expired session, a revoked personal access token, a token signed by a key rotated out as
// compromised (keys.test.ts covers that last one).

import request from 'supertest';
import { expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { authAppOn, bearer, register, sessionClaims, signWithServiceKey } from './support.ts';

const t = useTestApp({}, authAppOn);

const me = (token: string) => request(t.app.server).get('/v1/me').set(bearer(token));

it('a session accepted once is refused as soon as it expires', async () => {
  const account = await register(t.app, 'soon');
  const now = Math.floor(Date.now() / 1000);
  const token = await signWithServiceKey(t.pool, sessionClaims(account, { iat: now, exp: now + 2 }));
  await me(token).expect(200);
  await me(token).expect(200);
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  const res = await me(token);
  expect(res.status).toBe(401);
  expect(res.body.code).toBe('INVALID_TOKEN');
});

it('a personal access token accepted a moment ago is refused at once when revoked', async () => {
  const account = await register(t.app, 'revoke');
  const pat = await request(t.app.server).post('/v1/me/tokens').set(bearer(account.token)).send({ name: 'bot' }).expect(201);
  await me(pat.body.token).expect(200);
  await request(t.app.server).delete(`/v1/me/tokens/${pat.body.id}`).set(bearer(account.token)).expect((r) => expect(r.status).toBeLessThan(300));
  const res = await me(pat.body.token);
  expect(res.status).toBe(401);
  expect(res.body.code).toBe('INVALID_TOKEN');
});
