// "Game Set Up" (Block War), clause by clause.

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { BLOCK, roomOf } from '../../../src/games/block-war/content/block-board.ts';
import { PLAZA } from '../../../src/games/block-war/content/plaza.ts';
import { blockSquare, parseSquare, plazaSquare } from '../../../src/games/block-war/board/squares.ts';
import type { Event } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { TestGame, types } from './support.ts';

/** Rolls for every awaited seat until the turn order is decided. */
function rollAll(g: TestGame) {
  while (g.sit().kind === 'roll') g.send(g.awaited(), { type: 'ROLL_FOR_ORDER' });
}

describe('turn order: "Each player rolls two dice, the highest goes first (re-rolling any ties)"', () => {
  it('every seat rolls two dice from the game\'s generator, recorded as events', () => {
    const g = TestGame.create(3);
    expect(blockWar.awaiting(g.state).map((a) => a.seat)).toEqual([0, 1, 2]);
    const events = g.send(1, { type: 'ROLL_FOR_ORDER' });
    const rolled = events[0] as Extract<Event, { type: 'OrderDiceRolled' }>;
    expect(rolled.type).toBe('OrderDiceRolled');
    expect(rolled.dice).toHaveLength(2);
    for (const die of rolled.dice) expect(die >= 1 && die <= 6).toBe(true);
    expect(g.refused(1, { type: 'ROLL_FOR_ORDER' })).toBe('ALREADY_ROLLED');
  });

  it('the highest total goes first, then "play continues in a clockwise fashion"', () => {
    for (let k = 1; k <= 20; k++) {
      const g = TestGame.create(4, keyN(k));
      rollAll(g);
      const decided = g.log.find((e) => e.type === 'TurnOrderDecided') as Extract<Event, { type: 'TurnOrderDecided' }>;
      const first = decided.order[0]!;
      expect(decided.order).toEqual([0, 1, 2, 3].map((i) => (first + i) % 4));
      // The last round of rolls (after the last re-roll opened): the first player's total beats every other.
      const lastOpened = g.log.map((e) => e.type).lastIndexOf('SituationOpened', g.log.indexOf(decided));
      const finalRound = g.log.slice(lastOpened + 1).filter((e) => e.type === 'OrderDiceRolled') as Extract<Event, { type: 'OrderDiceRolled' }>[];
      const sum = (e: { dice: number[] }) => e.dice[0]! + e.dice[1]!;
      const firstRoll = finalRound.find((e) => e.seat === first)!;
      expect(finalRound.every((e) => e.seat === first || sum(e) < sum(firstRoll))).toBe(true);
    }
  });

  it('BW15: only players tied for highest roll again', () => {
    let seen = 0;
    for (let k = 1; k <= 200 && seen < 3; k++) {
      const g = TestGame.create(3, keyN(k));
      for (const seat of [0, 1, 2]) g.send(seat, { type: 'ROLL_FOR_ORDER' });
      const sit = g.sit();
      if (sit.kind !== 'roll') continue;
      seen++;
      const rolls = (g.log.filter((e) => e.type === 'OrderDiceRolled') as Extract<Event, { type: 'OrderDiceRolled' }>[]).map((e) => ({ seat: e.seat, total: e.dice[0] + e.dice[1] }));
      const best = Math.max(...rolls.map((r) => r.total));
      expect(sit.rolling).toEqual(rolls.filter((r) => r.total === best).map((r) => r.seat));
      expect(sit.rolling.length).toBeGreaterThan(1);
      expect(blockWar.awaiting(g.state).map((a) => a.seat)).toEqual(sit.rolling);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('the dice replay: the same key gives the same rolls, and a state rebuilt from the log equals the played one', () => {
    const a = TestGame.create(4, keyN(7));
    const b = TestGame.create(4, keyN(7));
    rollAll(a);
    rollAll(b);
    expect(a.log).toEqual(b.log);
    expect(JSON.stringify(blockWar.replay(a.start, a.log))).toBe(JSON.stringify(a.state));
  });
});

/** A game whose turn order is decided. */
function ordered(players = 2) {
  const g = TestGame.create(players);
  rollAll(g);
  return g;
}

describe('placing the blocks: "In turn order, place the blocks around the plaza"', () => {
  it('the first player places first, then the others in turn order, each on a free side', () => {
    const g = ordered(3);
    const order = g.state.order;
    expect(g.awaited()).toBe(order[0]);
    expect(g.refused(order[1]!, { type: 'PLACE_BLOCK', side: 'north' })).toBe('NOT_YOUR_TURN');
    g.send(order[0]!, { type: 'PLACE_BLOCK', side: 'north' });
    expect(g.awaited()).toBe(order[1]);
    expect(g.refused(order[1]!, { type: 'PLACE_BLOCK', side: 'north' })).toBe('SIDE_TAKEN');
    g.send(order[1]!, { type: 'PLACE_BLOCK', side: 'south' });
    g.send(order[2]!, { type: 'PLACE_BLOCK', side: 'east' });
    expect(g.state.seats[order[0]!]!.side).toBe('north');
    expect(g.sit()).toMatchObject({ kind: 'place-feature', feature: 'statue', seat: order[0] });
  });
});

describe('the justice track at set-up', () => {
  it('"The control marker is placed on the \'1\' space"; block counters on 10, 15 or 20 by players', () => {
    for (const [players, start] of [[2, 10], [3, 15], [4, 20]] as const) {
      const g = TestGame.create(players);
      expect(g.state.control).toBe(1);
      expect(g.state.seats.every((s) => s.spirit === start)).toBe(true);
    }
  });
});

/** A game with blocks placed. */
function blocksPlaced(players = 2) {
  const g = ordered(players);
  const sides = ['north', 'south', 'east', 'west'] as const;
  for (let i = 0; i < players; i++) g.send(g.awaited(), { type: 'PLACE_BLOCK', side: sides[i]! });
  return g;
}

describe('civic statues and hottie stalls: "In turn order, each player adds a civic statue to the plaza outside of the splat zones and the steps. Repeat for the hottie stall."', () => {
  it('refuses a splat zone, a step, and (BW7) an obstacle, the centre square and a taken square', () => {
    const g = blocksPlaced();
    const seat = g.awaited();
    expect(g.refused(seat, { type: 'PLACE_FEATURE', square: plazaSquare(2, 0) })).toBe('ILLEGAL_SQUARE'); // splat zone
    expect(g.refused(seat, { type: 'PLACE_FEATURE', square: plazaSquare(5, 0) })).toBe('ILLEGAL_SQUARE'); // step
    expect(g.refused(seat, { type: 'PLACE_FEATURE', square: plazaSquare(2, 2) })).toBe('ILLEGAL_SQUARE'); // obstacle
    expect(g.refused(seat, { type: 'PLACE_FEATURE', square: plazaSquare(5, 5) })).toBe('ILLEGAL_SQUARE'); // centre
    expect(g.refused(seat, { type: 'PLACE_FEATURE', square: blockSquare(0, 1, 0) })).toBe('ILLEGAL_SQUARE'); // not the plaza
    g.send(seat, { type: 'PLACE_FEATURE', square: plazaSquare(3, 3) });
    expect(g.refused(g.awaited(), { type: 'PLACE_FEATURE', square: plazaSquare(3, 3) })).toBe('ILLEGAL_SQUARE');
  });

  it('statues go round in turn order, then stalls', () => {
    const g = blocksPlaced(3);
    const order = g.state.order;
    const placed: [number, string][] = [];
    for (let i = 0; i < 6; i++) {
      const sit = g.sit();
      if (sit.kind !== 'place-feature') throw new Error('expected a placement');
      placed.push([sit.seat, sit.feature]);
      g.send(sit.seat, { type: 'PLACE_FEATURE', square: plazaSquare(1 + i, 1) });
    }
    expect(placed).toEqual([...order.map((s) => [s, 'statue']), ...order.map((s) => [s, 'stall'])]);
    expect(g.state.features).toHaveLength(6);
  });

  it('no legal placement is ever a splat zone or a step', () => {
    const g = blocksPlaced();
    for (const c of blockWar.legalCommands(g.state, g.awaited())) {
      const sq = parseSquare((c as { square: string }).square, 2);
      if (!sq || sq.on !== 'plaza') throw new Error('not on the plaza');
      expect(PLAZA.kinds[sq.y]![sq.x]).toBe('open');
    }
  });
});

/** A game with statues and stalls placed: independents placed, six counters drawn each. */
function featuresPlaced(players = 2) {
  const g = blocksPlaced(players);
  for (let i = 0; i < players * 2; i++) g.send(g.awaited(), { type: 'PLACE_FEATURE', square: plazaSquare(1 + i, 1) });
  return g;
}

describe('robo-janitor, block judge and robo-doc', () => {
  it('"each player adds a robo-janitor to the janitor\'s office (keep the human janitor aside), a block judge to the block court, and a robo-doc to the block hospital", in turn order', () => {
    const g = featuresPlaced(3);
    const placed = g.log.filter((e) => e.type === 'UnitPlaced') as Extract<Event, { type: 'UnitPlaced' }>[];
    expect(placed.map((e) => e.seat)).toEqual(g.state.order.flatMap((s) => [s, s, s]));
    for (const seat of [0, 1, 2]) {
      const at = (room: 'janitors-office' | 'court' | 'hospital') => blockSquare(seat, roomOf(room).level, roomOf(room).column);
      expect(g.unit(`s${seat}-robo-janitor`).square).toBe(at('janitors-office'));
      expect(g.unit(`block-judge-${g.state.seats[seat]!.colour}`).square).toBe(at('court'));
      expect(g.unit(`s${seat}-robo-doc`).square).toBe(at('hospital'));
      expect(g.unit(`s${seat}-human-janitor`).square).toBeNull();
    }
  });

  it('BW3: "Remaining judge units form the \'judge pool\'": street judges, Dredd and the unused block judges', () => {
    const g = featuresPlaced(2);
    expect(g.state.judgePool).toContain('judge-dredd');
    expect(g.state.judgePool).toContain('block-judge-green');
    expect(g.state.judgePool).toContain('block-judge-yellow');
    expect(g.state.judgePool).not.toContain('block-judge-red');
    expect(g.state.judgePool.filter((u) => u.startsWith('street-judge'))).toHaveLength(8);
  });
});

describe('the first counters: "draw six counters. Placing them one at a time in turn order in their block."', () => {
  it('each block draws six counters from its own pool', () => {
    const g = featuresPlaced(3);
    const drawn = g.log.filter((e) => e.type === 'UnitsDrawn') as Extract<Event, { type: 'UnitsDrawn' }>[];
    expect(drawn.map((e) => e.seat)).toEqual(g.state.order);
    for (const e of drawn) {
      expect(e.units).toHaveLength(6);
      expect(new Set(e.units).size).toBe(6);
      for (const u of e.units) expect(g.unit(u).home).toBe(e.seat);
      expect(g.state.seats[e.seat]!.pool).toHaveLength(24 - 6);
    }
  });

  it('counters are placed one at a time, going round in turn order, in the placer\'s own block', () => {
    const g = featuresPlaced(2);
    const order = g.state.order;
    const seats: number[] = [];
    for (let i = 0; i < 12; i++) {
      const seat = g.awaited();
      seats.push(seat);
      const other = order.find((s) => s !== seat)!;
      const unit = g.state.seats[seat]!.drawn[0]!;
      expect(g.refused(seat, { type: 'PLACE_UNIT', unit, square: blockSquare(other, 11, 0) })).toBe('ILLEGAL_SQUARE');
      g.send(seat, blockWar.legalCommands(g.state, seat)[0]!);
    }
    expect(seats).toEqual([0, 1, 2, 3, 4, 5].flatMap(() => order));
    expect(types(g.log).includes('UnitsDrawn')).toBe(true);
  });

  it('a counter cannot go on a square where a healthy unit stands (BW8)', () => {
    const g = featuresPlaced(2);
    const seat = g.awaited();
    const court = blockSquare(seat, roomOf('court').level, roomOf('court').column);
    const unit = g.state.seats[seat]!.drawn.find((u) => g.unit(u).kind !== 'sniper')!;
    expect(g.refused(seat, { type: 'PLACE_UNIT', unit, square: court })).toBe('ILLEGAL_SQUARE');
  });

  it('a sniper "may only be placed on level 11 of a block"', () => {
    const g = featuresPlaced(2);
    const seat = g.awaited();
    const s = structuredClone(g.state);
    s.seats[seat]!.drawn[0] = `s${seat}-sniper-1`;
    s.seats[seat]!.pool = s.seats[seat]!.pool.filter((u) => u !== `s${seat}-sniper-1`);
    const h = new TestGame(s);
    expect(h.refused(seat, { type: 'PLACE_UNIT', unit: `s${seat}-sniper-1`, square: blockSquare(seat, 10, 0) })).toBe('ILLEGAL_SQUARE');
    const legal = blockWar.legalCommands(s, seat).filter((c) => c.type === 'PLACE_UNIT' && c.unit === `s${seat}-sniper-1`);
    expect(legal.length).toBe(BLOCK.columns);
    h.send(seat, { type: 'PLACE_UNIT', unit: `s${seat}-sniper-1`, square: blockSquare(seat, 11, 0) });
  });

  it('after the last counter the first player\'s turn begins with reinforcements', () => {
    const g = featuresPlaced(2);
    for (let i = 0; i < 12; i++) g.send(g.awaited(), blockWar.legalCommands(g.state, g.awaited())[0]!);
    expect(g.sit()).toMatchObject({ kind: 'place-unit', duringSetup: false, seat: g.state.order[0] });
    const drawn = g.log.filter((e) => e.type === 'UnitsDrawn').slice(-1)[0] as Extract<Event, { type: 'UnitsDrawn' }>;
    expect(drawn.seat).toBe(g.state.order[0]);
    expect(drawn.units).toHaveLength(3);
  });
});
