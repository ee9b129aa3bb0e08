// A token naming a kid the service does not know costs no database query (issue 28: a flood of
// tokens with random kids cost one query each): the valid keys are held in memory, and an unknown
// kid may cause one reload of them at most every few seconds, however many such tokens come.

import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import request from 'supertest';
import { expect, it, vi } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { authAppOn, bearer, expectInvalidToken, register, sessionClaims } from './support.ts';

const t = useTestApp({}, authAppOn);

it('100 tokens with made-up kids are refused 401, with at most one read of the keys between them', async () => {
  const account = await register(t.app, 'kidflood');
  await request(t.app.server).get('/v1/me').set(bearer(account.token)).expect(200);
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const tokens = await Promise.all(
    Array.from({ length: 100 }, () => new SignJWT(sessionClaims(account)).setProtectedHeader({ alg: 'EdDSA', kid: randomUUID(), typ: 'JWT' }).sign(privateKey)),
  );
  const query = vi.spyOn(t.pool, 'query');
  try {
    for (const token of tokens) expectInvalidToken(await request(t.app.server).get('/v1/me').set(bearer(token)), /does not know/);
    const keyReads = query.mock.calls.filter(([sql]) => /signing_keys/.test(typeof sql === 'string' ? sql : (sql as { text: string }).text));
    expect(keyReads.length).toBeLessThanOrEqual(1);
  } finally {
    query.mockRestore();
  }
  // The real key still works.
  await request(t.app.server).get('/v1/me').set(bearer(account.token)).expect(200);
});
