// Async rhythm (docs/rulings.md, "Rhythm"): how many days a daily-clock Helter Skelter game takes
// per turn when two people each look in once a day, at an hour of their own that changes daily.
//   npm run rhythm [-- --games 40 --seed rhythm]
// Each game is played three times, with the same seats, deals, look-in hours and choices:
//   - "asked":   both seats on `interrupt: ask, defence: ask` (every window and defence waits on them);
//   - "default": the default orders (`armed`, `always`), and a seat holding an INTERRUPT card
//                sometimes arms one when it leaves the table (R58);
//   - "at once": the default orders and no arms: every window closes in the command that opened it.
// A person at the table plays every command they are awaited for, then leaves; one not at the table
// is answered for by the deadline (the game's daily durations, GameModule.situations). The pure
// module is played directly: no server, no clock but the simulated one.
// The last line is `rhythm: days_per_turn_ratio=R`, R = days per turn "default" / "at once".

import { parseArgs } from 'node:util';
import { helterSkelter as game } from '../src/games/helter-skelter/index.ts';
import { isInterruptCard } from '../src/games/helter-skelter/costs.ts';
import { ARM_TRIGGERS } from '../src/games/helter-skelter/published/standing-orders.ts';
import type { Command, GameSetup, GameState } from '../src/games/helter-skelter/types.ts';
import { MAP_IDS } from '../src/games/helter-skelter/board/board.ts';
import { BASE_TEAM_IDS } from '../src/games/helter-skelter/content/types.ts';
import { HOUR } from '../src/platform/durations.ts';
import type { Seat } from '../src/platform/game-module.ts';
import { pickCommand } from '../src/platform/random-player.ts';
import { nextFloat, pick, seedRng, type RngState } from '../src/platform/random.ts';

const { values } = parseArgs({ options: { games: { type: 'string', default: '40' }, seed: { type: 'string', default: 'rhythm' } } });
const GAMES = Number(values.games);
/** A game still going after this many commands is cut short (random play rarely gets near). */
const COMMAND_CAP = 3000;
/** Chance that a seat holding an INTERRUPT card, and no arm, arms one as it leaves the table. */
const ARM_CHANCE = 0.3;

type Mode = 'asked' | 'default' | 'at once';
const MODES: readonly Mode[] = ['asked', 'default', 'at once'];

/** Hours a situation's deadline gives under the daily clock. */
const deadlineHours = (situation: string): number => game.situations[situation]!.durations.daily / HOUR;

/** The hour (from the game's start) at which `seat` looks in on day `day`: the same in every mode. */
function lookIn(gameSeed: string, seat: Seat, day: number): number {
  const [f] = nextFloat(seedRng(`${gameSeed}:look-in:${seat}:${day}`));
  return 24 * day + 24 * f;
}

/** The seat's first look-in strictly after `t`. */
function nextLookIn(gameSeed: string, seat: Seat, t: number): number {
  for (let day = Math.floor(t / 24); ; day++) {
    const at = lookIn(gameSeed, seat, day);
    if (at > t) return at;
  }
}

interface Outcome {
  days: number;
  turns: number;
}

function playGame(index: number, mode: Mode): Outcome {
  const gameSeed = `${values.seed}:${index}`;
  let rng: RngState = seedRng(`${gameSeed}:choices`);
  const [map] = pick(MAP_IDS, seedRng(`${gameSeed}:map`));
  const [teamA, rngA] = pick(BASE_TEAM_IDS, seedRng(`${gameSeed}:team`));
  const [teamB] = pick(BASE_TEAM_IDS.filter((t) => t !== teamA), rngA);
  const setup: GameSetup = { map, seats: [{ team: teamA }, { team: teamB }], seed: gameSeed };
  let s: GameState = game.initialState(setup);
  let t = 0;
  let commands = 0;
  let turns = 0;
  const opened = new Map<string, number>();

  const send = (command: Command, sender: { kind: 'seat'; seat: Seat } | { kind: 'system' }) => {
    const d = game.decide(s, command, sender);
    if (!d.ok) throw new Error(`${mode}, game ${index}: ${JSON.stringify(command)} refused: ${d.error.code} ${d.error.message}`);
    for (const e of d.events) {
      s = game.evolve(s, e);
      if (e.type === 'MarkerPassed') turns++;
    }
    commands++;
  };

  if (mode === 'asked') for (const seat of [0, 1]) send({ type: 'SET_ORDERS', interrupt: 'ask', defence: 'ask' }, { kind: 'seat', seat });

  /** Leaving the table: sometimes arm an INTERRUPT (default mode only). */
  const maybeArm = (seat: Seat) => {
    const own = s.seats[seat]!;
    if (mode !== 'default' || game.isOver(s) || own.arms.length > 0 || !own.hand.some(isInterruptCard)) return;
    let roll: number;
    [roll, rng] = nextFloat(rng);
    if (roll >= ARM_CHANCE) return;
    let trigger: (typeof ARM_TRIGGERS)[number];
    [trigger, rng] = pick(ARM_TRIGGERS, rng);
    send({ type: 'SET_ORDERS', arms: [{ trigger }] }, { kind: 'seat', seat });
  };

  while (!game.isOver(s) && commands < COMMAND_CAP) {
    const awaited = game.awaiting(s);
    if (awaited.length === 0) throw new Error(`${mode}, game ${index}: nobody is awaited`);
    for (const a of awaited) if (!opened.has(a.windowId)) opened.set(a.windowId, t);
    const due = awaited.map((a) => ({ a, at: opened.get(a.windowId)! + deadlineHours(a.situation) })).sort((x, y) => x.at - y.at)[0]!;
    const visit = awaited.map((a) => ({ seat: a.seat, at: nextLookIn(gameSeed, a.seat, t) })).sort((x, y) => x.at - y.at)[0]!;
    if (due.at <= visit.at) {
      t = due.at;
      send({ type: 'EXPIRE_WINDOW', windowId: due.a.windowId }, { kind: 'system' });
      continue;
    }
    t = visit.at;
    // At the table: every command the seat is awaited for, then it leaves.
    while (!game.isOver(s) && commands < COMMAND_CAP && game.awaiting(s).some((a) => a.seat === visit.seat)) {
      let command: Command;
      [command, rng] = pickCommand(game.legalCommands(s, visit.seat), rng);
      send(command, { kind: 'seat', seat: visit.seat });
    }
    maybeArm(visit.seat);
  }
  return { days: t / 24, turns };
}

const started = Date.now();
const totals = new Map<Mode, Outcome>();
for (const mode of MODES) {
  const total: Outcome = { days: 0, turns: 0 };
  for (let i = 0; i < GAMES; i++) {
    const o = playGame(i, mode);
    total.days += o.days;
    total.turns += o.turns;
  }
  totals.set(mode, total);
  console.log(`${mode.padEnd(8)} ${GAMES} games, ${total.turns} turns, ${total.days.toFixed(1)} days: ${(total.days / total.turns).toFixed(3)} days per turn`);
}
const perTurn = (mode: Mode) => totals.get(mode)!.days / totals.get(mode)!.turns;
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`rhythm: days_per_turn_ratio=${(perTurn('default') / perTurn('at once')).toFixed(3)}`);
