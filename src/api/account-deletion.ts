// Deleting your account (DELETE /v1/me): with the password typed again, from a session. The use
// cases: auth (the password, the end of every session) and the service's AccountDeletion (the
// erasure, the seats handed to bots), joined here.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import { PASSWORD_MAX_LENGTH } from '../auth/passwords.ts';
import { loginRateLimit, type RateLimits } from '../auth/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import type { AccountDeletion } from '../service/account-deletion.ts';
import { bearerOnly, problems } from './schemas.ts';

export const accountDeletionRoutes = fp(routes, { name: 'account-deletion-routes', dependencies: ['problems', 'auth'], encapsulate: true });

export interface AccountDeletionRoutesOptions {
  auth: AuthService;
  limits: RateLimits;
  deletion: AccountDeletion;
}

async function routes(app: FastifyInstance, { auth, limits, deletion }: AccountDeletionRoutesOptions): Promise<void> {
  app.delete<{ Body: { password: string } }>(
    '/v1/me',
    {
      config: loginRateLimit(limits, 'account-deletion'),
      schema: {
        operationId: 'deleteMyAccount',
        tags: ['accounts'],
        summary: 'Delete your account',
        description:
          'For good, with your password typed again, from a session token (403 `WRONG_PASSWORD`, `SESSION_REQUIRED`). Export your data first (`GET /v1/me/export`): nothing can be recovered. Every session and personal access token stops working at once. Your email address, password, preferences, devices, webhooks, tokens, mutes and ratings are erased. The games you played stay whole for the other players and still replay and verify; in them, your seats and chat messages show `deleted player`. In a game being played your seats are handed to the game’s default bot, and its chat says so; in a game not yet started your seat is freed. Your handle is free for anyone to register.',
        security: bearerOnly,
        body: {
          type: 'object',
          required: ['password'],
          additionalProperties: false,
          properties: { password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH, description: 'Your password now.' } },
        },
        response: {
          204: { description: 'Deleted.', type: 'null' },
          ...problems({ 400: true, 401: true, 403: 'The password is wrong (`WRONG_PASSWORD`), or a personal access token was sent (`SESSION_REQUIRED`).', 429: true }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      await auth.deleteAccount(caller, request.body.password, (channel) => deletion.erase(caller.accountId, channel));
      return reply.code(204).send();
    },
  );
}
