// A game's events as they happen, redacted for the reader: long-polling JSON, or Server-Sent
// Events resumable with Last-Event-ID. And the caller's own games, those awaiting them first.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemError } from './problems.ts';
import { followStream } from './follow-stream.ts';
import { STREAM_REFUSALS, type OpenStreams } from './open-streams.ts';
import { requireCaller } from '../auth/caller.ts';
import { credentialLost, watchCredential, type StreamOptions } from './stream-credentials.ts';
import type { GameService } from '../service/index.ts';
import { run } from './games.ts';
import { addGameSchemas, bearerOnly, bearerOptional, gameApi, gameIdParams, json, problems } from './schemas.ts';

const MAX_WAIT_SECONDS = 60;
/** Events a stream reads (and then writes) at a time: what one stream holds in memory at most. */
const STREAM_PAGE = 200;

export const feedRoutes = fp(routes, { name: 'feed-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(
  app: FastifyInstance,
  { service, streams: open, credentials, bufferBytes }: { service: GameService; streams: OpenStreams } & StreamOptions,
): Promise<void> {
  addGameSchemas(app, service.registry);
  // Responses are written from the documented schemas, unions passed through (see schemas.ts).
  app.setSerializerCompiler(gameApi(service.registry).serializer);

  // Open streams end when the server closes, so a graceful shutdown is not held open by them.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get<{ Params: { id: string }; Querystring: { after: number; wait: number } }>(
    '/v1/games/:id/events',
    {
      schema: {
        operationId: 'listGameEvents',
        tags: ['feeds'],
        summary: 'Events after a version (long-poll)',
        description: `The game’s events after \`after\`, as your seat may see them (a spectator’s without a token; everything once the game is over). With \`wait\` (seconds, at most ${MAX_WAIT_SECONDS}), the request waits until at least one arrives, or answers with none when the time is up.`,
        security: bearerOptional,
        params: gameIdParams,
        querystring: {
          type: 'object',
          properties: {
            after: { type: 'integer', minimum: 0, default: 0, description: 'The last sequence number you have: events after it are returned.' },
            wait: { type: 'number', minimum: 0, maximum: MAX_WAIT_SECONDS, default: 0, description: 'Seconds to wait for an event when there is none yet.' },
          },
        },
        response: {
          200: json('Events, oldest first.', 'EventPage#'),
          ...problems({ 400: true, 401: true, 404: 'There is no such game (`NOT_FOUND`).', ...STREAM_REFUSALS }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const reader = request.caller?.accountId ?? null;
      const { after, wait } = request.query;
      // Ajv coerces `wait=Infinity` to a number that passes `maximum`: refuse it here.
      if (!Number.isFinite(wait))
        throw new ProblemError(400, 'VALIDATION_FAILED', `The wait in the query must be at most ${MAX_WAIT_SECONDS}.`, {
          errors: [{ in: 'querystring', path: '/wait', message: `must be <= ${MAX_WAIT_SECONDS}`, sentence: `The wait in the query must be at most ${MAX_WAIT_SECONDS}.` }],
        });
      // Listen before reading, so that a command accepted while the read runs is not missed.
      const abort = new AbortController();
      request.raw.once('close', () => abort.abort());
      const release = wait > 0 ? open.take(request) : () => undefined;
      const arrival = wait > 0 ? service.signals.waitPast(id, after, wait * 1000, abort.signal) : null;
      // A wait ends early when the token is revoked or expires meanwhile; its events are then not sent.
      const watch = wait > 0 ? watchCredential(credentials, request, () => abort.abort()) : null;
      try {
        let feed = await run(() => service.views.events(id, reader, after));
        if (feed.events.length === 0 && arrival) {
          const arrived = (await arrival) !== null;
          if (watch && !(await watch.stillValid())) throw credentialLost();
          if (arrived) feed = await run(() => service.views.events(id, reader, after));
        }
        return feed;
      } finally {
        abort.abort();
        watch?.stop();
        release();
      }
    },
  );

  app.get<{ Params: { id: string }; Querystring: { after?: number }; Headers: { 'last-event-id'?: string } }>(
    '/v1/games/:id/stream',
    {
      schema: {
        operationId: 'streamGameEvents',
        tags: ['feeds'],
        summary: 'Events as Server-Sent Events',
        description:
          'One SSE message per event (`id` = its seq, `event` = its type, `data` = the event as JSON, a `FeedEvent`, redacted for you), starting after `Last-Event-ID` (or `after`); a comment every 15 s keeps the connection open. Reconnect with `Last-Event-ID` to resume without gaps.',
        security: bearerOptional,
        params: gameIdParams,
        querystring: {
          type: 'object',
          properties: { after: { type: 'integer', minimum: 0, description: 'Start after this sequence number (when there is no `Last-Event-ID`).' } },
        },
        headers: {
          type: 'object',
          properties: {
            'last-event-id': { type: 'string', pattern: '^\\d{1,10}$', description: 'The `id` of the last message you received: resume after it.' },
          },
        },
        response: {
          200: {
            description: 'An endless event stream: `id: <seq>`, `event: <type>`, `data: <FeedEvent as JSON>` per message.',
            content: {
              'text/event-stream': {
                schema: { type: 'string' },
                example: 'retry: 2000\n\nid: 7\nevent: TurnBegan\ndata: {"seq":7,"type":"TurnBegan","at":"2026-01-01T12:00:00.000Z","data":{"type":"TurnBegan","windowId":"w3","seat":0,"interrupting":false,"mustDeploy":true}}\n\n',
              },
            },
          },
          ...problems({ 400: true, 401: true, 404: 'There is no such game (`NOT_FOUND`).', ...STREAM_REFUSALS }),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const reader = request.caller?.accountId ?? null;
      // The newest version heard of (from a commit's signal or a read): the stream reads until it has sent that far.
      let latest = 0;
      await followStream(
        request,
        reply,
        {
          cursor: Number(request.headers['last-event-id'] ?? request.query.after ?? 0),
          read: async (after) => {
            const page = await run(() => service.views.events(id, reader, after, STREAM_PAGE));
            latest = Math.max(latest, page.version);
            return { items: page.events, more: page.events.length > 0 && page.events.at(-1)!.seq < latest };
          },
          id: (e) => e.seq,
          event: (e) => e.type,
          subscribe: (wake) =>
            service.signals.subscribe(id, (version) => {
              if (version <= latest) return;
              latest = version;
              wake();
            }),
        },
        { open, ends: streams, credentials, bufferBytes },
      );
    },
  );

  app.get<{ Querystring: { awaiting?: boolean } }>(
    '/v1/me/games',
    {
      schema: {
        operationId: 'listMyGames',
        tags: ['feeds'],
        summary: 'Your games',
        description:
          'Games where you hold a seat (the 500 most recently active): those awaiting you first, soonest deadline first. With `awaiting=true`, only those where you can act now.',
        security: bearerOnly,
        querystring: {
          type: 'object',
          properties: { awaiting: { type: 'boolean', default: false, description: 'Only the games waiting for your seat.' } },
        },
        response: {
          200: json('Your games.', 'MyGames#'),
          ...problems({ 400: true, 401: true, 429: true }),
        },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      return { games: await service.views.myGames(caller.accountId, request.query.awaiting === true) };
    },
  );
}
