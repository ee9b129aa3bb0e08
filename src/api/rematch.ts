// Rematches of ended games (src/service/rematch.ts): read the offer, offer one, accept or decline.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import type { Rematches } from '../service/rematch.ts';
import { run } from './games.ts';
import { bearerOnly, bearerOptional, gameIdParams, json, problems } from './schemas.ts';

const seatList = (description: string) => ({ type: 'array', items: { type: 'integer', minimum: 0 }, description });

const rematchSchema = {
  $id: 'Rematch',
  type: 'object',
  description: 'A rematch offered on an ended game: the same options, every player one seat on (seat i sits at seat i + 1, the last at seat 0). Seats are the ended game’s.',
  required: ['offeredBy', 'accepted', 'declined', 'waitingFor', 'status', 'game', 'createdAt'],
  properties: {
    offeredBy: { type: 'integer', minimum: 0, description: 'The seat that offered it.' },
    accepted: seatList('The seats that accepted: the offer’s author, every bot (and every deleted player’s seat, which a bot takes), and the players who said yes.'),
    declined: seatList('The seat that said no, if one did: the offer is then closed.'),
    waitingFor: seatList('The seats still to answer; empty, with `status` still `open`, for the moment the rematch is being created.'),
    status: { type: 'string', enum: ['open', 'declined', 'started'], description: '`open`: waiting for answers; `declined`: closed, anyone may offer again; `started`: see `game`.' },
    game: { type: ['string', 'null'], format: 'uuid', description: 'The rematch’s id, once everyone has accepted and it has started.' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

const rematchHolder = {
  $id: 'RematchOffer',
  type: 'object',
  required: ['rematch'],
  properties: { rematch: { anyOf: [{ $ref: 'Rematch#' }, { type: 'null' }], description: 'The game’s rematch offer; null when none was made.' } },
} as const;

const ANSWER_CONFLICTS = 'The rematch was declined (`REMATCH_DECLINED`: offer a new one) or has started (`REMATCH_STARTED`), or the offer kept changing while this was answered (`GAME_BUSY`: send it again).';
const NOT_SEATED = 'You hold no player’s seat in this game (`NOT_SEATED`).';

export const rematchRoutes = fp(routes, { name: 'rematch-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(app: FastifyInstance, { rematches }: { rematches: Rematches }): Promise<void> {
  app.addSchema(rematchSchema);
  app.addSchema(rematchHolder);

  app.get<{ Params: { id: string } }>(
    '/v1/games/:id/rematch',
    {
      schema: {
        operationId: 'getRematch',
        tags: ['games'],
        summary: 'The rematch offered on an ended game',
        description: 'Who offered it, who has accepted, who is still to answer, and the new game once it has started. Anyone who may read the game may read it.',
        security: bearerOptional,
        params: gameIdParams,
        response: {
          200: json('The offer, or null.', 'RematchOffer#'),
          ...problems({ 400: true, 401: true, 404: 'There is no such game (`NOT_FOUND`).', 429: true }),
        },
      },
    },
    async (request) => ({ rematch: await run(() => rematches.of(request.params.id, request.caller?.accountId ?? null)) }),
  );

  app.post<{ Params: { id: string } }>(
    '/v1/games/:id/rematch',
    {
      schema: {
        operationId: 'offerRematch',
        tags: ['games'],
        summary: 'Offer a rematch',
        description:
          'For a player of an ended game: offers the same players the same options in a new game (rated or not, private or not, as this one), every player one seat on, each seat keeping its own options. You accept it by offering it; bots always accept. It starts when every player has accepted: at once if you are the only one. One offer per game at a time: while one is open or has started, this answers it as it is (and counts as your yes); after a refusal, it makes a new one. A game started from a described position cannot be replayed (`REMATCH_UNAVAILABLE`).',
        security: bearerOnly,
        params: gameIdParams,
        response: {
          200: json('The offer.', 'Rematch#'),
          ...problems({
            400: true,
            401: true,
            403: NOT_SEATED,
            404: 'There is no such game (`NOT_FOUND`).',
            409: 'The game is not over (`REMATCH_TOO_EARLY`), or started from a described position (`REMATCH_UNAVAILABLE`), or the offer kept changing while this was answered (`GAME_BUSY`: send it again).',
            429: 'Too many requests (`RATE_LIMITED`), or the rematch would be more games than its creator may hold (`GAME_LIMIT_REACHED`).',
          }),
        },
      },
    },
    async (request) => run(() => rematches.offer(request.params.id, requireCaller(request).accountId)),
  );

  for (const [answer, accept] of [['accept', true], ['decline', false]] as const) {
    app.post<{ Params: { id: string } }>(
      `/v1/games/:id/rematch/${answer}`,
      {
        schema: {
          operationId: accept ? 'acceptRematch' : 'declineRematch',
          tags: ['games'],
          summary: accept ? 'Accept the rematch' : 'Decline the rematch',
          description: accept
            ? 'Your yes to the rematch offered on this game. When you are the last to accept, the rematch starts and `game` names it. Accepting again, or once it has started, answers the offer as it is.'
            : 'Your no to the rematch offered on this game: the offer closes, and anyone may offer a new one. Declining again answers the offer as it is.',
          security: bearerOnly,
          params: gameIdParams,
          response: {
            200: json('The offer.', 'Rematch#'),
            ...problems({
              400: true,
              401: true,
              403: NOT_SEATED,
              404: 'There is no such game (`NOT_FOUND`), or nobody has offered a rematch of it (`NO_REMATCH_OFFER`).',
              409: ANSWER_CONFLICTS,
              429: accept ? 'Too many requests (`RATE_LIMITED`), or the rematch would be more games than its creator may hold (`GAME_LIMIT_REACHED`).' : true,
            }),
          },
        },
      },
      async (request) => run(() => rematches.answer(request.params.id, requireCaller(request).accountId, accept)),
    );
  }
}
