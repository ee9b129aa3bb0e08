// Test helpers for the Miniatures game: a game of a scenario under a key, commands sent as a seat
// or as the system, and positions built by hand for rules tests (models placed on Barko Street).

import { RuleError } from '../../../src/platform/game-module.ts';
import { keyedRng } from '../../../src/platform/random.ts';
import { miniatures } from '../../../src/games/miniatures/index.ts';
import type { Command, Event, GameState, ModelState, Point, Seat } from '../../../src/games/miniatures/types.ts';
import { KEY, keyN, ModuleGame } from '../../support/module-game.ts';

export class TestGame extends ModuleGame<GameState, Command, Event> {
  constructor(state: GameState) {
    super(miniatures, state);
  }

  static create(key = KEY, scenario = 'barko-brothers'): TestGame {
    const setup = miniatures.createSetup({ scenario, seats: [{}, {}] }, { key });
    if (setup instanceof RuleError) throw setup;
    return new TestGame(miniatures.initialState(setup));
  }

  model(id: string): ModelState {
    return this.state.models[id]!;
  }
}

/**
 * A position for rules tests: The Barko Brothers with only the `placed` models on the table (at
 * those points), turn `turn`, seat `seat`'s Phase open (seat 0 the first Phase), under key `key`.
 */
export function position(placed: Record<string, Point>, options: { seat?: Seat; turn?: number; key?: string } = {}): TestGame {
  const s = structuredClone(TestGame.create().state);
  for (const m of Object.values(s.models)) {
    const at = placed[m.id];
    if (at) m.at = { x: at.x, y: at.y };
    else m.removed = true;
  }
  const seat = options.seat ?? 0;
  s.first = 0;
  s.turn = options.turn ?? 1;
  s.phase = { seat, selected: null, acted: [] };
  s.situation = { kind: 'phase', windowId: `w${s.windows}` };
  if (options.key) s.rng = keyedRng(options.key);
  return new TestGame(s);
}

/** The same position under generator key n. */
export const rekeyed = (g: TestGame, n: number) => new TestGame({ ...structuredClone(g.state), rng: keyedRng(keyN(n)) });

type Of<T extends Event['type']> = Extract<Event, { type: T }>;
export const find = <T extends Event['type']>(events: readonly Event[], type: T) => events.find((e) => e.type === type) as Of<T> | undefined;
export const all = <T extends Event['type']>(events: readonly Event[], type: T) => events.filter((e) => e.type === type) as Of<T>[];
export const rolls = (events: readonly Event[], roll: string) => all(events, 'DiceRolled').filter((e) => e.roll === roll);

/** The events of `command` from the first key (of `limit`) whose events satisfy `wanted`. */
export function firstKey(base: TestGame, seat: Seat, command: Command, wanted: (e: Event[], g: TestGame) => boolean, limit = 3000): { events: Event[]; game: TestGame } {
  for (let k = 1; k <= limit; k++) {
    const g = rekeyed(base, k);
    const events = g.send(seat, command);
    if (wanted(events, g)) return { events, game: g };
  }
  throw new Error('no key gives those dice');
}
