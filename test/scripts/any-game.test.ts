// `simulate` and `bench` take any game through the contract alone (issue 29): a game's tables are
// its documented create-game examples, its outcome `winners`, its tables' names `describeOptions`.
// Run here for every registered game and for the test-only fourth one, which no script names.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameRegistry } from '../../src/service/registry.ts';
import { benchAnyGame, registeredGame, simulateAnyGame } from '../../scripts/support/any-game.ts';
import { oddsAndEvens } from '../support/games/odds-and-evens/index.ts';

/** What the run printed, line by line. */
function printed(run: () => void): string[] {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

afterEach(() => {
  process.exitCode = 0;
});

describe('the scripts play any game by its contract', () => {
  for (const module of gameRegistry([oddsAndEvens]).values()) {
    it(`${module.id}: simulated to the end with no error, wins counted per table, and benched`, () => {
      const lines = printed(() => simulateAnyGame(module, { games: '4', seed: 'any-game-test', expiryRate: '0.02' }));
      expect(lines).toContain('games completed:     4');
      expect(lines).toContain('rule errors:         0 (a listed command refused, a seat awaited with nothing to do but give up)');
      expect(process.exitCode).toBe(0);
      const tables = Object.values(module.schemas.examples?.create ?? {}).map((e) => module.describeOptions((e.value as { options: Record<string, unknown> }).options));
      for (const table of tables) expect(lines.some((line) => line.startsWith(`  ${table}: `)), `a line for ${table}`).toBe(true);

      const bench = printed(() => benchAnyGame(module));
      expect(bench.some((line) => line.startsWith('decide: median '))).toBe(true);
      expect(bench.some((line) => line.startsWith('replay of a whole game: median '))).toBe(true);
    }, 60_000);
  }

  it('takes a table given as JSON, and names the registered games when asked for another', () => {
    const lines = printed(() => simulateAnyGame(oddsAndEvens, { games: '2', seed: 's', expiryRate: '0', options: '{"seats":[{"side":"even"},{"side":"odd"}]}' }));
    expect(lines.some((line) => line.startsWith('  even v odd: '))).toBe(true);
    expect(() => registeredGame('odds-and-evens')).toThrow(/--game must be one of helter-skelter, block-war, miniatures/);
  });
});
