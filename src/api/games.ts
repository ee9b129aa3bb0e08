// Games: create, list the open ones, take a seat, read a game as your seat sees it, and send
// commands. Every move in the game is a POST to /v1/games/{id}/commands.

import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import type { GameService } from '../service/index.ts';
import type { GameResource } from '../service/views.ts';
import { ProblemError } from './problems.ts';
import { refusalToProblem } from './problems.ts';
import {
  addGameSchemas,
  bearerOnly,
  bearerOptional,
  gameApi,
  gameIdParams,
  json,
  mostSeats,
  problems,
  seatNumber,
  versionHeaders,
} from './schemas.ts';

export const gameRoutes = fp(routes, { name: 'game-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(app: FastifyInstance, { service }: { service: GameService }): Promise<void> {
  addGameSchemas(app, service.registry);
  // Responses are written from the documented schemas, unions passed through (see schemas.ts).
  app.setSerializerCompiler(gameApi(service.registry).serializer);

  app.post<{ Body: { game: string; options: { seats: { bot?: boolean }[] } & Record<string, unknown>; seat?: number; private?: boolean } }>(
    '/v1/games',
    {
      schema: {
        operationId: 'createGame',
        tags: ['games'],
        summary: 'Create a game',
        description:
          'Creates a game with free seats; with `seat` you take that one in the same step, else none yet (claim it). Bot seats are taken at once, and a game of bots only (or of bots and your `seat`, e.g. a solo game) starts at once. The game starts when every seat is taken. Every game is shuffled from a secret key whose commitment it shows at once and which it reveals when it ends (`fairness`); with `seed` (where the server allows scenarios) the set-up is reproducible and the game says so; with `scenario` (when the server allows it) the game starts from that position. A game with a chosen seed or position shows `fairness.seeded: true` and is not listed in the lobby (unless the operator sets `LIST_CHOSEN_GAMES`): share its link. A `private` game is listed nowhere and absent to anyone not seated: make invite links for it (`POST /v1/games/{id}/invites`). Before every seat is taken, the game shows even its own creator no dealt cards (a spectator’s view), so no one can open games until they like their deal.',
        security: bearerOnly,
        body: gameApi(service.registry).createGameBody,
        response: {
          201: json('The game, as you see it. `Location` is its URL.', 'GameResource#', {
            ...versionHeaders,
            location: { type: 'string', description: 'The game’s URL, `/v1/games/{id}`.' },
          }),
          ...problems({
            400: 'The body is invalid (`VALIDATION_FAILED`, with the offending fields) or describes no game the box allows (`UNKNOWN_GAME`, `UNKNOWN_MAP`, `BAD_PLAYER_COUNT`, `TEAM_TAKEN`, `INVALID_OPTIONS`, `INVALID_SCENARIO`, `INVALID_POSITION`), or `seat` is none of its seats or a bot’s (`NOT_A_SEAT`).',
            401: true,
            403: 'This server does not accept scenarios (`SCENARIOS_DISABLED`) or a chosen seed (`SEED_DISABLED`).',
            429: true,
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const created = await run(() => service.create(caller.accountId, request.body));
      const resource = await run(() => service.views.game(created.game.id, caller.accountId));
      reply.header('location', `/v1/games/${created.game.id}`);
      return sendGame(reply.code(201), resource);
    },
  );

  app.get<{ Querystring: { status?: 'open'; game?: string } }>(
    '/v1/games',
    {
      schema: {
        operationId: 'listGames',
        tags: ['games'],
        summary: 'The lobby: games with free seats',
        description:
          'Games waiting for players, oldest first (at most 100), each as you see it, with its creator and its options in words (`summary`): claim a free seat to join. With `game`, only that game’s. Private games are never listed (they are reached by invite links), and games whose creator chose the seed or the starting position (`fairness.seeded`) are not either, unless the operator sets `LIST_CHOSEN_GAMES`: they are reached by their link.',
        security: bearerOptional,
        querystring: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: ['open'], default: 'open', description: 'Only `open` (games with a free seat) for now.' },
            game: { type: 'string', enum: [...service.registry.keys()], description: 'Only games of this game (its id, as in `GET /v1/catalog`).' },
          },
        },
        response: {
          200: json('The open games.', 'GameList#'),
          ...problems({ 400: true, 401: true, 429: true }),
        },
      },
    },
    async (request) => {
      const ids = await service.lobby.open(100, request.query.game);
      const games = await Promise.all(ids.map((id) => service.views.game(id, request.caller?.accountId ?? null)));
      return { games };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { at?: number } }>(
    '/v1/games/:id',
    {
      schema: {
        operationId: 'getGame',
        tags: ['games'],
        summary: 'A game as you see it',
        description:
          'Your seat’s view (a spectator’s without a token), who is awaited, and `legalCommands`: every command you could send now, ready to POST. With `at`, the game as it was at that version. The `ETag` is the version.',
        security: bearerOptional,
        params: gameIdParams,
        querystring: {
          type: 'object',
          properties: { at: { type: 'integer', minimum: 0, description: 'A past version (0 to the current one): the game as it was then, without legal commands.' } },
        },
        response: {
          200: json('The game, as your seat (or a spectator) sees it.', 'GameResource#', versionHeaders),
          ...problems({
            400: 'A malformed id or query (`VALIDATION_FAILED`), or `at` beyond the current version (`VERSION_OUT_OF_RANGE`).',
            401: true,
            404: 'There is no such game (`NOT_FOUND`).',
            429: true,
          }),
        },
      },
    },
    async (request, reply) => {
      const resource = await run(() => service.views.game(request.params.id, request.caller?.accountId ?? null, request.query.at));
      return sendGame(reply, resource);
    },
  );

  app.post<{ Params: { id: string; seat: number }; Headers: { 'invite-token'?: string } }>(
    '/v1/games/:id/seats/:seat/claim',
    {
      schema: {
        operationId: 'claimSeat',
        tags: ['games'],
        summary: 'Take a seat',
        description:
          'Takes a free seat: one per account per game. The game starts when every seat is taken. A private game’s seat is taken with an invitation to it, its token in `Invite-Token` (without one the game is absent: 404).',
        security: bearerOnly,
        params: {
          type: 'object',
          required: ['id', 'seat'],
          properties: { ...gameIdParams.properties, seat: seatNumber(mostSeats(service.registry), 'The seat, 0-based.') },
        },
        headers: {
          type: 'object',
          properties: { 'invite-token': { type: 'string', maxLength: 100, description: 'An invitation’s token (`POST /v1/games/{id}/invites`): the way into a private game.' } },
        },
        response: {
          200: json('The game, as you now see it from your seat.', 'GameResource#', versionHeaders),
          ...problems({
            400: 'A malformed request (`VALIDATION_FAILED`), or an invitation to another game (`INVITE_FOR_ANOTHER_GAME`).',
            401: true,
            404: 'There is no such game (`NOT_FOUND`; a private game without an invitation too), seat (`NOT_A_SEAT`) or invitation (`INVITE_NOT_FOUND`).',
            409: 'The seat is taken or a bot’s (`SEAT_TAKEN`), or you already hold a seat in this game (`ALREADY_SEATED`).',
            410: 'The invitation was revoked (`INVITE_REVOKED`) or has expired (`INVITE_EXPIRED`): nothing changed.',
            429: true,
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      await run(() => service.claim(request.params.id, request.params.seat, caller.accountId, request.headers['invite-token']));
      return sendGame(reply, await run(() => service.views.game(request.params.id, caller.accountId)));
    },
  );

  app.post<{ Params: { id: string }; Body: Record<string, unknown> & { expectedVersion?: number }; Headers: { 'if-match'?: string; 'idempotency-key'?: string; prefer?: string } }>(
    '/v1/games/:id/commands',
    {
      schema: {
        operationId: 'sendCommand',
        tags: ['games'],
        summary: 'Send a command',
        description:
          'Every move: set-up choices, deploys, actions, defence decisions, interrupt claims and passes, end of turn. Only your seat may act for itself. Take commands from `legalCommands` in the game, or build them from the `Command` schema. A refused command changes nothing.',
        security: bearerOnly,
        params: gameIdParams,
        headers: {
          type: 'object',
          properties: {
            'if-match': { type: 'string', description: 'The game version (its ETag, e.g. `"42"`) you expect: 409 `VERSION_CONFLICT` if it moved on.' },
            'idempotency-key': {
              type: 'string',
              minLength: 1,
              maxLength: 255,
              description: 'Retry safely: the same key with the same command returns the first response (for 24 hours) and applies nothing again.',
            },
            prefer: {
              type: 'string',
              maxLength: 1024,
              description:
                'RFC 7240. `return=representation`: the answer also carries `game`, the game as your seat sees it after the command (what GET /v1/games/{id} would answer), so a client that acts again needs no read in between. Other preferences are ignored.',
            },
          },
        },
        body: { $ref: 'Command#' },
        response: {
          200: json('Accepted: the new version and what the command caused, as your seat may see it.', 'CommandAccepted#', {
            ...versionHeaders,
            'idempotent-replayed': { type: 'string', enum: ['true'], description: 'Present when this is the stored answer to an earlier request with the same `Idempotency-Key`.' },
            'preference-applied': { type: 'string', enum: ['return=representation'], description: 'RFC 7240: present when the answer carries `game`, as `Prefer` asked.' },
          }),
          ...problems({
            400: 'The body fits no command (`VALIDATION_FAILED`, with the offending fields), or `If-Match` is not a version.',
            401: true,
            403: 'You hold no seat in this game (`NOT_SEATED`).',
            404: 'There is no such game (`NOT_FOUND`).',
            409: 'The game is not at `expectedVersion`/`If-Match` (`VERSION_CONFLICT`, with its `version`), has not started (`GAME_NOT_STARTED`), a bot plays your seat since you let your deadlines pass (`SEAT_ABSENT`: take it back first, `POST /v1/games/{id}/seats/{seat}/return`), the `Idempotency-Key` was used for another command (`IDEMPOTENCY_KEY_REUSED`), or other processes kept changing the game while it was decided (`GAME_BUSY`: send it again).',
            422: 'The rules refuse the command; `code` says why, e.g. `NOT_YOUR_TURN`, `WINDOW_CLOSED`, `CARD_NOT_IN_HAND`, `WRONG_SYMBOL`, `NO_INTERRUPT_CARD`, `NO_LINE_OF_SIGHT`, `NOT_ELIGIBLE`, `INVALID_COMMAND`, `GAME_OVER`.',
            429: true,
          }),
        },
      },

    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const { expectedVersion: inBody, ...command } = request.body;
      const expectedVersion = inBody ?? versionFromIfMatch(request.headers['if-match']);
      const representation = wantsRepresentation(request.headers.prefer);
      const { replayed, ...answer } = await run(() =>
        service.command(
          {
            gameId: request.params.id,
            author: { account: caller.accountId },
            command,
            expectedVersion,
            idempotencyKey: request.headers['idempotency-key'],
          },
          representation,
        ),
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      reply.header('etag', `"${answer.version}"`);
      if (representation) reply.header('preference-applied', 'return=representation');
      return answer;
    },
  );
  previewRoute(app, service);
}

/** POST /v1/games/{id}/preview: a command tried without being sent (src/service/previews.ts). */
function previewRoute(app: FastifyInstance, service: GameService): void {
  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/v1/games/:id/preview',
    {
      schema: {
        operationId: 'previewCommand',
        tags: ['games'],
        summary: 'Try a command without sending it',
        description:
          'Answers whether the rules would accept the command from your seat now, and why not (the `code` and sentence sending it would get), with what the game measures of it where it measures something (its `<Game>Preview`: e.g. a path’s length, a shot’s range, line of sight, cover, the odds of a hit). Nothing is appended, no deadline moves, and it tells you nothing sending the command would not. Draw a measuring tape or a hit chance with it before committing.',
        security: bearerOnly,
        params: gameIdParams,
        body: { $ref: 'Command#' },
        response: {
          200: json('The command as tried now.', 'CommandPreview#'),
          ...problems({
            400: 'The body fits no command (`VALIDATION_FAILED`, with the offending fields).',
            401: true,
            403: 'You hold no seat in this game (`NOT_SEATED`).',
            404: 'There is no such game (`NOT_FOUND`).',
            409: 'The game has not started (`GAME_NOT_STARTED`) or was abandoned (`GAME_ABANDONED`).',
            429: true,
          }),
        },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { expectedVersion: _ignored, ...command } = request.body;
      return run(() => service.previews.preview(request.params.id, caller.accountId, command));
    },
  );
}

/** RFC 7240's `Prefer: return=representation`, among any other preferences (comma-separated, case-insensitive). */
function wantsRepresentation(prefer: string | undefined): boolean {
  return prefer !== undefined && prefer.split(',').some((p) => p.split(';')[0]!.trim().toLowerCase() === 'return=representation');
}

/** Sends a game resource with its version as the ETag. */
function sendGame(reply: FastifyReply, resource: GameResource) {
  reply.header('etag', `"${resource.version}"`);
  return reply.send(resource);
}

function versionFromIfMatch(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(header);
  if (!match) throw new ProblemError(400, 'VALIDATION_FAILED', 'If-Match must be a game version, e.g. "42".');
  return Number(match[1]);
}

/** Runs a service call, turning its refusals into problems. */
export async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw refusalToProblem(error);
  }
}
