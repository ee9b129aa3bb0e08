// Leaving a game (issue 31): the creator calls off an open game, a seated player leaves one before
// it starts (src/service/leaving.ts); a player away too long finds a bot playing their seat and
// takes it back, and anyone who may read the game sees when each handover happened
// (src/service/absent-seats.ts). Resigning a game under way is the game's own command
// (`anytimeCommands`), sent like any other.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import type { GameService } from '../service/index.ts';
import { run } from './games.ts';
import { addGameSchemas, bearerOnly, bearerOptional, gameApi, gameIdParams, json, mostSeats, problems, seatNumber, versionHeaders } from './schemas.ts';

export const leavingRoutes = fp(routes, { name: 'leaving-routes', dependencies: ['problems', 'auth'], encapsulate: true });

const handoverSchema = {
  $id: 'SeatHandoverList',
  type: 'object',
  required: ['handovers'],
  properties: {
    handovers: {
      type: 'array',
      description: 'Oldest first.',
      items: {
        type: 'object',
        required: ['seat', 'kind', 'version', 'at'],
        properties: {
          seat: { type: 'integer', minimum: 0 },
          kind: {
            type: 'string',
            enum: ['absent', 'returned'],
            description: '`absent`: the seat’s player let `ZOMBIE_AFTER_MISSED` deadlines pass in a row and a bot began playing it; `returned`: the player took it back.',
          },
          version: { type: 'integer', minimum: 0, description: 'The game’s version when it happened: the bot played the seat’s commands between an `absent` and the next `returned`.' },
          at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;

async function routes(app: FastifyInstance, { service }: { service: GameService }): Promise<void> {
  addGameSchemas(app, service.registry);
  app.addSchema(handoverSchema);
  const seatParams = {
    type: 'object',
    required: ['id', 'seat'],
    properties: { ...gameIdParams.properties, seat: seatNumber(mostSeats(service.registry), 'The seat, 0-based.') },
  } as const;

  app.delete<{ Params: { id: string } }>(
    '/v1/games/:id',
    {
      schema: {
        operationId: 'cancelGame',
        tags: ['games'],
        summary: 'Call off your open game',
        description:
          'For the game’s creator, while it waits for players: the game is gone, from the lobby and from every player’s games, with its seats, invitations and chat. Once every seat is taken it has started and can no longer be called off: a player may resign instead (the game’s `anytimeCommands`).',
        security: bearerOnly,
        params: gameIdParams,
        response: {
          204: { description: 'Called off.', type: 'null' },
          ...problems({
            400: true,
            401: true,
            403: 'You did not create this game (`NOT_CREATOR`).',
            404: 'There is no such game (`NOT_FOUND`).',
            409: 'The game has started (`GAME_STARTED`).',
            429: true,
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      await run(() => service.leaving.cancel(request.params.id, caller.accountId));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string; seat: number } }>(
    '/v1/games/:id/seats/:seat/leave',
    {
      schema: {
        operationId: 'leaveSeat',
        tags: ['games'],
        summary: 'Leave a game before it starts',
        description:
          'Gives your seat back while the game waits for players: it is free for anyone to take. Once every seat is taken the game has started: resign instead (the game’s `anytimeCommands`).',
        security: bearerOnly,
        params: seatParams,
        response: {
          204: { description: 'The seat is free.', type: 'null' },
          ...problems({
            400: true,
            401: true,
            403: 'The seat is not yours (`NOT_YOUR_SEAT`).',
            404: 'There is no such game (`NOT_FOUND`) or seat (`NOT_A_SEAT`).',
            409: 'The game has started (`GAME_STARTED`).',
            429: true,
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      await run(() => service.leaving.leave(request.params.id, request.params.seat, caller.accountId));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string; seat: number } }>(
    '/v1/games/:id/seats/:seat/return',
    {
      // The game is written from the documented schemas, unions passed through (see schemas.ts).
      serializerCompiler: gameApi(service.registry).serializer,
      schema: {
        operationId: 'takeSeatBack',
        tags: ['games'],
        summary: 'Take your seat back from the bot',
        description:
          'A seat whose player lets `ZOMBIE_AFTER_MISSED` deadlines pass in a row (docs/configuration.md) is played by the game’s default bot (`seats[i].absent`), and its player’s commands are refused (`SEAT_ABSENT`) until they take it back here. The seat is yours again at once, its count of missed deadlines starts afresh, and the handover is recorded (`GET /v1/games/{id}/handovers`).',
        security: bearerOnly,
        params: seatParams,
        response: {
          200: json('The game, as you now see it from your seat.', 'GameResource#', versionHeaders),
          ...problems({
            400: true,
            401: true,
            403: 'The seat is not yours (`NOT_YOUR_SEAT`).',
            404: 'There is no such game (`NOT_FOUND`) or seat (`NOT_A_SEAT`).',
            409: 'No bot plays your seat (`SEAT_NOT_ABSENT`), or the game is over (`GAME_OVER`).',
            429: true,
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      await run(() => service.absentSeats.takeBack(request.params.id, request.params.seat, caller.accountId));
      const resource = await run(() => service.views.game(request.params.id, caller.accountId));
      reply.header('etag', `"${resource.version}"`);
      return reply.send(resource);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/v1/games/:id/handovers',
    {
      schema: {
        operationId: 'listHandovers',
        tags: ['games'],
        summary: 'When seats went to a bot and back',
        description:
          'Each time a seat was handed to a bot because its player let deadlines pass in a row, and each time its player took it back, with the game version it happened at. Not events: the game’s log is its rules’, and a handover changes who plays a seat, not the game.',
        security: bearerOptional,
        params: gameIdParams,
        response: {
          200: json('The handovers.', 'SeatHandoverList#'),
          ...problems({ 400: true, 401: true, 404: 'There is no such game (`NOT_FOUND`).', 429: true }),
        },
      },
    },
    async (request) => {
      const handovers = await run(() => service.absentSeats.handovers(request.params.id, request.caller?.accountId ?? null));
      return { handovers: handovers.map((h) => ({ seat: h.seat, kind: h.kind, version: h.version, at: h.at.toISOString() })) };
    },
  );
}
