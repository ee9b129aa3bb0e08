// `npm run bench:bots` (or `-- --game block-war`): Block War's heuristic bot, one decision at a time,
// from the positions of recorded all-heuristic games of 2, 3 and 4 seats — every position where the
// seat had a choice. Recording the games is the warm-up; then every position is decided once per
// pass (a pass over all of them, then the next, so no position is timed twice in a row). Figures
// are per decision, overall, by seat count and by situation.

import { blockWar } from '../../src/games/block-war/index.ts';
import type { Command, GameState } from '../../src/games/block-war/types.ts';
import { playBotGame } from '../../src/platform/bot-player.ts';
import { RuleError } from '../../src/platform/game-module.ts';
import { seedRng } from '../../src/platform/random.ts';
import { printDecisionTimes } from './decision-times.ts';

/** Two games of each seat count, 2, 3, 4, 2, 3, 4. */
const GAMES = 6;
const PASSES = 2;
const NAMES = ['Rick Whitely', 'Ella Fitzgerald', 'Alan Turing', 'Marie Curie'];

export function benchBlockWarBot(): void {
  const heuristic = blockWar.bots!.kinds.heuristic!;
  const positions: { seat: number; state: GameState; legal: Command[] }[] = [];
  for (let g = 0; g < GAMES; g++) {
    const seats = 2 + (g % 3);
    const setup = blockWar.createSetup({ seats: NAMES.slice(0, seats).map((block) => ({ block })) }, { key: g.toString(16).padStart(64, 'c') });
    if (setup instanceof RuleError) throw setup;
    const played = playBotGame(blockWar, setup, NAMES.slice(0, seats).map(() => heuristic), `bw-${g}`, { record: true });
    if (!played.finished) throw new Error('a recorded game did not finish');
    // A single legal command is played without looking: no decision to time.
    for (const d of played.decisions!) if (d.legal.length > 1) positions.push({ seat: d.seat, state: d.state, legal: d.legal });
  }

  const times = new Map<string, number[]>([['all', []], ['2 seats', []], ['3 seats', []], ['4 seats', []]]);
  const add = (key: string, ms: number) => (times.get(key) ?? times.set(key, []).get(key)!).push(ms);
  let busiest = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    positions.forEach((p, i) => {
      const rng = seedRng(`bench-bw-${i}`);
      const started = performance.now();
      heuristic.choose(p.state, p.seat, p.legal, rng);
      const ms = performance.now() - started;
      busiest += ms;
      add('all', ms);
      add(`${p.state.seats.length} seats`, ms);
      add(p.state.situation.kind, ms);
    });
  }

  console.log(`Block War heuristic bot, ${positions.length} positions (with a choice) from ${GAMES} all-heuristic games of 2, 3 and 4 seats, ${PASSES} runs each`);
  printDecisionTimes(times, PASSES);
  console.log(`total ${(busiest / PASSES / 1000).toFixed(2)} s a pass`);
}
