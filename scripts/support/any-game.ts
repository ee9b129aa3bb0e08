// Simulating and benchmarking any registered game through the game contract alone: its tables
// come from its documented create-game examples (or the options given), its set-up from
// `createSetup`, play from the platform's random player, the outcome from `winners` and each
// table's name from `describeOptions`. A game added to the registry is simulated and measured
// with no edit here (`npm run simulate -- --game <id>`, `npm run bench -- --game <id>`).

import { createHash } from 'node:crypto';
import { RuleError } from '../../src/platform/game-module.ts';
import { playRandomGame, type PlayedGame } from '../../src/platform/random-player.ts';
import { seedRng } from '../../src/platform/random.ts';
import { gameRegistry, type AnyGameModule } from '../../src/service/registry.ts';
import { printTotals } from './simulation-totals.ts';

/** The registered game called `id`, or an error that lists the ones there are. */
export function registeredGame(id: string): AnyGameModule {
  const registry = gameRegistry();
  const module = registry.get(id);
  if (!module) throw new Error(`--game must be one of ${[...registry.keys()].join(', ')} (not "${id}")`);
  return module;
}

/** A table: creation options, as a client sends them. */
export type Table = Record<string, unknown>;

/** The game's documented create-game examples' options, or the one table given as JSON (`--options`). */
export function tablesOf(module: AnyGameModule, options?: string): Table[] {
  if (options !== undefined) return [JSON.parse(options) as Table];
  const tables = Object.values(module.schemas.examples?.create ?? {}).map((example) => (example.value as { options: Table }).options);
  if (tables.length === 0) throw new Error(`${module.title} documents no create-game example: give a table with --options '{…}'`);
  return tables;
}

/** The generator key of a game: 64 hex digits from its seed, so a run is reproducible. */
const keyOf = (seed: string) => createHash('sha256').update(seed).digest('hex');

/** Game `g`'s set-up at `table`, or the game's refusal of it. */
function setupOf(module: AnyGameModule, table: Table, seed: string): unknown {
  const setup = module.createSetup(table, { key: keyOf(seed) });
  if (setup instanceof RuleError) throw new Error(`${module.title} refuses the table ${JSON.stringify(table)}: ${setup.code}: ${setup.message}`);
  return setup;
}

type AnyPlayed = PlayedGame<unknown, { type: string }, unknown>;

function playOne(module: AnyGameModule, setup: unknown, seed: string, expiryRate: number, maxCommands = 20_000): AnyPlayed {
  return playRandomGame(module, setup, seedRng(`${seed}-players`), { expiryRate, maxCommands }, (windowId) => ({ type: 'EXPIRE_WINDOW', windowId })) as AnyPlayed;
}

export interface AnySimulation {
  games: string;
  seed: string;
  expiryRate: string;
  /** One table as JSON; by default each documented example in turn. */
  options?: string | undefined;
}

/**
 * Plays N whole games between random legal players, the tables in turn, and prints how they went:
 * completions, rule errors (a listed command refused, a frozen seat), stalls, and each seat's wins
 * per table. Exit code 1 on any error, stall or unfinished game.
 */
export function simulateAnyGame(module: AnyGameModule, run: AnySimulation): void {
  const games = Number(run.games);
  if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a positive integer');
  const tables = tablesOf(module, run.options);
  const wins = tables.map(() => new Map<number, number>());
  const played = tables.map(() => 0);
  let completed = 0;
  let unfinished = 0;
  let events = 0;
  let commands = 0;
  const errors: string[] = [];
  const stalls: string[] = [];
  const started = performance.now();
  for (let g = 0; g < games; g++) {
    const t = g % tables.length;
    const seed = `${run.seed}-${g}`;
    try {
      const result = playOne(module, setupOf(module, tables[t]!, seed), seed, Number(run.expiryRate));
      events += result.events.length;
      commands += result.commands;
      stalls.push(...result.stalls.map((s) => `game ${g} (seed ${seed}): ${s}`));
      if (!result.finished) {
        unfinished++;
        continue;
      }
      completed++;
      played[t]!++;
      for (const seat of module.winners(result.state)) wins[t]!.set(seat, (wins[t]!.get(seat) ?? 0) + 1);
    } catch (e) {
      errors.push(`game ${g} (${module.describeOptions(tables[t]!)}, seed ${seed}): ${(e as Error).message}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`${module.title}, random legal players`);
  printTotals({ games, completed, unfinished, ruleErrors: errors.length, stalls: stalls.length, events, commands });
  console.log(`time:                ${seconds.toFixed(1)} s`);
  console.log('wins per seat (games won / games completed at the table, shared wins count for each winner):');
  for (const [t, table] of tables.entries()) {
    const perSeat = [...wins[t]!.entries()].sort(([a], [b]) => a - b).map(([seat, n]) => `seat ${seat} ${n}`);
    console.log(`  ${module.describeOptions(table)}: ${perSeat.join(', ') || 'no winner'} (of ${played[t]})`);
  }
  for (const e of [...errors.slice(0, 10), ...stalls.slice(0, 10)]) console.log(`  ${e}`);
  process.exitCode = errors.length > 0 || stalls.length > 0 || unfinished > 0 ? 1 : 0;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const micros = (ms: number) => `${(ms * 1000).toFixed(2)} µs`;

/** How many games are recorded and measured, and how often each is walked before measuring (warm steady state). */
const BENCH_GAMES = 5;
const WARM_UP_PASSES = 3;

/**
 * Measures the rules engine of any game: `decide` and `evolve` per call against the real states of
 * recorded random games (the tables in turn), and `replay` of a whole recorded game.
 */
export function benchAnyGame(module: AnyGameModule, options?: string): void {
  const tables = tablesOf(module, options);
  const decideTimes: number[] = [];
  const evolveTimes: number[] = [];
  const replayTimes: number[] = [];
  let events = 0;
  for (let g = 0; g < BENCH_GAMES; g++) {
    const setup = setupOf(module, tables[g % tables.length]!, `bench-${g}`);
    const game = playOne(module, setup, `bench-${g}`, 0.02);
    if (!game.finished) throw new Error('a recorded game did not finish');
    events += game.events.length;
    for (let pass = 0; pass <= WARM_UP_PASSES; pass++) {
      const measured = pass === WARM_UP_PASSES;
      let state: unknown = module.initialState(setup);
      for (const step of game.history) {
        let t = performance.now();
        const decision = module.decide(state, step.command, step.sender);
        if (measured) decideTimes.push(performance.now() - t);
        if (!decision.ok) throw new Error('recorded command refused on replay');
        for (const event of decision.events) {
          t = performance.now();
          state = module.evolve(state, event);
          if (measured) evolveTimes.push(performance.now() - t);
        }
      }
    }
    const initial = module.initialState(setup);
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      module.replay(initial, game.events);
      replayTimes.push(performance.now() - t);
    }
  }
  for (const times of [decideTimes, evolveTimes, replayTimes]) times.sort((a, b) => a - b);
  console.log(`${module.title}, recorded games: ${BENCH_GAMES} (${tables.map((t) => module.describeOptions(t)).join('; ')}), ${events} events in all (${Math.round(events / BENCH_GAMES)} per game)`);
  console.log(`decide: median ${micros(percentile(decideTimes, 50))}, p99 ${micros(percentile(decideTimes, 99))} (${decideTimes.length} calls)`);
  console.log(`evolve: median ${micros(percentile(evolveTimes, 50))}, p99 ${micros(percentile(evolveTimes, 99))} (${evolveTimes.length} calls)`);
  console.log(`replay of a whole game: median ${percentile(replayTimes, 50).toFixed(3)} ms, p99 ${percentile(replayTimes, 99).toFixed(3)} ms`);
}
