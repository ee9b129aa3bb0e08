// Block War never awaits a seat that has nothing it may do (issue 27): a drawn sniper with level 11
// full (BW51) and a judge drawn with no free side square (BW52). Without these rulings the game
// awaited the seat for ever, its only command SURRENDER, and every other seat waited with it.

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b } from '../../../src/games/block-war/board/squares.ts';
import { BLOCK } from '../../../src/games/block-war/content/block-board.ts';
import { JUDGE_BADGES } from '../../../src/games/block-war/content/justice-track.ts';
import { judgeSquares } from '../../../src/games/block-war/control.ts';
import type { Event } from '../../../src/games/block-war/types.ts';
import { position, type TestGame } from './support.ts';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;

/** Every awaited seat has a command it may send, other than giving up. */
function everyAwaitedSeatCanAct(g: TestGame): void {
  for (const a of blockWar.awaiting(g.state)) expect(blockWar.legalCommands(g.state, a.seat).length, `seat ${a.seat} in ${a.situation}`).toBeGreaterThan(0);
}

/** Seat 0's own counters on every square of its level 11 but `free` columns. */
function level11(free: number[] = []): Record<string, string> {
  const units = ['s0-juve-1', 's0-juve-2', 's0-juve-3', 's0-juve-4', 's0-punk-1', 's0-punk-2', 's0-punk-3'];
  const placed: Record<string, string> = {};
  for (let column = 0; column < BLOCK.columns; column++) if (!free.includes(column)) placed[units[column]!] = b(0, BLOCK.levels, column);
  return placed;
}

/** A space of the justice track past the block counters whose next space has no judge badge: ending a turn there draws no judge. */
function quietSpace(): number {
  let space = 21;
  while (JUDGE_BADGES[space + 1]) space++;
  return space;
}

describe('BW51: "They may only be placed on level 11 of a block" and reinforcements are "placed in your block"', () => {
  it('a sniper drawn with level 11 full goes back to the block pool, and the turn goes on to its activations', () => {
    // Seat 1 ends its turn; seat 0's pool holds only its sniper, and its level 11 is full.
    const g = position({ seat: 1, placed: { ...level11(), 's1-juve-1': b(1, 5, 0) }, control: quietSpace(), spirit: [quietSpace() - 5, quietSpace() - 5] });
    g.state.seats[0]!.pool = ['s0-sniper-1'];
    const events = g.send(1, { type: 'END_STEP' });
    const drawn = events.find((e) => e.type === 'UnitsDrawn') as Of<'UnitsDrawn'>;
    expect(drawn).toMatchObject({ seat: 0, units: ['s0-sniper-1'] });
    expect(events).toContainEqual({ type: 'CounterReturnedToPool', seat: 0, unit: 's0-sniper-1' });
    expect(g.state.seats[0]!.pool).toEqual(['s0-sniper-1']);
    expect(g.state.seats[0]!.drawn).toEqual([]);
    expect(g.sit()).toMatchObject({ kind: 'turn', seat: 0, step: 'activate' });
    everyAwaitedSeatCanAct(g);
  });

  it('a counter placed on the last free square of level 11 sends the drawn sniper back; the other drawn counters are still placed', () => {
    const g = position({ placed: { ...level11([6]), 's1-juve-1': b(1, 5, 0) } });
    g.state.seats[0]!.drawn = ['s0-sniper-1', 's0-citizen-1', 's0-citizen-2'];
    g.state.seats[0]!.pool = g.state.seats[0]!.pool.filter((u) => !g.state.seats[0]!.drawn.includes(u));
    g.state.situation = { kind: 'place-unit', windowId: `w${g.state.windows}`, seat: 0, duringSetup: false };
    const events = g.send(0, { type: 'PLACE_UNIT', unit: 's0-citizen-1', square: b(0, BLOCK.levels, 6) });
    expect(events).toContainEqual({ type: 'CounterReturnedToPool', seat: 0, unit: 's0-sniper-1' });
    expect(g.state.seats[0]!.pool).toContain('s0-sniper-1');
    expect(g.state.seats[0]!.drawn).toEqual(['s0-citizen-2']);
    expect(g.sit()).toMatchObject({ kind: 'place-unit', seat: 0 });
    expect(blockWar.legalCommands(g.state, 0).every((c) => c.type === 'PLACE_UNIT' && c.unit === 's0-citizen-2')).toBe(true);
    g.send(0, { type: 'PLACE_UNIT', unit: 's0-citizen-2', square: b(0, 1, 1) });
    expect(g.sit()).toMatchObject({ kind: 'turn', seat: 0, step: 'activate' });
  });

  it('a sniper is still placed on level 11 while a square there is free (the ruling changes nothing else)', () => {
    const g = position({ seat: 1, placed: { ...level11([3]), 's1-juve-1': b(1, 5, 0) }, control: quietSpace(), spirit: [quietSpace() - 5, quietSpace() - 5] });
    g.state.seats[0]!.pool = ['s0-sniper-1'];
    g.send(1, { type: 'END_STEP' });
    expect(g.sit()).toMatchObject({ kind: 'place-unit', seat: 0 });
    expect(blockWar.legalCommands(g.state, 0)).toEqual([{ type: 'PLACE_UNIT', unit: 's0-sniper-1', square: b(0, BLOCK.levels, 3), windowId: expect.any(String) }]);
  });
});

describe('BW52: judges go "on any the side of the plaza (but outside of a splat zone, including steps)"', () => {
  const space = (badges: number) => Number(Object.entries(JUDGE_BADGES).find(([, n]) => n === badges)![0]);

  /** Seat 0 ends its turn with control one short of a space of `badges` badges, and statues on every free side square but `leave`. */
  function landWithSidesFull(badges: number, leave = 0) {
    const g = position({ players: 3, placed: { 's0-juve-1': b(0, 5, 0) }, control: space(badges) - 1 });
    const sides = judgeSquares(g.state);
    expect(sides.length).toBeGreaterThan(leave);
    g.state.features = sides.slice(leave).map((square) => ({ feature: 'statue' as const, seat: 0, square }));
    g.send(0, { type: 'END_STEP' });
    return g;
  }

  it('a judge drawn when every side square is taken goes back to the judge pool, and the turn moves on', () => {
    const g = landWithSidesFull(1);
    const drawn = g.log.find((e) => e.type === 'JudgesDrawn') as Of<'JudgesDrawn'>;
    expect(drawn.units).toHaveLength(1);
    expect(g.log).toContainEqual({ type: 'JudgeReturnedToPool', unit: drawn.units[0] });
    expect(g.state.judgePool).toContain(drawn.units[0]);
    expect(g.unit(drawn.units[0]!).square).toBeNull();
    expect(g.log.some((e) => e.type === 'TurnPassed')).toBe(true);
    expect(g.sit()).not.toMatchObject({ kind: 'place-judge' });
    everyAwaitedSeatCanAct(g);
  });

  it('two judges and one free side square: the player places one where they choose, the other goes back to the pool', () => {
    const g = landWithSidesFull(2, 1);
    const drawn = (g.log.find((e) => e.type === 'JudgesDrawn') as Of<'JudgesDrawn'>).units;
    expect(drawn).toHaveLength(2);
    expect(g.sit()).toMatchObject({ kind: 'place-judge', seat: 0, judges: drawn });
    const [square] = judgeSquares(g.state);
    const events = g.send(0, { type: 'PLACE_JUDGE', unit: drawn[1]!, square: square! });
    expect(events).toContainEqual({ type: 'JudgeDeployed', unit: drawn[1], square });
    expect(events).toContainEqual({ type: 'JudgeReturnedToPool', unit: drawn[0] });
    expect(g.state.judgePool).toContain(drawn[0]);
    expect(events.some((e) => e.type === 'TurnPassed')).toBe(true);
    everyAwaitedSeatCanAct(g);
  });
});
