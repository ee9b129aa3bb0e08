// Scrawls and janitors (Unit Reference Sheet, Fighting Spirit Table): the scrawler's "automatic
// scrawl attack per turn to deface a statue or block (add a scrawl counter)", "Scrawling an enemy
// civic statue — 5", "For each scrawl in an enemy block — 2"; the robo-janitor and human janitor
// removing a scrawl "from an adjacent space"; a block unit becoming the new janitor (BW46). Seat 0's
// block stands north, seat 1's east.

import { describe, expect, it } from 'vitest';
import { keyedRng } from '../../../src/platform/random.ts';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import type { Command, Event } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { position, TestGame } from './support.ts';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;
const find = <T extends Event['type']>(events: Event[], type: T) => events.find((e) => e.type === type) as Of<T> | undefined;
const squares = (g: TestGame, type: 'SCRAWL' | 'CLEAN') =>
  blockWar
    .legalCommands(g.state, g.awaited())
    .filter((c): c is Extract<Command, { square: string }> => c.type === type)
    .map((c) => c.square)
    .sort();

const SCRAWLER = 's0-scrawler-1';

describe('Scrawler: "May make an automatic scrawl attack per turn to deface a statue or block"', () => {
  it('in an enemy block: its own square or an adjacent one (BW46); "For each scrawl in an enemy block — 2"', () => {
    const g = position({ placed: { [SCRAWLER]: b(1, 2, 1) }, spirit: [10, 10], control: 5 });
    g.send(0, { type: 'ACTIVATE', unit: SCRAWLER });
    expect(squares(g, 'SCRAWL')).toEqual([b(1, 1, 1), b(1, 2, 0), b(1, 2, 1), b(1, 2, 2), b(1, 3, 1)].sort());
    const events = g.send(0, { type: 'SCRAWL', square: b(1, 2, 1) });
    expect(find(events, 'Scrawled')).toEqual({ type: 'Scrawled', unit: SCRAWLER, square: b(1, 2, 1) });
    expect(find(events, 'FightingSpiritGained')).toMatchObject({ seat: 0, amount: 2, to: 12 });
    expect(g.state.scrawls).toEqual([b(1, 2, 1)]);
    // One attack per activation ("per turn"): the scrawl was it.
    expect(g.refused(0, { type: 'SCRAWL', square: b(1, 2, 2) })).toBe('ALREADY_ATTACKED');
  });

  it('"Scrawling an enemy civic statue — 5": an adjacent statue of another block; its own block and statues are not enemies', () => {
    const g = position({ placed: { [SCRAWLER]: p(3, 3) }, spirit: [10, 10], control: 5 });
    g.state.features = [
      { feature: 'statue', seat: 1, square: p(4, 3) },
      { feature: 'statue', seat: 0, square: p(3, 4) },
      { feature: 'stall', seat: 1, square: p(2, 3) },
    ];
    g.send(0, { type: 'ACTIVATE', unit: SCRAWLER });
    expect(squares(g, 'SCRAWL')).toEqual([p(4, 3)]);
    expect(find(g.send(0, { type: 'SCRAWL', square: p(4, 3) }), 'FightingSpiritGained')).toMatchObject({ seat: 0, amount: 5, to: 15 });
    const own = position({ placed: { [SCRAWLER]: b(0, 2, 1) } });
    own.send(0, { type: 'ACTIVATE', unit: SCRAWLER });
    expect(squares(own, 'SCRAWL')).toEqual([]);
  });

  it('BW46: a square or statue already scrawled takes no second scrawl; only a scrawler scrawls', () => {
    const g = position({ placed: { [SCRAWLER]: b(1, 2, 1), 's0-punk-1': b(1, 5, 5) } });
    g.state.scrawls = [b(1, 2, 1), b(1, 2, 2)];
    g.send(0, { type: 'ACTIVATE', unit: SCRAWLER });
    expect(squares(g, 'SCRAWL')).toEqual([b(1, 1, 1), b(1, 2, 0), b(1, 3, 1)].sort());
    expect(g.refused(0, { type: 'SCRAWL', square: b(1, 2, 2) })).toBe('ILLEGAL_SQUARE');
    g.send(0, { type: 'END_ACTIVATION' });
    g.send(0, { type: 'ACTIVATE', unit: 's0-punk-1' });
    expect(g.refused(0, { type: 'SCRAWL', square: b(1, 5, 5) })).toBe('NOT_A_SCRAWLER');
  });
});

describe('Janitors: "may remove one scrawl or tranq gas from an adjacent space"', () => {
  it('Robo-Janitor: an adjacent scrawl is removed, no die; not one further away', () => {
    const g = position({ step: 'independent', placed: { 's1-robo-janitor': b(1, 1, 0) } });
    g.state.scrawls = [b(1, 1, 1), b(1, 1, 3)];
    g.send(0, { type: 'ACTIVATE', unit: 's1-robo-janitor' });
    expect(squares(g, 'CLEAN')).toEqual([b(1, 1, 1)]);
    expect(g.refused(0, { type: 'CLEAN', square: b(1, 1, 3) })).toBe('ILLEGAL_SQUARE');
    expect(g.send(0, { type: 'CLEAN', square: b(1, 1, 1) })).toEqual([{ type: 'ScrawlCleaned', unit: 's1-robo-janitor', square: b(1, 1, 1) }]);
    expect(g.state.scrawls).toEqual([b(1, 1, 3)]);
    expect(squares(g, 'CLEAN')).toEqual([]); // one each turn
  });

  it('Human Janitor: "on a die result of a 2 or more"', () => {
    const base = position({ step: 'independent', placed: { 's1-human-janitor': b(1, 1, 0) } }).state;
    base.scrawls = [b(1, 2, 0)];
    const seen = new Set<boolean>();
    for (let k = 1; k <= 40; k++) {
      const g = new TestGame({ ...structuredClone(base), rng: keyedRng(keyN(k)) });
      g.send(0, { type: 'ACTIVATE', unit: 's1-human-janitor' });
      const events = g.send(0, { type: 'CLEAN', square: b(1, 2, 0) });
      const cleaned = find(events, 'ScrawlCleaned') !== undefined;
      expect(cleaned).toBe(find(events, 'CleanRolled')!.die >= 2);
      expect(g.state.scrawls).toEqual(cleaned ? [] : [b(1, 2, 0)]);
      seen.add(cleaned);
    }
    expect([...seen].sort()).toEqual([false, true]);
  });

  it('"If there is no Janitor or Robo-Janitor. Any block unit may move to the janitors office to become the new janitor" (BW46)', () => {
    const g = position({ placed: { 's0-juve-1': b(0, 1, 1), 's0-robo-janitor': b(0, 1, 0) } });
    g.state.units['s0-robo-janitor']!.wounded = true; // wrecked
    g.send(0, { type: 'ACTIVATE', unit: 's0-juve-1' });
    g.send(0, { type: 'STEP', to: b(0, 1, 0) });
    const events = g.send(0, { type: 'END_ACTIVATION' });
    expect(find(events, 'JanitorHired')).toEqual({ type: 'JanitorHired', unit: 's0-juve-1', janitor: 's0-human-janitor' });
    expect(g.unit('s0-human-janitor')).toMatchObject({ square: b(0, 1, 0), wounded: false });
    expect(g.unit('s0-juve-1').square).toBeNull();
  });

  it('BW46: not while the block has a healthy robo-janitor, nor in another block\'s office', () => {
    const g = position({ placed: { 's0-juve-1': b(0, 1, 1), 's0-robo-janitor': b(0, 2, 0), 's0-punk-1': b(1, 1, 1) } });
    g.send(0, { type: 'ACTIVATE', unit: 's0-juve-1' });
    g.send(0, { type: 'STEP', to: b(0, 1, 0) });
    expect(find(g.send(0, { type: 'END_ACTIVATION' }), 'JanitorHired')).toBeUndefined();
    g.send(0, { type: 'ACTIVATE', unit: 's0-punk-1' });
    g.send(0, { type: 'STEP', to: b(1, 1, 0) });
    expect(find(g.send(0, { type: 'END_ACTIVATION' }), 'JanitorHired')).toBeUndefined();
  });
});
