// A seat's standing orders (docs/rulings.md R34–R40, standing orders): read and changed by the
// player holding the seat, and nobody else. A change is the seat's SET_ORDERS command, accepted at
// any moment.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import type { GameService } from '../service/index.ts';
import { run } from './games.ts';
import { addGameSchemas, bearerOnly, gameApi, gameIdParams, json, mostSeats, problems, seatNumber } from './schemas.ts';

export const orderRoutes = fp(routes, { name: 'order-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(app: FastifyInstance, { service }: { service: GameService }): Promise<void> {
  addGameSchemas(app, service.registry);
  const seatParams = {
    type: 'object',
    required: ['id', 'seat'],
    properties: { ...gameIdParams.properties, seat: seatNumber(mostSeats(service.registry), 'Your seat, 0-based.') },
  } as const;
  /** Any setting of any game's standing orders, with its values (GameModule.standingOrders). */
  const ordersChange = gameApi(service.registry).ordersChange;

  app.get<{ Params: { id: string; seat: number } }>(
    '/v1/games/:id/seats/:seat/orders',
    {
      schema: {
        operationId: 'getSeatOrders',
        tags: ['games'],
        summary: 'Your seat’s standing orders',
        description: 'The standing orders of your own seat. They are private: nobody else may read them, and other seats only ever see that a window closed, never why.',
        security: bearerOnly,
        params: seatParams,
        response: {
          200: json('Your seat’s orders.', 'StandingOrders#'),
          ...problems({
            400: true,
            401: true,
            403: 'The seat is not yours (`NOT_YOUR_SEAT`): orders are private.',
            404: 'There is no such game (`NOT_FOUND`) or seat (`NOT_A_SEAT`).',
            429: true,
          }),
        },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      return run(() => service.orders.get(request.params.id, request.params.seat, caller.accountId));
    },
  );

  app.put<{ Params: { id: string; seat: number }; Body: Record<string, string> }>(
    '/v1/games/:id/seats/:seat/orders',
    {
      schema: {
        operationId: 'setSeatOrders',
        tags: ['games'],
        summary: 'Change your seat’s standing orders',
        description:
          'Changes the standing orders of your own seat, at any moment of the game (it is not a move: no window, no turn needed). A situation reads them when it opens, so a window already open still asks you. Your account’s preferred orders (`PUT /v1/me/preferences`) are given to your seats when a game starts.',
        security: bearerOnly,
        params: seatParams,
        body: ordersChange,
        response: {
          200: json('Your seat’s orders after the change.', 'StandingOrders#'),
          ...problems({
            400: 'The body names no order, an unknown one, or a value that does not exist (`VALIDATION_FAILED`).',
            401: true,
            403: 'The seat is not yours (`NOT_YOUR_SEAT`).',
            404: 'There is no such game (`NOT_FOUND`) or seat (`NOT_A_SEAT`).',
            409: 'The game has not started (`GAME_NOT_STARTED`).',
            422: 'The game is over (`GAME_OVER`).',
            429: true,
          }),
        },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      return run(() => service.orders.set(request.params.id, request.params.seat, caller.accountId, request.body));
    },
  );
}
