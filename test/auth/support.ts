// The app on a test database with auth settings of the test's choosing, accounts made over HTTP,
// and tokens crafted with jose itself (signed by the service's own key, or not), to attack it.

import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import pg from 'pg';
import request from 'supertest';
import { composeApp, type App, type AppParts, type AppSettings } from '../../src/app.ts';
import { databaseOver } from '../../src/db/database.ts';
import { readMigrations } from '../../src/db/migrations.ts';
import { PoolGuard } from '../support/pool-guard.ts';

export interface AuthTestApp {
  app: App;
  /** Accounts, tokens and signing keys (`parts.auth`), and the rest the app is composed of. */
  parts: AppParts;
  pool: pg.Pool;
  close(): Promise<void>;
}

export async function authAppOn(url: string, settings: Partial<AppSettings> = {}): Promise<AuthTestApp> {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 1_000 });
  // As appOn does (test/support/app.ts): dropping the test database ends the app's listening
  // connections, which must not fail the run with an unhandled 57P01.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Fails `close` when a request held a pooled connection while asking for another (pool-guard.ts).
  const poolGuard = new PoolGuard();
  poolGuard.watch(pool);
  const db = databaseOver(pool, await readMigrations());
  const { app, parts } = await composeApp({ readiness: db.readiness, pool: db.pool, settings });
  poolGuard.register(app);
  try {
    await app.ready();
  } catch (error) {
    // A start-up that fails (a test of it, say) leaves nothing open behind it.
    await app.close().catch(() => undefined);
    await db.close();
    throw error;
  }
  return {
    app,
    parts,
    pool: db.pool,
    async close() {
      await app.close();
      await db.close();
      poolGuard.assertNone();
    },
  };
}

export interface Registered {
  id: string;
  handle: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

export async function register(app: App, prefix = 'judge'): Promise<Registered> {
  const handle = `${prefix}_${process.pid}_${++counter}`.slice(0, 32);
  const email = `${handle}@example.test`;
  const password = 'correct horse battery staple';
  const res = await request(app.server).post('/v1/accounts').send({ handle, email, password });
  if (res.status !== 201) throw new Error(`register ${handle}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.account.id, handle, email, password, token: res.body.token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The claims the service issues for a session of `account`, to alter one at a time. */
export function sessionClaims(account: { id: string; handle: string }, overrides: JWTPayload = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: 'judge-dredd-pbw',
    aud: 'judge-dredd-pbw-api',
    sub: account.id,
    handle: account.handle,
    kind: 'session',
    // The account's session generation: 0 until it first logs out everywhere.
    gen: 0,
    jti: randomUUID(),
    iat: now,
    exp: now + 600,
    ...overrides,
  };
}

/** Signs `claims` with the service's active private key, as the service would (unless told otherwise). */
export async function signWithServiceKey(pool: pg.Pool, claims: JWTPayload, header: { kid?: string } = {}): Promise<string> {
  const { rows } = await pool.query<{ kid: string; private_jwk: JWK }>('SELECT kid, private_jwk FROM signing_keys WHERE retired_at IS NULL');
  const { kid, private_jwk } = rows[0]!;
  const key = await importJWK(private_jwk, 'EdDSA');
  return new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT', ...header }).sign(key);
}

export async function activeKid(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ kid: string }>('SELECT kid FROM signing_keys WHERE retired_at IS NULL');
  return rows[0]!.kid;
}

/** Asserts the 401 every unusable token gets. */
export function expectInvalidToken(res: request.Response, because?: RegExp): void {
  if (res.status !== 401 || res.body.code !== 'INVALID_TOKEN') {
    throw new Error(`expected 401 INVALID_TOKEN, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  if (because && !because.test(res.body.detail)) throw new Error(`expected the detail to match ${because}, got "${res.body.detail}"`);
  if (!res.headers['content-type']?.startsWith('application/problem+json')) throw new Error(`content-type ${res.headers['content-type']}`);
  if (!/^Bearer error="invalid_token"/.test(res.headers['www-authenticate'] ?? '')) {
    throw new Error(`www-authenticate ${res.headers['www-authenticate']}`);
  }
}
