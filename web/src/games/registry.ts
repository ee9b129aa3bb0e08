// The web client's games: one line per game, its id as the API names it (`game`) and its UI
// (web/src/games/<game>/). The only file outside a game's folder that imports one
// (.dependency-cruiser-web.mjs); the shared pages ask this registry, and never name a game.

import type { AnyGame, GameId } from '../api/client.ts';
import { blockWar } from './block-war/table.tsx';
import type { GameUi } from './game-ui.ts';
import { helterSkelter } from './helter-skelter/table.tsx';
import { miniatures } from './miniatures/table.tsx';

/** A game's UI for its own shapes (its data is its own); the type asks for one entry per game of the API document. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type UiOf<K extends GameId> = GameUi<Extract<AnyGame, { game: K }>, any>;

const UIS: { readonly [K in GameId]: UiOf<K> } = {
  'helter-skelter': helterSkelter,
  'block-war': blockWar,
  miniatures: miniatures,
};

/** A game's UI as the shared pages hold it: the game and its data are the game's own business. */
export type AnyGameUi = GameUi<AnyGame, unknown>;

/** Every game this client can draw, by id, in the registry's order. */
export const GAME_UIS: ReadonlyMap<string, AnyGameUi> = new Map(Object.entries(UIS) as unknown as [string, AnyGameUi][]);

/** The UI of a game's module; a game this client cannot draw is refused in words. */
export function uiOf(game: Pick<AnyGame, 'game'>): AnyGameUi {
  const ui = GAME_UIS.get(game.game);
  if (!ui) throw new Error(`This web client cannot show a game of “${game.game}”.`);
  return ui;
}

/** A game's title for lists (the lobby, my games), or its module's id where this client cannot draw it. */
export function titleOf(game: AnyGame): string {
  return GAME_UIS.get(game.game)?.title(game) ?? game.game;
}
