// "MELEE ACTIONS", "Fighting in a Melee Action", "Winning a Close Combat", "Ongoing Close Combat"
// and fleeing (M6), on Barko Street (positions in 1/100 inch).

import { describe, expect, it } from 'vitest';
import { meleeOutcome } from '../../../src/games/miniatures/actions/melee.ts';
import { miniatures } from '../../../src/games/miniatures/index.ts';
import { distance } from '../../../src/games/miniatures/geometry/shapes.ts';
import { find, firstKey, position, rekeyed, rolls, type TestGame } from './support.ts';

const p = (x: number, y: number) => ({ x, y });
const melee = (model: string, target: string, path?: { x: number; y: number }[]) => ({ type: 'MELEE' as const, model, target, ...(path ? { path } : {}) });

// Judge Rico 4.0 in (edge to edge) south of Big Barko, in the clear street by the east edge.
const facing = (extra: Record<string, { x: number; y: number }> = {}) => position({ 'judge-1': p(2300, 1800), 'big-barko': p(2300, 1300), 'little-barko': p(300, 2300), ...extra });

describe('Melee actions', () => {
  it('"a model may move any amount of inches up to its Move characteristic into base contact with an enemy model. They will then fight an immediate melee."', () => {
    const events = facing().send(0, melee('judge-1', 'big-barko'));
    const moved = find(events, 'ModelMoved')!;
    expect(moved).toMatchObject({ reason: 'melee' });
    expect(moved.length).toBeGreaterThanOrEqual(400);
    expect(moved.length).toBeLessThanOrEqual(402);
    expect(rolls(events, 'melee').length).toBeGreaterThanOrEqual(2);
  });
  it('"If it is unable to do so (its Move is not high enough, for example), then this becomes an ordinary Move action."', () => {
    const g = position({ 'judge-1': p(2300, 2300), 'big-barko': p(2300, 1300), 'little-barko': p(300, 2300) });
    const events = g.send(0, melee('judge-1', 'big-barko'));
    expect(find(events, 'ModelMoved')).toMatchObject({ length: 500 });
    expect(find(events, 'MeleeBecameMove')).toBeDefined();
    expect(rolls(events, 'melee')).toEqual([]);
    expect(g.model('judge-1').at).toEqual(p(2300, 1800));
  });
  // M19 with M2: "A model trying to cross difficult terrain will have its Move halved during that Move or Melee action".
  it('M19/M2: a Melee that falls short goes its whole Move when the hedge lies beyond where it stops; half when its base would cross the hedge on the way', () => {
    const far = position({ 'judge-1': p(600, 2000), 'big-barko': p(600, 1000), 'little-barko': p(2300, 2300) });
    expect(find(far.send(0, melee('judge-1', 'big-barko')), 'ModelMoved')).toMatchObject({ length: 500, allowance: 500 });
    expect(far.model('judge-1').at).toEqual(p(600, 1500));
    const near = position({ 'judge-1': p(600, 1600), 'big-barko': p(600, 800), 'little-barko': p(2300, 2300) });
    expect(find(near.send(0, melee('judge-1', 'big-barko')), 'ModelMoved')).toMatchObject({ length: 250, allowance: 250 });
    expect(near.model('judge-1').at).toEqual(p(600, 1350));
  });
  it('"When moving as a Melee action, the model obeys all the rules for terrain": not through the wrecked car', () => {
    const g = position({ 'judge-1': p(1600, 1400), 'big-barko': p(1600, 850), 'little-barko': p(300, 2300) });
    expect(g.refused(0, melee('judge-1', 'big-barko'))).toBe('IMPASSABLE');
    expect(miniatures.legalCommands(g.state, 0).some((c) => c.type === 'MELEE' && c.target === 'big-barko')).toBe(false);
    // … but round it, along a path, it may.
    const around = position({ 'judge-1': p(1900, 1400), 'big-barko': p(1900, 900), 'little-barko': p(300, 2300) });
    expect(find(around.send(0, melee('judge-1', 'big-barko', [p(1900, 1000)])), 'ModelMoved')?.length).toBe(400);
  });
});

describe('Fighting in a Melee action', () => {
  it('"Both models roll a number of dice equal to their Melee Dice characteristic, adding their Melee score to all dice they roll."', () => {
    const g = position({ 'judge-1': p(2300, 1800), 'punk-1': p(2300, 1700), 'big-barko': p(300, 300) });
    for (let k = 1; k <= 20; k++) {
      const events = rekeyed(g, k).send(0, melee('judge-1', 'punk-1'));
      const [judge, punk] = rolls(events, 'melee');
      expect(judge!.model).toBe('judge-1');
      expect(judge!.totals).toEqual(judge!.dice.map((d) => d + 1));
      expect(judge!.dice).toHaveLength(2);
      expect(punk!.totals).toEqual(punk!.dice);
      expect(punk!.dice).toHaveLength(1);
    }
  });
  it('the worked example: Mighty Joe 5, 7, 9 against Mean Al 3, 3, 10, 11 — "Mean Al has two scores higher than Mighty Joe\'s highest adjusted total of 9"', () => {
    expect(meleeOutcome([5, 7, 9], [3, 3, 10, 11])).toEqual({ winner: 'second', hits: 2 });
  });
  it('"The model with the single highest dice roll wins the fight. Every Melee Dice that the winner rolled higher than the target\'s highest roll will be a successful attack."', () => {
    expect(meleeOutcome([8, 2], [7])).toEqual({ winner: 'first', hits: 1 });
    expect(meleeOutcome([8, 9], [7])).toEqual({ winner: 'first', hits: 2 });
  });
  it('M4: a tie for the highest die is no win for anyone: both roll again', () => {
    expect(meleeOutcome([8, 2], [8])).toEqual({ winner: null, hits: 0 });
    const g = position({ 'judge-1': p(2300, 1800), 'punk-1': p(2300, 1700), 'big-barko': p(300, 300) });
    const { events } = firstKey(g, 0, melee('judge-1', 'punk-1'), (e) => {
      const r = rolls(e, 'melee');
      return r.length >= 2 && Math.max(...r[0]!.totals) === Math.max(...r[1]!.totals);
    });
    expect(rolls(events, 'melee').length).toBeGreaterThanOrEqual(4);
  });
  it('"Armour and weapons with AP are treated in the same way as for shooting attacks": the daystick (AP 0) against a punk (Armour 0)', () => {
    const g = position({ 'judge-1': p(2300, 1800), 'punk-1': p(2300, 1700), 'big-barko': p(300, 300) });
    const { events } = firstKey(g, 0, melee('judge-1', 'punk-1'), (e) => rolls(e, 'armour').length > 0 && rolls(e, 'armour')[0]!.model === 'punk-1');
    const armour = rolls(events, 'armour')[0]!;
    expect(armour.totals[0]).toBe(armour.dice[0]);
    expect(find(events, 'ModelRemoved')?.model).toBe('punk-1');
  });
});

describe('Winning a close combat and ongoing close combat', () => {
  // Judge Rico against Big Barko (2 Hits): find a fight both survive, with a winner.
  const survived = (pushable = true) => {
    const g = pushable ? position({ 'judge-1': p(2300, 1800), 'big-barko': p(2300, 1700), 'little-barko': p(300, 2300) }) : position({ 'judge-1': p(1100, 450), 'big-barko': p(1000, 450), 'little-barko': p(300, 2300) });
    return firstKey(g, 0, melee('judge-1', 'big-barko'), (e) => !find(e, 'ModelRemoved') && find(e, 'HitsLost')?.model === 'big-barko');
  };

  it('"If both models are still standing at the end of a Melee action, then they are locked in close combat"', () => {
    const { events, game } = survived();
    expect(find(events, 'CombatLocked')?.models).toEqual(['judge-1', 'big-barko']);
    expect(game.model('big-barko').lockedWith).toEqual(['judge-1']);
  });
  it('"its player has the option of moving the enemy model 2” directly away from his own. He may then immediately move his own model back into contact"', () => {
    const { game } = survived();
    expect(game.state.situation).toMatchObject({ kind: 'push-back', seat: 0, winner: 'judge-1', loser: 'big-barko', mayFollow: true });
    expect(miniatures.awaiting(game.state)).toEqual([{ seat: 0, situation: 'push-back', windowId: expect.any(String) }]);
    const events = game.send(0, { type: 'PUSH_BACK', push: true, follow: true });
    expect(game.model('big-barko').at).toEqual(p(2300, 1500));
    expect(distance(game.model('judge-1').at, game.model('big-barko').at)).toBeGreaterThanOrEqual(100);
    expect(distance(game.model('judge-1').at, game.model('big-barko').at)).toBeLessThanOrEqual(102);
    expect(find(events, 'CombatEnded')).toBeUndefined();
    expect(game.model('judge-1').lockedWith).toEqual(['big-barko']);
  });
  it('"One model wins a close combat and pushes its opponent back without following it up": the combat ends', () => {
    const { game } = survived();
    const events = game.send(0, { type: 'PUSH_BACK', push: true, follow: false });
    expect(find(events, 'CombatEnded')?.models).toEqual(['judge-1', 'big-barko']);
    expect(game.model('judge-1').at).toEqual(p(2300, 1800));
  });
  it('no push (the option declined, or the deadline passed): they stay locked', () => {
    const { game } = survived();
    game.send(0, { type: 'PUSH_BACK', push: false });
    expect(game.model('judge-1').lockedWith).toEqual(['big-barko']);
    const again = survived().game;
    again.send('system', { type: 'EXPIRE_WINDOW', windowId: (again.state.situation as { windowId: string }).windowId });
    expect(again.model('big-barko').at).toEqual(p(2300, 1700));
    expect(again.state.situation.kind).toBe('phase');
  });
  it('"You cannot push an enemy model into impassable terrain or off the table": Big Barko against the hab-block offers no push', () => {
    const { game } = survived(false);
    expect(game.state.situation.kind).toBe('phase');
    expect(game.model('big-barko').lockedWith).toEqual(['judge-1']);
  });
  it('"They cannot just walk away from the fight and both must take Melee actions in future turns"', () => {
    const { game } = survived();
    game.send(0, { type: 'PUSH_BACK', push: false });
    expect(game.refused(0, { type: 'MOVE', model: 'judge-1', path: [p(2300, 1900)] })).toBe('LOCKED_IN_COMBAT');
    expect(game.refused(0, { type: 'SHOOT', model: 'judge-1', target: 'little-barko' })).toBe('LOCKED_IN_COMBAT');
    expect(game.refused(0, melee('judge-1', 'little-barko'))).toBe('LOCKED_IN_COMBAT');
    expect(miniatures.legalCommands(game.state, 0).map((c) => c.type)).toEqual(['MELEE']);
  });
});

describe('Fleeing close combat (M6)', () => {
  const locked = (): TestGame => {
    const g = position({ 'judge-1': p(2300, 1800), 'big-barko': p(2300, 1700), 'little-barko': p(300, 2300) });
    g.state.models['judge-1']!.lockedWith = ['big-barko'];
    g.state.models['big-barko']!.lockedWith = ['judge-1'];
    return g;
  };
  it('"One model chooses to flee": a Special action along a path out of contact ends the combat', () => {
    const g = locked();
    const events = g.send(0, { type: 'SPECIAL', model: 'judge-1', path: [p(2300, 2200)] });
    expect(find(events, 'ModelMoved')).toMatchObject({ reason: 'flee', length: 400 });
    expect(find(events, 'CombatEnded')).toBeDefined();
    expect(g.model('big-barko').lockedWith).toEqual([]);
  });
  it('a flight needs a path, ends out of contact, and keeps to the Move rules', () => {
    expect(locked().refused(0, { type: 'SPECIAL', model: 'judge-1' })).toBe('FLEE_NEEDS_PATH');
    expect(locked().refused(0, { type: 'SPECIAL', model: 'judge-1', path: [p(2301, 1800)] })).toBe('STILL_IN_CONTACT');
    expect(locked().refused(0, { type: 'SPECIAL', model: 'judge-1', path: [p(2300, 2400)] })).toBe('OFF_TABLE');
  });
  it('M5: otherwise a Special action "stands stationary"', () => {
    const g = position({ 'judge-1': p(2300, 1800), 'big-barko': p(300, 300) });
    expect(g.refused(0, { type: 'SPECIAL', model: 'judge-1', path: [p(2300, 1900)] })).toBe('SPECIAL_STANDS_STILL');
    g.send(0, { type: 'SPECIAL', model: 'judge-1' });
    expect(g.model('judge-1').at).toEqual(p(2300, 1800));
  });
});

describe('push-back, the other cases', () => {
  it('the defender may win: its player decides the push-back, then the attacker\'s Phase goes on', () => {
    const g = position({ 'judge-1': p(2300, 1800), 'big-barko': p(2300, 1700), 'little-barko': p(300, 2300) });
    const { game } = firstKey(g, 0, melee('judge-1', 'big-barko'), (e) => !find(e, 'ModelRemoved') && find(e, 'HitsLost')?.model === 'judge-1' && !find(e, 'PhaseEnded'));
    expect(game.state.situation).toMatchObject({ kind: 'push-back', seat: 1, winner: 'big-barko', loser: 'judge-1' });
    expect(game.refused(0, { type: 'PUSH_BACK', push: true })).toBe('NOT_NOW');
    game.send(1, { type: 'PUSH_BACK', push: true, follow: false });
    expect(game.model('judge-1').at).toEqual(p(2300, 2000));
    expect(game.state.phase).toMatchObject({ seat: 0, selected: { model: 'judge-1', actions: 1 } });
  });
  it('a push that leaves another combat out of contact ends that combat too', () => {
    // Little Barko is locked with Judge Hunt (west of him); Judge Rico fights him from the south.
    const g = position({ 'judge-1': p(2300, 1800), 'little-barko': p(2300, 1700), 'judge-2': p(2200, 1700), 'big-barko': p(300, 300) });
    g.state.models['little-barko']!.lockedWith = ['judge-2'];
    g.state.models['judge-2']!.lockedWith = ['little-barko'];
    const { game } = firstKey(g, 0, melee('judge-1', 'little-barko'), (e) => !find(e, 'ModelRemoved') && find(e, 'HitsLost')?.model === 'little-barko');
    game.send(0, { type: 'PUSH_BACK', push: true, follow: true });
    expect(game.model('little-barko').at).toEqual(p(2300, 1500));
    expect(game.model('little-barko').lockedWith).toEqual(['judge-1']);
    expect(game.model('judge-2').lockedWith).toEqual([]);
  });
});

describe('standing orders for the push-back (M21)', () => {
  const fightWon = (order?: 'ask' | 'always' | 'never') => {
    const g = position({ 'judge-1': p(2300, 1800), 'big-barko': p(2300, 1700), 'little-barko': p(300, 2300) });
    if (order) g.send(0, { type: 'SET_ORDERS', pushBack: order });
    return firstKey(g, 0, melee('judge-1', 'big-barko'), (e) => !find(e, 'ModelRemoved') && find(e, 'HitsLost')?.model === 'big-barko');
  };
  it('"always follow up": the server pushes and follows at once, without asking', () => {
    const { events, game } = fightWon('always');
    expect(events.filter((e) => e.type === 'ModelMoved').map((e) => (e as { reason: string }).reason)).toEqual(['push', 'follow']);
    expect(game.state.situation.kind).toBe('phase');
    expect(game.model('big-barko').at).toEqual(p(2300, 1500));
    expect(game.model('judge-1').lockedWith).toEqual(['big-barko']);
  });
  it('"never": the fight goes on, nobody is asked', () => {
    const { events, game } = fightWon('never');
    expect(events.some((e) => e.type === 'ModelMoved')).toBe(false);
    expect(game.state.situation.kind).toBe('phase');
    expect(game.model('judge-1').lockedWith).toEqual(['big-barko']);
  });
  it('a seat\'s orders are its own: the other seat sees that they changed, not to what', () => {
    const g = position({ 'judge-1': p(2300, 1800), 'big-barko': p(2300, 1700) });
    const [e] = g.send(0, { type: 'SET_ORDERS', pushBack: 'always' });
    expect(miniatures.redact(e!, 0)).toEqual({ type: 'OrdersSet', seat: 0, orders: { pushBack: 'always' } });
    expect(miniatures.redact(e!, 1)).toEqual({ type: 'OrdersSet', seat: 0 });
    expect(miniatures.redact(e!, null)).toEqual({ type: 'OrdersSet', seat: 0 });
    expect(miniatures.view(g.state, 0).seats).toEqual([{ seat: 0, orders: { pushBack: 'always' } }, { seat: 1 }]);
    expect(JSON.stringify(miniatures.view(g.state, 1))).not.toContain('always');
    expect(g.refused(0, { type: 'SET_ORDERS', pushBack: 'sometimes' })).toBe('INVALID_COMMAND');
    expect(g.refused(0, { type: 'SET_ORDERS', pushBack: 'ask', windowId: 'w1' })).toBe('INVALID_COMMAND');
  });
});
