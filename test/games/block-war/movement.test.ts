// "Movement" (Block War): "All units have 3 movement points. Different terrains have different
// movement point costs as shown below. Units may not move diagonally, and may only move through
// friendly units." Seat 0's block stands north, seat 1's east (support.ts).

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import type { Event } from '../../../src/games/block-war/types.ts';
import { position, type TestGame } from './support.ts';

const JUVE = 's0-juve-1';
const ENEMY = 's1-punk-1';

/** Activates `unit` and takes the steps; returns the costs paid, one per step. */
function walk(g: TestGame, unit: string, steps: string[]): number[] {
  g.send(0, { type: 'ACTIVATE', unit });
  return steps.map((to) => (g.send(0, { type: 'STEP', to })[0] as Extract<Event, { type: 'UnitMoved' }>).cost);
}

const movementPoints = (g: TestGame) => {
  const sit = g.sit();
  return sit.kind === 'turn' ? sit.activation?.movementPoints : undefined;
};

describe('the movement table', () => {
  it('"1 space across a compartment (the thin black line on the same level)": 1', () => {
    const g = position({ placed: { [JUVE]: b(0, 5, 0) } });
    expect(walk(g, JUVE, [b(0, 5, 1)])).toEqual([1]);
    expect(movementPoints(g)).toBe(2);
  });

  it('"1 space across a section (the thick black line on the same level)": 2', () => {
    const g = position({ placed: { [JUVE]: b(0, 5, 1) } });
    expect(walk(g, JUVE, [b(0, 5, 2)])).toEqual([2]);
  });

  it('"1 space up or down a level (across thick black line to a different level)": 3 — all of a unit\'s points', () => {
    const g = position({ placed: { [JUVE]: b(0, 5, 0) } });
    expect(walk(g, JUVE, [b(0, 6, 0)])).toEqual([3]);
    expect(g.refused(0, { type: 'STEP', to: b(0, 6, 1) })).toBe('ILLEGAL_STEP');
    expect(blockWar.legalCommands(g.state, 0).filter((c) => c.type === 'STEP')).toEqual([]);
  });

  it('"Up to 3 spaces in a turbo lift": 1 (BW5: the spaces follow one another)', () => {
    const g = position({ placed: { [JUVE]: b(0, 5, 2) } });
    // Into the lift (a compartment step), then six levels up for two points.
    expect(walk(g, JUVE, [b(0, 5, 3), b(0, 6, 3), b(0, 7, 3), b(0, 8, 3), b(0, 9, 3)])).toEqual([1, 1, 0, 0, 1]);
    expect(movementPoints(g)).toBe(0);
    expect(walk2(g, [b(0, 10, 3), b(0, 11, 3)])).toEqual([0, 0]);
    expect(g.refused(0, { type: 'STEP', to: b(0, 11, 2) })).toBe('ILLEGAL_STEP');
  });

  it('"Up to 2 spaces in the plaza": 1', () => {
    const g = position({ placed: { [JUVE]: p(3, 3) } });
    expect(walk(g, JUVE, [p(4, 3), p(5, 3), p(6, 3), p(7, 3), p(8, 3), p(9, 3)])).toEqual([1, 0, 1, 0, 1, 0]);
    expect(g.refused(0, { type: 'STEP', to: p(10, 3) })).toBe('ILLEGAL_STEP');
  });

  it('"(includes moving from the block to the plaza)": an entrance square to its step is plaza movement', () => {
    const g = position({ placed: { [JUVE]: b(0, 1, 3) } });
    // The north block's middle entrance meets the north side's middle step.
    expect(walk(g, JUVE, [p(5, 0), p(5, 1)])).toEqual([1, 0]);
    const back = position({ placed: { [JUVE]: p(4, 0) } });
    expect(walk(back, JUVE, [b(0, 1, 2)])).toEqual([1]);
  });

  it('"Leaping from level 10 or 11": 1 — to the neighbouring block (BW6)', () => {
    // North block, facing it from the plaza: its right-hand column looks east.
    const g = position({ placed: { [JUVE]: b(0, 10, 6) } });
    expect(walk(g, JUVE, [b(1, 10, 0)])).toEqual([1]);
    const low = position({ placed: { [JUVE]: b(0, 9, 6) } });
    low.send(0, { type: 'ACTIVATE', unit: JUVE });
    expect(low.refused(0, { type: 'STEP', to: b(1, 9, 0) })).toBe('ILLEGAL_STEP');
    // The left-hand column looks west, where no block stands in a two-player game here.
    const west = position({ placed: { [JUVE]: b(0, 11, 0) } });
    west.send(0, { type: 'ACTIVATE', unit: JUVE });
    expect(blockWar.legalCommands(west.state, 0).filter((c) => c.type === 'STEP' && c.to.startsWith('block:1'))).toEqual([]);
  });
});

/** More steps in the activation under way. */
function walk2(g: TestGame, steps: string[]): number[] {
  return steps.map((to) => (g.send(0, { type: 'STEP', to })[0] as Extract<Event, { type: 'UnitMoved' }>).cost);
}

describe('where units may move', () => {
  it('"Units may not move diagonally"', () => {
    const g = position({ placed: { [JUVE]: p(3, 3) } });
    g.send(0, { type: 'ACTIVATE', unit: JUVE });
    expect(g.refused(0, { type: 'STEP', to: p(4, 4) })).toBe('ILLEGAL_STEP');
    const h = position({ placed: { [JUVE]: b(0, 5, 0) } });
    h.send(0, { type: 'ACTIVATE', unit: JUVE });
    expect(h.refused(0, { type: 'STEP', to: b(0, 6, 1) })).toBe('ILLEGAL_STEP');
  });

  it('"… and may only move through friendly units": an enemy blocks the way, a wounded one does not', () => {
    const g = position({ placed: { [JUVE]: p(3, 3), [ENEMY]: p(4, 3) } });
    g.send(0, { type: 'ACTIVATE', unit: JUVE });
    expect(g.refused(0, { type: 'STEP', to: p(4, 3) })).toBe('ILLEGAL_STEP');
    const w = position({ placed: { [JUVE]: p(3, 3), [ENEMY]: p(4, 3) } });
    w.state.units[ENEMY]!.wounded = true;
    // "An activated unit may walk over or stand on the space where one or more wounded units lie."
    expect(walk(w, JUVE, [p(4, 3)])).toEqual([1]);
    w.send(0, { type: 'END_ACTIVATION' });
  });

  it('BW8: a unit moves through a friendly unit but may not stop on its square', () => {
    const g = position({ placed: { [JUVE]: p(3, 3), 's0-juve-2': p(4, 3) } });
    walk(g, JUVE, [p(4, 3)]);
    expect(g.refused(0, { type: 'END_ACTIVATION' })).toBe('CANNOT_STOP_HERE');
    expect(blockWar.legalCommands(g.state, 0).some((c) => c.type === 'END_ACTIVATION')).toBe(false);
    walk2(g, [p(5, 3)]);
    g.send(0, { type: 'END_ACTIVATION' });
    expect(g.unit(JUVE).square).toBe(p(5, 3));
  });

  it('BW8: a unit may not step onto a friendly unit\'s square it could not move on from', () => {
    // Up a level costs all three points: it would end on the friendly unit.
    const g = position({ placed: { [JUVE]: b(0, 5, 0), 's0-juve-2': b(0, 6, 0) } });
    g.send(0, { type: 'ACTIVATE', unit: JUVE });
    expect(g.refused(0, { type: 'STEP', to: b(0, 6, 0) })).toBe('ILLEGAL_STEP');
    // Across a compartment, with points left to go on: allowed.
    const h = position({ placed: { [JUVE]: b(0, 5, 0), 's0-juve-2': b(0, 5, 1) } });
    expect(walk(h, JUVE, [b(0, 5, 1)])).toEqual([1]);
  });

  it('BW7: obstacles, civic statues and hottie stalls cannot be entered', () => {
    const g = position({ placed: { [JUVE]: p(2, 3) } });
    g.state.features.push({ feature: 'statue', seat: 1, square: p(3, 3) });
    g.send(0, { type: 'ACTIVATE', unit: JUVE });
    expect(g.refused(0, { type: 'STEP', to: p(2, 2) })).toBe('ILLEGAL_STEP'); // obstacle
    expect(g.refused(0, { type: 'STEP', to: p(3, 3) })).toBe('ILLEGAL_STEP'); // statue
  });

  it('frenzied: "units gain +1 movement point"', () => {
    const g = position({ placed: { [JUVE]: b(0, 5, 0) }, frenzied: true });
    expect(walk(g, JUVE, [b(0, 6, 0), b(0, 6, 1)])).toEqual([3, 1]);
  });

  it('independent units: the robo-doc "May not leave the block" and "will never enter the plaza"', () => {
    const g = position({ placed: { 's0-robo-doc': b(0, 1, 3) }, step: 'independent' });
    g.send(0, { type: 'ACTIVATE', unit: 's0-robo-doc' });
    expect(g.refused(0, { type: 'STEP', to: p(5, 0) })).toBe('ILLEGAL_STEP');
    expect(blockWar.legalCommands(g.state, 0).some((c) => c.type === 'STEP' && c.to.startsWith('plaza'))).toBe(false);
  });

  it('Judge Dredd "is deployed at the centre of the plaza, and never moves"', () => {
    const g = position({ placed: { 'judge-dredd': p(5, 5) }, step: 'judge' });
    g.send(0, { type: 'ACTIVATE', unit: 'judge-dredd' });
    expect(g.refused(0, { type: 'STEP', to: p(5, 4) })).toBe('ILLEGAL_STEP');
    expect(blockWar.legalCommands(g.state, 0).filter((c) => c.type === 'STEP')).toEqual([]);
  });
});

describe('Ape: "May swing past (move through) enemy units in both blocks and the plaza" (BW33)', () => {
  it('moves through an enemy, but may not stop on its square', () => {
    const g = position({ placed: { 's0-ape-1': p(3, 3), [ENEMY]: p(4, 3) } });
    expect(walk(g, 's0-ape-1', [p(4, 3)])).toEqual([1]);
    expect(g.refused(0, { type: 'END_ACTIVATION' })).toBe('CANNOT_STOP_HERE');
    walk2(g, [p(5, 3)]);
    g.send(0, { type: 'END_ACTIVATION' });
    const h = position({ placed: { 's0-ape-1': b(0, 5, 0), [ENEMY]: b(0, 5, 1) } });
    expect(walk(h, 's0-ape-1', [b(0, 5, 1)])).toEqual([1]);
  });
});

describe('rulings settled with the text (BW6, BW8)', () => {
  it('BW6: "Leaping from level 10 or 11 — 1" goes roof to roof; no step from levels 10 and 11 lands in the plaza\'s splat zones', () => {
    for (const column of [0, 6]) {
      const g = position({ players: 4, placed: { [JUVE]: b(0, 10, column) } });
      g.send(0, { type: 'ACTIVATE', unit: JUVE });
      const steps = blockWar.legalCommands(g.state, 0).flatMap((c) => (c.type === 'STEP' ? [c.to] : []));
      expect(steps.filter((to) => to.startsWith('plaza'))).toEqual([]);
      // The leap's landing: the neighbouring block's facing column, the same level.
      expect(steps).toContain(column === 6 ? b(1, 10, 0) : b(3, 10, 6));
    }
  });

  it('BW8: "may only move through friendly units" — the block\'s own robo-doc, an independent unit, is no friend: it blocks its own block\'s units', () => {
    const g = position({ placed: { [JUVE]: b(0, 3, 5), 's0-robo-doc': b(0, 3, 4) } });
    g.send(0, { type: 'ACTIVATE', unit: JUVE });
    expect(g.refused(0, { type: 'STEP', to: b(0, 3, 4) })).toBe('ILLEGAL_STEP');
    const janitor = position({ placed: { [JUVE]: b(0, 1, 1), 's0-robo-janitor': b(0, 1, 0) } });
    janitor.send(0, { type: 'ACTIVATE', unit: JUVE });
    expect(janitor.refused(0, { type: 'STEP', to: b(0, 1, 0) })).toBe('ILLEGAL_STEP');
  });
});
