// Measures the heuristic bots: how long one decision takes, from positions of real games.
//   npm run bench:bots                           both games, Helter Skelter first
//   npm run bench:bots -- --game helter-skelter  (below)
//   npm run bench:bots -- --game block-war       (scripts/support/block-war-bot-bench.ts)
// Target: median decision under 5 ms. Helter Skelter's positions come from games of one heuristic
// bot against three random bots (both maps, every seat); each position is decided several times
// after a warm-up, and the figures are per decision, overall and by situation. The four base teams
// sit at each table (a fifth, the Dark Judges, would make five seats); a few solo games against
// the Dark Judges add their positions, counted apart (`solo …`).

import { parseArgs } from 'node:util';
import { randomBot } from '../src/platform/bots.ts';
import { playBotGame } from '../src/platform/bot-player.ts';
import type { Bot } from '../src/platform/game-module.ts';
import { seedRng } from '../src/platform/random.ts';
import { helterSkelter, type Command, type GameState } from '../src/games/helter-skelter/index.ts';
import { MAP_IDS } from '../src/games/helter-skelter/board/board.ts';
import { BASE_TEAM_IDS as TEAM_IDS } from '../src/games/helter-skelter/content/types.ts';
import { benchBlockWarBot } from './support/block-war-bot-bench.ts';
import { printDecisionTimes } from './support/decision-times.ts';

const GAMES = 8;
const REPEATS = 5;
const WARM_UP_PASSES = 2;

const { values: args } = parseArgs({ options: { game: { type: 'string' } } });
const BENCHES: Readonly<Record<string, () => void>> = { 'helter-skelter': benchHelterSkelterBot, 'block-war': benchBlockWarBot };
if (args.game !== undefined && !BENCHES[args.game]) throw new Error(`--game: one of ${Object.keys(BENCHES).join(', ')}`);
for (const [game, bench] of Object.entries(BENCHES)) if (args.game === undefined || args.game === game) bench();

function benchHelterSkelterBot(): void {
  const heuristic = helterSkelter.bots!.kinds.heuristic!;
  const positions: { seat: number; state: GameState; legal: Command[] }[] = [];
  for (let g = 0; g < GAMES; g++) {
    const botSeat = g % 4;
    const bots = TEAM_IDS.map((_, i) => (i === botSeat ? heuristic : (randomBot as Bot<GameState, Command>)));
    const played = playBotGame(
      helterSkelter,
      { map: MAP_IDS[g % MAP_IDS.length]!, seats: TEAM_IDS.map((_, i) => ({ team: TEAM_IDS[(g + i) % TEAM_IDS.length]! })), seed: `bench-bots-${g}` },
      bots,
      `bench-bots-${g}`,
      { record: true },
    );
    for (const d of played.decisions!) if (d.seat === botSeat) positions.push({ seat: d.seat, state: d.state, legal: d.legal });
  }

  const SOLO_GAMES = 4;
  for (let g = 0; g < SOLO_GAMES; g++) {
    const setup = { map: MAP_IDS[g % MAP_IDS.length]!, seats: [{ team: TEAM_IDS[g % TEAM_IDS.length]! }], seed: `bench-bots-solo-${g}`, solo: true };
    const played = playBotGame(helterSkelter, setup, [heuristic], `bench-bots-solo-${g}`, { record: true });
    for (const d of played.decisions!) positions.push({ seat: d.seat, state: d.state, legal: d.legal });
  }

  const decide = (p: (typeof positions)[number], i: number) => heuristic.choose(p.state, p.seat, p.legal, seedRng(`bench-${i}`));
  for (let pass = 0; pass < WARM_UP_PASSES; pass++) positions.forEach(decide);

  const times = new Map<string, number[]>([['all', []]]);
  positions.forEach((p, i) => {
    const kind = `${p.state.solo ? 'solo ' : ''}${p.state.situation.kind}`;
    if (!times.has(kind)) times.set(kind, []);
    for (let r = 0; r < REPEATS; r++) {
      const started = performance.now();
      decide(p, i);
      const ms = performance.now() - started;
      times.get('all')!.push(ms);
      times.get(kind)!.push(ms);
    }
  });

  console.log(`Helter Skelter heuristic bot, ${positions.length} positions from ${GAMES} games and ${SOLO_GAMES} solo games, ${REPEATS} runs each`);
  printDecisionTimes(times, REPEATS);
}
