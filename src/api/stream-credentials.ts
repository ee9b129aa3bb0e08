// What the stream routes (feeds.ts, chat.ts) need to end a stream with its token: the request's
// credential watched (src/auth/credential-watch.ts), and the refusal for a long-poll whose token
// was revoked or expired while it waited.

import type { FastifyRequest } from 'fastify';
import type { CredentialWatch, CredentialWatches } from '../auth/credential-watch.ts';
import { bearerToken } from '../auth/index.ts';
import { Refusal } from '../platform/refusal.ts';

/** Handed to the stream routes by buildApp(). */
export interface StreamOptions {
  credentials: CredentialWatches;
  /** STREAM_BUFFER_BYTES (event-stream.ts). */
  bufferBytes: number;
}

/** Watches the request's token; null for a spectator (no token: nothing private to stop). */
export function watchCredential(credentials: CredentialWatches, request: FastifyRequest, onLost: () => void): CredentialWatch | null {
  const token = bearerToken(request.headers.authorization);
  if (!request.caller || !token) return null;
  return credentials.watch(token, request.caller, onLost);
}

/** As a request with that token would be refused now. */
export const credentialLost = (): Refusal =>
  new Refusal('unauthenticated', 'INVALID_TOKEN', 'The token was revoked or has expired since the request was made.');
