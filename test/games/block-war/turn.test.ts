// "A Player's Turn" (Block War), steps 1 to 6, and "Frenzied!".

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import type { Event } from '../../../src/games/block-war/types.ts';
import { position, type TestGame } from './support.ts';

const mine = { 's0-juve-1': b(0, 5, 0), 's0-juve-2': b(0, 5, 1), 's0-punk-1': b(0, 6, 0), 's0-ape-1': b(0, 7, 0) };
const theirs = { 's1-punk-1': b(1, 5, 0), 's1-robo-doc': b(1, 3, 4) };
const judges = { 'block-judge-red': b(0, 6, 2) };

/** Activates and ends at once. */
const pass = (g: TestGame, unit: string, seat = 0) => {
  g.send(seat, { type: 'ACTIVATE', unit });
  g.send(seat, { type: 'END_ACTIVATION' });
};

describe('2. Activate Units: "You may activate 3* of your units"', () => {
  it('three of your own units, each once; then the independent step', () => {
    const g = position({ placed: { ...mine, ...theirs, ...judges } });
    expect(g.refused(0, { type: 'ACTIVATE', unit: 's1-punk-1' })).toBe('CANNOT_ACTIVATE');
    expect(g.refused(0, { type: 'ACTIVATE', unit: 's0-robo-doc' })).toBe('CANNOT_ACTIVATE'); // not on the board
    pass(g, 's0-juve-1');
    expect(g.refused(0, { type: 'ACTIVATE', unit: 's0-juve-1' })).toBe('CANNOT_ACTIVATE'); // BW10
    pass(g, 's0-juve-2');
    pass(g, 's0-punk-1');
    expect(g.sit()).toMatchObject({ kind: 'turn', step: 'independent', seat: 0 });
  });

  it('"*This rises to 4 if your block becomes frenzied"', () => {
    const g = position({ placed: { ...mine, ...theirs, ...judges }, frenzied: true });
    for (const u of ['s0-juve-1', 's0-juve-2', 's0-punk-1']) pass(g, u);
    expect(g.sit()).toMatchObject({ step: 'activate' });
    pass(g, 's0-ape-1');
    expect(g.sit()).toMatchObject({ step: 'independent' });
  });

  it('a wounded unit cannot be activated ("takes no further part in the game unless healed")', () => {
    const g = position({ placed: { ...mine, ...theirs } });
    g.state.units['s0-juve-1']!.wounded = true;
    expect(g.refused(0, { type: 'ACTIVATE', unit: 's0-juve-1' })).toBe('CANNOT_ACTIVATE');
  });

  it('one activation at a time: a second ACTIVATE waits for END_ACTIVATION', () => {
    const g = position({ placed: { ...mine, ...theirs } });
    g.send(0, { type: 'ACTIVATE', unit: 's0-juve-1' });
    expect(g.refused(0, { type: 'ACTIVATE', unit: 's0-juve-2' })).toBe('ACTIVATION_IN_PROGRESS');
    expect(g.refused(0, { type: 'END_STEP' })).toBe('ACTIVATION_IN_PROGRESS');
    expect(g.refused(1, { type: 'END_ACTIVATION' })).toBe('NOT_YOUR_TURN');
  });
});

describe('3. and 4.: "Activate one independent unit", "Activate one judge unit"', () => {
  it('BW11: any independent unit on the board, then any judge unit; one each', () => {
    const g = position({ placed: { ...mine, ...theirs, ...judges }, step: 'independent' });
    expect(g.refused(0, { type: 'ACTIVATE', unit: 's0-juve-1' })).toBe('CANNOT_ACTIVATE');
    pass(g, 's1-robo-doc'); // another block's robo-doc
    expect(g.sit()).toMatchObject({ step: 'judge' });
    expect(g.refused(0, { type: 'ACTIVATE', unit: 's1-robo-doc' })).toBe('CANNOT_ACTIVATE');
    pass(g, 'block-judge-red');
    expect(g.sit()).toMatchObject({ kind: 'place-unit', seat: 1 }); // seat 1's reinforcements
  });

  it('BW10: a step with no unit to activate is passed over', () => {
    const g = position({ placed: { ...mine, ...judges } });
    g.send(0, { type: 'END_STEP' }); // no independent unit is on the board
    expect(g.sit()).toMatchObject({ step: 'judge', seat: 0 });
  });
});

describe('5. and 6.: control moves on, the turn moves on', () => {
  it('"At the end of your turn, control moves on one space", then "the turn then passes on to the player on your left"', () => {
    const g = position({ players: 3, placed: { ...mine, ...theirs }, control: 7 });
    g.send(0, { type: 'END_STEP' });
    g.send(0, { type: 'END_STEP' });
    expect(g.state.control).toBe(8);
    const passed = g.log.find((e) => e.type === 'TurnPassed') as Extract<Event, { type: 'TurnPassed' }>;
    expect(passed).toEqual({ type: 'TurnPassed', from: 0, to: 1 });
    // "1. Draw Reinforcements — Draw 3* units from your block pool and place them in your block."
    const drawn = g.log.filter((e) => e.type === 'UnitsDrawn').slice(-1)[0] as Extract<Event, { type: 'UnitsDrawn' }>;
    expect(drawn.seat).toBe(1);
    expect(drawn.units).toHaveLength(3);
    expect(g.sit()).toMatchObject({ kind: 'place-unit', seat: 1, duringSetup: false });
    for (let i = 0; i < 3; i++) g.send(1, blockWar.legalCommands(g.state, 1)[0]!);
    expect(g.sit()).toMatchObject({ kind: 'turn', seat: 1, step: 'activate', activationsLeft: 3 });
  });

  it('after the last seat in turn order, the first again', () => {
    const g = position({ players: 2, seat: 1, placed: { 's1-punk-1': b(1, 5, 0) } });
    g.send(1, { type: 'END_STEP' });
    expect(g.log.find((e) => e.type === 'TurnPassed')).toEqual({ type: 'TurnPassed', from: 1, to: 0 });
  });
});

describe('Frenzied!: "When your fighting spirit is 20 or more points beyond the control marker"', () => {
  const nextTurnOfSeat0 = (spirit: number, control: number) => {
    // Seat 0 keeps a unit in its block, or it would surrender at the start of its turn (BW34).
    const g = position({ seat: 1, placed: { 's1-punk-1': b(1, 5, 0), 's0-juve-1': b(0, 5, 0) }, spirit: [spirit, 10], control });
    g.send(1, { type: 'END_STEP' }); // control moves on one space, then seat 0 begins
    return g;
  };

  it('"A block draws one extra reinforcement and activates one extra unit if it begins the turn frenzied"', () => {
    const g = nextTurnOfSeat0(26, 5); // control moves to 6: 20 beyond
    const drawn = g.log.filter((e) => e.type === 'UnitsDrawn').slice(-1)[0] as Extract<Event, { type: 'UnitsDrawn' }>;
    expect(drawn.units).toHaveLength(4);
    for (let i = 0; i < 4; i++) g.send(0, blockWar.legalCommands(g.state, 0)[0]!);
    expect(g.sit()).toMatchObject({ kind: 'turn', seat: 0, activationsLeft: 4, frenzied: true });
  });

  it('19 beyond is not frenzied', () => {
    const g = nextTurnOfSeat0(25, 5);
    const drawn = g.log.filter((e) => e.type === 'UnitsDrawn').slice(-1)[0] as Extract<Event, { type: 'UnitsDrawn' }>;
    expect(drawn.units).toHaveLength(3);
  });

  it('a pool with fewer counters draws what it has', () => {
    const g = position({ seat: 1, placed: { 's1-punk-1': b(1, 5, 0), 's0-juve-1': b(0, 5, 0) } });
    g.state.seats[0]!.pool = g.state.seats[0]!.pool.slice(0, 2);
    g.send(1, { type: 'END_STEP' });
    const drawn = g.log.filter((e) => e.type === 'UnitsDrawn').slice(-1)[0] as Extract<Event, { type: 'UnitsDrawn' }>;
    expect(drawn.units).toHaveLength(2);
  });
});

describe('Game Over, Creep!', () => {
  it('"If the control marker reaches 100 … The winner is the player with the most fighting spirit"', () => {
    const g = position({ placed: { 's0-juve-1': b(0, 5, 0) }, control: 99, spirit: [30, 40] });
    g.send(0, { type: 'END_STEP' });
    expect(g.state.control).toBe(100);
    expect(g.log.slice(-1)[0]).toEqual({ type: 'GameEnded', winners: [1], reason: 'control-reached-100' });
    expect(blockWar.isOver(g.state)).toBe(true);
    expect(g.refused(1, { type: 'END_STEP' })).toBe('GAME_OVER');
  });

  it('"in the event of a tie, the one with the most active units wins"', () => {
    const g = position({ placed: { 's0-juve-1': b(0, 5, 0), 's1-punk-1': b(1, 5, 0), 's1-punk-2': b(1, 5, 1) }, control: 99, spirit: [40, 40] });
    g.send(0, { type: 'END_STEP' });
    expect(g.log.slice(-1)[0]).toMatchObject({ type: 'GameEnded', winners: [1] });
  });
});

describe('deadlines (BW14)', () => {
  it('a passed deadline ends the step; a unit left on a friendly square goes back to where it began', () => {
    const g = position({ placed: { 's0-juve-1': p(3, 3), 's0-juve-2': p(4, 3), 's1-punk-1': b(1, 5, 0) } });
    g.send(0, { type: 'ACTIVATE', unit: 's0-juve-1' });
    g.send(0, { type: 'STEP', to: p(4, 3) });
    const windowId = (g.sit() as { windowId: string }).windowId;
    // First the event the log reads as "… ran out of time", then what the server does for the seat.
    expect(g.send('system', { type: 'EXPIRE_WINDOW', windowId })[0]).toEqual({ type: 'TimeRanOut', seat: 0 });
    expect(g.unit('s0-juve-1').square).toBe(p(3, 3));
    expect(g.sit()).toMatchObject({ seat: 1 });
  });

  it('an expiry for a window no longer open changes nothing', () => {
    const g = position({ placed: { 's0-juve-1': p(3, 3) } });
    expect(g.send('system', { type: 'EXPIRE_WINDOW', windowId: 'w1' })).toEqual([]);
  });

  it('only the server expires windows; a seat sending EXPIRE_WINDOW is refused', () => {
    const g = position({ placed: { 's0-juve-1': p(3, 3) } });
    expect(g.refused(0, { type: 'EXPIRE_WINDOW', windowId: 'w1' })).toBe('SYSTEM_ONLY');
  });
});
