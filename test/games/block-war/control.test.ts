// "Control" (Block War): where the control marker lands at the end of a turn.

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import { JUDGE_BADGES } from '../../../src/games/block-war/content/justice-track.ts';
import { PLAZA } from '../../../src/games/block-war/content/plaza.ts';
import type { Event } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { position } from './support.ts';
import { keyedRng } from '../../../src/platform/random.ts';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;

const space = (badges: number) => Number(Object.entries(JUDGE_BADGES).find(([, n]) => n === badges)![0]);

/** Seat 0 ends its turn with control one short of `landing`. */
function landOn(landing: number, extra: Partial<Parameters<typeof position>[0]> = {}) {
  const g = position({ players: 3, placed: { 's0-juve-1': b(0, 5, 0) }, control: landing - 1, ...extra });
  g.send(0, { type: 'END_STEP' });
  return g;
}

describe('judge badges: "the moving player draws one judge unit from the judge pool for each badge printed on the space"', () => {
  it('one badge: one judge drawn from the pool, placed by the moving player', () => {
    const g = landOn(space(1));
    const drawn = g.log.find((e) => e.type === 'JudgesDrawn') as Of<'JudgesDrawn'>;
    expect(drawn.seat).toBe(0);
    expect(drawn.units).toHaveLength(1);
    expect(g.state.judgePool).not.toContain(drawn.units[0]);
    expect(g.sit()).toMatchObject({ kind: 'place-judge', seat: 0 });
    expect(blockWar.awaiting(g.state)).toEqual([{ seat: 0, situation: 'judges', windowId: expect.any(String) }]);
  });

  it('two badges: two judges', () => {
    const g = landOn(space(2));
    expect((g.log.find((e) => e.type === 'JudgesDrawn') as Of<'JudgesDrawn'>).units).toHaveLength(2);
  });

  it('"He then places it on any the side of the plaza (but outside of a splat zone, including steps)" (BW29), then the turn moves on', () => {
    const g = landOn(space(1));
    const judge = (g.log.find((e) => e.type === 'JudgesDrawn') as Of<'JudgesDrawn'>).units[0]!;
    expect(g.refused(0, { type: 'PLACE_JUDGE', unit: judge, square: p(2, 0) })).toBe('ILLEGAL_SQUARE'); // splat zone
    expect(g.refused(0, { type: 'PLACE_JUDGE', unit: judge, square: p(5, 0) })).toBe('ILLEGAL_SQUARE'); // step
    expect(g.refused(0, { type: 'PLACE_JUDGE', unit: judge, square: p(3, 3) })).toBe('ILLEGAL_SQUARE'); // not a side
    expect(g.refused(1, { type: 'PLACE_JUDGE', unit: judge, square: p(0, 0) })).toBe('NOT_YOUR_TURN');
    for (const c of blockWar.legalCommands(g.state, 0)) {
      const [x, y] = (c as { square: string }).square.slice(6).split(',').map(Number) as [number, number];
      expect(x === 0 || y === 0 || x === PLAZA.width - 1 || y === PLAZA.height - 1).toBe(true);
      expect(PLAZA.kinds[y]![x]).toBe('open');
    }
    g.send(0, { type: 'PLACE_JUDGE', unit: judge, square: p(0, 0) });
    expect(g.unit(judge).square).toBe(p(0, 0));
    expect(g.log.slice(-10).some((e) => e.type === 'TurnPassed')).toBe(true);
  });

  it('BW28: an empty judge pool gives no judge', () => {
    const g = position({ players: 3, placed: { 's0-juve-1': b(0, 5, 0) }, control: space(1) - 1 });
    g.state.judgePool = [];
    g.send(0, { type: 'END_STEP' });
    expect(g.log.some((e) => e.type === 'JudgesDrawn')).toBe(false);
    expect(g.log.some((e) => e.type === 'TurnPassed')).toBe(true);
  });

  it('"If you should draw Judge Dredd, he is placed on the central plaza square" — "Discard any unit standing in his way"', () => {
    const g = position({ players: 3, placed: { 's0-juve-1': b(0, 5, 0), 's1-punk-1': p(5, 5) }, control: space(1) - 1 });
    g.state.judgePool = ['judge-dredd'];
    g.send(0, { type: 'END_STEP' });
    expect(g.unit('judge-dredd').square).toBe(p(5, 5));
    expect(g.unit('s1-punk-1').square).toBeNull();
    expect(g.log.some((e) => e.type === 'TurnPassed')).toBe(true);
  });
});

describe('the Judge Dredd space (BW1: 89)', () => {
  it('"If the control marker lands on the Judge Dredd space, and he isn\'t in play, he immediately comes into play"', () => {
    const g = landOn(89);
    expect(g.unit('judge-dredd').square).toBe(p(5, 5));
    expect(g.state.judgePool).not.toContain('judge-dredd');
  });

  it('"If Judge Dredd should already be in play …, then another judge unit is drawn from the judge pool"', () => {
    const g = position({ players: 3, placed: { 's0-juve-1': b(0, 5, 0), 'judge-dredd': p(5, 5) }, control: 88 });
    g.state.judgePool = g.state.judgePool.filter((u) => u !== 'judge-dredd');
    g.send(0, { type: 'END_STEP' });
    g.send(0, { type: 'END_STEP' }); // Dredd is a judge unit on the board: step 4 is not passed over
    const drawn = g.log.find((e) => e.type === 'JudgesDrawn') as Of<'JudgesDrawn'>;
    expect(drawn.units).toHaveLength(1);
    expect(g.sit()).toMatchObject({ kind: 'place-judge' });
  });
});

describe('"If control lands on your block counter … The player to your right immediately chooses one of your units which must make its armour save or be wounded"', () => {
  it('the player to the right of the targeted block chooses; the unit rolls its save; then the turn moves on (BW30)', () => {
    // Seat 1's counter on 13: control moves from 12 to 13 at the end of seat 0's turn.
    const g = position({ players: 3, placed: { 's0-juve-1': b(0, 5, 0), 's1-punk-1': b(1, 5, 0), 's1-ape-1': p(3, 3) }, control: 12, spirit: [20, 13, 20] });
    g.send(0, { type: 'END_STEP' });
    expect(g.sit()).toMatchObject({ kind: 'judge-target', seat: 0, block: 1 });
    expect(g.refused(0, { type: 'JUDGE_TARGET', unit: 's0-juve-1' })).toBe('ILLEGAL_TARGET');
    const events = g.send(0, { type: 'JUDGE_TARGET', unit: 's1-ape-1' });
    const save = events.find((e) => e.type === 'ArmourSaveRolled') as Of<'ArmourSaveRolled'>;
    expect(save.total).toBe(save.die + 1);
    expect(g.unit('s1-ape-1').wounded).toBe(!save.saved);
    expect(events.some((e) => e.type === 'TurnPassed')).toBe(true);
  });

  it('the first player\'s right is the last in turn order', () => {
    const g = position({ players: 3, seat: 2, placed: { 's2-juve-1': b(2, 5, 0), 's0-punk-1': b(0, 5, 0) }, control: 12, spirit: [13, 20, 20] });
    g.send(2, { type: 'END_STEP' });
    expect(g.sit()).toMatchObject({ kind: 'judge-target', seat: 2, block: 0 });
  });
});

describe('control moved on in the middle of a turn lands there too (BW43)', () => {
  /** Seat 0's ape brawls a street judge beside it, with control one short of `landing`, until a key gives a wound. */
  function woundAJudge(landing: number, extra: Partial<Parameters<typeof position>[0]> = {}) {
    for (let k = 1; k <= 300; k++) {
      const g = position({
        players: 3,
        placed: { 's0-juve-1': b(0, 5, 0), 's0-ape-1': p(3, 3), 'street-judge-1': p(4, 3), 's1-punk-1': b(1, 5, 0), 's2-punk-1': b(2, 5, 0) },
        control: landing - 1,
        ...extra,
      });
      g.state.rng = keyedRng(keyN(k));
      g.send(0, { type: 'ACTIVATE', unit: 's0-ape-1' });
      g.send(0, { type: 'BRAWL', target: 'street-judge-1' });
      if (g.unit('street-judge-1').wounded) return g;
    }
    throw new Error('no key wounds the judge');
  }

  it('"Wounding a Judge unit (Control also moves on 1 space)" onto judge badges: the judges are drawn and placed, then the turn goes on where it was', () => {
    const g = woundAJudge(space(1));
    expect(g.state.control).toBe(space(1));
    expect(g.sit()).toMatchObject({ kind: 'place-judge', seat: 0, resume: { seat: 0, step: 'activate', activated: ['s0-ape-1'], activation: { unit: 's0-ape-1', attacked: true } } });
    g.send(0, blockWar.legalCommands(g.state, 0)[0]!);
    expect(g.sit()).toMatchObject({ kind: 'turn', seat: 0, step: 'activate', activationsLeft: 3, activation: { unit: 's0-ape-1', attacked: true } });
    // The ape moves on after its attack, as before the judges came.
    expect(blockWar.legalCommands(g.state, 0).some((c) => c.type === 'STEP')).toBe(true);
    g.send(0, { type: 'END_ACTIVATION' });
    expect(g.sit()).toMatchObject({ kind: 'turn', seat: 0, activationsLeft: 2 });
  });

  it('onto a block counter: the player to that block’s right chooses the target, out of turn, then the turn goes on', () => {
    const g = woundAJudge(31, { spirit: [40, 31, 40] }); // seat 1's counter on 31, no badge there
    expect(g.sit()).toMatchObject({ kind: 'judge-target', seat: 0, block: 1, resume: { seat: 0 } });
    g.send(0, { type: 'JUDGE_TARGET', unit: 's1-punk-1' });
    expect(g.sit()).toMatchObject({ kind: 'turn', seat: 0, activation: { unit: 's0-ape-1' } });
  });

  it('where control lands asks nothing: the turn simply goes on, in the same window', () => {
    const g = woundAJudge(12, { spirit: [40, 40, 40] });
    expect(g.state.control).toBe(12);
    expect(g.sit()).toMatchObject({ kind: 'turn', seat: 0, activation: { unit: 's0-ape-1' } });
    expect(g.log.filter((e) => e.type === 'SituationOpened')).toEqual([]);
  });
});
