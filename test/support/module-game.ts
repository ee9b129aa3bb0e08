// A game module played in memory, for rules and property tests of any game: commands sent as a seat
// or as the system, each accepted command's events folded into the state and kept in a log; the
// code of a refusal, with the check that refusing changed nothing; random legal play. A game's own
// test support extends it with its set-ups and positions.

import { expect } from 'vitest';
import type { GameModule, Seat, Sender } from '../../src/platform/game-module.ts';
import { keyedRng, pick, type RngState } from '../../src/platform/random.ts';

export const KEY = 'ab'.repeat(32);
/** The n-th test key: 64 hex digits. */
export const keyN = (n: number) => n.toString(16).padStart(64, '0');

type Played<State, Command, Event> = Pick<GameModule<unknown, State, Command, Event, unknown, unknown>, 'decide' | 'replay' | 'awaiting' | 'legalCommands' | 'isOver'>;

const senderOf = (seat: Seat | 'system'): Sender => (seat === 'system' ? { kind: 'system' } : { kind: 'seat', seat });

export class ModuleGame<State, Command, Event> {
  state: State;
  readonly log: Event[] = [];
  readonly start: State;

  private readonly game: Played<State, Command, Event>;

  constructor(
    game: Played<State, Command, Event>,
    state: State,
  ) {
    this.game = game;
    this.state = state;
    this.start = state;
  }

  /** Sends a command; returns the events (throws with the refusal's code if refused). */
  send(seat: Seat | 'system', command: Command): Event[] {
    const d = this.game.decide(this.state, command, senderOf(seat));
    if (!d.ok) throw new Error(`${d.error.code}: ${d.error.message}`);
    this.state = this.game.replay(this.state, d.events);
    this.log.push(...d.events);
    return d.events;
  }

  /** The refusal's code for a command that must be refused; the state must not change. */
  refused(seat: Seat | 'system', command: unknown): string {
    const before = JSON.stringify(this.state);
    const d = this.game.decide(this.state, command as Command, senderOf(seat));
    expect(JSON.stringify(this.state)).toBe(before);
    if (d.ok) throw new Error(`accepted: ${JSON.stringify(d.events)}`);
    return d.error.code;
  }

  /**
   * Plays up to `moves` random legal commands (a random awaited seat, a random command of its),
   * calling `check` on each state with the seat about to play. Someone is awaited, with something
   * to send, until the game is over.
   */
  playRandomly(moves: number, check: (state: State, seat: Seat) => void = () => undefined, rng: RngState = keyedRng(keyN(999))): this {
    for (let i = 0; i < moves && !this.game.isOver(this.state); i++) {
      const awaited = this.game.awaiting(this.state);
      expect(awaited.length).toBeGreaterThan(0);
      let seat: Seat;
      [{ seat }, rng] = pick(awaited, rng);
      check(this.state, seat);
      const legal = this.game.legalCommands(this.state, seat);
      expect(legal.length).toBeGreaterThan(0);
      let command: Command;
      [command, rng] = pick(legal, rng);
      this.send(seat, command);
    }
    return this;
  }
}
