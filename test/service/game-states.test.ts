// The in-memory cache of game states (src/service/game-states.ts) holds games in play only: a game
// that ended is let go, so the cache does not grow with every game that ended lately.

import { expect, it } from 'vitest';
import { GameStates } from '../../src/service/game-states.ts';
import type { GameLog } from '../../src/service/ports/game-log.ts';
import type { GameRow, GameStatus } from '../../src/service/ports/records.ts';
import type { GameRegistry } from '../../src/service/registry.ts';

/** A game whose state is the list of its events, over a log that counts how often it is replayed. */
function statesOf() {
  const replays = { count: 0 };
  const log = {
    snapshot: async () => null,
    events: async () => {
      replays.count++;
      return [{ payload: 'moved' }, { payload: 'moved again' }];
    },
  } as unknown as GameLog;
  const module = { initialState: () => [], replay: (from: string[], events: string[]) => [...from, ...events] };
  const registry = new Map([['tally', module]]) as unknown as GameRegistry;
  return { states: new GameStates(log, registry), replays };
}

const row = (status: GameStatus): GameRow => ({
  id: 'g1', module: 'tally', status, options: { setup: {} }, version: 2, deadlines: [], clockRevision: 0, createdAt: new Date(0), updatedAt: new Date(0),
});

it('keeps the state of a game in play, read or just appended', async () => {
  const { states, replays } = statesOf();
  expect(await states.at(row('active'))).toEqual(['moved', 'moved again']);
  await states.at(row('active'));
  expect(replays.count).toBe(1);
  const seen = { game: row('active'), seats: [] };
  states.remember(row('active'), 2, ['appended'], seen);
  expect(states.lastSeen('g1')).toBe(seen);
  expect(await states.at(row('active'))).toEqual(['appended']);
});

it('lets go of a game once it has ended, whether the append ended it or a read found it ended', async () => {
  for (const status of ['finished', 'abandoned'] as const) {
    const { states, replays } = statesOf();
    states.remember(row('active'), 2, ['in play'], { game: row('active'), seats: [] });
    // The append that ended the game: what was kept of it goes.
    states.remember(row(status), 2, ['ended'], { game: row(status), seats: [] });
    expect(states.lastSeen('g1')).toBeNull();
    expect(await states.at(row(status))).toEqual(['moved', 'moved again']);
    // Each read of an ended game replays it: none is kept.
    await states.at(row(status));
    expect(replays.count, status).toBe(2);
  }
});
