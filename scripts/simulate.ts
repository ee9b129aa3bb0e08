// Plays N whole games between random legal players and reports how they went.
//   npm run simulate -- --game <id> --games 1000 [--options '{…}'] [--generic]
// takes any registered game by its id (src/service/registry.ts). A game with a dedicated
// simulation below gets it (its own tables, bots and checks); any other game, or any game with
// --generic or --options, is played through the game contract alone: its documented create-game
// examples (or the one table given), random legal players, wins from `winners`, tables named by
// `describeOptions` (scripts/support/any-game.ts).
// Helter Skelter, the default:
//   npm run simulate -- --games 1000 --players 4 --map grand-hall-of-justice
//   npm run simulate -- --dark-judges --games 2000     (a Dark Judges seat in every game)
//   npm run simulate -- --solo --games 10000           (one player against the Dark Judges' solo cards)
//   npm run simulate -- --bots --games 1000 [--players 4] [--bot heuristic]
// instead plays one bot of the game's (default `heuristic`) against random bots and prints how
// often it wins (scripts/support/bot-match.ts).
//   npm run simulate -- --game block-war --games 2000 --players 3 [--surrender-rate 0.0005] [--bots]
// (scripts/support/block-war-simulation.ts).
//   npm run simulate -- --game miniatures --games 1000 [--scenario street-rumble] [--seats heuristic,heuristic]
// plays the scenarios with the game's random and heuristic bots (scripts/support/miniatures-simulation.ts).
// Any rule error (a listed command refused, a seat awaited with nothing to do but give up: the
// platform's guard, src/platform/awaited-guard.ts) or stall (a deadline that changed nothing) is
// printed and makes the exit code 1.

import { parseArgs } from 'node:util';
import { registeredGame, simulateAnyGame } from './support/any-game.ts';
import { runBlockWarSimulation } from './support/block-war-simulation.ts';
import { runBotMatch } from './support/bot-match.ts';
import { runHelterSkelterSimulation } from './support/helter-skelter-simulation.ts';
import { runMiniaturesSimulation } from './support/miniatures-simulation.ts';

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: 'helter-skelter' },
    generic: { type: 'boolean', default: false },
    options: { type: 'string' },
    games: { type: 'string', default: '100' },
    players: { type: 'string' },
    map: { type: 'string' },
    seed: { type: 'string', default: 'simulate' },
    'expiry-rate': { type: 'string', default: '0.02' },
    bots: { type: 'boolean', default: false },
    bot: { type: 'string', default: 'heuristic' },
    'dark-judges': { type: 'boolean', default: false },
    'surrender-rate': { type: 'string', default: '0.0005' },
    solo: { type: 'boolean', default: false },
    scenario: { type: 'string' },
    seats: { type: 'string' },
  },
});

const module = registeredGame(values.game);

/** Simulations that know a game's own tables, bots and rules beyond the contract, by game id. */
const DEDICATED: Readonly<Record<string, () => void>> = {
  'helter-skelter': () =>
    values.bots
      ? runBotMatch({ games: values.games, players: values.players, bot: values.bot, seed: values.seed, darkJudges: values['dark-judges'], solo: values.solo })
      : runHelterSkelterSimulation({
          games: values.games,
          seed: values.seed,
          expiryRate: values['expiry-rate'],
          players: values.players,
          map: values.map,
          darkJudges: values['dark-judges'],
          solo: values.solo,
        }),
  'block-war': () =>
    runBlockWarSimulation({ games: values.games, players: values.players, seed: values.seed, expiryRate: values['expiry-rate'], surrenderRate: values['surrender-rate'], bots: values.bots }),
  miniatures: () => runMiniaturesSimulation({ games: values.games, seed: values.seed, expiryRate: values['expiry-rate'], scenario: values.scenario, seats: values.seats }),
};

const dedicated = values.generic || values.options !== undefined ? undefined : DEDICATED[module.id];
if (dedicated) dedicated();
else simulateAnyGame(module, { games: values.games, seed: values.seed, expiryRate: values['expiry-rate'], options: values.options });
