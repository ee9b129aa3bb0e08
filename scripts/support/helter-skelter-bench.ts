// `npm run bench` (`--game helter-skelter`, the default): the Helter Skelter engine — `decide` and
// `evolve` per call against the real states of recorded 4-player games, and replaying a whole
// recorded game. Targets: decide under 20 µs median; replay of a 4-player game under 2 ms.

import { playRandomGame } from '../../src/platform/random-player.ts';
import { seedRng } from '../../src/platform/random.ts';
import { evolveAll } from '../../src/games/helter-skelter/evolve.ts';
import { helterSkelter, type GameState } from '../../src/games/helter-skelter/index.ts';

const GAMES = 5;
/** Walks through each recorded game this many times first, so the figures are the warm steady state. */
const WARM_UP_PASSES = 3;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const micros = (ms: number) => `${(ms * 1000).toFixed(2)} µs`;

export function benchHelterSkelter(): void {
  const decideTimes: number[] = [];
  const evolveTimes: number[] = [];
  const replayTimes: number[] = [];
  let events = 0;

  for (let g = 0; g < GAMES; g++) {
    const setup = {
      map: g % 2 === 0 ? ('dan-tanna-enid-blyton' as const) : ('grand-hall-of-justice' as const),
      seats: [{ team: 'judges' as const }, { team: 'strontium-dogs' as const }, { team: 'nikolai-dante' as const }, { team: 'slaine' as const }],
      seed: `bench-${g}`,
    };
    const game = playRandomGame(helterSkelter, setup, seedRng(`bench-players-${g}`), { expiryRate: 0.02 }, (windowId) => ({
      type: 'EXPIRE_WINDOW' as const,
      windowId,
    }));
    events += game.events.length;

    // Walk the recorded game again, timing each decide and each evolve against the real state.
    for (let pass = 0; pass <= WARM_UP_PASSES; pass++) {
      const measured = pass === WARM_UP_PASSES;
      let state: GameState = helterSkelter.initialState(setup);
      for (const step of game.history) {
        let t = performance.now();
        const decision = helterSkelter.decide(state, step.command, step.sender);
        if (measured) decideTimes.push(performance.now() - t);
        if (!decision.ok) throw new Error('recorded command refused on replay');
        for (const event of decision.events) {
          t = performance.now();
          state = helterSkelter.evolve(state, event);
          if (measured) evolveTimes.push(performance.now() - t);
        }
      }
    }
    const initial = helterSkelter.initialState(setup);
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      evolveAll(initial, game.events);
      replayTimes.push(performance.now() - t);
    }
  }

  decideTimes.sort((a, b) => a - b);
  evolveTimes.sort((a, b) => a - b);
  replayTimes.sort((a, b) => a - b);
  console.log(`recorded 4-player games: ${GAMES}, ${events} events in all (${Math.round(events / GAMES)} per game)`);
  console.log(`decide: median ${micros(percentile(decideTimes, 50))}, p99 ${micros(percentile(decideTimes, 99))} (${decideTimes.length} calls)`);
  console.log(`evolve: median ${micros(percentile(evolveTimes, 50))}, p99 ${micros(percentile(evolveTimes, 99))} (${evolveTimes.length} calls)`);
  console.log(`replay of a whole 4-player game: median ${percentile(replayTimes, 50).toFixed(3)} ms, p99 ${percentile(replayTimes, 99).toFixed(3)} ms`);
}
