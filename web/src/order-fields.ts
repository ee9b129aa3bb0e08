// What a game's standing orders are in words: each setting (its name in the API) and its values.
// Plain data and types only, apart from the component that renders it (orders.tsx): tests read it
// without JSX or the browser.

import type { components } from './generated/api.ts';

export type Orders = components['schemas']['StandingOrders'];

/** One setting of a game's standing orders (its name in the API) and its values in words. */
export interface OrderField {
  name: keyof Orders & string;
  label: string;
  choices: readonly { value: string; text: string }[];
}
