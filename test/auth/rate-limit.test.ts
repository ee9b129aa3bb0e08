// Rate limiting: a budget of requests a minute per account (per IP address for anonymous callers),
// announced in x-ratelimit-* headers; beyond it, 429 problem+json RATE_LIMITED with retry-after.

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { createTestDatabase } from '../support/database.ts';
import { authAppOn, bearer, expectInvalidToken, register, sessionClaims, signWithServiceKey } from './support.ts';

const LIMIT = 5;
const LOGIN_LIMIT = 3;

const t = useTestApp({ rateLimitPerMinute: LIMIT, loginRateLimitPerMinute: LOGIN_LIMIT }, authAppOn);

const me = (token: string) => request(t.app.server).get('/v1/me').set(bearer(token));

describe('rate limiting', () => {
  it('counts down in the headers, then answers 429 RATE_LIMITED with retry-after; another account has its own budget', async () => {
    // Registering is an anonymous request: it counts against the IP address, not the account.
    const first = await register(t.app, 'limited');
    const second = await register(t.app, 'limited');

    for (let i = 1; i <= LIMIT; i++) {
      const res = await me(first.token).expect(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMIT - i));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    }
    const refused = await me(first.token).expect(429);
    expect(refused.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(refused.body).toMatchObject({ status: 429, code: 'RATE_LIMITED', detail: expect.stringMatching(/at most 5 a minute/) });
    expect(refused.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Another account's token has a budget of its own.
    const other = await me(second.token).expect(200);
    expect(other.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('counts every token of an account against one budget', async () => {
    const owner = await register(t.app, 'limited');
    const pat = await request(t.app.server).post('/v1/me/tokens').set(bearer(owner.token)).send({ name: 'bot' }).expect(201);
    for (let i = 2; i <= LIMIT; i++) await me(pat.body.token).expect(200);
    expect((await me(owner.token).expect(429)).body.code).toBe('RATE_LIMITED');
    await me(pat.body.token).expect(429);
  });

  it('never limits the probes and the documentation', async () => {
    for (let i = 0; i < LIMIT * 2; i++) {
      const health = await request(t.app.server).get('/healthz').expect(200);
      expect(health.headers['x-ratelimit-limit']).toBeUndefined();
      await request(t.app.server).get('/openapi.json').expect(200);
    }
  });

  it('gives log-in its own, smaller budget per IP address', async () => {
    const attempts = [];
    for (let i = 0; i < LOGIN_LIMIT + 1; i++) {
      attempts.push(await request(t.app.server).post('/v1/sessions').send({ handle: 'nobody', password: 'guess number one' }));
    }
    expect(attempts.map((r) => r.status)).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
    expect(attempts[0]!.headers['x-ratelimit-limit']).toBe(String(LOGIN_LIMIT));
    expect(attempts.at(-1)!.body.code).toBe('RATE_LIMITED');
  });
});

describe('refused tokens', () => {
  // Its own service, so that its address starts with a whole budget.
  const fresh = useTestApp({ rateLimitPerMinute: LIMIT }, authAppOn);

  it('count against the address they come from: a burst of bad tokens meets 429 RATE_LIMITED with retry-after within the limit', async () => {
    // Registering (anonymous) takes one request of the address's budget; the account's requests do not.
    const account = await register(fresh.app, 'forger');
    const forged = [
      'x.y.z',
      // Signed by another key under the service's kid: a bad signature.
      (await signWithServiceKey(fresh.pool, sessionClaims(account))).replace(/.{4}$/, 'AAAA'),
      // A kid the service never had.
      await signWithServiceKey(fresh.pool, sessionClaims(account), { kid: 'no-such-key' }),
      // Expired an hour ago.
      await signWithServiceKey(fresh.pool, sessionClaims(account, { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })),
    ];
    const answers = [];
    for (let i = 0; i < LIMIT * 3; i++) answers.push(await request(fresh.app.server).get('/v1/me').set(bearer(forged[i % forged.length]!)));
    // The registration and LIMIT - 1 refused tokens use up the budget; every request after is 429.
    for (const refused of answers.slice(0, LIMIT - 1)) expectInvalidToken(refused);
    for (const limited of answers.slice(LIMIT - 1)) {
      expect(limited.status, limited.text).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The account's own valid token has its own budget, untouched by the address's bad ones.
    await request(fresh.app.server).get('/v1/me').set(bearer(account.token)).expect(200);
  });
});

describe('rate limiting off', () => {
  it('RATE_LIMIT_PER_MINUTE=0 (buildApp’s default) sends no rate-limit headers', async () => {
    const other = await createTestDatabase({ migrate: true });
    const app = await authAppOn(other.url);
    try {
      const account = await register(app.app, 'unlimited');
      for (let i = 0; i < 3; i++) {
        const res = await request(app.app.server).get('/v1/me').set(bearer(account.token)).expect(200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await app.close();
      await other.drop();
    }
  });
});
