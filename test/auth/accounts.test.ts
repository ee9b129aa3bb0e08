// Registering, logging in, and reading your own account over HTTP.

import { decodeJwt, decodeProtectedHeader } from 'jose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { authAppOn, bearer, register } from './support.ts';

const t = useTestApp({}, authAppOn);

const post = (path: string, body: object) => request(t.app.server).post(path).send(body);

describe('POST /v1/accounts', () => {
  it('creates the account and answers with it and a session token that opens GET /v1/me', async () => {
    const res = await post('/v1/accounts', { handle: 'Rico', email: 'Rico.Dredd@Example.COM', password: 'correct horse battery staple' }).expect(201);
    expect(res.body.account).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      handle: 'Rico',
      email: 'rico.dredd@example.com',
      emailVerified: false,
      createdAt: expect.any(String),
    });
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    const claims = decodeJwt(res.body.token);
    expect(claims).toMatchObject({ iss: 'judge-dredd-pbw', aud: 'judge-dredd-pbw-api', sub: res.body.account.id, handle: 'Rico', kind: 'session' });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(decodeProtectedHeader(res.body.token)).toMatchObject({ alg: 'EdDSA', kid: expect.any(String) });

    const me = await request(t.app.server).get('/v1/me').set(bearer(res.body.token)).expect(200);
    expect(me.body).toEqual(res.body.account);
  });

  it('refuses a handle taken in any case with 409 HANDLE_TAKEN, but not an email another account holds (registration-privacy.test.ts)', async () => {
    await post('/v1/accounts', { handle: 'Anderson', email: 'anderson@example.test', password: 'psi division 1' }).expect(201);
    const handle = await post('/v1/accounts', { handle: 'anderson', email: 'other@example.test', password: 'psi division 1' }).expect(409);
    expect(handle.body).toMatchObject({ code: 'HANDLE_TAKEN' });
    expect(handle.headers['content-type']).toMatch(/^application\/problem\+json/);
    const email = await post('/v1/accounts', { handle: 'Cassandra', email: 'ANDERSON@example.test', password: 'psi division 1' }).expect(201);
    expect(email.body.account).toMatchObject({ handle: 'Cassandra', email: 'anderson@example.test', emailVerified: false });
  });

  it('compares handles exactly apart from case: an underscore is no wildcard (Prisma matches them with ILIKE)', async () => {
    await post('/v1/accounts', { handle: 'Judge_X', email: 'judge-x@example.test', password: 'correct horse battery staple' }).expect(201);
    // "_" would match any one character as a LIKE pattern: "JudgeAX" is another handle, free.
    await post('/v1/accounts', { handle: 'JudgeAX', email: 'judge-ax@example.test', password: 'correct horse battery staple' }).expect(201);
    await post('/v1/accounts', { handle: 'judge_x', email: 'judge-x2@example.test', password: 'correct horse battery staple' }).expect(409);
    // Log-in by handle finds each of them, and only by its own handle.
    await post('/v1/sessions', { handle: 'JUDGE_X', password: 'correct horse battery staple' }).expect(200);
    await post('/v1/sessions', { handle: 'judgeax', password: 'correct horse battery staple' }).expect(200);
    await post('/v1/sessions', { handle: 'Judge_AX', password: 'correct horse battery staple' }).expect(401);
  });

  it('registers one account when the same handle is sent twice at once', async () => {
    const body = (email: string) => ({ handle: 'Hershey', email, password: 'chief judge 2' });
    const results = await Promise.all([post('/v1/accounts', body('h1@example.test')), post('/v1/accounts', body('h2@example.test'))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('refuses bad handles, emails and passwords with 400 VALIDATION_FAILED naming the field', async () => {
    const cases: [object, string][] = [
      [{ handle: 'ab', email: 'a@example.test', password: 'long enough' }, '/handle'],
      [{ handle: 'a'.repeat(33), email: 'a@example.test', password: 'long enough' }, '/handle'],
      [{ handle: 'mega city', email: 'a@example.test', password: 'long enough' }, '/handle'],
      [{ handle: 'valid', email: 'not an email', password: 'long enough' }, '/email'],
      [{ handle: 'valid', email: 'a@example.test', password: 'short' }, '/password'],
      [{ handle: 'valid', email: 'a@example.test', password: 'x'.repeat(201) }, '/password'],
      [{ handle: 'valid', email: 'a@example.test' }, '/password'],
    ];
    for (const [body, path] of cases) {
      const res = await post('/v1/accounts', body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('refuses a password that is the handle, the email or one repeated character with 422 WEAK_PASSWORD', async () => {
    for (const password of ['Fargo_1234', 'fargo@example.test', 'aaaaaaaaaaaa']) {
      const res = await post('/v1/accounts', { handle: 'Fargo_1234', email: 'fargo@example.test', password }).expect(422);
      expect(res.body.code).toBe('WEAK_PASSWORD');
    }
  });

  it('refuses a common or easily guessed password with 422 WEAK_PASSWORD and a sentence saying why, and creates nothing (issue 28)', async () => {
    for (const password of ['password', '12345678', 'iloveyou123', 'Password1!', 'qwertyuiop', 'Fargo_12345', 'judgedredd1', 'helterskelter']) {
      const res = await post('/v1/accounts', { handle: 'Fargo_1234', email: 'fargo@example.test', password }).expect(422);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(res.body.code, password).toBe('WEAK_PASSWORD');
      expect(res.body.detail).toMatch(/^This password is too easy to guess\..* no particular characters are required\.$/);
    }
    const { rows } = await t.pool.query('SELECT 1 FROM accounts WHERE lower(handle) = $1', ['fargo_1234']);
    expect(rows).toEqual([]);
    // Eight characters of no pattern are enough: no digit, capital or symbol is asked for.
    await post('/v1/accounts', { handle: 'Fargo_1234', email: 'fargo@example.test', password: 'kqzvtmbx' }).expect(201);
  });

  it('stores the password as a salted scrypt hash, never as given', async () => {
    const a = await register(t.app, 'hashed');
    const b = await register(t.app, 'hashed');
    const { rows } = await t.pool.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE id = ANY($1) ORDER BY handle', [[a.id, b.id]]);
    for (const { password_hash } of rows) {
      expect(password_hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
      expect(password_hash).not.toContain(a.password);
    }
    // Same password, different salts.
    expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
  });
});

describe('POST /v1/sessions', () => {
  it('logs in by handle in any case, or by email, with a session token', async () => {
    const account = await register(t.app, 'Giant');
    for (const login of [{ handle: account.handle }, { handle: account.handle.toUpperCase() }, { email: account.email.toUpperCase() }]) {
      const res = await post('/v1/sessions', { ...login, password: account.password }).expect(200);
      expect(res.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
      const me = await request(t.app.server).get('/v1/me').set(bearer(res.body.token)).expect(200);
      expect(me.body.id).toBe(account.id);
    }
  });

  it('answers 401 INVALID_CREDENTIALS alike for a wrong password and an unknown account', async () => {
    const account = await register(t.app, 'Mcgruder');
    const wrong = await post('/v1/sessions', { handle: account.handle, password: 'not the password' }).expect(401);
    const unknown = await post('/v1/sessions', { handle: 'nobody_here', password: 'not the password' }).expect(401);
    const unknownEmail = await post('/v1/sessions', { email: 'nobody@example.test', password: account.password }).expect(401);
    for (const res of [wrong, unknown, unknownEmail]) {
      const { requestId: _requestId, ...body } = res.body;
      expect(body).toEqual({ type: 'about:blank', title: 'Unauthorized', status: 401, code: 'INVALID_CREDENTIALS', detail: wrong.body.detail });
    }
  });

  it('takes about as long for an unknown account as for a wrong password (a password hash either way)', async () => {
    const account = await register(t.app, 'Timing');
    const timed = async (body: object) => {
      const started = performance.now();
      await post('/v1/sessions', body).expect(401);
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await timed({ handle: account.handle, password: 'not the password' }));
      unknown.push(await timed({ handle: `nobody_${i}`, password: 'not the password' }));
    }
    // Without the decoy hash an unknown account would answer in a few milliseconds, not hundreds.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.3);
  });

  it('needs exactly one of handle and email', async () => {
    const neither = await post('/v1/sessions', { password: 'whatever1' }).expect(400);
    expect(neither.body.code).toBe('VALIDATION_FAILED');
    await post('/v1/sessions', { handle: 'a', email: 'a@example.test', password: 'whatever1' }).expect(400);
  });
});

describe('GET /v1/me', () => {
  it('needs a token: 401 UNAUTHENTICATED with a Bearer challenge', async () => {
    const res = await request(t.app.server).get('/v1/me').expect(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });
});
