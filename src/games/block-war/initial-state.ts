// The state before the first command: the components counted out, nothing yet on the boards.

import { keyedRng } from '../../platform/random.ts';
import { BLOCK_COUNTER_START, CONTROL_START } from './content/justice-track.ts';
import { BLOCK_INDEPENDENTS, BLOCK_POOL, COLOURS, KEPT_ASIDE, STREET_JUDGES, UGLY_RATINGS } from './content/units.ts';
import type { GameSetup, GameState, UnitState } from './types.ts';

export function initialState(setup: GameSetup): GameState {
  const units: Record<string, UnitState> = {};
  const add = (u: UnitState) => (units[u.id] = u);
  const seats = setup.seats.map((s, seat) => {
    const pool: string[] = [];
    for (const [kind, count] of Object.entries(BLOCK_POOL))
      for (let n = 1; n <= count; n++) {
        const id = `s${seat}-${kind}-${n}`;
        add({ id, kind, home: seat, square: null, wounded: false, ...(kind === 'ugly' ? { ugly: UGLY_RATINGS[n - 1]! } : {}) });
        pool.push(id);
      }
    for (const kind of [...BLOCK_INDEPENDENTS, ...KEPT_ASIDE]) add({ id: `s${seat}-${kind}`, kind, home: seat, square: null, wounded: false });
    return {
      block: s.block,
      colour: s.colour,
      side: null,
      // "Each block then adds their block counter to the justice track. For two player games they
      // start on 10, for three players 15 and for four players 20."
      spirit: BLOCK_COUNTER_START[setup.seats.length]!,
      pool,
      drawn: [],
      surrendered: false,
    };
  });
  // One block judge per block colour in the box; the judges not placed in a court join the judge
  // pool with the street judges and Dredd (BW3): "Remaining judge units form the 'judge pool'."
  const judgePool: string[] = [];
  for (const colour of COLOURS) {
    const seat = setup.seats.findIndex((s) => s.colour === colour);
    const id = `block-judge-${colour}`;
    add({ id, kind: 'block-judge', home: seat >= 0 ? seat : null, square: null, wounded: false });
    if (seat < 0) judgePool.push(id);
  }
  for (let n = 1; n <= STREET_JUDGES; n++) {
    add({ id: `street-judge-${n}`, kind: 'street-judge', home: null, square: null, wounded: false });
    judgePool.push(`street-judge-${n}`);
  }
  add({ id: 'judge-dredd', kind: 'judge-dredd', home: null, square: null, wounded: false });
  judgePool.push('judge-dredd');
  const sorted: Record<string, UnitState> = {};
  for (const id of Object.keys(units).sort()) sorted[id] = units[id]!;
  return {
    seats,
    order: [],
    // "The control marker is placed on the '1' space of the justice track."
    control: CONTROL_START,
    beganFrenzied: false,
    units: sorted,
    judgePool,
    features: [],
    scrawls: [],
    rng: keyedRng(setup.key),
    windows: 1,
    // "Each player rolls two dice": every seat at once.
    situation: { kind: 'roll', windowId: 'w1', rolling: setup.seats.map((_, i) => i), rolls: {} },
    winners: [],
    ...(setup.timeLimitMinutes ? { timeLimit: { minutes: setup.timeLimitMinutes, endsAt: null, lastRound: false } } : {}),
  };
}
