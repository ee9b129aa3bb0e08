// Logging out: the session token sent, or every session of the account. Logging in is
// `POST /v1/sessions` (accounts.ts). How a logged-out token is refused without a database read:
// src/auth/session-revocations.ts.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import type { AuthService } from '../auth/service.ts';
import { bearerOnly, problems } from './schemas.ts';

const NEEDS_SESSION = 'A personal access token was sent (`SESSION_REQUIRED`): log out with a session token; revoke a personal access token with `DELETE /v1/me/tokens/{id}`.';

export const sessionRoutes = fp(routes, { name: 'session-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(app: FastifyInstance, { auth }: { auth: AuthService }): Promise<void> {
  app.delete(
    '/v1/sessions/current',
    {
      schema: {
        operationId: 'logOut',
        tags: ['accounts'],
        summary: 'Log out',
        description:
          'Logs out the session token you send: from the next request on it is refused (401 `INVALID_TOKEN`), by every instance of the service. Your other sessions and your personal access tokens keep working.',
        security: bearerOnly,
        response: { 204: { description: 'Logged out.', type: 'null' }, ...problems({ 401: true, 403: NEEDS_SESSION, 429: true }) },
      },
    },
    async (request, reply) => {
      await auth.logOut(requireCaller(request));
      return reply.code(204).send();
    },
  );

  app.delete(
    '/v1/sessions',
    {
      schema: {
        operationId: 'logOutEverywhere',
        tags: ['accounts'],
        summary: 'Log out everywhere',
        description:
          'Logs out every session token of your account, on every device, the one you send included: all are refused from the next request on. Personal access tokens are not affected (bots keep playing): list and revoke them with `/v1/me/tokens`. Log in again for a new session.',
        security: bearerOnly,
        response: { 204: { description: 'Every session is logged out.', type: 'null' }, ...problems({ 401: true, 403: NEEDS_SESSION, 429: true }) },
      },
    },
    async (request, reply) => {
      await auth.logOutEverywhere(requireCaller(request));
      return reply.code(204).send();
    },
  );
}
