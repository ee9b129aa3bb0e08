// Table chat (`/v1/games/{id}/chat`): read a game's messages in pages, write one, follow them as
// Server-Sent Events; and the players you muted (`/v1/me/mutes`). Chat is not part of the game's
// event log (src/service/chat.ts): the game's own feeds never carry it.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireCaller } from '../auth/caller.ts';
import type { TableChat } from '../service/chat.ts';
import { run } from './games.ts';
import { followStream } from './follow-stream.ts';
import { STREAM_REFUSALS, type OpenStreams } from './open-streams.ts';
import type { StreamOptions } from './stream-credentials.ts';
import { bearerOnly, bearerOptional, gameIdParams, json, problems } from './schemas.ts';

/** Messages a stream reads at a time while catching up. */
const STREAM_PAGE = 200;

const chatSchemas = [
  {
    $id: 'ChatMessage',
    type: 'object',
    required: ['id', 'author', 'seat', 'text', 'at'],
    properties: {
      id: { type: 'integer', minimum: 1, description: 'Orders the game’s messages: the cursor to page (`after`, `before`) and to resume a stream (`Last-Event-ID`).' },
      author: { type: 'string', description: 'The author’s handle.' },
      seat: { type: ['integer', 'null'], minimum: 0, description: 'The author’s seat in this game; null for a spectator.' },
      text: { type: 'string' },
      at: { type: 'string', format: 'date-time' },
    },
  },
  {
    $id: 'ChatPage',
    type: 'object',
    required: ['messages', 'more'],
    properties: {
      messages: { type: 'array', items: { $ref: 'ChatMessage#' }, description: 'Oldest first, without the messages of players you muted.' },
      more: {
        type: 'boolean',
        description: 'More messages lie beyond this page: after its last (when read with `after`: ask again with `after` = that id), else before its first (ask with `before` = its id).',
      },
    },
  },
  {
    $id: 'Mute',
    type: 'object',
    required: ['handle', 'mutedAt'],
    properties: { handle: { type: 'string' }, mutedAt: { type: 'string', format: 'date-time' } },
  },
  {
    $id: 'MuteList',
    type: 'object',
    required: ['mutes'],
    properties: { mutes: { type: 'array', items: { $ref: 'Mute#' }, description: 'Oldest first.' } },
  },
] as const;

const handleParams = {
  type: 'object',
  required: ['handle'],
  properties: { handle: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$', description: 'A player’s handle, whatever its case.' } },
} as const;

const noGame = 'There is no such game (`NOT_FOUND`).';
const noPlayer = 'No player with that handle has sat or written at a table (`PLAYER_NOT_FOUND`).';

export const chatRoutes = fp(routes, { name: 'chat-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(
  app: FastifyInstance,
  { chat, streams: open, credentials, bufferBytes }: { chat: TableChat; streams: OpenStreams } & StreamOptions,
): Promise<void> {
  for (const schema of chatSchemas) app.addSchema(schema);
  // Open streams end when the server closes, so a graceful shutdown is not held open by them.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  const { messageLength, messagesPerMinute, messagesPerGame, mutesPerAccount } = chat.limits;

  app.get<{ Params: { id: string }; Querystring: { after?: number; before?: number; limit: number } }>(
    '/v1/games/:id/chat',
    {
      schema: {
        operationId: 'listChatMessages',
        tags: ['chat'],
        summary: 'The table chat, a page at a time',
        description:
          'Anyone who may view the game may read its chat, a spectator without a token too. Without `after` or `before`: the newest messages. With `after`: those following that id; with `before`: those preceding it. Oldest first either way; with a token, without the messages of players you muted.',
        security: bearerOptional,
        params: gameIdParams,
        querystring: {
          type: 'object',
          properties: {
            after: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Messages after this id.' },
            before: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Messages before this id.' },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, description: 'Messages at most.' },
          },
        },
        response: {
          200: json('A page of messages, oldest first.', 'ChatPage#'),
          ...problems({ 400: 'The request is malformed (`VALIDATION_FAILED`), or sends both `after` and `before` (`CHAT_CURSOR_CONFLICT`).', 401: true, 404: noGame, 429: true }),
        },
      },
    },
    async (request) => {
      const { after, before, limit } = request.query;
      return run(() => chat.read(request.params.id, request.caller?.accountId ?? null, { ...(after !== undefined ? { after } : {}), ...(before !== undefined ? { before } : {}) }, limit));
    },
  );

  app.post<{ Params: { id: string }; Body: { text: string } }>(
    '/v1/games/:id/chat',
    {
      schema: {
        operationId: 'postChatMessage',
        tags: ['chat'],
        summary: 'Write at the table',
        description: `Any account may write in a game it may view, seated or not. The text is trimmed; it must then be 1 to ${messageLength} characters on one line, without control characters. You may write ${messagesPerMinute} messages a minute at one table, and a table holds ${messagesPerGame} messages. Everyone following the chat sees it at once (\`GET /v1/games/{id}/chat/stream\`), except players who muted you. Chat is not part of the game’s log.`,
        security: bearerOnly,
        params: gameIdParams,
        body: {
          type: 'object',
          required: ['text'],
          additionalProperties: false,
          properties: { text: { type: 'string', maxLength: 4 * messageLength, description: `1 to ${messageLength} characters once trimmed.` } },
          examples: [{ text: 'Nice shot, Judge.' }],
        },
        response: {
          201: json('The message, as readers see it.', 'ChatMessage#'),
          ...problems({
            400: 'The request is malformed (`VALIDATION_FAILED`), or the text is empty once trimmed (`CHAT_MESSAGE_EMPTY`), too long (`CHAT_MESSAGE_TOO_LONG`), holds control characters (`CHAT_MESSAGE_CONTROL_CHARACTERS`) or tag characters outside a flag (`CHAT_MESSAGE_INVISIBLE_CHARACTERS`), has nothing to see (`CHAT_MESSAGE_INVISIBLE`), or stacks more than 4 combining marks on a character (`CHAT_MESSAGE_STACKED_MARKS`).',
            401: true,
            404: noGame,
            429: 'Too many messages from you at this table in the last minute (`CHAT_RATE_LIMITED`, with `retry-after`), the table’s chat is full (`CHAT_FULL`), or too many requests (`RATE_LIMITED`).',
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const message = await run(() => chat.write(request.params.id, caller.accountId, request.body.text));
      return reply.code(201).send(message);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { after?: number }; Headers: { 'last-event-id'?: string } }>(
    '/v1/games/:id/chat/stream',
    {
      schema: {
        operationId: 'streamChatMessages',
        tags: ['chat'],
        summary: 'The table chat as Server-Sent Events',
        description:
          'One SSE message per chat message (`id` = its id, `event: chat`, `data` = the `ChatMessage` as JSON), starting after `Last-Event-ID` (or `after`; 0 or neither: from the first message). Read the newest page with `GET /v1/games/{id}/chat` first, then follow with `after` = its last id. With a token, messages of players you muted are left out, from the moment you mute them. A comment every 15 s keeps the connection open; it counts among your open streams.',
        security: bearerOptional,
        params: gameIdParams,
        querystring: {
          type: 'object',
          properties: { after: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Start after this message id (when there is no `Last-Event-ID`).' } },
        },
        headers: {
          type: 'object',
          properties: { 'last-event-id': { type: 'string', pattern: '^\\d{1,15}$', description: 'The `id` of the last message you received: resume after it.' } },
        },
        response: {
          200: {
            description: 'An endless event stream: `id: <message id>`, `event: chat`, `data: <ChatMessage as JSON>` per message.',
            content: {
              'text/event-stream': {
                schema: { type: 'string' },
                example: 'retry: 2000\n\nid: 12\nevent: chat\ndata: {"id":12,"author":"dredd","seat":0,"text":"Nice shot.","at":"2026-01-01T12:00:00.000Z"}\n\n',
              },
            },
          },
          ...problems({ 400: true, 401: true, 404: noGame, ...STREAM_REFUSALS }),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const reader = request.caller?.accountId ?? null;
      await followStream(
        request,
        reply,
        {
          cursor: Number(request.headers['last-event-id'] ?? request.query.after ?? 0),
          // A message muted for this reader is never read: its announcement costs one read that finds nothing.
          read: async (after) => {
            const page = await run(() => chat.read(id, reader, { after }, STREAM_PAGE));
            return { items: page.messages, more: page.more };
          },
          id: (m) => m.id,
          event: () => 'chat',
          subscribe: (wake) => chat.subscribe(id, wake),
        },
        { open, ends: streams, credentials, bufferBytes },
      );
    },
  );

  app.get(
    '/v1/me/mutes',
    {
      schema: {
        operationId: 'listMutes',
        tags: ['chat'],
        summary: 'The players you muted',
        security: bearerOnly,
        response: { 200: json('Your mutes, oldest first.', 'MuteList#'), ...problems({ 401: true, 429: true }) },
      },
    },
    async (request) => ({ mutes: await run(() => chat.mutes(requireCaller(request).accountId)) }),
  );

  app.put<{ Params: { handle: string } }>(
    '/v1/me/mutes/:handle',
    {
      schema: {
        operationId: 'mutePlayer',
        tags: ['chat'],
        summary: 'Mute a player',
        description: `Hides what that player writes from you at every table, in pages and live streams alike. They are not told. Muting twice is muting once. You may mute ${mutesPerAccount} players.`,
        security: bearerOnly,
        params: handleParams,
        response: {
          200: json('The mute.', 'Mute#'),
          ...problems({
            400: 'The request is malformed (`VALIDATION_FAILED`), or the handle is yours (`CANNOT_MUTE_YOURSELF`).',
            401: true,
            404: noPlayer,
            429: 'You muted as many players as allowed (`MUTE_LIMIT_REACHED`), or too many requests (`RATE_LIMITED`).',
          }),
        },
      },
    },
    async (request) => run(() => chat.mute(requireCaller(request).accountId, request.params.handle)),
  );

  app.delete<{ Params: { handle: string } }>(
    '/v1/me/mutes/:handle',
    {
      schema: {
        operationId: 'unmutePlayer',
        tags: ['chat'],
        summary: 'Unmute a player',
        description: 'Shows what that player writes again, their earlier messages too. Unmuting a player you had not muted changes nothing.',
        security: bearerOnly,
        params: handleParams,
        response: { 204: { description: 'Unmuted.', type: 'null' }, ...problems({ 400: true, 401: true, 404: noPlayer, 429: true }) },
      },
    },
    async (request, reply) => {
      await run(() => chat.unmute(requireCaller(request).accountId, request.params.handle));
      return reply.code(204).send();
    },
  );
}
