// Creation options: "2-4 PLAYERS", each block "named … after a famous figure" (BW2: limits).

import { describe, expect, it } from 'vitest';
import { RuleError } from '../../../src/platform/game-module.ts';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { KEY } from '../../support/module-game.ts';

const create = (seats: unknown) => blockWar.createSetup({ seats }, { key: KEY });
const code = (r: unknown) => (r instanceof RuleError ? r.code : 'accepted');

describe('Block War options', () => {
  it('seat 2 to 4 players ("2-4 PLAYERS"), no more (maxSeats 4)', () => {
    expect(blockWar.maxSeats).toBe(4);
    expect(code(create([{ block: 'Rick Whitely' }]))).toBe('INVALID_OPTIONS');
    expect(code(create([{ block: 'A' }, { block: 'B' }]))).toBe('accepted');
    expect(code(create([{ block: 'A' }, { block: 'B' }, { block: 'C' }, { block: 'D' }]))).toBe('accepted');
    expect(code(create(['A', 'B', 'C', 'D', 'E'].map((block) => ({ block }))))).toBe('INVALID_OPTIONS');
    expect(code(create('nonsense'))).toBe('INVALID_OPTIONS');
  });

  it('BW2: a block name is 1–40 characters once trimmed, and each block has its own name', () => {
    const named = create([{ block: '  Rick   Whitely ' }, { block: "Les Dawson" }]);
    expect(named).not.toBeInstanceOf(RuleError);
    expect((named as { seats: { block: string }[] }).seats[0]!.block).toBe('Rick Whitely');
    expect(code(create([{ block: '' }, { block: 'B' }]))).toBe('INVALID_BLOCK_NAME');
    expect(code(create([{ block: '   ' }, { block: 'B' }]))).toBe('INVALID_BLOCK_NAME');
    expect(code(create([{ block: 'x'.repeat(41) }, { block: 'B' }]))).toBe('INVALID_BLOCK_NAME');
    expect(code(create([{ block: 'x'.repeat(40) }, { block: 'B' }]))).toBe('accepted');
    expect(code(create([{ block: '<script>' }, { block: 'B' }]))).toBe('INVALID_BLOCK_NAME');
    expect(code(create([{ block: 'A\u0000B' }, { block: 'B' }]))).toBe('INVALID_BLOCK_NAME');
    expect(code(create([{ block: 42 }, { block: 'B' }]))).toBe('INVALID_BLOCK_NAME');
    expect(code(create([{ block: 'Rick Whitely' }, { block: 'rick whitely' }]))).toBe('DUPLICATE_BLOCK_NAME');
    expect(code(create([{ block: "Charles O'Neill-Smith Jr." }, { block: 'Bob & Co' }]))).toBe('accepted');
    expect(code(create([{ block: 'Émile Zola' }, { block: 'B' }]))).toBe('accepted');
  });

  it('give each block one of "the four block colours, red, blue, green and yellow"', () => {
    const s = create([{ block: 'A', colour: 'green' }, { block: 'B' }, { block: 'C' }]) as { seats: { colour: string }[] };
    expect(s.seats.map((x) => x.colour)).toEqual(['green', 'red', 'blue']);
    expect(code(create([{ block: 'A', colour: 'red' }, { block: 'B', colour: 'red' }]))).toBe('DUPLICATE_COLOUR');
    expect(code(create([{ block: 'A', colour: 'purple' }, { block: 'B' }]))).toBe('INVALID_COLOUR');
  });
});
