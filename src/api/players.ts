// Player pages (`GET /v1/players/{handle}`): a player's games in progress, finished games with
// their results, a count per game and ratings; and "my games" followed live
// (`GET /v1/me/games/changes`, a long-poll that answers when any of the caller's games moves).
// The plugin also runs the recording of finished games' results and ratings (src/service/ratings.ts)
// where the process runs the background (a job worker).

import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { requireCaller } from '../auth/caller.ts';
import type { Logger } from '../config/logger.ts';
import type { GameService } from '../service/index.ts';
import { MAX_FINISHED_PAGE, PlayerPages } from '../service/players.ts';
import { Ratings } from '../service/ratings.ts';
import { playerPorts } from '../store/player-ports.ts';
import { run } from './games.ts';
import { STREAM_REFUSALS, type OpenStreams } from './open-streams.ts';
import { bearerOnly, bearerOptional, json, problems } from './schemas.ts';

const MAX_WAIT_SECONDS = 60;
const HANDLE = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' } as const;
const CURSOR = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' } as const;
const STAMP = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;

const playerGame = {
  $id: 'PlayerGame',
  type: 'object',
  additionalProperties: false,
  description: 'One of a player’s games, as any visitor may see it.',
  required: ['id', 'game', 'title', 'status', 'seat', 'result', 'rated', 'opponents', 'startedAt', 'endedAt', 'updatedAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    game: { type: 'string', description: 'The game’s module id, as `GET /v1/catalog` lists it.' },
    title: { type: 'string', description: 'The game and its options in words.' },
    status: { type: 'string', enum: ['active', 'finished', 'abandoned'] },
    seat: { type: 'integer', minimum: 0, description: 'The player’s seat.' },
    result: {
      type: ['string', 'null'],
      enum: ['won', 'lost', 'drawn', 'abandoned', null],
      description: 'The player’s result, as the game’s rules name the winners: `drawn` when nobody or everybody won, `won` for a shared win too. Null while the game runs (and for a moment after it finished, until its result is recorded).',
    },
    rated: { type: 'boolean', description: 'Whether the game moves its players’ ratings.' },
    opponents: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['seat', 'handle', 'bot'],
        properties: {
          seat: { type: 'integer', minimum: 0 },
          handle: { type: ['string', 'null'], description: 'The player in that seat; null for a bot or a free seat.' },
          bot: { type: ['string', 'null'], description: 'The bot that plays the seat (e.g. `heuristic`); null for a player’s seat.' },
        },
      },
    },
    startedAt: { type: 'string', format: 'date-time', description: 'When the game was created.' },
    endedAt: { type: ['string', 'null'], format: 'date-time', description: 'When the game ended; null while it runs.' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

const playerPage = {
  $id: 'PlayerPage',
  type: 'object',
  additionalProperties: false,
  description: 'A player’s page.',
  required: ['handle', 'counts', 'ratings', 'inProgress', 'finished', 'next'],
  properties: {
    handle: { type: 'string' },
    counts: {
      type: 'array',
      description: 'Per game: games in progress, finished (of those, won, lost and drawn once recorded) and abandoned.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['game', 'inProgress', 'finished', 'won', 'lost', 'drawn', 'abandoned'],
        properties: {
          game: { type: 'string' },
          inProgress: { type: 'integer', minimum: 0 },
          finished: { type: 'integer', minimum: 0 },
          won: { type: 'integer', minimum: 0 },
          lost: { type: 'integer', minimum: 0 },
          drawn: { type: 'integer', minimum: 0 },
          abandoned: { type: 'integer', minimum: 0 },
        },
      },
    },
    ratings: {
      type: 'array',
      description: 'Per game and system: Glicko-2 for 2-player games (`rating` ± `deviation`, the RD), OpenSkill’s Weng–Lin model for 3 or more (`rating` is the ordinal μ − 3σ, `deviation` σ). Only rated games between people move them.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['game', 'system', 'rating', 'deviation', 'games'],
        properties: {
          game: { type: 'string' },
          system: { type: 'string', enum: ['glicko2', 'openskill'] },
          rating: { type: 'number' },
          deviation: { type: 'number' },
          games: { type: 'integer', minimum: 0, description: 'Rated games counted.' },
        },
      },
    },
    inProgress: { type: 'array', items: { $ref: 'PlayerGame#' }, description: 'Games being played, most recently moved first (at most 100).' },
    finished: { type: 'array', items: { $ref: 'PlayerGame#' }, description: 'Games that have ended (finished or abandoned), newest first: one page.' },
    next: { type: ['string', 'null'], description: 'Send as `cursor` for the next page of finished games; null on the last.' },
  },
} as const;

const gamesChanges = {
  $id: 'MyGamesChanges',
  type: 'object',
  additionalProperties: false,
  required: ['stamp'],
  properties: { stamp: { type: 'string', description: 'Where your games are now: send it back as `since` to wait for the next change.' } },
} as const;

export async function playerRoutes(
  app: FastifyInstance,
  { service, pool, streams, background, logger }: { service: GameService; pool: pg.Pool; streams: OpenStreams; background: { pollIntervalMs: number } | null; logger?: Logger },
): Promise<void> {
  const ports = playerPorts(pool);
  const pages = new PlayerPages(ports.players, service.registry);
  if (background) {
    const ratings = new Ratings(ports.outcomes, service.states, ports.listen, background.pollIntervalMs, logger);
    app.addHook('onReady', async () => ratings.start());
    app.addHook('preClose', async () => ratings.stop());
  }
  for (const schema of [playerGame, playerPage, gamesChanges]) app.addSchema(schema);

  app.get<{ Params: { handle: string }; Querystring: { cursor?: string; limit: number } }>(
    '/v1/players/:handle',
    {
      schema: {
        operationId: 'getPlayer',
        tags: ['players'],
        summary: 'A player’s page',
        description: `A player’s games in progress, the games they finished with each one’s result, opponents and date, a count per game, and their ratings per game. Only games any visitor could list (not those whose creator chose the seed or position), and nothing of any hand. Finished games come newest first, ${MAX_FINISHED_PAGE} at most a page (\`limit\`); \`next\` is the next page’s \`cursor\`. A handle that has played no such game answers 404, as one that does not exist.`,
        security: bearerOptional,
        params: { type: 'object', required: ['handle'], properties: { handle: { ...HANDLE, description: 'The player’s handle, whatever its case.' } } },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            cursor: { ...CURSOR, description: 'The `next` of the previous page.' },
            limit: { type: 'integer', minimum: 1, maximum: MAX_FINISHED_PAGE, default: 20, description: 'Finished games in this page.' },
          },
        },
        response: {
          200: json('The player’s page.', 'PlayerPage#'),
          ...problems({ 400: 'The handle, `cursor` or `limit` is malformed (`VALIDATION_FAILED`), or the cursor is not one this server gave (`INVALID_CURSOR`).', 401: true, 404: 'No player with that handle has played a game any visitor could list (`PLAYER_NOT_FOUND`).', 429: true }),
        },
      },
    },
    async (request) => run(() => pages.page(request.params.handle, { cursor: request.query.cursor, limit: request.query.limit })),
  );

  app.get<{ Querystring: { since?: string; wait: number } }>(
    '/v1/me/games/changes',
    {
      schema: {
        operationId: 'waitForMyGames',
        tags: ['feeds'],
        summary: 'Wait for a change in your games (long-poll)',
        description: `Answers a \`stamp\` that stands for your games as \`GET /v1/me/games\` lists them (each one’s version, status and seats). With \`since\` (a stamp you had) and \`wait\` (seconds, at most ${MAX_WAIT_SECONDS}), it answers as soon as your games differ from \`since\`, or with the same stamp when the time is up: then read \`/v1/me/games\` again only when the stamp changed.`,
        security: bearerOnly,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            since: { ...STAMP, description: 'The stamp you last had.' },
            wait: { type: 'integer', minimum: 0, maximum: MAX_WAIT_SECONDS, default: 0, description: 'Seconds to wait for a change.' },
          },
        },
        response: {
          200: json('Where your games are now.', 'MyGamesChanges#'),
          ...problems({ 400: true, 401: true, ...STREAM_REFUSALS }),
        },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { since, wait } = request.query;
      let now = await ports.players.gamesStamp(caller.accountId);
      if (since === undefined || wait === 0 || now.stamp !== since) return { stamp: now.stamp };
      const release = streams.take(request);
      const abort = new AbortController();
      request.raw.once('close', () => abort.abort());
      try {
        // Listen first, then look again: a move between the first look and the listening is not missed.
        let wake = () => undefined as void;
        const moved = new Promise<void>((resolve) => (wake = resolve));
        const unsubscribe = now.moving.map((id) => service.signals.subscribe(id, wake));
        const timer = setTimeout(wake, wait * 1000);
        abort.signal.addEventListener('abort', wake);
        void moved.then(() => {
          clearTimeout(timer);
          for (const off of unsubscribe) off();
        });
        now = await ports.players.gamesStamp(caller.accountId);
        if (now.stamp !== since) return { stamp: now.stamp };
        await moved;
        return { stamp: (await ports.players.gamesStamp(caller.accountId)).stamp };
      } finally {
        abort.abort();
        release();
      }
    },
  );
}
