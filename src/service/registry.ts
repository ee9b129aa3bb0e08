// The games this service plays. Adding a game (Block War) means adding its module here: the API,
// clocks, notifications and the OpenAPI document take everything else from the module.

import type { GameModule, SituationWords } from '../platform/game-module.ts';
import { helterSkelter } from '../games/helter-skelter/index.ts';

// Modules are stored and called through the platform interface only; their own types stay inside them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any, any, any, any>;

export const GAMES: ReadonlyMap<string, AnyGameModule> = new Map<string, AnyGameModule>([[helterSkelter.id, helterSkelter]]);

/** What notifications say of a game's situation, in the game's words (src/notify/notification.ts, `SituationWording`). */
export const situationWording =
  (games: ReadonlyMap<string, AnyGameModule> = GAMES) =>
  (module: string | undefined, situation: string): SituationWords | undefined =>
    module === undefined ? undefined : games.get(module)?.situations[situation]?.words;
