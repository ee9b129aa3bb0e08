// Invite links to private games: the creator makes, lists and revokes them; anyone holding one
// reads the game it opens and takes a seat with it (POST /v1/games/{id}/seats/{seat}/claim, with
// the `Invite-Token` header). Only a token's hash is stored (src/service/invites.ts). A token
// travels in a header or in a `token` query parameter, never in a path: the request log redacts
// those (src/config/logger.ts), so a log reader cannot join a private game.

import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../auth/caller.ts';
import type { GameService } from '../service/index.ts';
import type { InviteRecord } from '../service/ports/invites.ts';
import { INVITE_TOKEN_PATTERN } from '../service/invites.ts';
import { run } from './games.ts';
import { addGameSchemas, bearerOnly, bearerOptional, gameApi, gameIdParams, json, problems } from './schemas.ts';

const token = { type: 'string', pattern: INVITE_TOKEN_PATTERN, description: 'The invitation’s token: 256 random bits, base64url (43 characters).' } as const;

const inviteSchemas = [
  {
    $id: 'Invite',
    type: 'object',
    required: ['id', 'createdAt', 'expiresAt'],
    properties: {
      id: { type: 'string', format: 'uuid', description: 'Revoke it by this id (`DELETE /v1/games/{id}/invites/{inviteId}`).' },
      createdAt: { type: 'string', format: 'date-time' },
      expiresAt: { type: 'string', format: 'date-time', description: 'From then on the link opens nothing (410 `INVITE_EXPIRED`).' },
    },
  },
  {
    $id: 'NewInvite',
    type: 'object',
    required: ['id', 'createdAt', 'expiresAt', 'token', 'link'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      createdAt: { type: 'string', format: 'date-time' },
      expiresAt: { type: 'string', format: 'date-time' },
      token: { ...token, description: 'The invitation’s token, shown this once: the service keeps only its hash.' },
      link: { type: 'string', description: 'The web client’s page for it, `/invite?token={token}`, relative to this server: share it.' },
    },
  },
  {
    $id: 'InviteList',
    type: 'object',
    required: ['invites'],
    properties: { invites: { type: 'array', items: { $ref: 'Invite#' }, description: 'The game’s live invitations (neither revoked nor expired), oldest first. Their tokens are not kept.' } },
  },
] as const;

/** Inline, not named: the game routes' serializer (which writes `GameResource`'s unions) knows only the game schemas. */
const invitation = {
  type: 'object',
  required: ['gameId', 'expiresAt', 'game'],
  properties: {
    gameId: { type: 'string', format: 'uuid' },
    expiresAt: { type: 'string', format: 'date-time', description: 'From then on the invitation opens nothing.' },
    game: { $ref: 'GameResource#' },
  },
} as const;

const inviteParams = {
  type: 'object',
  required: ['id', 'inviteId'],
  properties: { ...gameIdParams.properties, inviteId: { type: 'string', format: 'uuid', description: 'The invitation’s id.' } },
} as const;

const asInvite = (i: InviteRecord) => ({ id: i.id, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() });

export async function inviteRoutes(app: FastifyInstance, { service }: { service: GameService }): Promise<void> {
  addGameSchemas(app, service.registry);
  for (const schema of inviteSchemas) app.addSchema(schema);
  const { minTtlSeconds, maxTtlSeconds, defaultTtlSeconds, perGame } = service.invites.settings;

  app.post<{ Params: { id: string }; Body: { ttlSeconds?: number } }>(
    '/v1/games/:id/invites',
    {
      schema: {
        operationId: 'createInvite',
        tags: ['games'],
        summary: 'Make an invite link to your private game',
        description: `For the creator of a private game with free seats: a new invitation, whose token is shown once (only its hash is kept). Whoever holds it reads the game (\`GET /v1/invite?token={token}\`) and takes a free seat with it. It lasts \`ttlSeconds\` (default ${defaultTtlSeconds}, ${minTtlSeconds} to ${maxTtlSeconds}); a game has at most ${perGame} live ones.`,
        security: bearerOnly,
        params: gameIdParams,
        body: {
          type: 'object',
          // Not `additionalProperties: false`, which the validator answers by silently dropping the field.
          propertyNames: { enum: ['ttlSeconds'] },
          properties: { ttlSeconds: { type: 'integer', minimum: minTtlSeconds, maximum: maxTtlSeconds, description: 'How long the link works, in seconds.' } },
          examples: [{}, { ttlSeconds: 86_400 }],
        },
        response: {
          201: json('The invitation, with its token.', 'NewInvite#'),
          ...problems({
            400: 'The body is invalid (`VALIDATION_FAILED`, `INVALID_TTL`).',
            401: true,
            403: 'You did not create this game (`NOT_CREATOR`).',
            404: 'There is no such game (`NOT_FOUND`).',
            409: 'The game is public (`GAME_NOT_PRIVATE`: share its page) or has no free seat left (`GAME_NOT_OPEN`).',
            429: `The game has ${perGame} live invitations (\`INVITE_LIMIT_REACHED\`): revoke one first.`,
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const { invite, token } = await run(() => service.invites.create(request.params.id, caller.accountId, request.body.ttlSeconds));
      return reply.code(201).send({ ...asInvite(invite), token, link: `/invite?token=${token}` });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/v1/games/:id/invites',
    {
      schema: {
        operationId: 'listInvites',
        tags: ['games'],
        summary: 'Your game’s live invitations',
        description: 'For the game’s creator: the invitations neither revoked nor expired, without their tokens (which are not kept).',
        security: bearerOnly,
        params: gameIdParams,
        response: {
          200: json('The live invitations.', 'InviteList#'),
          ...problems({ 400: true, 401: true, 403: 'You did not create this game (`NOT_CREATOR`).', 404: 'There is no such game (`NOT_FOUND`).', 429: true }),
        },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      return { invites: (await run(() => service.invites.live(request.params.id, caller.accountId))).map(asInvite) };
    },
  );

  app.delete<{ Params: { id: string; inviteId: string } }>(
    '/v1/games/:id/invites/:inviteId',
    {
      schema: {
        operationId: 'revokeInvite',
        tags: ['games'],
        summary: 'Revoke an invitation',
        description: 'For the game’s creator: the link opens nothing from now on (410 `INVITE_REVOKED`). Seats already taken with it stay taken. Revoking twice is harmless.',
        security: bearerOnly,
        params: inviteParams,
        response: {
          204: { description: 'Revoked.', type: 'null' },
          ...problems({ 400: true, 401: true, 403: 'You did not create this game (`NOT_CREATOR`).', 404: 'There is no such game or invitation (`NOT_FOUND`).', 429: true }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      await run(() => service.invites.revoke(request.params.id, request.params.inviteId, caller.accountId));
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: { token: string } }>(
    '/v1/invite',
    {
      // The game is written from the documented schemas, unions passed through (see schemas.ts).
      serializerCompiler: gameApi(service.registry).serializer,
      schema: {
        operationId: 'readInvite',
        tags: ['games'],
        summary: 'The game an invitation opens',
        description:
          'The game, as you see it (a spectator’s view when you hold no seat), and until when the invitation works. Take a free seat with `POST /v1/games/{id}/seats/{seat}/claim` and the token in `Invite-Token`.',
        security: bearerOptional,
        querystring: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100, description: token.description } } },
        response: {
          200: { description: 'The game the invitation opens.', content: { 'application/json': { schema: invitation } } },
          ...problems({
            400: true,
            401: true,
            404: 'No invitation has this token (`INVITE_NOT_FOUND`).',
            410: 'The invitation was revoked (`INVITE_REVOKED`) or has expired (`INVITE_EXPIRED`).',
            429: true,
          }),
        },
      },
    },
    async (request) => {
      const { invite, game } = await run(() => service.invited(request.query.token, request.caller?.accountId ?? null));
      return { gameId: invite.gameId, expiresAt: invite.expiresAt.toISOString(), game };
    },
  );
}
