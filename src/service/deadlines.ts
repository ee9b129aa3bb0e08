// The platform's side of deadlines: when a game moves, work out the deadline of every seat now
// awaited (src/clock/deadlines.ts), to be stored with the game; the game row's `next_deadline`
// then tells the sweepers (sweeper.ts) when to expire a window.

import { clocksFor, type Clocks } from '../clock/clocks.ts';
import { planDeadlines, type Deadline } from '../clock/deadlines.ts';
import type { Awaited } from '../platform/game-module.ts';
import type { GameRow, SeatRow, StoredOptions } from './ports/records.ts';
import type { GameRegistry } from './registry.ts';

export class DeadlineKeeper {
  private readonly registry: GameRegistry;
  readonly now: () => Date;

  constructor(
    /** The games played: a game's clocks come from its module's situations. */
    registry: GameRegistry,
    /** The server's "now": injectable, so tests can drive it. */
    now: () => Date,
  ) {
    this.registry = registry;
    this.now = now;
  }

  /** The deadlines of the seats awaited after a change. */
  plan(game: GameRow, seats: readonly SeatRow[], awaited: readonly Awaited[]): Deadline[] {
    return planDeadlines(game.deadlines ?? [], awaited, clocksOf(game, this.registry), this.now(), (seat) => {
      const until = seats.find((s) => s.seat === seat)?.pausedUntil;
      return until ? new Date(until) : null;
    });
  }
}

/** A game's clocks, as stored at creation (older games: from their `clock` option). */
export function clocksOf(game: GameRow, registry: GameRegistry): Clocks {
  const options = game.options as unknown as StoredOptions;
  return options.clocks ?? clocksFor(options.public?.clock, registry.get(game.module)?.situations ?? {});
}
