// The web client is served by the service itself: its page on the client's routes (revalidated by
// ETag on every visit), its hashed assets cached for a year, and nothing of the API shadowed.
// Uses a stand-in build in a temporary directory, so `npm test` needs no Vite build.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';

const PAGE = '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="app"></div></body></html>';
const SCRIPT = 'console.log("client");';
const MANIFEST = '{"name":"Judge Dredd play-by-web"}';
const WORKER = 'self.addEventListener("fetch", () => undefined);';

let dir: string;
let app: App;
let unbuilt: App;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hs-web-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), PAGE);
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'manifest.webmanifest'), MANIFEST);
  writeFileSync(path.join(dir, 'sw.js'), WORKER);
  const readiness = async () => ({ ready: true as const, appliedMigrations: 0 });
  app = await buildApp({ readiness, settings: { webClientDir: dir } });
  unbuilt = await buildApp({ readiness, settings: { webClientDir: path.join(dir, 'missing') } });
  await app.ready();
  await unbuilt.ready();
});
afterAll(async () => {
  await app?.close();
  await unbuilt?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the page', () => {
  it.each(['/', '/login', '/signup', '/lobby', '/settings', '/games/5b0c6a2e-0000-4000-8000-000000000000', '/games/5b0c6a2e-0000-4000-8000-000000000000/replay'])(
    '%s answers the client page, revalidated on every visit',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe(PAGE);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    },
  );

  it('answers 304 with no body to a current ETag', async () => {
    const first = await app.inject({ url: '/' });
    const again = await app.inject({ url: '/lobby', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is a problem+json 503 saying how to build it when the build is missing', async () => {
    const response = await unbuilt.inject({ url: '/games/5b0c6a2e-0000-4000-8000-000000000000' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ code: 'WEB_CLIENT_NOT_BUILT', detail: expect.stringContaining('npm run build:web') });
  });
});

describe('assets', () => {
  it('are cached a year as immutable, with an ETag that revalidates', async () => {
    const response = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SCRIPT);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('an unknown asset is a 404, and nothing escapes the assets directory', async () => {
    expect((await app.inject({ url: '/assets/nope-123.js' })).statusCode).toBe(404);
    const escape = await app.inject({ url: '/assets/..%2findex.html' });
    expect([400, 403, 404]).toContain(escape.statusCode);
    expect(escape.body).not.toContain('<div id="app">');
  });
});

describe('the web app’s files', () => {
  it('the manifest and the service worker answer with their types, revalidated, the worker allowed the whole site', async () => {
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.body).toBe(MANIFEST);
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBe('/');
    expect((await app.inject({ url: '/sw.js', headers: { 'if-none-match': String(worker.headers.etag) } })).statusCode).toBe(304);
  });

  it('one the build lacks is the API’s 404', async () => {
    const response = await app.inject({ url: '/icons/icon-192.png' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('a mistyped address', () => {
  it('in a browser (asking for HTML) gets the page with status 404: the client draws “not found”', async () => {
    for (const url of ['/nowhere', '/games', '/lobby/typo?x=1']) {
      const response = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.body, url).toBe(PAGE);
    }
  });

  it('under the API stays problem+json, whatever it accepts', async () => {
    for (const url of ['/v1/nope', '/v1/games/5b0c6a2e-0000-4000-8000-000000000000/nothing', '/docs/nope', '/.well-known/nope']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
    const posted = await app.inject({ method: 'POST', url: '/nowhere', headers: { accept: 'text/html' } });
    expect(posted.statusCode).toBe(404);
    expect(posted.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('the API is not shadowed', () => {
  it('unknown API paths, other unknown paths and the OpenAPI document answer as before', async () => {
    for (const url of ['/v1/nothing', '/v1/games/5b0c6a2e-0000-4000-8000-000000000000/nothing', '/nowhere', '/games']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
    const document = await app.inject({ url: '/openapi.json' });
    expect(document.statusCode).toBe(200);
    expect(document.json()).toHaveProperty('openapi', '3.1.0');
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('the client routes are not in the OpenAPI document', async () => {
    const paths = Object.keys((await app.inject({ url: '/openapi.json' })).json().paths as object);
    expect(paths.filter((p) => !p.startsWith('/v1/') && !p.startsWith('/.well-known/'))).toEqual(['/healthz', '/readyz']);
  });
});
