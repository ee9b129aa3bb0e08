// The games this service plays. Adding a game means adding its module here: the API,
// clocks, notifications and the OpenAPI document take everything else from the module.

import type { GameModule, SituationWords } from '../platform/game-module.ts';
import { blockWar } from '../games/block-war/index.ts';
import { helterSkelter } from '../games/helter-skelter/index.ts';
import { miniatures } from '../games/miniatures/index.ts';

// Modules are stored and called through the platform interface only; their own types stay inside them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any, any, any, any>;

/**
 * The games a server plays, by id. The composition root (src/app.ts, a script) builds one with
 * `gameRegistry` and injects it into everything that asks a game module. Nothing else reads `GAMES`
 * but the bots' thread (bot-thread.ts), to which a game can only be named.
 */
export type GameRegistry = ReadonlyMap<string, AnyGameModule>;

/** The registered games: what `gameRegistry` starts from. */
export const GAMES: GameRegistry = new Map<string, AnyGameModule>([
  [helterSkelter.id, helterSkelter],
  [blockWar.id, blockWar],
  [miniatures.id, miniatures],
]);

/**
 * The registered games and `extra` ones (a test's own module, `buildApp`'s `extraGames`): a
 * registry per app, never a change to `GAMES`. An id already taken is a programming error.
 */
export function gameRegistry(extra: readonly AnyGameModule[] = []): GameRegistry {
  if (extra.length === 0) return GAMES;
  const registry = new Map(GAMES);
  for (const module of extra) {
    if (registry.has(module.id)) throw new Error(`Two game modules are called "${module.id}"`);
    registry.set(module.id, module);
  }
  return registry;
}

/**
 * Every setting of the games' standing orders, by name: the games that have it, the values some
 * game allows (in the games' order) and the default of the first game that names it. The
 * `StandingOrders` schema (src/api/schemas.ts) and an account's preferred orders
 * (src/service/preferences.ts) are both built from it.
 */
export interface OrderSetting {
  readonly values: ReadonlySet<string>;
  readonly initial: string;
  readonly gameCount: number;
}

export function orderSettings(registry: GameRegistry): ReadonlyMap<string, OrderSetting> {
  const settings = new Map<string, { values: Set<string>; initial: string; gameCount: number }>();
  for (const module of registry.values()) {
    const spec = module.standingOrders;
    if (!spec) continue;
    for (const [name, setting] of Object.entries(spec.schema.properties)) {
      const known = settings.get(name) ?? { values: new Set<string>(), initial: spec.defaults[name]!, gameCount: 0 };
      for (const value of setting.enum) known.values.add(value);
      known.gameCount += 1;
      settings.set(name, known);
    }
  }
  return settings;
}

/** What notifications say of a game's situation, in the game's words (src/notify/notification.ts, `SituationWording`). */
export const situationWording =
  (registry: GameRegistry) =>
  (module: string, situation: string): SituationWords | undefined =>
    registry.get(module)?.situations[situation]?.words;

/** A game's title in notifications: its module's title and its options in the module's words (src/notify/notification.ts, `GameTitling`). */
export const gameTitles =
  (registry: GameRegistry) =>
  (module: string, publicOptions: Readonly<Record<string, unknown>>): string => {
    const game = registry.get(module);
    return game ? `${game.title}: ${game.describeOptions(publicOptions)}` : module;
  };
