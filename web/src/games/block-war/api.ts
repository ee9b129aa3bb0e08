// Block War's shapes in the API (the schemas named BlockWar…) and its fixed data: the content and
// its two maps, the same for every game and cached long, so fetched once.

import { api, problemText, type Schemas } from '../../api/client.ts';

export type BlockWarGame = Schemas['BlockWarGame'];
export type BlockWarCommand = Schemas['BlockWarCommand'];
export type BlockWarContent = Schemas['BlockWarContent'];
export type BlockWarMap = Schemas['BlockWarMap'];
export type PlazaMap = Extract<BlockWarMap, { id: 'plaza' }>;
export type BlockMap = Extract<BlockWarMap, { id: 'block' }>;

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
