// "SHOOT ACTIONS", "Making a Shooting Attack", "Armour and Armour-piercing", "Cover" and "Shooting
// into Close Combat", on Barko Street (positions in 1/100 inch).

import { describe, expect, it } from 'vitest';
import { armourSaves } from '../../../src/games/miniatures/damage.ts';
import { miniatures } from '../../../src/games/miniatures/index.ts';
import { mayShoot, shotProblem } from '../../../src/games/miniatures/actions/shoot.ts';
import { enemiesOf } from '../../../src/games/miniatures/state.ts';
import { keyN } from '../../support/module-game.ts';
import { find, firstKey, position, rekeyed, rolls, TestGame } from './support.ts';

const p = (x: number, y: number) => ({ x, y });
const shot = (model: string, target: string) => ({ type: 'SHOOT' as const, model, target });

describe('Shoot actions', () => {
  it('"A model with no Shoot score may not take a Shoot action." (a juve, M-content)', () => {
    const g = position({ 'juve-1': p(2300, 1000), 'judge-1': p(2300, 2250), 'big-barko': p(1000, 300) }, { seat: 1 });
    expect(g.refused(1, shot('juve-1', 'judge-1'))).toBe('NO_SHOOT_SCORE');
    expect(miniatures.legalCommands(g.state, 1).filter((c) => c.type === 'SHOOT')).toEqual([]);
  });
  it('"It must also have Line of Sight to its target": not through the hab-block', () => {
    const g = position({ 'judge-1': p(1000, 450), 'big-barko': p(100, 450) });
    expect(g.refused(0, shot('judge-1', 'big-barko'))).toBe('NO_LINE_OF_SIGHT');
  });
  it('"If this is equal to or less than the weapon\'s Range then you may attack!" (handgun, 15")', () => {
    const at = position({ 'punk-1': p(2300, 700), 'judge-1': p(2300, 2300), 'big-barko': p(1000, 300) }, { seat: 1 }); // 16.0 in between centres, 15.0 in edge to edge
    expect(find(at.send(1, shot('punk-1', 'judge-1')), 'ShotTaken')?.shot.range).toBe(1500);
    const beyond = position({ 'punk-1': p(2300, 699), 'judge-1': p(2300, 2300), 'big-barko': p(1000, 300) }, { seat: 1 });
    expect(beyond.refused(1, shot('punk-1', 'judge-1'))).toBe('OUT_OF_RANGE');
  });
  it('"a model may not choose to make a Shoot action if an enemy is in contact with it"', () => {
    const g = position({ 'judge-1': p(1000, 2000), 'punk-1': p(1100, 2000), 'big-barko': p(2300, 2000) });
    expect(g.refused(0, shot('judge-1', 'big-barko'))).toBe('ENEMY_IN_CONTACT');
  });
  it('only enemy models are targets', () => {
    const g = position({ 'judge-1': p(1000, 2250), 'judge-2': p(1400, 2250), 'big-barko': p(1000, 300) });
    expect(g.refused(0, shot('judge-1', 'judge-2'))).toBe('ILLEGAL_TARGET');
  });
  it('range, line of sight and cover are computed by the engine and told with the event', () => {
    const g = position({ 'judge-1': p(2300, 2250), 'punk-1': p(2300, 1010), 'big-barko': p(1000, 300) });
    const e = find(g.send(0, shot('judge-1', 'punk-1')), 'ShotTaken')!;
    expect(e.shot).toEqual({ weapon: 'lawgiver', range: 1140, lineOfSight: true, cover: 'none' });
    expect(e.text).toBe('Judge Rico to Punk 1: 11.4 in, in range of the Lawgiver, no cover');
  });
});

describe('Making a shooting attack', () => {
  // Judge Rico (Shoot 1, Lawgiver: 2 Shooting Dice, Damage 1, AP 1) at Punk 1 (Agility 0, Armour 0) in the open.
  const open = () => position({ 'judge-1': p(2300, 2250), 'punk-1': p(2300, 1010), 'big-barko': p(1000, 300) });

  it('"the attacking model rolls the number of Shooting Dice allowed by its weapon and adds its Shoot characteristic to all dice rolled. The target model rolls one dice and adds its Agility."', () => {
    for (let k = 1; k <= 40; k++) {
      const events = rekeyed(open(), k).send(0, shot('judge-1', 'punk-1'));
      const [attack] = rolls(events, 'shooting');
      const [defence] = rolls(events, 'target-agility');
      expect(attack!.dice).toHaveLength(2);
      expect(attack!.totals).toEqual(attack!.dice.map((d) => d + 1));
      expect(defence!.totals).toEqual([defence!.dice[0]!]);
      // "Every Shooting Dice rolling higher than the target's Agility roll will be a successful attack."
      // Punk 1 has one Hit: the first armour roll failed removes him (AP 1 leaves no save).
      const hits = attack!.totals.filter((t) => t > defence!.totals[0]!).length;
      expect(rolls(events, 'armour')).toHaveLength(Math.min(hits, 1));
    }
  });
  it('"If the attacking model did not beat the target model\'s roll, then it has missed!"', () => {
    const { events } = firstKey(open(), 0, shot('judge-1', 'punk-1'), (e) => Math.max(...rolls(e, 'shooting')[0]!.totals) <= rolls(e, 'target-agility')[0]!.totals[0]!);
    expect(rolls(events, 'armour')).toEqual([]);
    expect(find(events, 'HitsLost')).toBeUndefined();
  });
  it('"roll a dice and add the model\'s Armour score … the AP score … must be deducted": a punk cannot save against AP 1; "If the target\'s Hits are reduced to 0 or less then it is removed"', () => {
    const { events, game } = firstKey(open(), 0, shot('judge-1', 'punk-1'), (e) => rolls(e, 'armour').length > 0);
    const armour = rolls(events, 'armour')[0]!;
    expect(armour.totals[0]).toBe(armour.dice[0]! + 0 - 1);
    expect(find(events, 'HitsLost')).toMatchObject({ model: 'punk-1', hits: 1, left: 0 });
    expect(find(events, 'ModelRemoved')?.model).toBe('punk-1');
    expect(game.model('punk-1').removed).toBe(true);
  });
  it('"If the result is greater than 10, then no Hits will be lost": a Street Judge (Armour 5) against a handgun (AP 0)', () => {
    const base = position({ 'punk-1': p(2300, 1010), 'judge-1': p(2300, 2250), 'big-barko': p(1000, 300) }, { seat: 1 });
    const saved = firstKey(base, 1, shot('punk-1', 'judge-1'), (e) => rolls(e, 'armour').some((r) => r.dice[0]! >= 6)).events;
    expect(rolls(saved, 'armour')[0]!.totals[0]).toBeGreaterThan(10);
    expect(find(saved, 'HitsLost')).toBeUndefined();
    const lost = firstKey(base, 1, shot('punk-1', 'judge-1'), (e) => rolls(e, 'armour').some((r) => r.dice[0]! === 5)).events;
    expect(rolls(lost, 'armour')[0]!.totals[0]).toBe(10);
    expect(find(lost, 'HitsLost')).toMatchObject({ model: 'judge-1', hits: 1, left: 1 });
  });
  it('"Note that a roll of a 1 for Armour is always a failure, no matter what your bonus is!"', () => {
    expect(armourSaves(1, 14)).toBe(false);
    expect(armourSaves(2, 11)).toBe(true);
    expect(armourSaves(9, 10)).toBe(false);
  });
});

describe('Cover', () => {
  it('"Light cover will grant a target a +3 bonus to its Agility" (through the hedge), and nothing to its Armour', () => {
    const base = position({ 'big-barko': p(600, 1000), 'judge-1': p(600, 1600), 'little-barko': p(1000, 800) });
    const { events } = firstKey(base, 0, shot('judge-1', 'big-barko'), (e) => rolls(e, 'armour').length > 0);
    expect(find(events, 'ShotTaken')?.shot.cover).toBe('light');
    const agility = rolls(events, 'target-agility')[0]!;
    expect(agility.totals[0]).toBe(agility.dice[0]! + 1 + 3);
    const armour = rolls(events, 'armour')[0]!;
    expect(armour.totals[0]).toBe(armour.dice[0]! + 1 - 1);
  });
  it('"Heavy cover grants a target a +3 bonus to its Agility and a +3 bonus to its Armour score" (in the Plasteel Barrier)', () => {
    const base = position({ 'big-barko': p(1550, 530), 'judge-1': p(1550, 1000), 'little-barko': p(1000, 800) });
    const { events } = firstKey(base, 0, shot('judge-1', 'big-barko'), (e) => rolls(e, 'armour').length > 0);
    expect(find(events, 'ShotTaken')?.shot.cover).toBe('heavy');
    const agility = rolls(events, 'target-agility')[0]!;
    expect(agility.totals[0]).toBe(agility.dice[0]! + 1 + 3);
    const armour = rolls(events, 'armour')[0]!;
    expect(armour.totals[0]).toBe(armour.dice[0]! + 1 + 3 - 1);
  });
});

describe('Line of Sight and Cover from the model\'s eye (M1)', () => {
  // Punk 1's eye on the line of the wrecked car's east face; Judge Hunt 6.0 in north and 0.14 in east.
  it('"If less than half the model is obscured in this way, then it is attacked normally": Judge Hunt, 36% hidden from Punk 1\'s eye, gets no cover', () => {
    const base = position({ 'punk-1': p(1800, 1300), 'judge-2': p(1814, 700), 'judge-1': p(300, 2250), 'big-barko': p(1000, 300) }, { seat: 1 });
    const { events } = firstKey(base, 1, shot('punk-1', 'judge-2'), (e) => rolls(e, 'target-agility').length > 0);
    const taken = find(events, 'ShotTaken')!;
    expect(taken.shot).toMatchObject({ lineOfSight: true, cover: 'none' });
    expect(taken.text).toBe('Punk 1 to Judge Hunt: 5.0 in, in range of the Handgun, no cover (38% hidden)');
    const agility = rolls(events, 'target-agility')[0]!;
    expect(agility.totals[0]).toBe(agility.dice[0]! + 1);
  });
  // Judge Rico's base against the hab-block's east wall, his eye 0.2 in north of the line of its south face.
  it('"A model must be able to see its target, or at least part of it, in order to be able to shoot it": a punk wholly hidden from Judge Rico\'s eye cannot be shot; the punk, who sees the rim of the Judge\'s base, may shoot him (heavy cover)', () => {
    const base = position({ 'judge-1': p(850, 680), 'punk-1': p(100, 740), 'big-barko': p(1000, 300) });
    expect(base.refused(0, shot('judge-1', 'punk-1'))).toBe('NO_LINE_OF_SIGHT');
    const back = position({ 'judge-1': p(850, 680), 'punk-1': p(100, 740), 'big-barko': p(1000, 300) }, { seat: 1 });
    expect(find(back.send(1, shot('punk-1', 'judge-1')), 'ShotTaken')?.shot).toMatchObject({ lineOfSight: true, cover: 'heavy' });
  });
});

describe('Shooting into close combat', () => {
  // Judge Hunt is locked with Punk 1; Judge Rico shoots Punk 1.
  const base = () => {
    const g = position({ 'judge-1': p(2300, 2250), 'judge-2': p(2300, 1110), 'punk-1': p(2300, 1010), 'big-barko': p(1000, 300) });
    g.state.models['judge-2']!.lockedWith = ['punk-1'];
    g.state.models['punk-1']!.lockedWith = ['judge-2'];
    return g;
  };
  it('"For every dice rolled as a shooting attack, roll another dice. On a 1–5, the attack will be made against a random friendly model. On a 6–10, it will be made against a random enemy model."', () => {
    let friendly = 0;
    for (let k = 1; k <= 60; k++) {
      const events = rekeyed(base(), k).send(0, shot('judge-1', 'punk-1'));
      const assignment = rolls(events, 'into-combat');
      expect(assignment).toHaveLength(2);
      const atJudge = assignment.filter((r) => r.dice[0]! <= 5).length;
      friendly += atJudge;
      const attacked = new Set(rolls(events, 'target-agility').map((r) => r.model));
      expect(attacked.has('judge-2')).toBe(atJudge > 0);
      expect(attacked.has('punk-1')).toBe(atJudge < 2);
      // Each model struck is attacked with the dice sent at it.
      const shooting = rolls(events, 'shooting');
      const defending = rolls(events, 'target-agility');
      shooting.forEach((r, i) => expect(r.dice).toHaveLength(defending[i]!.model === 'judge-2' ? atJudge : 2 - atJudge));
    }
    expect(friendly).toBeGreaterThan(0);
  });
  it('the legal commands rule out a target beyond Range by distance before drawing Line of Sight, with the same answer as the Shoot action', () => {
    const problems = new Map<string, number>();
    for (let game = 1; game <= 3; game++)
      TestGame.create(keyN(300 + game)).playRandomly(200, (s) => {
        for (const m of Object.values(s.models).filter((x) => !x.removed))
          for (const e of enemiesOf(s, m)) {
            const problem = shotProblem(s, m, e.id);
            expect(mayShoot(s, m, e)).toBe(!('code' in problem));
            const code = 'code' in problem ? problem.code : 'none';
            problems.set(code, (problems.get(code) ?? 0) + 1);
          }
      });
    // Both ways a shot fails that the shortcut is about, and shots that stand, were met.
    for (const code of ['none', 'OUT_OF_RANGE', 'NO_LINE_OF_SIGHT']) expect(problems.get(code) ?? 0).toBeGreaterThan(0);
  });
});
