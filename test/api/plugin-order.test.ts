// The order plugins are registered in is declared, not kept by comments: each of our plugins names
// the plugins it needs before it (fastify-plugin's `dependencies`), and Fastify refuses to register
// it otherwise. The rate limiter limits the API's paths only, so the probes, the documentation and
// the web client stay unlimited wherever they are registered.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { accountRoutes } from '../../src/api/accounts.ts';
import { accessTokenRoutes } from '../../src/api/auth-tokens.ts';
import { chatRoutes } from '../../src/api/chat.ts';
import { commandLogRoutes } from '../../src/api/command-log.ts';
import { contentRoutes } from '../../src/api/content.ts';
import { emailRoutes } from '../../src/api/email.ts';
import { feedRoutes } from '../../src/api/feeds.ts';
import { gameRoutes } from '../../src/api/games.ts';
import { healthRoutes } from '../../src/api/health.ts';
import { preferenceRoutes } from '../../src/api/me-preferences.ts';
import { orderRoutes } from '../../src/api/orders.ts';
import { problemHandling } from '../../src/api/problems.ts';
import { sessionRoutes } from '../../src/api/sessions.ts';
import { vacationRoutes } from '../../src/api/vacation.ts';
import { webClientRoutes } from '../../src/api/web-client.ts';
import { webhookRoutes } from '../../src/api/webhooks.ts';
import { buildApp } from '../../src/app.ts';

/** Every plugin of the API, by the name it is registered under. */
const API: Record<string, FastifyPluginAsync<never>> = {
  'account-routes': accountRoutes,
  'access-token-routes': accessTokenRoutes,
  'chat-routes': chatRoutes,
  'command-log-routes': commandLogRoutes,
  'content-routes': contentRoutes,
  'email-routes': emailRoutes,
  'feed-routes': feedRoutes,
  'game-routes': gameRoutes,
  'preference-routes': preferenceRoutes,
  'order-routes': orderRoutes,
  'session-routes': sessionRoutes,
  'vacation-routes': vacationRoutes,
  'webhook-routes': webhookRoutes,
};

/** Registers `plugin` on a bare app (with the problem handling first, or not); its options are never read. */
async function registration(plugin: FastifyPluginAsync<never>, withProblems: boolean): Promise<string> {
  const app = Fastify({ logger: false });
  try {
    if (withProblems) await app.register(problemHandling);
    await app.register(plugin, {} as never);
    return 'registered';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await app.close().catch(() => undefined);
  }
}

describe('plugin dependencies', () => {
  it.each(Object.entries(API))('%s is refused before the auth plugin (its rate limiter limits only routes registered after it)', async (name, plugin) => {
    expect(await registration(plugin, true)).toBe(`The dependency 'auth' of plugin '${name}' is not registered`);
  });

  it.each(Object.entries({ ...API, 'health-routes': healthRoutes, 'web-client': webClientRoutes }))(
    '%s is refused before the problem handling (a plugin takes the error handler and schemas there are when it is registered)',
    async (name, plugin) => {
      expect(await registration(plugin, false)).toBe(`The dependency 'problems' of plugin '${name}' is not registered`);
    },
  );
});

describe('what the rate limiter limits', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plugin-order-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the API, but neither the web client, the probes nor the documentation', async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>client</title>');
    writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log("client");');
    const app = await buildApp({ readiness: async () => ({ ready: true, appliedMigrations: 0 }), settings: { webClientDir: dir, rateLimitPerMinute: 1 } });
    try {
      for (const url of ['/lobby', '/assets/index-AbC123.js', '/healthz', '/openapi.json', '/docs']) {
        const answers = [await app.inject({ url }), await app.inject({ url })];
        expect(
          answers.map((a) => a.statusCode),
          url,
        ).not.toContain(429);
        expect(answers[0]!.headers['x-ratelimit-limit'], url).toBeUndefined();
      }
      // No database is reached here: the key store's answer does not matter, only the limiter's.
      const first = await app.inject({ url: '/.well-known/jwks.json' });
      expect(first.headers['x-ratelimit-limit']).toBe('1');
      expect((await app.inject({ url: '/.well-known/jwks.json' })).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
