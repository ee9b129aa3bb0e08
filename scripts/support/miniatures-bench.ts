// `npm run bench -- --game miniatures`: the Miniatures engine, measured against the real states of
// recorded bot games on both scenario tables. Targets: `decide` of a Shoot (line of sight sampled
// through the table's terrain and the other models' bases, cover, range, the dice) under 200 µs
// median; `preview` of a Shoot or of a Move along a drawn path under 1 ms median. Also `decide` of
// every recorded command and the replay of a whole game, as the other games' benches print them.

import { miniatures } from '../../src/games/miniatures/index.ts';
import type { Command, Event, GameState } from '../../src/games/miniatures/types.ts';
import { SCENARIO_IDS } from '../../src/games/miniatures/content/index.ts';
import { RuleError, type Sender } from '../../src/platform/game-module.ts';
import { seedRng } from '../../src/platform/random.ts';

const GAMES_PER_SCENARIO = 6;
/** Each sample is timed this many times first, so the figures are the warm steady state. */
const WARM_UP_PASSES = 3;

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const micros = (ms: number) => `${(ms * 1000).toFixed(2)} µs`;

interface Sample {
  state: GameState;
  seat: number;
  command: Command;
}

/** Times `run` on every sample (after the warm-up passes); the sorted milliseconds. */
function timeAll(samples: readonly Sample[], run: (s: Sample) => unknown): number[] {
  const times: number[] = [];
  for (let pass = 0; pass <= WARM_UP_PASSES; pass++)
    for (const sample of samples) {
      const t = performance.now();
      run(sample);
      if (pass === WARM_UP_PASSES) times.push(performance.now() - t);
    }
  return times.sort((a, b) => a - b);
}

/** A two-point path from the model halfway towards the nearest enemy, bending on the way: what a client draws. */
function drawnMove(s: GameState, c: Extract<Command, { type: 'MOVE' }>): Command {
  const m = s.models[c.model]!;
  const enemies = Object.values(s.models).filter((e) => e.seat !== m.seat && !e.removed);
  const near = enemies.reduce((a, b) => (Math.hypot(a.at.x - m.at.x, a.at.y - m.at.y) <= Math.hypot(b.at.x - m.at.x, b.at.y - m.at.y) ? a : b));
  const toward = (f: number) => ({ x: Math.round(m.at.x + (near.at.x - m.at.x) * f), y: Math.round(m.at.y + (near.at.y - m.at.y) * f) });
  const bend = toward(0.25);
  return { ...c, path: [{ x: bend.x + 60, y: bend.y }, toward(0.5)] };
}

export function benchMiniatures(): void {
  const shots: Sample[] = [];
  const moves: Sample[] = [];
  const recorded: { setup: ReturnType<typeof miniatures.initialState>; steps: { command: Command; sender: Sender }[]; events: Event[] }[] = [];
  for (const scenario of SCENARIO_IDS)
    for (let g = 0; g < GAMES_PER_SCENARIO; g++) {
      const setup = miniatures.createSetup({ scenario, seats: [{}, {}] }, { key: g.toString(16).padStart(64, 'c') });
      if (setup instanceof RuleError) throw setup;
      const initial = miniatures.initialState(setup);
      let state = initial;
      const steps: { command: Command; sender: Sender }[] = [];
      const events: Event[] = [];
      for (let n = 0; n < 5000 && !miniatures.isOver(state); n++) {
        const seat = miniatures.awaiting(state)[0]!.seat;
        const legal = miniatures.legalCommands(state, seat);
        for (const c of legal) {
          if (c.type === 'SHOOT') shots.push({ state, seat, command: c });
          if (c.type === 'MOVE') moves.push({ state, seat, command: drawnMove(state, c) });
        }
        const command = miniatures.bots!.kinds.heuristic!.choose(state, seat, legal, seedRng(`bench-${scenario}-${g}-${n}`));
        const sender: Sender = { kind: 'seat', seat };
        const d = miniatures.decide(state, command, sender);
        if (!d.ok) throw new Error(`a bot's command refused: ${d.error.code}`);
        steps.push({ command, sender });
        events.push(...d.events);
        state = miniatures.replay(state, d.events);
      }
      if (!miniatures.isOver(state)) throw new Error('a recorded game did not finish');
      recorded.push({ setup: initial, steps, events });
    }

  const shootDecide = timeAll(shots, (s) => {
    if (!miniatures.decide(s.state, s.command, { kind: 'seat', seat: s.seat }).ok) throw new Error('a listed Shoot refused');
  });
  const shotPreview = timeAll(shots, (s) => miniatures.preview!(s.state, s.command, s.seat));
  const movePreview = timeAll(moves, (s) => miniatures.preview!(s.state, s.command, s.seat));
  const moveDecide = timeAll(moves, (s) => miniatures.decide(s.state, s.command, { kind: 'seat', seat: s.seat }));
  const legalMoves = moves.filter((s) => miniatures.decide(s.state, s.command, { kind: 'seat', seat: s.seat }).ok).length;

  const decideAll: number[] = [];
  const replays: number[] = [];
  for (const game of recorded) {
    for (let pass = 0; pass <= WARM_UP_PASSES; pass++) {
      let state = game.setup;
      for (const step of game.steps) {
        const t = performance.now();
        const d = miniatures.decide(state, step.command, step.sender);
        if (pass === WARM_UP_PASSES) decideAll.push(performance.now() - t);
        if (!d.ok) throw new Error('recorded command refused on replay');
        state = miniatures.replay(state, d.events);
      }
    }
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      miniatures.replay(game.setup, game.events);
      replays.push(performance.now() - t);
    }
  }
  decideAll.sort((a, b) => a - b);
  replays.sort((a, b) => a - b);
  const events = recorded.reduce((n, g) => n + g.events.length, 0);

  console.log(`Miniatures, recorded heuristic-bot games: ${recorded.length} (${SCENARIO_IDS.join(', ')}), ${events} events in all`);
  console.log(`decide, Shoot (line of sight through the table): median ${micros(percentile(shootDecide, 50))}, p99 ${micros(percentile(shootDecide, 99))} (${shots.length} shots; target < 200 µs)`);
  console.log(`preview, Shoot (range, line of sight, cover, odds): median ${micros(percentile(shotPreview, 50))}, p99 ${micros(percentile(shotPreview, 99))} (target < 1 ms)`);
  console.log(`preview, Move along a drawn path: median ${micros(percentile(movePreview, 50))}, p99 ${micros(percentile(movePreview, 99))} (${moves.length} paths; target < 1 ms)`);
  console.log(`decide, Move along a drawn path: median ${micros(percentile(moveDecide, 50))}, p99 ${micros(percentile(moveDecide, 99))} (${legalMoves} of them legal)`);
  console.log(`decide, every recorded command: median ${micros(percentile(decideAll, 50))}, p99 ${micros(percentile(decideAll, 99))} (${decideAll.length} calls)`);
  console.log(`replay of a whole game: median ${percentile(replays, 50).toFixed(3)} ms, p99 ${percentile(replays, 99).toFixed(3)} ms`);
}
