// What the contract asks every game for besides its rules (issue 29): its options in words, for
// notification titles, and its winners. Every registered game, and the test-only fourth one,
// answers for each of its documented create-game examples.

import { describe, expect, it } from 'vitest';
import { gameRegistry, gameTitles } from '../../src/service/registry.ts';
import { oddsAndEvens } from '../support/games/odds-and-evens/index.ts';

const games = gameRegistry([oddsAndEvens]);
const EXPECTED: Record<string, string> = {
  'helter-skelter': 'Judge Dredd: Helter Skelter: ',
  'block-war': 'Block War: ',
  miniatures: 'Judge Dredd Miniatures: The Barko Brothers',
  'odds-and-evens': 'Odds and Evens: odd v even',
};

describe('every game describes its options and names its winners', () => {
  for (const module of games.values()) {
    it(`${module.id}: its examples in words, and no winner before the game is played`, () => {
      const examples = Object.values(module.schemas.examples?.create ?? {});
      expect(examples.length, 'a create example').toBeGreaterThan(0);
      for (const example of examples) {
        const options = (example.value as { options: Record<string, unknown> }).options;
        const title = gameTitles(games)(module.id, options);
        expect(title.startsWith(EXPECTED[module.id]!), title).toBe(true);
        expect(title).not.toMatch(/unknown|undefined|\[object/);
        const setup = module.createSetup(options, { key: '0'.repeat(64) });
        expect(setup).not.toBeInstanceOf(Error);
        expect(module.winners(module.initialState(setup))).toEqual([]);
      }
    });
  }

  it('says exactly what a game was created with', () => {
    const title = gameTitles(games);
    expect(title('helter-skelter', { map: 'grand-hall-of-justice', seats: [{ team: 'judges' }, { team: 'slaine' }, { team: 'strontium-dogs' }, { team: 'nikolai-dante' }] })).toBe(
      'Judge Dredd: Helter Skelter: The Grand Hall of Justice, 4 players: The Judges v Sláine v The Strontium Dogs v Nikolai Dante',
    );
    expect(title('helter-skelter', { map: 'dan-tanna-enid-blyton', solo: true, seats: [{ team: 'judges' }] })).toMatch(/, solo: The Judges v The Dark Judges$/);
    expect(title('block-war', { seats: [{ block: 'Rick Whitely' }, { block: 'Dolly Parton' }, { block: 'Ada Lovelace' }], timeLimitMinutes: 120 })).toBe('Block War: 3 blocks, 120 minutes');
    expect(title('miniatures', { scenario: 'street-rumble', seats: [{}, {}] })).toBe('Judge Dredd Miniatures: Street Rumble');
    expect(title('no-such-game', {})).toBe('no-such-game');
  });
});
