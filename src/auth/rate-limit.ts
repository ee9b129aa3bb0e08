// Requests per minute, per caller: by account when the request carries a valid token (every token
// of an account shares one budget, so minting tokens does not buy more), by IP address otherwise.
// It runs after authentication (route-level hooks run after the app's), so it knows the caller.
// A request whose token is refused (malformed, a bad signature, an unknown key, expired, logged
// out) has no caller: it counts against its address, and is answered 401 only after this count
// (index.ts), so a flood of made-up tokens meets 429 like any other flood.
// A long-poll or an SSE stream is one request, however long it stays open. The counters live in
// this process: with several instances behind a balancer, each enforces its own.
//
// Headers on every limited route: x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset
// (seconds); a 429 adds retry-after and is problem+json with code RATE_LIMITED.

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Refusal } from '../platform/refusal.ts';

export interface RateLimits {
  /** Requests a minute per caller on every API route; 0 turns rate limiting off. */
  perMinute: number;
  /** Log-in attempts a minute per IP address (POST /v1/sessions); 0 leaves log-in under `perMinute`. */
  loginPerMinute: number;
}

const WINDOW_MS = 60_000;

/**
 * Only the API is limited (/v1/ and /.well-known/): never the probes, the documentation, or the web
 * client's page and assets (static files, not API calls), in whatever order they are registered.
 */
function exempt(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? request.url;
  return !path.startsWith('/v1/') && !path.startsWith('/.well-known/');
}

/** Registers the limiter; routes registered afterwards are limited. Nothing happens when both limits are 0. */
export async function registerRateLimit(app: FastifyInstance, limits: RateLimits): Promise<void> {
  if (limits.perMinute <= 0 && limits.loginPerMinute <= 0) return;
  await app.register(rateLimit, {
    global: limits.perMinute > 0,
    max: limits.perMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => (request.caller ? `account:${request.caller.accountId}` : `ip:${request.ip}`),
    allowList: (request) => exempt(request),
    errorResponseBuilder: (_request, context) =>
      new Refusal('limited', 'RATE_LIMITED', `Too many requests: at most ${context.max} a minute. Retry in ${context.after}.`, {
        limit: context.max,
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
}

/** The `config` of the log-in route: its own, stricter budget per IP address, when configured. */
export function loginRateLimit(limits: RateLimits, route = 'login'): { rateLimit?: object } {
  if (limits.loginPerMinute <= 0) return {};
  return { rateLimit: { max: limits.loginPerMinute, timeWindow: WINDOW_MS, keyGenerator: (request: FastifyRequest) => `${route}:${request.ip}` } };
}
