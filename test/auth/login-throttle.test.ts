// The per-account log-in throttle (src/auth/login-throttle.ts): failures counted per handle or
// email, known or not; a delay that grows, then a lock that always ends; a success starts again.
// A known account and an unknown handle must get exactly the same answers.

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { blockAfter, judgeAttempt, loginKey, sourceKey, type FailureRecord, type LoginThrottlePolicy } from '../../src/auth/login-throttle.ts';
import { useTestApp } from '../support/app.ts';
import { authAppOn, register } from './support.ts';

// Waits long enough that no test runs into their end by itself: tests move a block's end instead.
const POLICY: LoginThrottlePolicy = { failuresBeforeDelay: 2, delaySeconds: 10, failuresBeforeLock: 4, lockMinutes: 1 };

describe('judgeAttempt', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

  it('lets the first failures through, then delays (doubling), then locks, and a lock ends', () => {
    let record: FailureRecord | undefined;
    const blocks: (number | null)[] = [];
    for (let i = 0; i < 6; i++) {
      // Each attempt once the previous block has passed.
      const now = at(i * 3_600_000);
      const verdict = judgeAttempt(record, now, POLICY);
      expect(verdict.refused).toBe(false);
      if (verdict.refused) return;
      record = verdict.record;
      blocks.push(record.blockedUntil && record.blockedUntil.getTime() - now.getTime());
    }
    // Free, free, 10 s, 20 s, then a minute's lock at every further failure: never permanent.
    expect(blocks).toEqual([null, 10_000, 20_000, 60_000, 60_000, 60_000]);
  });

  it('refuses while blocked, saying how long and whether it is a lock', () => {
    const now = at(0);
    expect(judgeAttempt({ failures: 3, lastFailureAt: now, blockedUntil: at(20_000) }, at(500), POLICY)).toEqual({ refused: true, locked: false, retryAfterSeconds: 20 });
    expect(judgeAttempt({ failures: 4, lastFailureAt: now, blockedUntil: at(60_000) }, at(100), POLICY)).toEqual({ refused: true, locked: true, retryAfterSeconds: 60 });
  });

  it('holds a source back as long as the identifier’s failures from every source earn, but never refuses a source that has not failed', () => {
    const now = at(0);
    const everywhere: FailureRecord = { failures: 40, lastFailureAt: now, blockedUntil: null };
    // A fresh source is checked, however many failures others have made.
    const fresh = judgeAttempt(undefined, at(1000), POLICY, everywhere);
    expect(fresh).toMatchObject({ refused: false, record: { failures: 1 }, everywhere: { failures: 41 } });
    // Should its password be wrong, it waits like a source that failed 41 times: a lock.
    if (fresh.refused) return;
    expect(fresh.record.blockedUntil!.getTime() - at(1000).getTime()).toBe(60_000);
    expect(judgeAttempt(fresh.record, at(2000), POLICY, fresh.everywhere)).toMatchObject({ refused: true, locked: true });
  });

  it('forgets failures a day old', () => {
    const verdict = judgeAttempt({ failures: 9, lastFailureAt: at(0), blockedUntil: at(60_000) }, at(24 * 3_600_000 + 1), POLICY);
    expect(verdict).toMatchObject({ refused: false, record: { failures: 1, blockedUntil: null } });
  });

  it('caps the delay at the lock, whatever the settings', () => {
    const policy = { failuresBeforeDelay: 1, delaySeconds: 3600, failuresBeforeLock: 1000, lockMinutes: 5 };
    expect(blockAfter(900, at(0), policy)!.getTime()).toBe(at(5 * 60_000).getTime());
  });

  it('keys a log-in by its lower-cased handle or normalised email, never by both', () => {
    expect(loginKey({ handle: 'Dredd' })).toBe(loginKey({ handle: 'dredd' }));
    expect(loginKey({ email: ' Dredd@Example.COM ' })).toBe(loginKey({ email: 'dredd@example.com' }));
    expect(loginKey({ handle: 'dredd' })).not.toBe(loginKey({ email: 'dredd' }));
    expect(loginKey({ handle: 'dredd' })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('POST /v1/sessions, throttled per handle or email and source address', () => {
  const t = useTestApp(
    { loginFailuresBeforeDelay: POLICY.failuresBeforeDelay, loginDelaySeconds: POLICY.delaySeconds, loginFailuresBeforeLock: POLICY.failuresBeforeLock, loginLockMinutes: POLICY.lockMinutes },
    authAppOn,
  );

  const logIn = (body: object) => request(t.app.server).post('/v1/sessions').send(body);
  /**
   * What a client sees of an answer, minus what differs between any two requests: the request id,
   * and the seconds left (the two identifiers' clocks started a few milliseconds apart, so a
   * second's boundary may fall between them: `retryAfter` is compared apart, within a second).
   */
  const seen = (res: request.Response) => {
    const { requestId: _requestId, retryAfterSeconds, detail, ...body } = res.body as Record<string, unknown>;
    const retryAfter = res.headers['retry-after'] === undefined ? undefined : Number(res.headers['retry-after']);
    expect(retryAfterSeconds).toBe(retryAfter);
    return {
      shape: { status: res.status, contentType: res.headers['content-type'], hasRetryAfter: retryAfter !== undefined, detail: String(detail).replace(/\d+/g, '#'), body },
      retryAfter,
    };
  };
  /** Moves the identifier's block into the past, as if its time had passed. */
  const endBlock = (login: { handle?: string; email?: string }, address = '127.0.0.1') =>
    t.pool.query(`UPDATE login_failures SET blocked_until = now() - interval '1 millisecond' WHERE key = $1`, [sourceKey(login, address)]);

  it('delays, then locks, the same way for an account and for a handle nobody has; the lock ends and a success starts the count again', async () => {
    const account = await register(t.app, 'throttled');
    const known = { handle: account.handle };
    const unknown = { handle: `${account.handle}_x` };
    const wrong = 'not the password at all';

    // Each step for both identifiers; the known one with its right password where that shows the throttle comes first.
    const step = async (password: (known: boolean) => string) => [seen(await logIn({ ...known, password: password(true) })), seen(await logIn({ ...unknown, password: password(false) }))];
    const always = () => wrong;
    const rightForKnown = (isKnown: boolean) => (isKnown ? account.password : wrong);

    const steps = [];
    steps.push(await step(always)); // failure 1: free
    steps.push(await step(always)); // failure 2: the next attempt waits LOGIN_DELAY_SECONDS
    steps.push(await step(rightForKnown)); // refused, not counted, the password not even checked
    await endBlock(known);
    await endBlock(unknown);
    steps.push(await step(always)); // failure 3: waits twice as long
    steps.push(await step(always)); // refused
    await endBlock(known);
    await endBlock(unknown);
    steps.push(await step(always)); // failure 4: locked for a minute
    steps.push(await step(rightForKnown)); // refused: locked

    for (const [ofKnown, ofUnknown] of steps) {
      expect(ofKnown!.shape).toEqual(ofUnknown!.shape);
      expect(Math.abs((ofKnown!.retryAfter ?? 0) - (ofUnknown!.retryAfter ?? 0))).toBeLessThanOrEqual(1);
    }
    expect(steps.map(([res]) => [res!.shape.status, res!.shape.body.code])).toEqual([
      [401, 'INVALID_CREDENTIALS'],
      [401, 'INVALID_CREDENTIALS'],
      [429, 'LOGIN_THROTTLED'],
      [401, 'INVALID_CREDENTIALS'],
      [429, 'LOGIN_THROTTLED'],
      [401, 'INVALID_CREDENTIALS'],
      [429, 'LOGIN_LOCKED'],
    ]);
    // The wait doubles (10 s, then 20 s), then the lock: a minute. A few seconds may have passed.
    const waits = steps.map(([res]) => res!.retryAfter);
    expect(waits.filter((w) => w === undefined)).toHaveLength(4);
    expect(waits[2]).toBeGreaterThan(POLICY.delaySeconds - 3);
    expect(waits[2]).toBeLessThanOrEqual(POLICY.delaySeconds);
    expect(waits[4]).toBeGreaterThan(2 * POLICY.delaySeconds - 3);
    expect(waits[4]).toBeLessThanOrEqual(2 * POLICY.delaySeconds);
    expect(waits[6]).toBeGreaterThan(60 - 3);
    expect(waits[6]).toBeLessThanOrEqual(60);
    expect(steps.at(-1)![0]!.shape.contentType).toMatch(/^application\/problem\+json/);
    expect(steps.at(-1)![0]!.shape.detail).toMatch(/locked/);

    // The lock ends by itself: the right password works again, and the count starts afresh.
    await endBlock(known);
    expect((await logIn({ ...known, password: account.password })).status).toBe(200);
    expect((await t.pool.query('SELECT 1 FROM login_failures WHERE key = $1', [loginKey(known)])).rowCount).toBe(0);
    expect((await logIn({ ...known, password: wrong })).status).toBe(401);
    expect((await logIn({ ...known, password: wrong })).status).toBe(401);
    expect((await logIn({ ...known, password: account.password })).status).toBe(429);
  });

  it('counts a handle and an email apart, and every other account keeps its own count', async () => {
    const victim = await register(t.app, 'locked');
    const bystander = await register(t.app, 'bystander');
    for (let i = 0; i < POLICY.failuresBeforeLock; i++) {
      await endBlock({ handle: victim.handle });
      expect((await logIn({ handle: victim.handle, password: 'a wrong guess' })).status).toBe(401);
    }
    expect((await logIn({ handle: victim.handle.toUpperCase(), password: victim.password })).body.code).toBe('LOGIN_LOCKED');
    // The owner still gets in with the email; others are not affected at all.
    expect((await logIn({ email: victim.email, password: victim.password })).status).toBe(200);
    expect((await logIn({ handle: bystander.handle, password: bystander.password })).status).toBe(200);
  });

  /** A log-in sent from `localAddress` (another loopback address: another source, as the server sees it). */
  const logInFrom = (localAddress: string, body: object) =>
    new Promise<{ status: number; body: { code?: string } }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        { host: '127.0.0.1', port: (t.app.server.address() as AddressInfo).port, localAddress, method: 'POST', path: '/v1/sessions', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { code?: string } }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  it('an attacker failing with a victim’s handle locks out only their own address: the owner logs in from theirs (issue 28)', async () => {
    const victim = await register(t.app, 'victim');
    const attacker = '127.0.0.2';
    // Far past the lock, each wait ended as if its time had passed.
    for (let i = 0; i < POLICY.failuresBeforeLock + 3; i++) {
      await endBlock({ handle: victim.handle }, attacker);
      expect((await logInFrom(attacker, { handle: victim.handle, password: 'a wrong guess' })).status).toBe(401);
    }
    // The attacker's address is locked, even with the right password: it is not checked.
    const attackerAgain = await logInFrom(attacker, { handle: victim.handle, password: victim.password });
    expect([attackerAgain.status, attackerAgain.body.code]).toEqual([429, 'LOGIN_LOCKED']);
    // The owner, from their own address, is not.
    const owner = await logInFrom('127.0.0.1', { handle: victim.handle, password: victim.password });
    expect(owner.status).toBe(200);
    // And the attacker's address stays locked after the owner's success.
    expect((await logInFrom(attacker, { handle: victim.handle, password: victim.password })).body.code).toBe('LOGIN_LOCKED');
  });

  it('a guesser with many addresses gets one guess per address per lock once the handle has failed often', async () => {
    const victim = await register(t.app, 'spread');
    const addresses = Array.from({ length: POLICY.failuresBeforeLock + 2 }, (_, i) => `127.0.1.${i + 1}`);
    const answers = [];
    for (const address of addresses) {
      answers.push((await logInFrom(address, { handle: victim.handle, password: 'a wrong guess' })).status);
      answers.push((await logInFrom(address, { handle: victim.handle, password: 'another wrong guess' })).body.code ?? 'checked');
    }
    // Each address's first guess is checked (401). Its second: free while the handle's failures
    // from everywhere are few, then held back as long as they earn — a lock once they reach it.
    expect(answers.filter((_, i) => i % 2 === 0)).toEqual(addresses.map(() => 401));
    const seconds = answers.filter((_, i) => i % 2 === 1);
    expect(seconds[0]).toBe('INVALID_CREDENTIALS');
    expect(seconds.slice(POLICY.failuresBeforeLock / 2)).toEqual(seconds.slice(POLICY.failuresBeforeLock / 2).map(() => 'LOGIN_LOCKED'));
    // A new address, the owner's, is still let in.
    expect((await logInFrom('127.0.2.1', { handle: victim.handle, password: victim.password })).status).toBe(200);
  });

  it('counts parallel guesses before checking them: a burst gets no more than the free failures checked', async () => {
    const account = await register(t.app, 'burst');
    const answers = await Promise.all(Array.from({ length: 8 }, () => logIn({ handle: account.handle, password: 'a parallel guess' })));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(POLICY.failuresBeforeDelay).fill(401), ...Array(8 - POLICY.failuresBeforeDelay).fill(429)]);
  });

  it('sweeps identifiers whose failures are forgotten', async () => {
    await t.pool.query(
      `INSERT INTO login_failures (key, failures, last_failure_at) VALUES ('old-one', 3, now() - interval '25 hours'), ('recent-one', 3, now() - interval '1 hour')`,
    );
    expect(await t.parts.auth.loginThrottle.sweep()).toBe(1);
    const { rows } = await t.pool.query<{ key: string }>(`SELECT key FROM login_failures WHERE key IN ('old-one', 'recent-one')`);
    expect(rows.map((row) => row.key)).toEqual(['recent-one']);
  });
});
