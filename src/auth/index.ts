// Authentication for every route: a request's `Authorization: Bearer <JWT>` becomes
// `request.caller` (src/auth/caller.ts), or null without one. A token that is present but cannot
// be used is refused with 401 INVALID_TOKEN on every route, even those open to anonymous callers:
// a client with a broken token should learn so, not be served as a spectator.
//
// Also here: the rate limiter (which needs to know the caller). It limits the routes registered
// after it, so every API plugin names this one (`auth`) among its fastify-plugin dependencies,
// among them the account, session and personal-access-token routes (src/api/{accounts,sessions,
// auth-tokens}.ts). Refusals are `Refusal`s with a kind (src/platform/refusal.ts); the `problems`
// plugin (src/api/problems.ts) turns them into statuses.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { PrismaClient } from '../db/prisma.ts';
import { Refusal } from '../platform/refusal.ts';
import { KeySealer } from './key-encryption.ts';
import { decoyHash } from './passwords.ts';
import { registerRateLimit, type RateLimits } from './rate-limit.ts';
import { AuthService } from './service.ts';
import type { AccountRegistration } from './accounts.ts';
import type { SessionGenerations } from './session-revocations.ts';
import type { PasswordWrites } from './password-changes.ts';
import { InvalidTokenError } from './tokens.ts';
import { DEFAULT_TOKEN_AUDIENCE, DEFAULT_TOKEN_ISSUER } from '../config/product.ts';

export interface AuthSettings {
  /** The tokens' `iss`. */
  authIssuer: string;
  /** The tokens' `aud`. */
  authAudience: string;
  sessionTtlSeconds: number;
  /** Requests a minute per caller; 0 turns rate limiting off. */
  rateLimitPerMinute: number;
  /** Log-in attempts a minute per IP address; 0 leaves log-in under the general limit. */
  loginRateLimitPerMinute: number;
  /** Failed log-ins in a row per handle or email (from one address, or from all together) before each attempt from the failing address must wait; 0 turns the per-account throttle off. */
  loginFailuresBeforeDelay: number;
  /** The first such wait; it doubles with each further failure. */
  loginDelaySeconds: number;
  /** Failed log-ins in a row per handle or email (from one address, or from all together) that lock the failing address out of it for `loginLockMinutes`. */
  loginFailuresBeforeLock: number;
  loginLockMinutes: number;
  /** SIGNING_KEY_SECRET: encrypts the signing keys at rest (key-encryption.ts); empty: stored plain. */
  signingKeySecrets: Buffer[];
}

/**
 * buildApp()'s defaults. Rate limiting is off unless asked for, so tests and scripts that play
 * whole games in seconds are not throttled; the process turns it on (RATE_LIMIT_PER_MINUTE).
 */
export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  authIssuer: DEFAULT_TOKEN_ISSUER,
  authAudience: DEFAULT_TOKEN_AUDIENCE,
  sessionTtlSeconds: 3600,
  rateLimitPerMinute: 0,
  loginRateLimitPerMinute: 0,
  // On, as in the process: a test that fails one log-in five times in a row is testing this.
  loginFailuresBeforeDelay: 5,
  loginDelaySeconds: 2,
  loginFailuresBeforeLock: 10,
  loginLockMinutes: 15,
  signingKeySecrets: [],
};

export interface AuthOptions {
  pool: pg.Pool;
  /** Prisma Client over the same pool: accounts and personal access tokens. */
  prisma: PrismaClient;
  /** The one writer of `accounts` (src/store/accounts.ts): registration and log out everywhere write through it. */
  accountRows: AccountRegistration & SessionGenerations & PasswordWrites;
  settings?: Partial<AuthSettings>;
  /** Personal access tokens an account may hold (TOKENS_PER_ACCOUNT). */
  tokensPerAccount?: number;
  /** The names of the service and of the games it hosts, which passwords should not be built on. */
  serviceNames?: readonly string[];
}

export interface AuthPluginOptions {
  auth: AuthService;
  limits: RateLimits;
  /** Create the first signing key when the app starts (off where no database is reached, e.g. OpenAPI generation). */
  prepareKeys?: boolean;
}

const BEARER = /^Bearer +([A-Za-z0-9_.~+/=-]+) *$/i;

/** Accounts, tokens, signing keys and the log-in throttle, as the settings ask. */
export function createAuth(options: AuthOptions): AuthService {
  const settings = { ...DEFAULT_AUTH_SETTINGS, ...options.settings };
  return new AuthService(
    options.pool,
    options.prisma,
    options.accountRows,
    {
      issuer: settings.authIssuer,
      audience: settings.authAudience,
      sessionTtlSeconds: settings.sessionTtlSeconds,
    },
    {
      tokensPerAccount: options.tokensPerAccount,
      serviceNames: options.serviceNames,
      keySealer: new KeySealer(settings.signingKeySecrets),
      loginThrottle: {
        failuresBeforeDelay: settings.loginFailuresBeforeDelay,
        delaySeconds: settings.loginDelaySeconds,
        failuresBeforeLock: settings.loginFailuresBeforeLock,
        lockMinutes: settings.loginLockMinutes,
      },
    },
  );
}

/**
 * The plugin named `auth`: reads the token of every request, and limits the rate of the routes
 * registered after it. Not encapsulated (fastify-plugin), so its hooks are the app's own and
 * apply to every route.
 */
export const authPlugin = fp(authenticateRequests, { name: 'auth', dependencies: ['problems'] });

async function authenticateRequests(app: FastifyInstance, { auth, limits, prepareKeys = true }: AuthPluginOptions): Promise<void> {
  app.decorateRequest('caller', null);
  // A refused token is answered only after the rate limiter (a route's own `onRequest` hook, which
  // runs after the app's) has counted the request against its address: refusing it here, first,
  // would let a flood of bad tokens past the limiter (rate-limit.ts).
  app.decorateRequest('refusedToken', null);
  app.addHook('onRequest', async (request) => authenticate(auth, request));
  app.addHook('preParsing', async (request, reply) => {
    // Undefined, not null, on routes registered before this plugin decorated requests (the probes).
    const refused = request.refusedToken;
    if (!refused) return;
    reply.header('www-authenticate', `Bearer error="invalid_token", error_description="${refused.replace(/[^\x20-\x7e]|"/g, '')}"`);
    throw new Refusal('unauthenticated', 'INVALID_TOKEN', refused);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    // RFC 9110: a 401 says how to authenticate.
    if (reply.statusCode === 401 && !reply.hasHeader('www-authenticate')) reply.header('www-authenticate', 'Bearer');
    return payload;
  });
  if (prepareKeys) {
    app.addHook('onReady', async () => {
      await auth.keys.ensureActiveKey();
      // Other processes' rotations apply here as soon as they commit (keys.ts).
      await auth.keys.start();
      // Before the first request: logged-out sessions from before this process started are refused.
      await auth.revocations.start();
      // In the background: the first log-in for an unknown account then costs no more than the next.
      void decoyHash();
    });
    app.addHook('onClose', async () => {
      await auth.keys.stop();
      await auth.revocations.stop();
    });
  }

  await registerRateLimit(app, limits);
}

/** The rate limits the settings ask for: the limiter's, and the log-in route's own. */
export function rateLimitsOf(settings: Partial<AuthSettings>): RateLimits {
  const { rateLimitPerMinute, loginRateLimitPerMinute } = { ...DEFAULT_AUTH_SETTINGS, ...settings };
  return { perMinute: rateLimitPerMinute, loginPerMinute: loginRateLimitPerMinute };
}

/** The token in an `Authorization: Bearer` header, if it holds one: what a stream watches (credential-watch.ts). */
export function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

/** Fills `request.caller`, or `request.refusedToken` with why the token sent cannot be used (refused in `preParsing`). */
async function authenticate(auth: AuthService, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  // A route that takes another credential in the same header (the operator's /metrics) reads it itself.
  if (header === undefined || request.routeOptions.config?.ownCredential) return;
  const token = bearerToken(header);
  try {
    if (!token) throw new InvalidTokenError('Send the token as "Authorization: Bearer <token>".');
    request.caller = await auth.tokens.verify(token);
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    request.refusedToken = error.message;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Why the bearer token sent cannot be used; null (or undefined) when none was sent or it was accepted. */
    refusedToken: string | null | undefined;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its own bearer credential (not a player's token): the auth plugin leaves the header alone. */
    ownCredential?: boolean;
  }
}
