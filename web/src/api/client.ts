// The one way the web client reaches the service: an openapi-fetch client typed by the OpenAPI
// document (generated/api.ts, made by scripts/build-web.ts), so an API change that breaks the
// client breaks the type-check. It uses only what any third-party client may: the public API.

import createClient from 'openapi-fetch';
import type { components, paths } from '../generated/api.ts';
import { session } from '../session.ts';

export type Schemas = components['schemas'];
export type Game = Schemas['HelterSkelterGame'];
export type GameView = Schemas['HelterSkelterView'];
export type Command = Schemas['HelterSkelterCommand'];
export type FeedEvent = Schemas['FeedEvent'];
export type GameEvent = Schemas['HelterSkelterEvent'];
export type Content = Schemas['HelterSkelterContent'];
export type GameMap = Schemas['HelterSkelterMap'];
export type Problem = Schemas['Problem'];
export type Team = Schemas['HelterSkelterSeatView']['team'];
export type MapId = GameView['map'];

// Block War's shapes: the game page switches on `game` and hands each game to its own parts.
export type BlockWarGame = Schemas['BlockWarGame'];
export type BlockWarCommand = Schemas['BlockWarCommand'];
export type BlockWarContent = Schemas['BlockWarContent'];
export type BlockWarMap = Schemas['BlockWarMap'];
export type PlazaMap = Extract<BlockWarMap, { id: 'plaza' }>;
export type BlockMap = Extract<BlockWarMap, { id: 'block' }>;
// Judge Dredd Miniatures' shapes (its parts: web/src/games/miniatures/).
export type MiniaturesGame = Schemas['MiniaturesGame'];
export type MiniaturesCommand = Schemas['MiniaturesCommand'];
/** A game of any module the pages draw. */
export type AnyGame = Game | BlockWarGame | MiniaturesGame;
export type AnyCommand = Command | BlockWarCommand | MiniaturesCommand;

export const api = createClient<paths>({ baseUrl: globalThis.location?.origin ?? '' });

api.use({
  onRequest({ request }) {
    const token = session.current()?.token;
    if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
  async onResponse({ response }) {
    // A session that ended (expired, logged out elsewhere): forget it, so the pages ask to log in.
    if (response.status === 401 && session.current()) session.clear();
    return response;
  },
});

/** The sentence to show for a refusal: the API's own `detail`, else its title. */
export function problemText(error: unknown): string {
  if (error && typeof error === 'object') {
    const problem = error as Partial<Problem>;
    if (typeof problem.detail === 'string' && problem.detail) return problem.detail;
    if (typeof problem.title === 'string' && problem.title) return problem.title;
  }
  return 'The service could not be reached. Try again.';
}

// Content and maps are the same for every game and carry long cache headers: fetch each once.
let contentPromise: Promise<Content> | null = null;
export function loadContent(): Promise<Content> {
  contentPromise ??= api.GET('/v1/games/{game}/content', { params: { path: { game: 'helter-skelter' } } }).then(({ data, error }) => {
    if (!data) {
      contentPromise = null;
      throw new Error(problemText(error));
    }
    return data as Content;
  });
  return contentPromise;
}

const mapPromises = new Map<string, Promise<GameMap>>();
export function loadMap(id: MapId): Promise<GameMap> {
  let promise = mapPromises.get(id);
  if (!promise) {
    promise = api.GET('/v1/games/{game}/maps/{map}', { params: { path: { game: 'helter-skelter', map: id } } }).then(({ data, error }) => {
      if (!data) {
        mapPromises.delete(id);
        throw new Error(problemText(error));
      }
      return data as GameMap;
    });
    mapPromises.set(id, promise);
  }
  return promise;
}

// Block War's content and its two maps, fetched once like Helter Skelter's.
let blockWarPromise: Promise<{ content: BlockWarContent; plaza: PlazaMap; block: BlockMap }> | null = null;
export function loadBlockWar(): Promise<{ content: BlockWarContent; plaza: PlazaMap; block: BlockMap }> {
  const get = async <T,>(request: Promise<{ data?: unknown; error?: unknown }>): Promise<T> => {
    const { data, error } = await request;
    if (!data) throw new Error(problemText(error));
    return data as T;
  };
  blockWarPromise ??= Promise.all([
    get<BlockWarContent>(api.GET('/v1/games/{game}/content', { params: { path: { game: 'block-war' } } })),
    get<PlazaMap>(api.GET('/v1/games/{game}/maps/{map}', { params: { path: { game: 'block-war', map: 'plaza' } } })),
    get<BlockMap>(api.GET('/v1/games/{game}/maps/{map}', { params: { path: { game: 'block-war', map: 'block' } } })),
  ]).then(
    ([content, plaza, block]) => ({ content, plaza, block }),
    (error: unknown) => {
      blockWarPromise = null;
      throw error;
    },
  );
  return blockWarPromise;
}
