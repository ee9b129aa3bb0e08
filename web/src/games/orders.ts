// Every game's standing orders in words, by the `game` the API names it: the settings page offers
// them all (an account's preferred orders reach its seats of every game), the game page one game's
// (GameUi.orders). A game whose module declares none (Block War) has no entry.

import type { OrderField } from '../order-fields.ts';
import { HELTER_SKELTER_ORDERS } from './helter-skelter/orders.ts';
import { MINIATURES_ORDERS } from './miniatures/orders.ts';

export const GAME_ORDERS: readonly { game: string; title: string; fields: readonly OrderField[] }[] = [
  { game: 'helter-skelter', title: 'Helter Skelter', fields: HELTER_SKELTER_ORDERS },
  { game: 'miniatures', title: 'Miniatures', fields: MINIATURES_ORDERS },
];
