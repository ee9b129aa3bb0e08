// `npm run simulate -- --game miniatures`: plays N whole games of the Miniatures game (both
// scenarios in turn) between the game's bots — random against random, heuristic against random
// from either side, heuristic against heuristic — and reports how they went. `--scenario <id>`
// plays one scenario only, `--seats heuristic,random` one pairing only (seat 0's bot first): the
// balance figures in docs/content.md come from these. Any rule error (a
// listed command refused, a seat awaited with nothing to do but give up — the platform's guard —,
// a preview that measures a path differently from the move it previews) or stall (a deadline that
// changed nothing) is printed and makes the exit code 1.
//
// A table is continuous, so the listed commands carry no path (a MOVE without one is a Move of
// 0 in). To play the paths too, a random seat that picks a MOVE draws a path of its own half the
// time (up to three points, each within 2.5" in x and y of the one before): previewed first, then decided. A drawn path
// the rules refuse is no error (the seat sends its listed MOVE instead); one they accept must move
// the model exactly the length the preview measured, within the allowance it reported. Each seat
// sets a random standing order for the push-back first; now and then (the expiry rate) a deadline
// passes instead of the awaited seat answering.
//
// No game runs for ever: a scenario ends after its last turn (8), a Phase ends once every model of
// the seat has acted (at most two actions each), and only the roll-off's ties repeat, with a
// chance that vanishes; the command cap catches anything else.

import { miniatures } from '../../src/games/miniatures/index.ts';
import type { Command, Event, GameState } from '../../src/games/miniatures/types.ts';
import { SCENARIO_IDS } from '../../src/games/miniatures/content/index.ts';
import { PUSH_BACK_ORDERS } from '../../src/games/miniatures/orders.ts';
import type { Preview } from '../../src/games/miniatures/preview.ts';
import { expiryStalled, stranding, strandedError } from '../../src/platform/awaited-guard.ts';
import { RuleError, type Bot, type Sender } from '../../src/platform/game-module.ts';
import { nextFloat, nextInt, seedRng, type RngState } from '../../src/platform/random.ts';
import { keyFromSeed } from '../../src/platform/fairness.ts';
import { printTotals } from './simulation-totals.ts';

export interface MiniaturesSimulation {
  games: string;
  seed: string;
  expiryRate: string;
  /** One scenario's id, or every scenario in turn. */
  scenario?: string | undefined;
  /** One pairing, "seat 0's bot,seat 1's bot", or every pairing in turn. */
  seats?: string | undefined;
}

/** The seats' bots, game by game in turn. */
const PAIRINGS: readonly (readonly [string, string])[] = [
  ['random', 'random'],
  ['heuristic', 'random'],
  ['random', 'heuristic'],
  ['heuristic', 'heuristic'],
] as const;
const MAX_COMMANDS = 20_000;
/** How far each point of a drawn path strays from the one before it, hundredths of an inch in x and in y. */
const DRAWN_REACH = 250;

/** The generator key of game `g`: 64 hex digits from its seed, as the platform's seeded games do. */
const keyOf = (seed: string) => keyFromSeed(seed);

interface Tally {
  drawnTried: number;
  drawnAccepted: number;
  expired: number;
  /** Deadlines that passed and changed nothing (the sweeper would retry them for ever). */
  stalls: string[];
}

function playOne(scenario: string, pairing: readonly [string, string], seed: string, expiryRate: number, tally: Tally): { state: GameState; events: Event[]; commands: number } {
  const setup = miniatures.createSetup({ scenario, seats: [{}, {}] }, { key: keyOf(seed) });
  if (setup instanceof RuleError) throw setup;
  const bots = pairing.map((kind) => miniatures.bots!.kinds[kind]!) as Bot<GameState, Command>[];
  let state = miniatures.initialState(setup);
  const events: Event[] = [];
  let rng: RngState = seedRng(`${seed}-players`);
  let commands = 0;
  const apply = (command: Command, sender: Sender, what: string) => {
    const d = miniatures.decide(state, command, sender);
    if (!d.ok) throw new Error(`${what} refused: ${d.error.code} ${d.error.message} ${JSON.stringify(command)}`);
    const before = state;
    state = miniatures.replay(state, d.events);
    // The platform's guard (src/platform/awaited-guard.ts), as the service runs it after every decision.
    const stuck = stranding(miniatures, state);
    if (stuck) throw new Error(`${strandedError(stuck).code}: ${strandedError(stuck).message}`);
    if (command.type === 'EXPIRE_WINDOW' && expiryStalled(miniatures, before, command.windowId, d.events, state))
      tally.stalls.push(`${seed}: window ${command.windowId} expired at command ${commands} and changed nothing`);
    events.push(...d.events);
    commands++;
    return d.events;
  };
  for (const seat of [0, 1]) {
    let i: number;
    [i, rng] = nextInt(rng, PUSH_BACK_ORDERS.length);
    apply({ type: 'SET_ORDERS', pushBack: PUSH_BACK_ORDERS[i]! }, { kind: 'seat', seat }, 'standing orders');
  }
  while (!miniatures.isOver(state) && commands < MAX_COMMANDS) {
    const awaited = miniatures.awaiting(state);
    if (awaited.length === 0) throw new Error('No seat is awaited, but the game is not over.');
    let roll: number;
    [roll, rng] = nextFloat(rng);
    if (roll < expiryRate) {
      tally.expired++;
      apply({ type: 'EXPIRE_WINDOW', windowId: awaited[0]!.windowId }, { kind: 'system' }, 'an expiry');
      continue;
    }
    const seat = awaited[0]!.seat;
    const legal = miniatures.legalCommands(state, seat);
    if (legal.length === 0) throw new Error(`Seat ${seat} is awaited but has no legal command.`);
    let command = bots[seat]!.choose(state, seat, legal, seedRng(`${seed}:${commands}:${seat}`));
    if (!legal.some((c) => JSON.stringify(c) === JSON.stringify(command))) throw new Error(`The ${pairing[seat]} bot chose an unlisted command ${JSON.stringify(command)}`);
    [roll, rng] = nextFloat(rng);
    if (command.type === 'MOVE' && pairing[seat] === 'random' && roll < 0.5) {
      let drawn: Command;
      [drawn, rng] = drawPath(state, command, rng);
      tally.drawnTried++;
      const measured = miniatures.preview!(state, drawn, seat) as Preview | null;
      const d = miniatures.decide(state, drawn, { kind: 'seat', seat });
      if (d.ok) {
        tally.drawnAccepted++;
        const moved = d.events.find((e): e is Extract<Event, { type: 'ModelMoved' }> => e.type === 'ModelMoved');
        const path = measured?.path;
        if (!path || !moved || moved.length !== path.length || path.length > path.allowance)
          throw new Error(`A drawn path moved ${moved?.length} but its preview measured ${JSON.stringify(path)}: ${JSON.stringify(drawn)}`);
        command = drawn;
      }
    }
    apply(command, { kind: 'seat', seat }, 'A listed command');
  }
  return { state, events, commands };
}

/** `listed` with a path of one to three points, each drawn within DRAWN_REACH of the one before. */
function drawPath(s: GameState, listed: Extract<Command, { type: 'MOVE' }>, rng: RngState): [Command, RngState] {
  let from = s.models[listed.model]!.at;
  let n: number;
  [n, rng] = nextInt(rng, 3);
  const path = [];
  for (let i = 0; i <= n; i++) {
    let dx: number;
    let dy: number;
    [dx, rng] = nextInt(rng, 2 * DRAWN_REACH + 1);
    [dy, rng] = nextInt(rng, 2 * DRAWN_REACH + 1);
    from = { x: from.x + dx - DRAWN_REACH, y: from.y + dy - DRAWN_REACH };
    path.push(from);
  }
  return [{ ...listed, path }, rng];
}

export function runMiniaturesSimulation(options: MiniaturesSimulation): void {
  const games = Number(options.games);
  if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a positive integer');
  const expiryRate = Number(options.expiryRate);
  const scenarios = options.scenario === undefined ? SCENARIO_IDS : [options.scenario];
  if (!scenarios.every((id) => SCENARIO_IDS.includes(id))) throw new Error(`--scenario must be one of ${SCENARIO_IDS.join(', ')}`);
  const pairings = options.seats === undefined ? PAIRINGS : [options.seats.split(',') as [string, string]];
  const kinds = Object.keys(miniatures.bots!.kinds);
  if (!pairings.every((p) => p.length === 2 && p.every((k) => kinds.includes(k)))) throw new Error(`--seats must be two of ${kinds.join(', ')}, comma-separated`);
  const tally: Tally = { drawnTried: 0, drawnAccepted: 0, expired: 0, stalls: [] };
  const ended = new Map<string, number>();
  const byPairing = new Map<string, { games: number; wins: [number, number]; draws: number }>();
  let completed = 0;
  let unfinished = 0;
  let events = 0;
  let commands = 0;
  let rolls = 0;
  const errors: string[] = [];
  const started = performance.now();
  for (let g = 0; g < games; g++) {
    const scenario = scenarios[g % scenarios.length]!;
    const pairing = pairings[Math.floor(g / scenarios.length) % pairings.length]!;
    const seed = `${options.seed}-${g}`;
    try {
      const result = playOne(scenario, pairing, seed, expiryRate, tally);
      events += result.events.length;
      commands += result.commands;
      rolls += result.events.filter((e) => e.type === 'DiceRolled').length;
      if (!miniatures.isOver(result.state)) {
        unfinished++;
        continue;
      }
      completed++;
      const end = result.events.at(-1) as Extract<Event, { type: 'GameEnded' }>;
      const how = `${scenario}: ${end.reason === 'victory' ? 'victory' : 'after the last turn'}, ${end.winner === null ? 'a draw' : `seat ${end.winner} won`}`;
      ended.set(how, (ended.get(how) ?? 0) + 1);
      const key = `${scenario}, ${pairing.join(' (seat 0) against ')} (seat 1)`;
      const p = byPairing.get(key) ?? { games: 0, wins: [0, 0] as [number, number], draws: 0 };
      p.games++;
      if (end.winner === null) p.draws++;
      else p.wins[end.winner === 0 ? 0 : 1]++;
      byPairing.set(key, p);
    } catch (e) {
      errors.push(`game ${g} (${scenario}, ${pairing.join('/')}, seed ${seed}): ${(e as Error).message}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const played = Math.max(1, games - errors.length);
  const pct = (n: number) => `${((100 * n) / Math.max(1, completed)).toFixed(1).padStart(5)}%  (${n})`;
  console.log(`game:                miniatures, ${scenarios.join(' and ')}${scenarios.length > 1 ? ' in turn' : ''}`);
  printTotals({ games, completed, unfinished, ruleErrors: errors.length, stalls: tally.stalls.length, events, commands });
  console.log(`avg dice rolls / game: ${(rolls / played).toFixed(1)}`);
  console.log(`drawn paths:         ${tally.drawnTried} tried, ${tally.drawnAccepted} accepted, every accepted one moved as previewed`);
  console.log(`deadlines passed:    ${tally.expired}`);
  console.log(`time:                ${seconds.toFixed(1)} s`);
  console.log('how games ended:');
  for (const [how, n] of [...ended].sort()) console.log(`  ${how.padEnd(52)} ${pct(n)}`);
  console.log('by bots (seat 0 wins / seat 1 wins / draws):');
  for (const [key, p] of [...byPairing].sort()) console.log(`  ${key.padEnd(64)} ${p.wins[0]} / ${p.wins[1]} / ${p.draws}`);
  for (const e of [...errors.slice(0, 10), ...tally.stalls.slice(0, 10)]) console.log(`  ${e}`);
  process.exitCode = errors.length > 0 || tally.stalls.length > 0 || unfinished > 0 ? 1 : 0;
}
