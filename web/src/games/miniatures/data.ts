// Miniatures' fixed data (the content document and the scenario's table, fetched once each) and the
// one call only this game makes: a preview, the rules' measure of a command before it is sent.

import { api, problemText, type Schemas } from '../../api/client.ts';

export type MiniaturesGame = Schemas['MiniaturesGame'];
export type MiniaturesCommand = Schemas['MiniaturesCommand'];
export type MiniaturesContent = Schemas['MiniaturesContent'];
export type MiniaturesMap = Schemas['MiniaturesMap'];
export type MiniaturesView = Schemas['MiniaturesView'];
export type MiniaturesModel = Schemas['MiniaturesModel'];
export type Point = Schemas['MiniaturesPoint'];
/** A preview of a Miniatures command: its `details` are Miniatures' own (the API's are any game's `<Game>Preview`). */
export type CommandPreview = Omit<Schemas['CommandPreview'], 'details'> & { details: Schemas['MiniaturesPreview'] | null };
/** One of a shot's sight lines (ruling M1): a point of the target's width and what hides it from the shooter's eye. */
export type SightLine = NonNullable<Schemas['MiniaturesPreview']['shot']>['lines'][number];

export interface MiniaturesData {
  content: MiniaturesContent;
  map: MiniaturesMap;
}

const need = async <T>(request: Promise<{ data?: unknown; error?: unknown }>): Promise<T> => {
  const { data, error } = await request;
  if (!data) throw new Error(problemText(error));
  return data as T;
};

let contentPromise: Promise<MiniaturesContent> | null = null;
const maps = new Map<string, Promise<MiniaturesMap>>();

/** The content and the scenario's table; a failed fetch is forgotten, so the next try asks again. */
export async function loadMiniatures(scenario: string): Promise<MiniaturesData> {
  contentPromise ??= need<MiniaturesContent>(api.GET('/v1/games/{game}/content', { params: { path: { game: 'miniatures' } } })).catch((error: unknown) => {
    contentPromise = null;
    throw error;
  });
  let map = maps.get(scenario);
  if (!map) {
    map = need<MiniaturesMap>(api.GET('/v1/games/{game}/maps/{map}', { params: { path: { game: 'miniatures', map: scenario } } })).catch((error: unknown) => {
      maps.delete(scenario);
      throw error;
    });
    maps.set(scenario, map);
  }
  const [content, table] = await Promise.all([contentPromise, map]);
  return { content, map: table };
}

/** What the rules say of `command` now: legal or why not, and its measures (path, range, sight, odds). */
export async function previewCommand(gameId: string, command: MiniaturesCommand): Promise<CommandPreview> {
  return need<CommandPreview>(api.POST('/v1/games/{id}/preview', { params: { path: { id: gameId } }, body: command as never }));
}
