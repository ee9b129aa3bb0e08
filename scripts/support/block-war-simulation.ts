// `npm run simulate -- --game block-war`: plays N whole games of Block War between random legal
// players and reports how they went: the summary lines Helter Skelter's simulation prints, how the
// games ended and how long they lasted. Any rule error (a listed command refused, a seat awaited
// with nothing to do but give up: the platform's guard) or stall (a deadline that changed nothing)
// is printed and makes the exit code 1.
//
// Random players answer what the game awaits with a random legal command; now and then (the
// surrender rate) a random seat instead sends its anytime command, SURRENDER; now and then a
// deadline passes (the expiry rate).
//
// No game runs for ever: control moves on one space at the end of every turn but a turn a block
// ends by surrendering (at most players − 1 of those), and the game ends when it reaches 100, so a
// game has at most 99 + 3 turns; a turn has at most 4 + 1 + 2 activations (BW10, Dredd's double
// activation), each a bounded number of steps (3 movement points, +1 frenzied; a paid plaza or lift
// step covers at most 3 spaces) and one attack. Only the dice for turn order may tie again and
// again, with a chance that vanishes; the command cap catches it.

import { heuristicBot } from '../../src/games/block-war/bots/index.ts';
import { blockWar } from '../../src/games/block-war/index.ts';
import type { Command, Event, GameState } from '../../src/games/block-war/types.ts';
import { playBotGame } from '../../src/platform/bot-player.ts';
import { randomBot } from '../../src/platform/bots.ts';
import { RuleError, type Bot } from '../../src/platform/game-module.ts';
import { playRandomGame } from '../../src/platform/random-player.ts';
import { seedRng } from '../../src/platform/random.ts';
import { keyFromSeed } from '../../src/platform/fairness.ts';
import { printTotals } from './simulation-totals.ts';

export interface BlockWarSimulation {
  games: string;
  players?: string;
  seed: string;
  expiryRate: string;
  surrenderRate: string;
  /** Instead: one heuristic bot against random bots, its seat taking turns; how often it wins. */
  bots?: boolean;
}

const NAMES = ['Rick Whitely', 'Ella Fitzgerald', 'Alan Turing', 'Marie Curie'];
/** The generator key of game `g`: 64 hex digits from its seed, as the platform's seeded games do. */
const keyOf = (seed: string) => keyFromSeed(seed);

export function runBlockWarSimulation(options: BlockWarSimulation): void {
  const games = Number(options.games);
  const playerCounts = options.players ? [Number(options.players)] : [2, 3, 4];
  if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a positive integer');
  for (const p of playerCounts) if (![2, 3, 4].includes(p)) throw new Error('--players must be 2, 3 or 4');
  if (options.bots) return botMatch(games, playerCounts, options.seed);
  const ended = { 'control-reached-100': 0, 'block-counter-reached-100': 0, 'last-block-fighting': 0, 'time-limit': 0 };
  let afterChosenSurrender = 0;
  const surrenders = { chose: 0, 'no-fighting-units': 0, outnumbered: 0 };
  // The unit specials and the informant (BW44–BW48): how often random play reaches each.
  const specials = new Map<string, number>(['StallRolled', 'Scrawled', 'ScrawlCleaned', 'RoboDocCrazed', 'JanitorHired', 'informant step'].map((k) => [k, 0]));
  let completed = 0;
  let unfinished = 0;
  let events = 0;
  let commands = 0;
  let turns = 0;
  let longest = 0;
  const wins = new Map<number, number>();
  const errors: string[] = [];
  /** Deadlines that passed and changed nothing (the sweeper would retry them for ever). */
  const stalls: string[] = [];
  const started = performance.now();
  for (let g = 0; g < games; g++) {
    const players = playerCounts[g % playerCounts.length]!;
    const seed = `${options.seed}-${g}`;
    try {
      const setup = blockWar.createSetup({ seats: NAMES.slice(0, players).map((block) => ({ block })) }, { key: keyOf(seed) });
      if (setup instanceof RuleError) throw setup;
      const result = playRandomGame(
        blockWar,
        setup,
        seedRng(`${seed}-players`),
        { expiryRate: Number(options.expiryRate), anytimeRate: Number(options.surrenderRate), maxCommands: 200_000 },
        (windowId) => ({ type: 'EXPIRE_WINDOW' as const, windowId }),
      );
      events += result.events.length;
      commands += result.commands;
      stalls.push(...result.stalls.map((s) => `game ${g} (seed ${seed}): ${s}`));
      const gameTurns = result.events.filter((e) => e.type === 'TurnPassed').length + 1;
      turns += gameTurns;
      longest = Math.max(longest, gameTurns);
      for (const e of result.events) {
        if (e.type === 'BlockSurrendered') surrenders[e.reason]++;
        if (specials.has(e.type)) specials.set(e.type, specials.get(e.type)! + 1);
        if (e.type === 'SituationOpened' && e.situation.kind === 'turn' && e.situation.step === 'informant')
          specials.set('informant step', specials.get('informant step')! + 1);
      }
      if (!result.finished) {
        unfinished++;
        continue;
      }
      completed++;
      const end = result.events.at(-1) as Extract<Event, { type: 'GameEnded' }>;
      ended[end.reason]++;
      if (end.reason === 'last-block-fighting' && result.events.some((e) => e.type === 'BlockSurrendered' && e.reason === 'chose')) afterChosenSurrender++;
      for (const w of end.winners) wins.set(result.state.order.indexOf(w), (wins.get(result.state.order.indexOf(w)) ?? 0) + 1);
    } catch (e) {
      errors.push(`game ${g} (${players} players, seed ${seed}): ${(e as Error).message}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const played = Math.max(1, games - errors.length);
  const pct = (n: number) => `${((100 * n) / Math.max(1, completed)).toFixed(1).padStart(5)}%  (${n})`;
  console.log(`game:                block-war, ${playerCounts.join('/')} players`);
  printTotals({ games, completed, unfinished, ruleErrors: errors.length, stalls: stalls.length, events, commands });
  console.log(`avg turns / game:    ${(turns / played).toFixed(1)} (longest ${longest})`);
  console.log(`time:                ${seconds.toFixed(1)} s`);
  console.log('how games ended:');
  console.log(`  control reached 100        ${pct(ended['control-reached-100'])}`);
  console.log(`  a block counter reached 100 ${pct(ended['block-counter-reached-100'])}`);
  console.log(`  last block fighting        ${pct(ended['last-block-fighting'])}, of which after a surrender by choice: ${afterChosenSurrender}`);
  console.log(`surrenders: by choice ${surrenders.chose}, no fighting units in the block ${surrenders['no-fighting-units']}, outnumbered in the block ${surrenders.outnumbered}`);
  console.log(`unit specials: ${[...specials].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log('wins by place in turn order (shared wins count for each winner):');
  for (const [place, n] of [...wins].sort((a, b) => a[0] - b[0])) console.log(`  ${String(place + 1).padStart(2)}: ${n}`);
  for (const e of [...errors.slice(0, 10), ...stalls.slice(0, 10)]) console.log(`  ${e}`);
  process.exitCode = errors.length > 0 || stalls.length > 0 || unfinished > 0 ? 1 : 0;
}

/** One heuristic bot against random bots in every game, its seat moving round: its wins and decision times. */
function botMatch(games: number, playerCounts: number[], seed: string): void {
  let won = 0;
  let unfinished = 0;
  const times: number[] = [];
  const started = performance.now();
  for (let g = 0; g < games; g++) {
    const players = playerCounts[g % playerCounts.length]!;
    const seat = g % players;
    const setup = blockWar.createSetup({ seats: NAMES.slice(0, players).map((block) => ({ block })) }, { key: keyOf(`${seed}-${g}`) });
    if (setup instanceof RuleError) throw setup;
    const bots = Array.from({ length: players }, (_, i) => (i === seat ? heuristicBot : (randomBot as Bot<GameState, Command>)));
    const result = playBotGame(blockWar, setup, bots, `${seed}-${g}`, { maxCommands: 200_000 });
    if (!result.finished) unfinished++;
    if (result.state.winners.includes(seat)) won++;
    times.push(...result.moveTimes[seat]!);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(3);
  console.log(`game:                block-war, ${playerCounts.join('/')} players, one heuristic bot against random bots`);
  console.log(`games played:        ${games}`);
  console.log(`games unfinished:    ${unfinished}`);
  console.log(`heuristic bot won:   ${won} of ${games} (${((100 * won) / games).toFixed(1)}%)`);
  console.log(`bot decisions:       ${times.length}, median ${at(50)} ms, p90 ${at(90)} ms, p99 ${at(99)} ms`);
  console.log(`time:                ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = unfinished > 0 ? 1 : 0;
}
