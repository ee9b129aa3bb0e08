// Personal access tokens: long-lived tokens for bots and scripts, each with a name, listed and
// revoked here. Revocation takes effect on the very next request. Listing and revoking accept any
// token of the account; creating one needs a session token (see AuthService.createPersonalToken).

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessToken } from '../auth/accounts.ts';
import { requireCaller } from '../auth/caller.ts';
import type { AuthService } from '../auth/service.ts';
import { problemResponses } from './problems.ts';

const MAX_EXPIRY_DAYS = 3650;

const accessTokenSchema = {
  $id: 'AccessToken',
  type: 'object',
  required: ['id', 'name', 'status', 'createdAt', 'expiresAt', 'lastUsedAt', 'revokedAt'],
  properties: {
    id: { type: 'string', format: 'uuid', description: 'Also the token’s `jti` claim.' },
    name: { type: 'string' },
    status: { type: 'string', enum: ['active', 'revoked', 'expired'] },
    createdAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: ['string', 'null'], format: 'date-time', description: 'Null: it never expires.' },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time', description: 'To the minute; null if never used.' },
    revokedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const accessTokenRoutes = fp(routes, { name: 'access-token-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(app: FastifyInstance, { auth }: { auth: AuthService }): Promise<void> {
  app.addSchema(accessTokenSchema);

  app.get(
    '/v1/me/tokens',
    {
      schema: {
        operationId: 'listAccessTokens',
        tags: ['tokens'],
        summary: 'Your personal access tokens',
        description: 'Every personal access token of your account, newest first, revoked and expired ones included. The tokens themselves are shown only once, when created.',
        security: [{ bearer: [] }],
        response: {
          200: {
            description: 'Your tokens, without their secrets.',
            type: 'object',
            required: ['tokens'],
            properties: { tokens: { type: 'array', items: { $ref: 'AccessToken#' } } },
          },
          ...problemResponses(401, 429),
        },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      return { tokens: (await auth.accounts.accessTokens(caller.accountId)).map((token) => present(token)) };
    },
  );

  app.post<{ Body: { name: string; expiresInDays?: number } }>(
    '/v1/me/tokens',
    {
      schema: {
        operationId: 'createAccessToken',
        tags: ['tokens'],
        summary: 'Create a personal access token',
        description:
          'A long-lived token for a bot or a script, sent like a session token (`Authorization: Bearer <token>`). The answer is the only time the token is shown: store it. Needs a session token (from log-in), not another personal access token (403 `SESSION_REQUIRED`).',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100, description: 'What it is for, to recognise it in the list.' },
            expiresInDays: { type: 'integer', minimum: 1, maximum: MAX_EXPIRY_DAYS, description: 'Omit for a token that lasts until revoked.' },
          },
          examples: [{ name: 'my bot', expiresInDays: 90 }],
        },
        response: {
          201: {
            description: 'The new token, shown this once, with its description.',
            type: 'object',
            required: [...accessTokenSchema.required, 'token'],
            properties: { ...accessTokenSchema.properties, token: { type: 'string', description: 'The bearer token. It is not shown again.' } },
          },
          ...problemResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { accessToken, token } = await auth.createPersonalToken(requireCaller(request), request.body);
      reply.code(201);
      return { ...present(accessToken), token };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/v1/me/tokens/:id',
    {
      schema: {
        operationId: 'revokeAccessToken',
        tags: ['tokens'],
        summary: 'Revoke a personal access token',
        description: 'The token is refused from the next request on. Revoking a revoked token again is fine. A token you do not own is 404 `TOKEN_NOT_FOUND`.',
        security: [{ bearer: [] }],
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid', description: 'The token’s id.' } } },
        response: { 204: { description: 'Revoked.', type: 'null' }, ...problemResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      await auth.revokePersonalToken(requireCaller(request), request.params.id);
      return reply.code(204).send();
    },
  );
}

function present(token: AccessToken, now = new Date()) {
  const status = token.revokedAt ? 'revoked' : token.expiresAt && token.expiresAt <= now ? 'expired' : 'active';
  return { ...token, status };
}
