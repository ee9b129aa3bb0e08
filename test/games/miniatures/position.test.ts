// A described position (src/games/miniatures/position.ts, the module's `positionOption`): the
// scenario's table and forces with its models moved, wounded or removed, and the first Phase given
// to a seat — for tutorials and tests such as a Melee one move away. A position where a model could
// not stand ("A model cannot cross impassable terrain", off the table, on another base: M3) or a
// game already won is refused.

import { describe, expect, it } from 'vitest';
import { RuleError } from '../../../src/platform/game-module.ts';
import { miniatures } from '../../../src/games/miniatures/index.ts';
import type { GameState } from '../../../src/games/miniatures/types.ts';
import { KEY } from '../../support/module-game.ts';

function start(position: unknown): GameState | string {
  const setup = miniatures.createSetup({ scenario: 'barko-brothers', seats: [{}, {}], position }, { key: KEY });
  return setup instanceof RuleError ? `${setup.code}: ${setup.message}` : miniatures.initialState(setup);
}

describe('a described position', () => {
  it('puts the named models where it says, with the hits it says, removes those it removes, and leaves the rest deployed', () => {
    const s = start({ models: { 'judge-1': { at: { x: 2300, y: 1800 } }, 'big-barko': { at: { x: 2300, y: 1600 }, hits: 1 }, 'punk-1': { removed: true } } }) as GameState;
    expect(s.models['judge-1']).toMatchObject({ at: { x: 2300, y: 1800 }, hits: 2, removed: false });
    expect(s.models['big-barko']).toMatchObject({ at: { x: 2300, y: 1600 }, hits: 1 });
    expect(s.models['punk-1']!.removed).toBe(true);
    expect(s.models['judge-2']!.at).toEqual({ x: 1400, y: 2250 });
  });

  it('gives the first Phase to the seat it names instead of the roll-off ("Many scenarios will tell you which player takes the first Phase")', () => {
    const s = start({ firstPhase: 1 }) as GameState;
    expect(s).toMatchObject({ turn: 1, first: 1, phase: { seat: 1, selected: null, acted: [] }, situation: { kind: 'phase' } });
    expect(miniatures.awaiting(s)).toEqual([{ seat: 1, situation: 'phase', windowId: 'w1' }]);
    // Without it, The Barko Brothers rolls off as printed.
    expect((start({}) as GameState).situation.kind).toBe('roll-off');
  });

  it('puts two enemies in base contact when asked, so a Melee is one command away', () => {
    const s = start({ models: { 'judge-1': { at: { x: 2300, y: 1800 } }, 'punk-1': { at: { x: 2300, y: 1700 } } }, firstPhase: 0 }) as GameState;
    expect(miniatures.legalCommands(s, 0)).toContainEqual({ type: 'MELEE', model: 'judge-1', target: 'punk-1', windowId: 'w1' });
  });

  it('is refused where a model could not stand, for a model the scenario does not have, for impossible hits, and when already won', () => {
    expect(start({ models: { 'judge-1': { at: { x: 20, y: 1800 } } } })).toMatch(/^INVALID_POSITION: Judge Rico cannot stand .*table/);
    expect(start({ models: { 'judge-1': { at: { x: 500, y: 400 } } } })).toMatch(/^INVALID_POSITION: Judge Rico cannot stand .*Hab-Block/);
    expect(start({ models: { 'judge-1': { at: { x: 1000, y: 300 } } } })).toMatch(/^INVALID_POSITION: .*cannot stand .*base/);
    expect(start({ models: { dredd: { at: { x: 1000, y: 1000 } } } })).toBe('INVALID_POSITION: The Barko Brothers has no model "dredd".');
    expect(start({ models: { 'judge-1': { hits: 3 } } })).toBe('INVALID_POSITION: Judge Rico has 1 to 2 hits.');
    expect(start({ models: { 'big-barko': { removed: true }, 'little-barko': { removed: true } } })).toMatch(/^INVALID_POSITION: The position is already won/);
    expect(start({ firstPhase: 2 })).toBe('INVALID_POSITION: "position.firstPhase" is seat 0 or 1.');
  });

  it('is the module\'s position option: the platform accepts it only where scenarios are allowed and shows readers `position: true`', () => {
    expect(miniatures.positionOption).toBe('position');
  });
});
