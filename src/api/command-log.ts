// The commands a finished game accepted: with the key its summary reveals, anyone can replay the
// whole game and check every deal and draw (README, "Fair play"; `npm run verify -- --public`).

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GameService } from '../service/index.ts';
import { run } from './games.ts';
import { addGameSchemas, bearerOptional, gameApi, gameIdParams, json, problems } from './schemas.ts';

export const commandLogRoutes = fp(routes, { name: 'command-log-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(app: FastifyInstance, { service }: { service: GameService }): Promise<void> {
  addGameSchemas(app, service.registry);
  app.setSerializerCompiler(gameApi(service.registry).serializer);

  app.get<{ Params: { id: string } }>(
    '/v1/games/:id/commands',
    {
      schema: {
        operationId: 'listCommands',
        tags: ['games'],
        summary: 'The commands of a finished game',
        description:
          'Every command the game accepted, in order, with who sent it. Public once the game is over (409 `GAME_NOT_OVER` before). With the game’s revealed `fairness.key` and its options, any client can replay the game through the rules and compare with the event log: `npm run verify -- --game ID --public --url URL` does exactly that.',
        security: bearerOptional,
        params: gameIdParams,
        response: {
          200: json('The game’s accepted commands, oldest first.', 'CommandLog#'),
          ...problems({
            404: 'There is no such game (`NOT_FOUND`).',
            409: 'The game is not over yet (`GAME_NOT_OVER`).',
            429: true,
          }),
        },
      },
    },
    async (request) => run(() => service.views.commandLog(request.params.id, request.caller?.accountId ?? null)),
  );
}
