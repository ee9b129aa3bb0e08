// Logging out (src/auth/session-revocations.ts): one session, or every session of an account.
// A logged-out token is refused on the very next request in the process that logged it out,
// in other processes as soon as Postgres tells them, and in processes started afterwards.

import { LISTENER_APPLICATION_NAME } from '../../src/db/listener.ts';
import { decodeJwt } from 'jose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { authAppOn, bearer, expectInvalidToken, register, sessionClaims, signWithServiceKey, type AuthTestApp } from './support.ts';

const t = useTestApp({}, authAppOn);

const me = (token: string, app = t.app) => request(app.server).get('/v1/me').set(bearer(token));
const logIn = async (account: { handle: string; password: string }) =>
  (await request(t.app.server).post('/v1/sessions').send({ handle: account.handle, password: account.password }).expect(200)).body.token as string;
const logOut = (token: string) => request(t.app.server).delete('/v1/sessions/current').set(bearer(token));
const logOutEverywhere = (token: string) => request(t.app.server).delete('/v1/sessions').set(bearer(token));
const createPat = async (token: string) => (await request(t.app.server).post('/v1/me/tokens').set(bearer(token)).send({ name: 'bot' }).expect(201)).body.token as string;

/** Polls until `check` passes, for what another process learns a moment later. */
async function eventually(check: () => Promise<void>, ms = 5_000): Promise<void> {
  const stop = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > stop) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('DELETE /v1/sessions/current (log out)', () => {
  it('refuses the token at once, though it was accepted a moment ago; the other sessions and the PATs stay', async () => {
    const account = await register(t.app, 'logout');
    const other = await logIn(account);
    const pat = await createPat(account.token);
    await me(account.token).expect(200);

    await logOut(account.token).expect(204);
    expectInvalidToken(await me(account.token), /logged out/);
    await me(other).expect(200);
    await me(pat).expect(200);
    // Logging out again with it: the token itself is refused.
    expectInvalidToken(await logOut(account.token));
  });

  it('keeps the logged-out session in revoked_sessions until it would have expired, then lets it go', async () => {
    const account = await register(t.app, 'rows');
    const { jti, exp } = decodeJwt(account.token);
    await logOut(account.token).expect(204);
    const { rows } = await t.pool.query<{ account_id: string; expires_at: Date }>('SELECT account_id, expires_at FROM revoked_sessions WHERE jti = $1', [jti]);
    expect(rows).toEqual([{ account_id: account.id, expires_at: new Date(exp! * 1000) }]);

    // Past its expiry the row is useless (the signature check refuses the token): the next log-out deletes it.
    await t.pool.query(`UPDATE revoked_sessions SET expires_at = now() - interval '1 hour' WHERE jti = $1`, [jti]);
    await logOut(await logIn(account)).expect(204);
    expect((await t.pool.query('SELECT 1 FROM revoked_sessions WHERE jti = $1', [jti])).rowCount).toBe(0);
  });
});

describe('DELETE /v1/sessions (log out everywhere)', () => {
  it('refuses every session of the account, the one sent included; PATs, new log-ins and other accounts work', async () => {
    const account = await register(t.app, 'everywhere');
    const second = await logIn(account);
    const pat = await createPat(account.token);
    const bystander = await register(t.app, 'bystander');
    await me(second).expect(200);

    await logOutEverywhere(account.token).expect(204);
    expectInvalidToken(await me(account.token), /Every session/);
    expectInvalidToken(await me(second), /Every session/);
    await me(pat).expect(200);
    await me(bystander.token).expect(200);

    const fresh = await logIn(account);
    expect(decodeJwt(fresh).gen).toBe(1);
    await me(fresh).expect(200);
  });

  it('refuses a token signed with an older generation, or with a generation that is not one', async () => {
    const account = await register(t.app, 'generation');
    await logOutEverywhere(account.token).expect(204);
    await logOutEverywhere(await logIn(account)).expect(204);
    expectInvalidToken(await me(await signWithServiceKey(t.pool, sessionClaims(account, { gen: 1 }))), /Every session/);
    await me(await signWithServiceKey(t.pool, sessionClaims(account, { gen: 2 }))).expect(200);
    for (const gen of [-1, 1.5, '2', null]) expectInvalidToken(await me(await signWithServiceKey(t.pool, sessionClaims(account, { gen }))));
  });
});

describe('logging out', () => {
  it('needs a session token: 401 without a token, 403 SESSION_REQUIRED with a personal access token', async () => {
    const account = await register(t.app, 'needs');
    const pat = await createPat(account.token);
    expect((await request(t.app.server).delete('/v1/sessions/current').expect(401)).body.code).toBe('UNAUTHENTICATED');
    expect((await request(t.app.server).delete('/v1/sessions').expect(401)).body.code).toBe('UNAUTHENTICATED');
    expect((await logOut(pat).expect(403)).body.code).toBe('SESSION_REQUIRED');
    expect((await logOutEverywhere(pat).expect(403)).body.code).toBe('SESSION_REQUIRED');
    await me(account.token).expect(200);
    await me(pat).expect(200);
  });

  it('applies in another process as soon as Postgres tells it, and in a process started afterwards', async () => {
    const other: AuthTestApp = await authAppOn(t.database.url);
    let later: AuthTestApp | undefined;
    try {
      const one = await register(t.app, 'twoproc');
      const all = await register(t.app, 'twoproc');
      const allSecond = await logIn(all);
      for (const token of [one.token, all.token, allSecond]) await me(token, other.app).expect(200);

      await logOut(one.token).expect(204);
      await logOutEverywhere(all.token).expect(204);
      await eventually(async () => {
        for (const token of [one.token, all.token, allSecond]) expectInvalidToken(await me(token, other.app));
      });

      later = await authAppOn(t.database.url);
      for (const token of [one.token, all.token, allSecond]) expectInvalidToken(await me(token, later.app));
      await me(await logIn(all), later.app).expect(200);
    } finally {
      await other.close();
      await later?.close();
    }
  });

  it('catches up with what it missed while its listening connection was down', async () => {
    const account = await register(t.app, 'missed');
    await me(account.token).expect(200);
    const { jti, exp } = decodeJwt(account.token);
    const { rowCount } = await t.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      [LISTENER_APPLICATION_NAME],
    );
    expect(rowCount).toBe(1);
    // Logged out by another process while this one hears nothing (no NOTIFY reaches it now):
    // it reconnects a moment later and reloads.
    await t.pool.query('INSERT INTO revoked_sessions (jti, account_id, expires_at) VALUES ($1, $2, $3)', [jti, account.id, new Date(exp! * 1000)]);
    await eventually(async () => expectInvalidToken(await me(account.token), /logged out/));
  });
});
