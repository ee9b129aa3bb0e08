// Limits on what one connection can hold: body size, the time to send a request, the URL's
// length, and the errors Node's HTTP server answers before Fastify sees a request (malformed,
// too slow, headers too large), which are problem+json like every other error.

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { PROBLEM_CONTENT_TYPE, ProblemError } from './problems.ts';
import type { ConnectionLimits } from '../config/limits.ts';

export type { ConnectionLimits } from '../config/limits.ts';

export { DEFAULT_CONNECTION_LIMITS } from '../config/limits.ts';

/**
 * Node's own server limits: the headers alone must arrive within 10 s (or the whole request's
 * limit, if shorter), and the server looks for late requests often enough to answer 408 on time
 * (Node's default looks every 30 s).
 */
export const nodeServerLimits = (limits: ConnectionLimits) => ({
  headersTimeout: Math.min(10_000, limits.requestTimeoutMs),
  connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(limits.requestTimeoutMs / 4))),
});

const SOCKET_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'REQUEST_HEADERS_TOO_LARGE', 'The request line or headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT', 'The request was not received in time.'],
  ERR_HTTP_HEADERS_TIMEOUT: [408, 'REQUEST_TIMEOUT', 'The request headers were not received in time.'],
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before any route could
 * answer. Writes a problem+json response on the socket (when it can still be written) and closes it.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  const [status, code, detail] = SOCKET_ERRORS[error.code ?? ''] ?? [400, 'MALFORMED_REQUEST', 'The request is not valid HTTP.'];
  if (socket.writable && !socket.destroyed) {
    const body = JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, code, detail });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** 414 for a request target longer than the limit, before routing or parsing anything else. */
export function registerUrlLimit(app: FastifyInstance, limits: ConnectionLimits): void {
  app.addHook('onRequest', async (request) => {
    if (request.raw.url !== undefined && request.raw.url.length > limits.maxUrlLength)
      throw new ProblemError(414, 'URI_TOO_LONG', `The request target is longer than ${limits.maxUrlLength} characters.`);
  });
}
