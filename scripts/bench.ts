// Measures a game's rules engine: `decide` and `evolve` per call, and replaying a whole recorded game.
//   npm run bench                          Helter Skelter (scripts/support/helter-skelter-bench.ts):
//                                          decide under 20 µs median; replay of a 4-player game under 2 ms
//   npm run bench -- --game block-war      (scripts/support/block-war-bench.ts)
//   npm run bench -- --game miniatures     (scripts/support/miniatures-bench.ts)
//   npm run bench -- --game <id> [--options '{…}'] [--generic]
// takes any registered game by its id (src/service/registry.ts): a game without a dedicated bench,
// or with --generic or --options, is measured through the game contract alone, on games recorded
// from its documented create-game examples or the one table given (scripts/support/any-game.ts).

import { parseArgs } from 'node:util';
import { benchAnyGame, registeredGame } from './support/any-game.ts';
import { benchBlockWar } from './support/block-war-bench.ts';
import { benchHelterSkelter } from './support/helter-skelter-bench.ts';
import { benchMiniatures } from './support/miniatures-bench.ts';

const { values: args } = parseArgs({
  options: { game: { type: 'string', default: 'helter-skelter' }, generic: { type: 'boolean', default: false }, options: { type: 'string' } },
});
const module = registeredGame(args.game);

/** Benches that record a game's own reference tables (the figures in docs/performance.md), by game id. */
const DEDICATED: Readonly<Record<string, () => void>> = { 'helter-skelter': benchHelterSkelter, 'block-war': benchBlockWar, miniatures: benchMiniatures };

const dedicated = args.generic || args.options !== undefined ? undefined : DEDICATED[module.id];
if (dedicated) dedicated();
else benchAnyGame(module, args.options);
