// Static game content for third-party clients: each game module's components (cards, characters,
// teams …) and maps, as JSON documents and SVG pictures, so that the opaque ids in views and
// commands can be shown to people. Public: no token needed.
//
// The platform knows no game's fields: it serves what a module's `content()` returns, and
// publishes the module's schemas as `<Game>Content` and `<Game>Map` (`OddsAndEvensContent` …).
//
// Paths: `/v1/games/{game}/…` shares its prefix with a game's own `/v1/games/{id}/…`. They never
// meet: a game's routes take a uuid (refused by the game routes' schema otherwise), module ids
// are names like `odds-and-evens`, and the static segments `content` and `maps` are no game
// route's (`commands`, `events`, `stream`, `seats`).
//
// Caching: content changes only when the service is deployed with new content. Every body is
// serialised once, when the service starts, and its strong ETag is a hash of its bytes, so every
// instance of one release gives the same tag; `Cache-Control: public, max-age=3600` lets clients
// and proxies keep it an hour, then revalidate with `If-None-Match` (304, no body).

import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GameContent } from '../platform/game-module.ts';
import type { GameRegistry } from '../service/registry.ts';
import { ProblemError } from './problems.ts';
import { problems, schemaPrefix } from './schemas.ts';

export const CONTENT_CACHE_CONTROL = 'public, max-age=3600';

/** A response body fixed at start-up, with its strong validator. */
interface Published {
  readonly body: string;
  readonly type: string;
  readonly etag: string;
}

interface GamePublication {
  readonly content: Published;
  readonly maps: ReadonlyMap<string, { readonly data: Published; readonly svg: Published }>;
}

function publish(body: string, type: string): Published {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

function publication(content: GameContent): GamePublication {
  return {
    content: publish(JSON.stringify(content.content), 'application/json; charset=utf-8'),
    maps: new Map(
      content.maps.map((map) => [
        map.id,
        { data: publish(JSON.stringify(map.data), 'application/json; charset=utf-8'), svg: publish(map.svg, 'image/svg+xml; charset=utf-8') },
      ]),
    ),
  };
}

/**
 * If-None-Match (RFC 9110 §13.1.2): `*` or a list of entity tags, compared weakly (`W/"x"`
 * matches `"x"`). Anything unparsable simply does not match: the full body is sent.
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

function send(request: FastifyRequest<{ Headers: { 'if-none-match'?: string } }>, reply: FastifyReply, published: Published): FastifyReply {
  reply.header('etag', published.etag).header('cache-control', CONTENT_CACHE_CONTROL);
  if (noneMatch(request.headers['if-none-match'], published.etag)) return reply.code(304).send();
  // A string with a JSON type is sent as it is: serialised once, at start-up.
  return reply.type(published.type).send(published.body);
}

/** A path parameter as a problem's detail may quote it: it is the client's, of any length. */
const quoted = (value: string): string => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);

const cacheHeaders = {
  etag: { type: 'string', description: 'A strong validator, the hash of the body: send it back as `If-None-Match`.' },
  'cache-control': { type: 'string', description: '`public, max-age=3600`: the same for everyone, fresh for an hour.' },
} as const;

const conditionalHeaders = {
  type: 'object',
  properties: {
    'if-none-match': { type: 'string', description: 'An `ETag` you hold: 304 with no body if it is still current.' },
  },
} as const;

const notModified = {
  // `null`: documented with no body (@fastify/swagger leaves out `content`).
  type: 'null',
  description: 'Not modified: the `ETag` you sent in `If-None-Match` is still current; keep your copy.',
  headers: cacheHeaders,
} as const;

/** A response that is one of the games' schemas, whichever game the path names. */
function oneOfRefs(refs: readonly string[]): object {
  const schemas = refs.map((ref) => ({ $ref: `${ref}#` }));
  return schemas.length === 1 ? schemas[0]! : { oneOf: schemas };
}

export const contentRoutes = fp(routes, { name: 'content-routes', dependencies: ['problems', 'auth'], encapsulate: true });

async function routes(app: FastifyInstance, { registry }: { registry: GameRegistry }): Promise<void> {
  const published = new Map<string, GamePublication>();
  const contentRefs: string[] = [];
  const mapRefs: string[] = [];
  for (const [id, module] of registry) {
    const content = module.content?.();
    if (!content) continue;
    const prefix = schemaPrefix(id);
    app.addSchema({ ...content.contentSchema, $id: `${prefix}Content` });
    app.addSchema({ ...content.mapSchema, $id: `${prefix}Map` });
    contentRefs.push(`${prefix}Content`);
    mapRefs.push(`${prefix}Map`);
    published.set(id, publication(content));
  }
  const gameIds = [...published.keys()];
  const which = gameIds.map((id, i) => `\`${contentRefs[i]}\` and \`${mapRefs[i]}\` for \`${id}\``).join('; ');

  // Every 200 body is a string serialised at start-up, and problems are plain objects: nothing
  // here needs a serialiser compiled from the (large) content schemas.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const gameParam = {
    type: 'string',
    description: `A game module, as \`POST /v1/games\` names it in \`game\`: ${gameIds.map((id) => `\`${id}\``).join(', ')}. Not a game’s uuid: these are the same for every game of it.`,
    examples: gameIds,
  } as const;
  const mapParam = { type: 'string', description: 'A map id, as the game’s content lists its maps and its views name them.' } as const;

  const gameOf = (game: string): GamePublication => {
    const found = published.get(game);
    if (!found) throw new ProblemError(404, 'UNKNOWN_GAME', `There is no game ${quoted(game)} with published content; there is ${gameIds.map((id) => `"${id}"`).join(', ')}.`);
    return found;
  };
  const mapOf = (game: string, map: string) => {
    const found = gameOf(game).maps.get(map);
    if (!found) throw new ProblemError(404, 'UNKNOWN_MAP', `The game "${game}" has no map ${quoted(map)}; its content lists its maps.`);
    return found;
  };

  const notFound = '`UNKNOWN_GAME`: no game module of that id publishes content (a game’s uuid is not a module id).';
  const mapNotFound = `${notFound} \`UNKNOWN_MAP\`: the game has no map of that id.`;

  // The games this service plays, for a client's lobby: a few hundred bytes, where reading the
  // OpenAPI document (the other place that names them) costs a phone half a megabyte.
  const catalog = publish(JSON.stringify({ games: [...registry].map(([game, module]) => ({ game, title: module.title })) }), 'application/json; charset=utf-8');
  app.get<{ Headers: { 'if-none-match'?: string } }>(
    '/v1/catalog',
    {
      schema: {
        operationId: 'getCatalog',
        tags: ['content'],
        summary: 'The games this service plays',
        description: 'Every game `POST /v1/games` accepts, by the id it takes in `game`, with its title, in the order the service registers them. Public, cacheable (`ETag`, `If-None-Match`).',
        headers: conditionalHeaders,
        response: {
          200: {
            description: 'The games.',
            headers: cacheHeaders,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['games'],
                  additionalProperties: false,
                  properties: {
                    games: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['game', 'title'],
                        additionalProperties: false,
                        properties: { game: { type: 'string', description: 'The id `POST /v1/games` takes in `game`.' }, title: { type: 'string', description: 'The game’s name for people.' } },
                      },
                    },
                  },
                },
              },
            },
          },
          304: notModified,
          ...problems({ 429: true }),
        },
      },
    },
    async (request, reply) => send(request, reply, catalog),
  );

  app.get<{ Params: { game: string }; Headers: { 'if-none-match'?: string } }>(
    '/v1/games/:game/content',
    {
      schema: {
        operationId: 'getGameContent',
        tags: ['content'],
        summary: 'A game’s components: cards, characters, teams',
        description: `Everything views and commands name by an opaque id — every action card with its symbols, every character, every team with its deck — and the maps’ ids. The same for every game of this module: public, cacheable (\`ETag\`, \`If-None-Match\`). The schema is the module’s: ${which}.`,
        params: { type: 'object', required: ['game'], properties: { game: gameParam } },
        headers: conditionalHeaders,
        response: {
          200: { description: 'The game’s content.', headers: cacheHeaders, content: { 'application/json': { schema: oneOfRefs(contentRefs) } } },
          304: notModified,
          ...problems({ 401: true, 404: notFound, 429: true }),
        },
      },
    },
    async (request, reply) => send(request, reply, gameOf(request.params.game).content),
  );

  app.get<{ Params: { game: string; map: string }; Headers: { 'if-none-match'?: string } }>(
    '/v1/games/:game/maps/:map',
    {
      schema: {
        operationId: 'getGameMap',
        tags: ['content'],
        summary: 'A map: spaces, adjacency, walls, cover, high ground, falls',
        description: `A map as the rules read it, with the grid cells to draw it: every space a view names, which spaces are adjacent and which see each other, walls, cover, high ground and falls (each with an id). Public, cacheable (\`ETag\`, \`If-None-Match\`). The schema is the module’s: ${which}.`,
        params: { type: 'object', required: ['game', 'map'], properties: { game: gameParam, map: mapParam } },
        headers: conditionalHeaders,
        response: {
          200: { description: 'The map.', headers: cacheHeaders, content: { 'application/json': { schema: oneOfRefs(mapRefs) } } },
          304: notModified,
          ...problems({ 401: true, 404: mapNotFound, 429: true }),
        },
      },
    },
    async (request, reply) => send(request, reply, mapOf(request.params.game, request.params.map).data),
  );

  app.get<{ Params: { game: string; map: string }; Headers: { 'if-none-match'?: string } }>(
    '/v1/games/:game/maps/:map.svg',
    {
      schema: {
        operationId: 'getGameMapPicture',
        tags: ['content'],
        summary: 'A map, drawn',
        description:
          'The map as a standalone SVG picture, drawn from the same data as the map document (space designations, falls labelled by their number). Public, cacheable (`ETag`, `If-None-Match`).',
        params: { type: 'object', required: ['game', 'map'], properties: { game: gameParam, map: mapParam } },
        headers: conditionalHeaders,
        response: {
          200: { description: 'The picture.', headers: cacheHeaders, content: { 'image/svg+xml': { schema: { type: 'string', description: 'An SVG document.' } } } },
          304: notModified,
          ...problems({ 401: true, 404: mapNotFound, 429: true }),
        },
      },
    },
    async (request, reply) => send(request, reply, mapOf(request.params.game, request.params.map).svg),
  );
}
