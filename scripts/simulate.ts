// Plays N whole games between random legal players and reports how they went.
//   npm run simulate -- --games 1000 --players 4 --map grand-hall-of-justice
//   npm run simulate -- --dark-judges --games 2000     (a Dark Judges seat in every game)
//   npm run simulate -- --solo --games 10000           (one player against the Dark Judges' solo cards)
// Any rule error (a listed command refused, a seat awaited with nothing to do but give up: the
// platform's guard, src/platform/awaited-guard.ts) or stall (a deadline that changed nothing) is
// printed and makes the exit code 1.
//   npm run simulate -- --bots --games 1000 [--players 4] [--bot heuristic]
// instead plays one bot of the game's (default `heuristic`) against random bots and prints how
// often it wins (scripts/support/bot-match.ts).
//   npm run simulate -- --game block-war --games 2000 --players 3 [--surrender-rate 0.0005] [--bots]
// plays Block War instead (scripts/support/block-war-simulation.ts).
//   npm run simulate -- --game miniatures --games 1000 [--scenario street-rumble] [--seats heuristic,heuristic]
// plays the Miniatures game's scenarios with its random and heuristic bots (scripts/support/miniatures-simulation.ts).

import { parseArgs } from 'node:util';
import { playRandomGame } from '../src/platform/random-player.ts';
import { seedRng } from '../src/platform/random.ts';
import { helterSkelter } from '../src/games/helter-skelter/index.ts';
import { MAP_IDS, type MapId } from '../src/games/helter-skelter/board/board.ts';
import { BASE_TEAM_IDS, TEAM_IDS, type TeamId } from '../src/games/helter-skelter/content/types.ts';
import { runBlockWarSimulation } from './support/block-war-simulation.ts';
import { runBotMatch } from './support/bot-match.ts';
import { runMiniaturesSimulation } from './support/miniatures-simulation.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '100' },
    players: { type: 'string' },
    map: { type: 'string' },
    seed: { type: 'string', default: 'simulate' },
    'expiry-rate': { type: 'string', default: '0.02' },
    bots: { type: 'boolean', default: false },
    bot: { type: 'string', default: 'heuristic' },
    'dark-judges': { type: 'boolean', default: false },
    game: { type: 'string', default: 'helter-skelter' },
    'surrender-rate': { type: 'string', default: '0.0005' },
    solo: { type: 'boolean', default: false },
    scenario: { type: 'string' },
    seats: { type: 'string' },
  },
});
if (values.game === 'block-war') {
  runBlockWarSimulation({ games: values.games, players: values.players, seed: values.seed, expiryRate: values['expiry-rate'], surrenderRate: values['surrender-rate'], bots: values.bots });
  process.exit();
}
if (values.game === 'miniatures') {
  runMiniaturesSimulation({ games: values.games, seed: values.seed, expiryRate: values['expiry-rate'], scenario: values.scenario, seats: values.seats });
  process.exit();
}
if (values.game !== 'helter-skelter') throw new Error('--game must be helter-skelter, block-war or miniatures');
if (values.bots) {
  runBotMatch({ games: values.games, players: values.players, bot: values.bot, seed: values.seed, darkJudges: values['dark-judges'], solo: values.solo });
  process.exit();
}
const games = Number(values.games);
const playerCounts = values.solo ? [1] : values.players ? [Number(values.players)] : [2, 3, 4];
const maps: MapId[] = values.map ? [values.map as MapId] : [...MAP_IDS];
if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a positive integer');
for (const p of playerCounts) if (!values.solo && ![2, 3, 4].includes(p)) throw new Error('--players must be 2, 3 or 4');
for (const m of maps) if (!MAP_IDS.includes(m)) throw new Error(`--map must be one of ${MAP_IDS.join(', ')}`);

/**
 * The teams at game `g`'s table, in seat order. With --dark-judges the Dark Judges sit at every
 * table, at a seat that moves round, with base teams rotating in the other seats.
 */
function tableOf(g: number, players: number): { team: TeamId }[] {
  // Solo: each base team on each map in turn; the Dark Judges sit in seat 1, played by the rules.
  if (values.solo) return [{ team: BASE_TEAM_IDS[Math.floor(g / maps.length) % BASE_TEAM_IDS.length]! }];
  if (!values['dark-judges']) return Array.from({ length: players }, (_, i) => ({ team: TEAM_IDS[(g + i) % TEAM_IDS.length]! }));
  const others = Array.from({ length: players - 1 }, (_, i) => BASE_TEAM_IDS[(g + i) % BASE_TEAM_IDS.length]!);
  const at = g % players;
  return [...others.slice(0, at), 'dark-judges' as const, ...others.slice(at)].map((team) => ({ team }));
}

/** Per team: games it sat in, and games it won (a shared win counts for each winner). */
const record = new Map<TeamId, { played: number; won: number }>(TEAM_IDS.map((t) => [t, { played: 0, won: 0 }]));

let soloWins = 0;
let completed = 0;
let unfinished = 0;
let events = 0;
let commands = 0;
const errors: string[] = [];
/** Deadlines that passed and changed nothing (the sweeper would retry them for ever). */
const stalls: string[] = [];
const started = performance.now();
for (let g = 0; g < games; g++) {
  const players = playerCounts[g % playerCounts.length]!;
  const map = maps[Math.floor(g / playerCounts.length) % maps.length]!;
  const seats = tableOf(g, players);
  const seed = `${values.seed}-${g}`;
  try {
    const result = playRandomGame(
      helterSkelter,
      { map, seats, seed, ...(values.solo ? { solo: true } : {}) },
      seedRng(`${seed}-players`),
      { expiryRate: Number(values['expiry-rate']), maxCommands: 200_000 },
      (windowId) => ({ type: 'EXPIRE_WINDOW' as const, windowId }),
    );
    events += result.events.length;
    commands += result.commands;
    stalls.push(...result.stalls.map((s) => `game ${g} (seed ${seed}): ${s}`));
    if (result.finished) completed++;
    else unfinished++;
    if (values.solo) soloWins += result.finished && result.state.winners.includes(0) ? 1 : 0;
    for (const [seat, { team }] of seats.entries()) {
      const r = record.get(team)!;
      r.played++;
      if (result.state.winners.includes(seat)) r.won++;
    }
  } catch (e) {
    errors.push(`game ${g} (${players} players, ${map}, seed ${seed}): ${(e as Error).message}`);
  }
}
const seconds = (performance.now() - started) / 1000;
console.log(`games played:        ${games}`);
console.log(`games completed:     ${completed}`);
console.log(`games unfinished:    ${unfinished} (stopped at the command cap)`);
console.log(`rule errors:         ${errors.length} (a listed command refused, a seat awaited with nothing to do but give up)`);
console.log(`stalls:              ${stalls.length} (a deadline that passed and changed nothing)`);
console.log(`avg events per game: ${(events / Math.max(1, games - errors.length)).toFixed(1)}`);
console.log(`avg commands / game: ${(commands / Math.max(1, games - errors.length)).toFixed(1)}`);
console.log(`time:                ${seconds.toFixed(1)} s`);
console.log('win rate per team (games won / games played, shared wins count for each winner):');
for (const [team, r] of record)
  if (r.played > 0) console.log(`  ${team.padEnd(18)} ${((100 * r.won) / r.played).toFixed(1).padStart(5)}%  (${r.won} / ${r.played})`);
if (values.solo) console.log(`solo player won:     ${((100 * soloWins) / games).toFixed(1)}%  (${soloWins} / ${games}; the Dark Judges won the rest finished)`);
for (const e of [...errors.slice(0, 10), ...stalls.slice(0, 10)]) console.log(`  ${e}`);
process.exitCode = errors.length > 0 || stalls.length > 0 || unfinished > 0 ? 1 : 0;
