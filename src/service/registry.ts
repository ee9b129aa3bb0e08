// The games this service plays. Adding a game (Block War) means adding its module here.

import type { GameModule } from '../platform/game-module.ts';
import { helterSkelter } from '../games/helter-skelter/index.ts';

// Modules are stored and called through the platform interface only; their own types stay inside them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any, any, any, any>;

export const GAMES: ReadonlyMap<string, AnyGameModule> = new Map<string, AnyGameModule>([[helterSkelter.id, helterSkelter]]);
