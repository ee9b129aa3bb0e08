// The web client's registry of game UIs (web/src/games/registry.ts), loaded at run time: its UIs
// are JSX, checked by web/tsconfig.json, which the tests' compiler options do not cover. Only the
// plain fields the tests read are typed here.

import type { OrderField } from '../../web/src/order-fields.ts';

export interface RegisteredUi {
  name: string;
  orders: readonly OrderField[];
}

/** The web registry's UIs by game id, in its order. */
export async function webRegistry(): Promise<ReadonlyMap<string, RegisteredUi>> {
  // A specifier in a variable: the compiler leaves the JSX module to web/tsconfig.json.
  const registry: string = '../../web/src/games/registry.ts';
  return ((await import(registry)) as { GAME_UIS: ReadonlyMap<string, RegisteredUi> }).GAME_UIS;
}
