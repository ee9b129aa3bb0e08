// The web client (web/, built into web/dist by scripts/build-web.ts), served by the service itself:
// no second server. Its assets have content-hashed names, so browsers may keep them a year
// (`immutable`); the page itself (index.html) is revalidated on every visit by its ETag, so a new
// release is picked up at once. The client's routes all answer the page, and only those listed
// here: nothing under /v1, /docs, /openapi.json or the probes is shadowed, and an unknown path
// still gets the API's 404.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemError } from './problems.ts';

/** The client's own pages (web/src/main.tsx routes them). */
export const CLIENT_ROUTES = ['/', '/login', '/signup', '/reset-password', '/lobby', '/settings', '/games/:id', '/games/:id/replay', '/rules/:game'] as const;

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
  const indexFile = path.join(options.dir, 'index.html');
  let page: { body: string; etag: string } | null = null;
  const readPage = () => {
    // Read once it exists: `npm start` builds the client before the service starts.
    if (!page && existsSync(indexFile)) {
      const body = readFileSync(indexFile, 'utf8');
      page = { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
    }
    return page;
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const current = readPage();
    if (!current) {
      throw new ProblemError(503, 'WEB_CLIENT_NOT_BUILT', 'The web client is not built. Run `npm run build:web` (npm install and npm start do it), then reload.');
    }
    reply.header('cache-control', PAGE_CACHE_CONTROL).header('etag', current.etag).header('content-security-policy', CONTENT_SECURITY_POLICY).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === current.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(current.body);
  };
  for (const url of CLIENT_ROUTES) app.get(url, { schema: { hide: true } }, servePage);

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
