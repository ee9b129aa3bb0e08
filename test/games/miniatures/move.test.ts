// "MOVE ACTIONS" and "Terrain" as actions in a game, on Barko Street (positions in 1/100 inch).

import { describe, expect, it } from 'vitest';
import { miniatures } from '../../../src/games/miniatures/index.ts';
import { find, firstKey, position, rolls } from './support.ts';

const p = (x: number, y: number) => ({ x, y });

describe('Move', () => {
  const g0 = () => position({ 'judge-1': p(1000, 2250), 'judge-2': p(1400, 2250), 'big-barko': p(1000, 300) });

  it('"may move any amount of inches in any direction, up to its Move characteristic … as many changes in direction as you wish"', () => {
    const g = g0();
    const events = g.send(0, { type: 'MOVE', model: 'judge-1', path: [p(1000, 2100), p(1200, 2100), p(1200, 1950)] });
    expect(find(events, 'ModelMoved')).toMatchObject({ model: 'judge-1', length: 500, allowance: 500, reason: 'move', text: 'Judge Rico moves 5.0 in of 5.0 in' });
    expect(g.model('judge-1').at).toEqual(p(1200, 1950));
  });
  it('a path 0.01 in beyond Move is refused and changes nothing', () => {
    expect(g0().refused(0, { type: 'MOVE', model: 'judge-1', path: [p(1000, 2100), p(1200, 2100), p(1200, 1949)] })).toBe('TOO_FAR');
  });
  it('"A model trying to cross difficult terrain will have its Move halved during that Move or Melee action"', () => {
    expect(g0().refused(0, { type: 'MOVE', model: 'judge-1', path: [p(1000, 1850)] })).toBe('TOO_FAR'); // 4.0 in, 0.5 in of it in the rubble
    const g = g0();
    g.send(0, { type: 'MOVE', model: 'judge-1', path: [p(1000, 2100)] });
    const events = g.send(0, { type: 'MOVE', model: 'judge-1', path: [p(1000, 1850)] }); // 2.5 in, 0.5 in of it in the rubble
    expect(find(events, 'ModelMoved')).toMatchObject({ length: 250, allowance: 250 });
  });
  // M2. "All measurements in the game are made from the edge of these bases": the base crosses, not only its centre.
  it('M2: "A model trying to cross difficult terrain will have its Move halved": a model sliding along the hedge with half its base over it (its centre on the hedge\'s edge) is halved', () => {
    const g = () => position({ 'judge-1': p(350, 1200), 'big-barko': p(1000, 300) });
    expect(g().refused(0, { type: 'MOVE', model: 'judge-1', path: [p(750, 1200)] })).toBe('TOO_FAR'); // 4.0 in
    expect(find(g().send(0, { type: 'MOVE', model: 'judge-1', path: [p(550, 1200)] }), 'ModelMoved')).toMatchObject({ length: 200, allowance: 250 });
    // 0.01 in of the base over the hedge is enough; a base touching its edge is not over it.
    expect(position({ 'judge-1': p(350, 1151), 'big-barko': p(1000, 300) }).refused(0, { type: 'MOVE', model: 'judge-1', path: [p(750, 1151)] })).toBe('TOO_FAR');
    expect(find(position({ 'judge-1': p(350, 1150), 'big-barko': p(1000, 300) }).send(0, { type: 'MOVE', model: 'judge-1', path: [p(750, 1150)] }), 'ModelMoved')).toMatchObject({ length: 400, allowance: 500 });
  });
  it('M2: a model whose base stands over difficult terrain and moves off it is halved too (it crosses the terrain on its way out)', () => {
    const g = position({ 'judge-1': p(600, 1160), 'big-barko': p(1000, 300) });
    expect(g.refused(0, { type: 'MOVE', model: 'judge-1', path: [p(600, 860)] })).toBe('TOO_FAR'); // 3.0 in
    expect(find(g.send(0, { type: 'MOVE', model: 'judge-1', path: [p(600, 910)] }), 'ModelMoved')).toMatchObject({ length: 250, allowance: 250 });
  });
  it('"A model cannot cross impassable terrain."', () => {
    const g = position({ 'big-barko': p(1000, 300), 'judge-1': p(1000, 2250) }, { seat: 1 });
    expect(g.refused(1, { type: 'MOVE', model: 'big-barko', path: [p(700, 900)] })).toBe('IMPASSABLE');
  });
  it('M3: a model may not pass through another model\'s base, friend or enemy', () => {
    const g = g0();
    expect(g.refused(0, { type: 'MOVE', model: 'judge-1', path: [p(1450, 2250)] })).toBe('THROUGH_MODEL');
    const enemy = position({ 'judge-1': p(1000, 2250), 'punk-1': p(1000, 2000), 'big-barko': p(1000, 300) });
    expect(enemy.refused(0, { type: 'MOVE', model: 'judge-1', path: [p(1000, 1850)] })).toBe('THROUGH_MODEL');
  });
  it('M3: "may make as many changes in direction as you wish during its movement": round a friend\'s base, at the detour\'s length', () => {
    const g = g0();
    const events = g.send(0, { type: 'MOVE', model: 'judge-1', path: [p(1000, 2150), p(1400, 2150)] });
    expect(find(events, 'ModelMoved')).toMatchObject({ length: 500, allowance: 500 });
    expect(g.model('judge-1').at).toEqual(p(1400, 2150));
  });
  it('a model ends on the table', () => {
    const g = position({ 'judge-1': p(300, 2250), 'big-barko': p(1000, 300) });
    expect(g.refused(0, { type: 'MOVE', model: 'judge-1', path: [p(49, 2250)] })).toBe('OFF_TABLE');
  });
  it('a Move of someone else\'s model, or of a removed one, is refused', () => {
    const g = g0();
    expect(g.refused(0, { type: 'MOVE', model: 'big-barko' })).toBe('NOT_YOUR_MODEL');
    expect(g.refused(0, { type: 'MOVE', model: 'punk-1' })).toBe('NOT_YOUR_MODEL');
  });
});

describe('Dangerous terrain', () => {
  // "Dangerous terrain is treated in the same way as difficult terrain except a model must make an
  // Agility check after it has completed any action. If it fails, it automatically loses one Hit."
  const base = () => position({ 'judge-1': p(1600, 1900), 'big-barko': p(1000, 300) });
  const into = { type: 'MOVE' as const, model: 'judge-1', path: [p(1800, 1900)] };

  it('halved like difficult terrain', () => {
    expect(base().refused(0, { type: 'MOVE', model: 'judge-1', path: [p(1900, 1900)] })).toBe('TOO_FAR');
  });
  it('an Agility check after the action; a failure loses one Hit, armour or not', () => {
    const { events, game } = firstKey(base(), 0, into, (e) => find(e, 'HitsLost') !== undefined);
    const check = rolls(events, 'agility-check')[0]!;
    expect(check.totals[0]).toBe(check.dice[0]! + 1);
    expect(check.dice[0] === 1 || check.totals[0]! < 6).toBe(true);
    expect(rolls(events, 'armour')).toEqual([]);
    expect(game.model('judge-1').hits).toBe(1);
  });
  it('a success loses nothing', () => {
    const { events } = firstKey(base(), 0, into, (e) => rolls(e, 'agility-check').length === 1 && find(e, 'HitsLost') === undefined);
    expect(rolls(events, 'agility-check')[0]!.totals[0]).toBeGreaterThanOrEqual(6);
  });
  it('"after it has completed any action": standing in it and shooting, too', () => {
    const g = position({ 'judge-1': p(1900, 1900), 'punk-1': p(2300, 1000), 'big-barko': p(1000, 300) });
    const events = g.send(0, { type: 'SHOOT', model: 'judge-1', target: 'punk-1' });
    expect(rolls(events, 'agility-check')).toHaveLength(1);
  });
  it('M2/M7: a base over the chem spill\'s edge, its centre outside, is in dangerous terrain: "after it has completed any action"', () => {
    const g = position({ 'judge-1': p(1660, 2000), 'punk-1': p(2300, 1000), 'big-barko': p(1000, 300) });
    expect(rolls(g.send(0, { type: 'SHOOT', model: 'judge-1', target: 'punk-1' }), 'agility-check')).toHaveLength(1);
  });
  it('nothing to check on clear ground', () => {
    const g = position({ 'judge-1': p(1600, 2200), 'big-barko': p(1000, 300) });
    expect(rolls(g.send(0, { type: 'MOVE', model: 'judge-1', path: [p(1650, 2200)] }), 'agility-check')).toEqual([]);
  });
});

describe('replay', () => {
  it('every position in the log comes back exactly', () => {
    const g = position({ 'judge-1': p(1000, 2250), 'judge-2': p(1400, 2250), 'big-barko': p(1000, 300) });
    g.send(0, { type: 'MOVE', model: 'judge-1', path: [p(1003, 2101), p(1333, 2017)] });
    g.send(0, { type: 'MOVE', model: 'judge-1', path: [p(1337, 1777)] });
    expect(miniatures.replay(g.start, g.log).models['judge-1']!.at).toEqual(p(1337, 1777));
  });
});
