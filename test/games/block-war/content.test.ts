// The reconstructed components (docs/content.md, "Block War") and the numbers the text of Block
// War itself gives, pinned down.

import { describe, expect, it } from 'vitest';
import { BLOCK, roomOf } from '../../../src/games/block-war/content/block-board.ts';
import { BLOCK_COUNTER_START, CONTROL_START, JUDGE_BADGES, JUDGE_DREDD_SPACE, TRACK_LENGTH } from '../../../src/games/block-war/content/justice-track.ts';
import { PLAZA, SIDES } from '../../../src/games/block-war/content/plaza.ts';
import { BLOCK_POOL, UNIT_KINDS } from '../../../src/games/block-war/content/units.ts';

describe('the plaza board', () => {
  it('has a single centre square, where "Dredd is deployed at the centre of the plaza"', () => {
    const centres = PLAZA.kinds.flatMap((row, y) => row.flatMap((k, x) => (k === 'centre' ? [[x, y]] : [])));
    expect(centres).toEqual([[5, 5]]);
    expect(PLAZA.centre).toEqual([5, 5]);
  });

  it('has three steps on each side, on that side\'s edge, to meet a block\'s three entrance squares', () => {
    for (const side of SIDES) {
      expect(PLAZA.steps[side]).toHaveLength(BLOCK.entrances.length);
      for (const [x, y] of PLAZA.steps[side]) {
        expect(PLAZA.kinds[y]![x]).toBe('step');
        const onEdge = { north: y === 0, south: y === PLAZA.height - 1, west: x === 0, east: x === PLAZA.width - 1 }[side];
        expect(onEdge).toBe(true);
      }
    }
    expect(PLAZA.steps.north).toEqual([[4, 0], [5, 0], [6, 0]]);
    // Facing the south block from the plaza, its left is east.
    expect(PLAZA.steps.south).toEqual([[6, 10], [5, 10], [4, 10]]);
  });

  it('leaves edge squares outside the splat zones and steps, where arriving judges are placed', () => {
    const edge: [number, number][] = [];
    for (let i = 0; i < PLAZA.width; i++) edge.push([i, 0], [i, PLAZA.height - 1], [0, i], [PLAZA.width - 1, i]);
    const free = edge.filter(([x, y]) => PLAZA.kinds[y]![x] === 'open');
    expect(free.length).toBeGreaterThanOrEqual(8);
    expect(PLAZA.kinds[0]![2]).toBe('splat');
    expect(PLAZA.kinds[0]![0]).toBe('open');
  });

  it('has obstacles that block line of sight inside the plaza', () => {
    const obstacles = PLAZA.kinds.flat().filter((k) => k === 'obstacle');
    expect(obstacles.length).toBe(4);
  });
});

describe('the block board', () => {
  it('has levels 1 to 11 ("They may only be placed on level 11", "Leaping from level 10 or 11")', () => {
    expect(BLOCK.levels).toBe(11);
    expect(BLOCK.leapLevels).toEqual([10, 11]);
  });

  it('has a turbo lift through every level, and compartments and sections on each level', () => {
    for (let l = 0; l < BLOCK.levels; l++) {
      expect(BLOCK.kinds[l]!.filter((k) => k === 'lift')).toHaveLength(1);
      expect(BLOCK.sectionLine[l]!.some((x) => x)).toBe(true);
      expect(BLOCK.sectionLine[l]!.some((x) => !x)).toBe(true);
    }
  });

  it("has one janitor's office, one block court and one block hospital", () => {
    for (const room of ['janitors-office', 'court', 'hospital'] as const) {
      expect(BLOCK.kinds.flat().filter((k) => k === room)).toHaveLength(1);
      expect(roomOf(room).level).toBeGreaterThanOrEqual(1);
    }
  });

  it('has its entrance squares on level 1', () => {
    expect(BLOCK.entrances).toHaveLength(3);
    for (const c of BLOCK.entrances) expect(BLOCK.kinds[0]![c]).toBeDefined();
  });
});

describe('the justice track', () => {
  it('runs 1 to 100, control starts on 1 ("The control marker is placed on the \'1\' space")', () => {
    expect(TRACK_LENGTH).toBe(100);
    expect(CONTROL_START).toBe(1);
  });

  it('BW1: the Judge Dredd space is 89 ("because the justice track has reached 89")', () => {
    expect(JUDGE_DREDD_SPACE).toBe(89);
    expect(JUDGE_BADGES[JUDGE_DREDD_SPACE]).toBeUndefined();
  });

  it('block counters start "For two player games … on 10, for three players 15 and for four players 20"', () => {
    expect(BLOCK_COUNTER_START).toEqual({ 2: 10, 3: 15, 4: 20 });
  });

  it('judge badges lie on the track, below 100', () => {
    for (const [space, n] of Object.entries(JUDGE_BADGES)) {
      expect(Number(space)).toBeGreaterThan(1);
      expect(Number(space)).toBeLessThan(100);
      expect(n).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('units', () => {
  it('have the morale of the Unit Morale Table', () => {
    const table: Record<string, number> = { ugly: 0, juve: 1, scrawler: 1, citizen: 2, ape: 2, eldster: 3, punk: 3, 'citi-def': 4, sniper: 4 };
    for (const [id, m] of Object.entries(table)) expect(UNIT_KINDS[id]!.morale).toBe(m);
  });

  it('have the skills of the worked examples (juve B1, ape B3, punk S2, eldster S1, block judge S4, robo-doc H1)', () => {
    expect(UNIT_KINDS.juve!.brawling).toBe(1); // "adding his brawl skill of 1"
    expect(5 + UNIT_KINDS.ape!.brawling).toBe(8); // "The ape rolls a 5, adding his brawl skill to make 8"
    expect(UNIT_KINDS.punk!.shooting).toBe(2);
    expect(UNIT_KINDS.eldster!.shooting).toBe(1);
    expect(UNIT_KINDS['block-judge']!.shooting).toBe(4);
    expect(UNIT_KINDS['robo-doc']!.heal).toBe(1);
  });

  it('mark units without a missile weapon as No Weapon (NW)', () => {
    expect(UNIT_KINDS.juve!.shooting).toBeNull();
    expect(UNIT_KINDS.ape!.shooting).toBeNull();
  });

  it('BW12: the fatty, missing from the morale table, has a reconstructed morale', () => {
    expect(UNIT_KINDS.fatty!.morale).toBe(2);
  });

  it('fill a block pool of 24 counters, every block unit kind present', () => {
    expect(Object.values(BLOCK_POOL).reduce((a, b) => a + b, 0)).toBe(24);
    const blockKinds = Object.values(UNIT_KINDS).filter((k) => k.allegiance === 'block').map((k) => k.id).sort();
    expect(Object.keys(BLOCK_POOL).sort()).toEqual(blockKinds);
  });
});
