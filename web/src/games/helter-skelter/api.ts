// Helter Skelter's shapes in the API (the schemas named HelterSkelter…) and its fixed data:
// the content and the maps, the same for every game and cached long, so fetched once.

import { api, problemText, type Schemas } from '../../api/client.ts';

export type HelterSkelterGame = Schemas['HelterSkelterGame'];
export type HelterSkelterView = Schemas['HelterSkelterView'];
export type HelterSkelterCommand = Schemas['HelterSkelterCommand'];
export type HelterSkelterContent = Schemas['HelterSkelterContent'];
export type HelterSkelterMap = Schemas['HelterSkelterMap'];
export type Team = Schemas['HelterSkelterSeatView']['team'];
export type MapId = HelterSkelterView['map'];

let contentPromise: Promise<HelterSkelterContent> | null = null;
export function loadContent(): Promise<HelterSkelterContent> {
  contentPromise ??= api.GET('/v1/games/{game}/content', { params: { path: { game: 'helter-skelter' } } }).then(({ data, error }) => {
    if (!data) {
      contentPromise = null;
      throw new Error(problemText(error));
    }
    return data as HelterSkelterContent;
  });
  return contentPromise;
}

const mapPromises = new Map<string, Promise<HelterSkelterMap>>();
export function loadMap(id: MapId): Promise<HelterSkelterMap> {
  let promise = mapPromises.get(id);
  if (!promise) {
    promise = api.GET('/v1/games/{game}/maps/{map}', { params: { path: { game: 'helter-skelter', map: id } } }).then(({ data, error }) => {
      if (!data) {
        mapPromises.delete(id);
        throw new Error(problemText(error));
      }
      return data as HelterSkelterMap;
    });
    mapPromises.set(id, promise);
  }
  return promise;
}
