// Who is calling: the contract between authentication (src/auth) and every route. Routes that need
// a caller use `requireCaller(request)`; the auth plugin fills `request.caller` from a valid
// bearer token, or leaves it null (anonymous: spectators, the lobby list).

import type { FastifyRequest } from 'fastify';
import { Refusal } from '../platform/refusal.ts';

export interface Caller {
  accountId: string;
  handle: string;
  /** `session` tokens come from log-in; `pat` are personal access tokens (listable, revocable). */
  tokenKind: 'session' | 'pat';
  /** The personal access token's id; undefined for session tokens. */
  tokenId?: string;
  /** For a session token: its `jti` and expiry, to log it out. */
  session?: { id: string; expiresAt: Date };
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new Refusal('unauthenticated', 'UNAUTHENTICATED', 'Send a valid token: Authorization: Bearer <token>.');
  return request.caller;
}
