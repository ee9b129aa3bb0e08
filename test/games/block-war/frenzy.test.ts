// "Frenzied!" (Block War): "When your fighting spirit is 20 or more points beyond the control
// marker, your block becomes 'Frenzied!'. A block draws one extra reinforcement and activates one
// extra unit if it begins the turn frenzied and units gain +1 movement point and +1 to combat
// results if the block becomes frenzied at any point." Rulings BW19 and BW53. Seat 0's block
// stands north, seat 1's east.

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import { keyedRng } from '../../../src/platform/random.ts';
import type { Event, Situation } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { position, TestGame } from './support.ts';

const SCRAWLER = 's0-scrawler-1';
const JUVE = 's0-juve-1';
const JUDGE = 'street-judge-1';

const turn = (g: TestGame) => g.sit() as Extract<Situation, { kind: 'turn' }>;
const activated = (events: readonly Event[]) => events.find((e): e is Extract<Event, { type: 'UnitActivated' }> => e.type === 'UnitActivated')!;
const lastDraw = (g: TestGame) => g.log.filter((e): e is Extract<Event, { type: 'UnitsDrawn' }> => e.type === 'UnitsDrawn').at(-1)!;

describe('"units gain +1 movement point … if the block becomes frenzied at any point" (BW53)', () => {
  /** Seat 0, 18 beyond control (21 against 3), its scrawler in seat 1's block: a scrawl there scores 2. */
  const eighteenBeyond = () => position({ placed: { [SCRAWLER]: b(1, 2, 1), [JUVE]: b(0, 2, 2) }, spirit: [21, 10], control: 3 });

  it('a scrawl takes the block to 20 beyond: the scrawler moving now gains the point, and so does every unit it activates afterwards', () => {
    const g = eighteenBeyond();
    expect(activated(g.send(0, { type: 'ACTIVATE', unit: SCRAWLER })).movementPoints).toBe(3);
    expect(turn(g).frenzied).toBe(false);
    const events = g.send(0, { type: 'SCRAWL', square: b(1, 2, 1) });
    expect(events.map((e) => e.type)).toEqual(['Scrawled', 'FightingSpiritGained', 'BlockFrenzied']);
    expect(events.at(-1)).toEqual({ type: 'BlockFrenzied', seat: 0 });
    expect(turn(g)).toMatchObject({ frenzied: true, activation: { unit: SCRAWLER, movementPoints: 4 } });
    // Every seat's view follows.
    expect(blockWar.view(g.state, 1).situation).toMatchObject({ kind: 'turn', frenzied: true });
    g.send(0, { type: 'END_ACTIVATION' });
    expect(activated(g.send(0, { type: 'ACTIVATE', unit: JUVE })).movementPoints).toBe(4);
    // The extra activation is for a block that "begins the turn frenzied": this one did not.
    expect(turn(g).activationsLeft).toBe(2);
    g.send(0, { type: 'STEP', to: b(0, 2, 1) });
    g.send(0, { type: 'STEP', to: b(0, 2, 0) });
    expect(turn(g).activation?.movementPoints).toBe(1); // a section line (2), then a compartment (1): 3 of its 4 spent
  });

  it('a kill ("Wounding an enemy unit — 1") from 19 beyond: the shooter gains the point in the middle of its move', () => {
    let checked = 0;
    for (let k = 1; k <= 300 && checked === 0; k++) {
      const base = position({ placed: { 's0-punk-1': p(4, 1), 's1-punk-1': p(4, 4), [JUVE]: b(0, 2, 2) }, spirit: [29, 10], control: 10 });
      const g = new TestGame({ ...structuredClone(base.state), rng: keyedRng(keyN(k)) });
      g.send(0, { type: 'ACTIVATE', unit: 's0-punk-1' });
      g.send(0, { type: 'STEP', to: p(4, 2) });
      const events = g.send(0, { type: 'SHOOT', target: 's1-punk-1' });
      if (!g.unit('s1-punk-1').wounded) continue;
      checked++;
      expect(events.slice(-2)).toEqual([
        { type: 'FightingSpiritGained', seat: 0, amount: 1, to: 30 },
        { type: 'BlockFrenzied', seat: 0 },
      ]);
      // 3 points, one spent on the plaza step (its free second space unused, BW5: the attack ends the run): 2, and now 3.
      expect(turn(g)).toMatchObject({ frenzied: true, activation: { movementPoints: 3 } });
    }
    expect(checked).toBe(1);
  });

  it('judged once the action\'s gains are all made: wounding a judge from 15 beyond scores 5, then control moves on — 19 beyond, no frenzy', () => {
    let checked = 0;
    for (let k = 1; k <= 300 && checked === 0; k++) {
      const base = position({ placed: { 's0-punk-1': p(4, 1), [JUDGE]: p(4, 3), [JUVE]: b(0, 2, 2) }, spirit: [25, 10], control: 10 });
      const g = new TestGame({ ...structuredClone(base.state), rng: keyedRng(keyN(k)) });
      g.send(0, { type: 'ACTIVATE', unit: 's0-punk-1' });
      g.send(0, { type: 'SHOOT', target: JUDGE });
      if (!g.unit(JUDGE).wounded) continue;
      checked++;
      expect([g.state.seats[0]!.spirit, g.state.control]).toEqual([30, 11]);
      expect(g.log.some((e) => e.type === 'BlockFrenzied')).toBe(false);
      expect(turn(g).frenzied).toBe(false);
      g.send(0, { type: 'END_ACTIVATION' });
      expect(activated(g.send(0, { type: 'ACTIVATE', unit: JUVE })).movementPoints).toBe(3);
    }
    expect(checked).toBe(1);
  });
});

describe('BW19: frenzy\'s movement is for the block\'s own units, activated in step 2', () => {
  it('"3. Activate Independent Unit" and "4. Activate Judge Unit": 3 movement points, frenzied or not', () => {
    const g = position({ placed: { [JUVE]: b(0, 5, 0), 's1-robo-doc': b(1, 3, 4), 'block-judge-red': b(0, 6, 2) }, spirit: [30, 10], control: 1, frenzied: true });
    expect(activated(g.send(0, { type: 'ACTIVATE', unit: JUVE })).movementPoints).toBe(4);
    g.send(0, { type: 'END_ACTIVATION' }); // its only unit: step 2 is over
    expect(turn(g)).toMatchObject({ step: 'independent', frenzied: true });
    expect(activated(g.send(0, { type: 'ACTIVATE', unit: 's1-robo-doc' })).movementPoints).toBe(3);
    g.send(0, { type: 'END_ACTIVATION' });
    expect(turn(g)).toMatchObject({ step: 'judge', frenzied: true });
    expect(activated(g.send(0, { type: 'ACTIVATE', unit: 'block-judge-red' })).movementPoints).toBe(3);
  });
});

describe('BW48 and BW53: the informant\'s judge activation', () => {
  it('a block that is not frenzied, informing at the start of its turn after a frenzied player\'s turn, shows no frenzy and its judge has 3 movement points', () => {
    // Seat 1, frenzied, ends its turn: control moves on to 15; seat 0, on 12, controls the plaza (+3) and lands on it.
    const g = position({
      seat: 1,
      step: 'judge',
      frenzied: true,
      placed: { [JUVE]: b(0, 2, 2), 's0-punk-1': p(4, 3), 's1-juve-1': b(1, 2, 2), [JUDGE]: p(0, 1) },
      spirit: [12, 40],
      control: 14,
    });
    g.send(1, { type: 'END_STEP' });
    expect(turn(g)).toMatchObject({ seat: 0, step: 'informant', frenzied: false });
    expect(activated(g.send(0, { type: 'ACTIVATE', unit: JUDGE })).movementPoints).toBe(3);
  });
});

describe('BW53: "if it begins the turn frenzied" is judged before the start-of-turn fighting spirit', () => {
  /** Seat 1 ends its turn: control moves on to 15; seat 0, on `spirit`, controls the plaza (+3). */
  const seat0Begins = (spirit: number) => {
    const g = position({
      seat: 1,
      step: 'judge',
      placed: { [JUVE]: b(0, 2, 2), 's0-punk-1': p(4, 3), 's1-juve-1': b(1, 2, 2) },
      spirit: [spirit, 10],
      control: 14,
    });
    g.send(1, { type: 'END_STEP' });
    return g;
  };

  it('17 beyond control, then 3 for the plaza: 3 reinforcements and 3 activations, but frenzied from then on (+1 movement point)', () => {
    const g = seat0Begins(32);
    expect(g.log).toContainEqual({ type: 'TurnBegan', seat: 0, frenzied: false });
    expect(g.state.seats[0]!.spirit).toBe(35);
    expect(g.log.at(-3)).toEqual({ type: 'BlockFrenzied', seat: 0 });
    expect(lastDraw(g).units).toHaveLength(3);
    for (let i = 0; i < 3; i++) g.send(0, blockWar.legalCommands(g.state, 0)[0]!);
    expect(turn(g)).toMatchObject({ seat: 0, step: 'activate', activationsLeft: 3, frenzied: true });
    expect(activated(g.send(0, { type: 'ACTIVATE', unit: JUVE })).movementPoints).toBe(4);
  });

  it('20 beyond as the turn begins: 4 reinforcements and 4 activations', () => {
    const g = seat0Begins(35);
    expect(g.log).toContainEqual({ type: 'TurnBegan', seat: 0, frenzied: true });
    expect(g.log.some((e) => e.type === 'BlockFrenzied')).toBe(false); // it was already
    expect(lastDraw(g).units).toHaveLength(4);
    for (let i = 0; i < 4; i++) g.send(0, blockWar.legalCommands(g.state, 0)[0]!);
    expect(turn(g)).toMatchObject({ activationsLeft: 4, frenzied: true });
  });
});
