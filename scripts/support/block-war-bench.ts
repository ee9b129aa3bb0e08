// `npm run bench -- --game block-war`: the Block War engine, measured as scripts/bench.ts measures
// Helter Skelter's — `decide` and `evolve` per call against the real states of recorded 4-player
// games, and replaying a whole recorded game. Targets: decide under 50 µs median; replay of a
// 4-player game under 10 ms.

import { blockWar } from '../../src/games/block-war/index.ts';
import type { GameState } from '../../src/games/block-war/types.ts';
import { RuleError } from '../../src/platform/game-module.ts';
import { playRandomGame } from '../../src/platform/random-player.ts';
import { seedRng } from '../../src/platform/random.ts';

const GAMES = 5;
/** Walks through each recorded game this many times first, so the figures are the warm steady state. */
const WARM_UP_PASSES = 3;
const NAMES = ['Rick Whitely', 'Ella Fitzgerald', 'Alan Turing', 'Marie Curie'];

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const micros = (ms: number) => `${(ms * 1000).toFixed(2)} µs`;

export function benchBlockWar(): void {
  const decideTimes: number[] = [];
  const evolveTimes: number[] = [];
  const replayTimes: number[] = [];
  let events = 0;
  for (let g = 0; g < GAMES; g++) {
    const setup = blockWar.createSetup({ seats: NAMES.map((block) => ({ block })) }, { key: g.toString(16).padStart(64, 'b') });
    if (setup instanceof RuleError) throw setup;
    const game = playRandomGame(blockWar, setup, seedRng(`bench-players-${g}`), { expiryRate: 0.02 }, (windowId) => ({ type: 'EXPIRE_WINDOW' as const, windowId }));
    if (!game.finished) throw new Error('a recorded game did not finish');
    events += game.events.length;
    for (let pass = 0; pass <= WARM_UP_PASSES; pass++) {
      const measured = pass === WARM_UP_PASSES;
      let state: GameState = blockWar.initialState(setup);
      for (const step of game.history) {
        let t = performance.now();
        const decision = blockWar.decide(state, step.command, step.sender);
        if (measured) decideTimes.push(performance.now() - t);
        if (!decision.ok) throw new Error('recorded command refused on replay');
        for (const event of decision.events) {
          t = performance.now();
          state = blockWar.evolve(state, event);
          if (measured) evolveTimes.push(performance.now() - t);
        }
      }
    }
    const initial = blockWar.initialState(setup);
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      blockWar.replay(initial, game.events);
      replayTimes.push(performance.now() - t);
    }
  }
  decideTimes.sort((a, b) => a - b);
  evolveTimes.sort((a, b) => a - b);
  replayTimes.sort((a, b) => a - b);
  console.log(`Block War, recorded 4-player games: ${GAMES}, ${events} events in all (${Math.round(events / GAMES)} per game)`);
  console.log(`decide: median ${micros(percentile(decideTimes, 50))}, p99 ${micros(percentile(decideTimes, 99))} (${decideTimes.length} calls)`);
  console.log(`evolve: median ${micros(percentile(evolveTimes, 50))}, p99 ${micros(percentile(evolveTimes, 99))} (${evolveTimes.length} calls)`);
  console.log(`replay of a whole 4-player game: median ${percentile(replayTimes, 50).toFixed(3)} ms, p99 ${percentile(replayTimes, 99).toFixed(3)} ms`);
}
