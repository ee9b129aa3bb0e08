// The web client (web/, built into web/dist by scripts/build-web.ts), served by the service itself:
// no second server. Its assets have content-hashed names, so browsers may keep them a year
// (`immutable`); the page itself (index.html) is revalidated on every visit by its ETag, so a new
// release is picked up at once. The client's routes answer the page; any other GET that asks for
// HTML (a mistyped address in a browser) answers it too, with status 404, and the client draws its
// "not found" page. Nothing under /v1, /docs, /openapi.json or the probes is shadowed: an unknown
// path there, or a request that does not ask for HTML, still gets the API's problem+json 404.
// The web app's own files (web/public: the manifest, the icons, the service worker) are served
// from the build's root, each with its type, revalidated like the page: their names carry no hash.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemError } from './problems.ts';

/** The client's own pages (web/src/main.tsx routes them). */
export const CLIENT_ROUTES = ['/', '/login', '/signup', '/lobby', '/settings', '/games/:id', '/games/:id/replay', '/rules/:game', '/players/:handle', '/invite', '/reset-password', '/email-verified'] as const;

/** The files of web/public, at the build's root, with their types. */
export const APP_FILES: Readonly<Record<string, string>> = {
  '/manifest.webmanifest': 'application/manifest+json',
  '/sw.js': 'text/javascript; charset=utf-8',
  '/push-handlers.js': 'text/javascript; charset=utf-8',
  '/favicon.ico': 'image/x-icon',
  '/favicon.svg': 'image/svg+xml',
  '/icons/icon-192.png': 'image/png',
  '/icons/icon-512.png': 'image/png',
  '/icons/maskable-512.png': 'image/png',
  '/icons/apple-touch-icon.png': 'image/png',
};

/** Paths that are the API's (or its documents' and probes'), never the client's. */
const API_PATH = /^\/(v1|docs|openapi\.json|healthz|readyz|\.well-known)(\/|$)/;

const PAGE_CACHE_CONTROL = 'no-cache';
// Everything the page loads comes from here; no inline script, no framing.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface WebClientOptions {
  /** The built client: index.html and assets/. */
  dir: string;
}

export const webClientRoutes = fp(routes, { name: 'web-client', dependencies: ['problems'], encapsulate: true });

async function routes(app: FastifyInstance, options: WebClientOptions): Promise<void> {
  // Each file is read once it exists: `npm start` builds the client before the service starts.
  const files = new Map<string, { body: Buffer; etag: string }>();
  const readFile = (name: string) => {
    const file = path.join(options.dir, name);
    if (!files.has(name) && existsSync(file)) {
      const body = readFileSync(file);
      files.set(name, { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` });
    }
    return files.get(name) ?? null;
  };
  const send = (request: FastifyRequest, reply: FastifyReply, file: { body: Buffer; etag: string }, type: string, status = 200) => {
    reply.header('cache-control', PAGE_CACHE_CONTROL).header('etag', file.etag).header('content-security-policy', CONTENT_SECURITY_POLICY).header('x-content-type-options', 'nosniff');
    if (status === 200 && request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.code(status).type(type).send(file.body);
  };

  const page = (status: number) => async (request: FastifyRequest, reply: FastifyReply) => {
    const current = readFile('index.html');
    if (!current) {
      throw new ProblemError(503, 'WEB_CLIENT_NOT_BUILT', 'The web client is not built. Run `npm run build:web` (npm install and npm start do it), then reload.');
    }
    return send(request, reply, current, 'text/html; charset=utf-8', status);
  };
  const servePage = page(200);
  for (const url of CLIENT_ROUTES) app.get(url, { schema: { hide: true } }, servePage);

  for (const [url, type] of Object.entries(APP_FILES)) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      const file = readFile(url.slice(1));
      // The service worker may control the whole site from the root.
      if (url === '/sw.js') reply.header('service-worker-allowed', '/');
      return file ? send(request, reply, file, type) : reply.callNotFound();
    });
  }

  // A mistyped address in a browser: the page, which draws "not found", with status 404.
  const notFoundPage = page(404);
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (!wantsHtml || API_PATH.test(url) || !readFile('index.html')) return reply.callNotFound();
    return notFoundPage(request, reply);
  });

  const assets = path.join(options.dir, 'assets');
  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      index: false,
      // The names carry a hash of the contents: a changed file is a new name.
      immutable: true,
      maxAge: '365d',
      cacheControl: true,
      etag: true,
      lastModified: false,
    });
  }
}
