// Test helpers for Block War: a game from options and a key, commands sent as a seat or as the
// system, and positions built by hand for rules tests.

import { RuleError } from '../../../src/platform/game-module.ts';
import { blockWar } from '../../../src/games/block-war/index.ts';
import type { Command, Event, GameState, Seat, Situation, UnitState } from '../../../src/games/block-war/types.ts';
import { KEY, ModuleGame } from '../../support/module-game.ts';

export const NAMES = ['Rick Whitely', 'Robert Holness', 'Les Dawson', 'James Bowen'];

export class TestGame extends ModuleGame<GameState, Command, Event> {
  constructor(state: GameState) {
    super(blockWar, state);
  }

  static create(players = 2, key = KEY): TestGame {
    const setup = blockWar.createSetup({ seats: NAMES.slice(0, players).map((block) => ({ block })) }, { key });
    if (setup instanceof RuleError) throw setup;
    return new TestGame(blockWar.initialState(setup));
  }

  /** The seat the game awaits (the first, if several). */
  awaited(): Seat {
    const a = blockWar.awaiting(this.state);
    if (a.length === 0) throw new Error('nobody is awaited');
    return a[0]!.seat;
  }

  /** Plays the first legal command of the awaited seat while `until` is false. */
  playWhile(until: (s: GameState) => boolean, limit = 500): void {
    for (let i = 0; i < limit && until(this.state); i++) {
      const seat = this.awaited();
      this.send(seat, blockWar.legalCommands(this.state, seat)[0]!);
    }
  }

  /** Plays set-up through with each seat's first legal command. */
  playSetup(): void {
    this.playWhile((s) => s.situation.kind !== 'turn' && !(s.situation.kind === 'place-unit' && !s.situation.duringSetup));
  }

  sit(): Situation {
    return this.state.situation;
  }

  unit(id: string): UnitState {
    return this.state.units[id]!;
  }
}

/**
 * A position for rules tests: a 2–4 player game set up in full, then every unit taken off the
 * boards except those `placed`, and seat `seat` at step `step` of its turn.
 */
export function position(options: {
  players?: number;
  seat?: Seat;
  placed: Record<string, string>;
  spirit?: number[];
  control?: number;
  step?: 'activate' | 'independent' | 'judge';
  frenzied?: boolean;
  /** Where each seat's block stands; by default north, east, south, west in seat order. */
  sides?: ('north' | 'east' | 'south' | 'west')[];
}): TestGame {
  const g = TestGame.create(options.players ?? 2);
  g.playSetup();
  const s = structuredClone(g.state);
  for (const u of Object.values(s.units)) u.square = null;
  for (const [id, square] of Object.entries(options.placed)) s.units[id]!.square = square;
  for (const seat of s.seats) seat.drawn = [];
  const sides = options.sides ?? ['north', 'east', 'south', 'west'];
  s.seats.forEach((seat, i) => (seat.side = sides[i]!));
  s.order = s.seats.map((_, i) => i);
  s.features = [];
  if (options.spirit) options.spirit.forEach((v, i) => (s.seats[i]!.spirit = v));
  if (options.control !== undefined) s.control = options.control;
  s.situation = {
    kind: 'turn',
    windowId: `w${s.windows}`,
    seat: options.seat ?? 0,
    step: options.step ?? 'activate',
    activationsLeft: options.step && options.step !== 'activate' ? 1 : options.frenzied ? 4 : 3,
    frenzied: options.frenzied ?? false,
    activated: [],
    activation: null,
  };
  return new TestGame(s);
}

export const types = (events: readonly Event[]) => events.map((e) => e.type);
