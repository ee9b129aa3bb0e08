// "Brawling", "Shooting" and "Wounding Units" (Block War), with the text's worked examples. Dice
// come from the game's generator: a test looks through generator keys for the rolls an example
// names, rather than forcing a die. Seat 0's block stands north, seat 1's east (support.ts).

import { describe, expect, it } from 'vitest';
import { keyedRng } from '../../../src/platform/random.ts';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import type { Command, Event, GameState } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { position, TestGame } from './support.ts';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;
const find = <T extends Event['type']>(events: Event[], type: T) => events.find((e) => e.type === type) as Of<T> | undefined;

/** The events of `command` sent by `seat` after activating `unit`, under generator key k. */
function attackWith(base: GameState, seat: number, unit: string, command: Command, k: number): Event[] {
  const g = new TestGame({ ...structuredClone(base), rng: keyedRng(keyN(k)) });
  g.send(seat, { type: 'ACTIVATE', unit });
  return g.send(seat, command);
}

/** The first key (of 2000) whose events satisfy `wanted`. */
function firstKey(base: GameState, seat: number, unit: string, command: Command, wanted: (e: Event[]) => boolean): Event[] {
  for (let k = 1; k <= 2000; k++) {
    const events = attackWith(base, seat, unit, command, k);
    if (wanted(events)) return events;
  }
  throw new Error('no key gives those dice');
}

describe('Brawling', () => {
  // "a James Bowen Block juve has moved in the plaza and is about to brawl. He cannot brawl the
  // Robert Holness fatty who is in a diagonal space, or the wounded eldster. But he can brawl the
  // Rick Whitely Block ape, and shall!"
  const example = () => {
    const g = position({
      players: 3,
      placed: { 's0-juve-1': p(3, 3), 's1-fatty-1': p(4, 4), 's1-eldster-1': p(3, 4), 's2-ape-1': p(4, 3) },
    });
    g.state.units['s1-eldster-1']!.wounded = true;
    return g;
  };

  it('not a diagonal space, not a wounded unit; an adjacent enemy', () => {
    const g = example();
    g.send(0, { type: 'ACTIVATE', unit: 's0-juve-1' });
    expect(g.refused(0, { type: 'BRAWL', target: 's1-fatty-1' })).toBe('ILLEGAL_TARGET');
    expect(g.refused(0, { type: 'BRAWL', target: 's1-eldster-1' })).toBe('ILLEGAL_TARGET');
    expect(blockWar.legalCommands(g.state, 0).filter((c) => c.type === 'BRAWL')).toEqual([{ type: 'BRAWL', target: 's2-ape-1', windowId: expect.any(String) }]);
  });

  it('"The Juve rolls a die and gets a 4, adding his brawl skill of 1 to make 5. The ape rolls a 5, adding his brawl skill to make 8. With the lesser score, the Juve\'s attack is brushed aside"', () => {
    const events = firstKey(example().state, 0, 's0-juve-1', { type: 'BRAWL', target: 's2-ape-1' }, (e) => {
      const r = find(e, 'BrawlRolled');
      return r?.attackerDie === 4 && r.defenderDie === 5;
    });
    expect(find(events, 'BrawlRolled')).toMatchObject({ attackerTotal: 5, defenderTotal: 8 });
    expect(find(events, 'ArmourSaveRolled')).toBeUndefined();
    expect(find(events, 'UnitWounded')).toBeUndefined();
  });

  it('"If the attacking unit scores higher, the defender must roll its armour save or be wounded. If the defending unit scores higher, or there is a draw, then neither unit is injured"', () => {
    const base = example().state;
    let draws = 0;
    for (let k = 1; k <= 150; k++) {
      const events = attackWith(base, 0, 's0-juve-1', { type: 'BRAWL', target: 's2-ape-1' }, k);
      const r = find(events, 'BrawlRolled')!;
      expect(r.attackerTotal).toBe(r.attackerDie + 1);
      expect(r.defenderTotal).toBe(r.defenderDie + 3);
      if (r.attackerTotal === r.defenderTotal) draws++;
      expect(find(events, 'ArmourSaveRolled') !== undefined).toBe(r.attackerTotal > r.defenderTotal);
    }
    expect(draws).toBeGreaterThan(0);
  });

  it('"Adjacent units (including units above and below) in a block"', () => {
    const g = position({ placed: { 's0-ape-1': b(1, 5, 0), 's1-punk-1': b(1, 6, 0), 's1-punk-2': b(1, 6, 1) } });
    g.send(0, { type: 'ACTIVATE', unit: 's0-ape-1' });
    const targets = blockWar.legalCommands(g.state, 0).filter((c) => c.type === 'BRAWL').map((c) => (c as { target: string }).target);
    expect(targets).toEqual(['s1-punk-1']);
  });
});

describe('Shooting', () => {
  it('"A unit must have a missile weapon in order to shoot, those that do not are marked No Weapon (NW)"', () => {
    const g = position({ placed: { 's0-juve-1': p(3, 3), 's1-punk-1': b(1, 2, 2) } });
    g.send(0, { type: 'ACTIVATE', unit: 's0-juve-1' });
    expect(g.refused(0, { type: 'SHOOT', target: 's1-punk-1' })).toBe('NO_WEAPON');
  });

  it('Example of firing from Block to Plaza: "The punk has a shooting skill of 2, and with one level separating him … The punk rolls a 5 and with his +1 that becomes a 6, he has just managed to hit"', () => {
    const base = position({ placed: { 's0-punk-1': b(0, 1, 0), 's1-eldster-1': p(7, 6) } }).state;
    const events = firstKey(base, 0, 's0-punk-1', { type: 'SHOOT', target: 's1-eldster-1' }, (e) => find(e, 'ShotRolled')?.die === 5);
    expect(find(events, 'ShotRolled')).toMatchObject({ total: 6, hit: true });
    expect(find(events, 'ArmourSaveRolled')?.unit).toBe('s1-eldster-1');
  });

  it('Example of Firing from Block to Block: "The judge has a shooting skill of 4, minus 2 due to difference in levels and adds his die roll of 5 to give a total of 7. The punk is hit."', () => {
    const base = position({ step: 'judge', placed: { 'block-judge-red': b(0, 3, 5), 's1-punk-1': b(1, 1, 5) } }).state;
    const events = firstKey(base, 0, 'block-judge-red', { type: 'SHOOT', target: 's1-punk-1' }, (e) => find(e, 'ShotRolled')?.die === 5);
    expect(find(events, 'ShotRolled')).toMatchObject({ total: 7, hit: true });
  });

  it('Example of Firing within the Plaza: "adds his shooting skill of 1 to his dice roll of 4. Giving him a total of 5 … Les Dawson block … is frenzied, which adds an additional +1 … making a result of 6"', () => {
    const base = position({ placed: { 's0-eldster-1': p(3, 5), 's1-fatty-1': p(7, 5) }, spirit: [30, 10], control: 5 }).state;
    const events = firstKey(base, 0, 's0-eldster-1', { type: 'SHOOT', target: 's1-fatty-1' }, (e) => find(e, 'ShotRolled')?.die === 4);
    expect(find(events, 'ShotRolled')).toMatchObject({ total: 6, hit: true });
    const calm = position({ placed: { 's0-eldster-1': p(3, 5), 's1-fatty-1': p(7, 5) } }).state;
    const missed = firstKey(calm, 0, 's0-eldster-1', { type: 'SHOOT', target: 's1-fatty-1' }, (e) => find(e, 'ShotRolled')?.die === 4);
    expect(find(missed, 'ShotRolled')).toMatchObject({ total: 5, hit: false });
    expect(find(missed, 'ArmourSaveRolled')).toBeUndefined();
  });

  it('"A roll of a 1 is always a miss" — even for Judge Dredd, whose 1 + 5 makes 6', () => {
    const base = position({ step: 'judge', placed: { 'judge-dredd': p(5, 5), 's1-punk-1': p(5, 7) } }).state;
    const events = firstKey(base, 0, 'judge-dredd', { type: 'SHOOT', target: 's1-punk-1' }, (e) => find(e, 'ShotRolled')?.die === 1);
    expect(find(events, 'ShotRolled')).toMatchObject({ total: 6, hit: false });
  });

  it('the sniper hits "any viable target on any roll but a 1"', () => {
    // Level 11 to the plaza: 3 − 11 + 2 is far below 6, and still a hit.
    const base = position({ placed: { 's0-sniper-1': b(0, 11, 0), 's1-punk-1': p(5, 8) } }).state;
    const events = firstKey(base, 0, 's0-sniper-1', { type: 'SHOOT', target: 's1-punk-1' }, (e) => find(e, 'ShotRolled')?.die === 2);
    expect(find(events, 'ShotRolled')).toMatchObject({ hit: true });
  });

  it('in the plaza, "must have a line of sight to shoot another plaza unit": obstacles and other units block it, wounded units do not', () => {
    const shooter = 's0-punk-1';
    const targetsFrom = (placed: Record<string, string>, wounded: string[] = []) => {
      const g = position({ placed: { [shooter]: p(1, 2), ...placed } });
      for (const u of wounded) g.state.units[u]!.wounded = true;
      g.send(0, { type: 'ACTIVATE', unit: shooter });
      return blockWar.legalCommands(g.state, 0).filter((c) => c.type === 'SHOOT').map((c) => (c as { target: string }).target);
    };
    expect(targetsFrom({ 's1-punk-1': p(4, 2) })).toEqual([]); // the obstacle at (2,2)
    expect(targetsFrom({ 's1-punk-1': p(1, 6) })).toEqual(['s1-punk-1']);
    expect(targetsFrom({ 's1-punk-1': p(1, 6), 's1-juve-1': p(1, 4) })).toEqual(['s1-juve-1']);
    expect(targetsFrom({ 's1-punk-1': p(1, 6), 's1-juve-1': p(1, 4) }, ['s1-juve-1'])).toEqual(['s1-punk-1']);
    // "A unit in the plaza may fire at a unit in a block freely".
    expect(targetsFrom({ 's1-punk-1': b(1, 9, 6), 's1-juve-1': p(1, 4) })).toContain('s1-punk-1');
  });

  it('from a block: "an adjacent square, a neighbouring block or the plaza" — not a far square of its own block', () => {
    const g = position({ placed: { 's0-punk-1': b(0, 5, 0), 's1-punk-1': b(0, 5, 1), 's1-punk-2': b(0, 9, 6), 's1-juve-1': b(1, 2, 3) } });
    g.send(0, { type: 'ACTIVATE', unit: 's0-punk-1' });
    const targets = blockWar.legalCommands(g.state, 0).filter((c) => c.type === 'SHOOT').map((c) => (c as { target: string }).target);
    expect(targets.sort()).toEqual(['s1-juve-1', 's1-punk-1']);
  });
});

describe('one attack, at any point of the movement', () => {
  it('"An activated unit may make one brawling, shooting or special attack at any point during its movement"', () => {
    const g = position({ placed: { 's0-ape-1': p(3, 3), 's1-punk-1': p(4, 3), 's1-punk-2': p(3, 4) } });
    g.send(0, { type: 'ACTIVATE', unit: 's0-ape-1' });
    g.send(0, { type: 'BRAWL', target: 's1-punk-1' });
    expect(g.refused(0, { type: 'BRAWL', target: 's1-punk-2' })).toBe('ALREADY_ATTACKED');
    g.send(0, { type: 'STEP', to: p(2, 3) }); // and moves on after it
    expect(g.unit('s0-ape-1').square).toBe(p(2, 3));
  });

  it('BW42: not while passing through a friendly unit with nowhere left to stop once the attack ends the lift run', () => {
    const g = position({ placed: { 's0-citizen-1': b(0, 10, 3), 's0-ape-1': b(0, 11, 3), 's1-punk-1': p(1, 1) } });
    g.send(0, { type: 'ACTIVATE', unit: 's0-citizen-1' });
    g.send(0, { type: 'STEP', to: b(0, 10, 4) }); // out of the lift: 1
    g.send(0, { type: 'STEP', to: b(0, 10, 3) }); // back in: 1
    g.send(0, { type: 'STEP', to: b(0, 11, 3) }); // up the lift onto the ape: 1, two lift spaces free
    expect(blockWar.legalCommands(g.state, 0).map((c) => c.type)).toEqual(['STEP']);
    expect(g.refused(0, { type: 'SHOOT', target: 's1-punk-1' })).toBe('CANNOT_ACT_HERE');
    g.send(0, { type: 'STEP', to: b(0, 10, 3) }); // down again, free
    expect(blockWar.legalCommands(g.state, 0).map((c) => c.type)).toContain('SHOOT');
  });
});

describe('Wounding Units', () => {
  it('"the defending player rolls a die, adds the units armour bonus (A) and if the result is 6 or more, then the unit avoids injury"; otherwise "the token is flipped over to the wounded side"', () => {
    const base = position({ placed: { 's0-punk-1': b(0, 1, 0), 's1-eldster-1': p(7, 6) } }).state;
    let wounded = 0;
    let saved = 0;
    for (let k = 1; k <= 200; k++) {
      const g = new TestGame({ ...structuredClone(base), rng: keyedRng(keyN(k)) });
      g.send(0, { type: 'ACTIVATE', unit: 's0-punk-1' });
      const events = g.send(0, { type: 'SHOOT', target: 's1-eldster-1' });
      const save = find(events, 'ArmourSaveRolled');
      if (!save) continue;
      expect(save.total).toBe(save.die + 2); // the eldster's armour
      expect(save.saved).toBe(save.total >= 6);
      expect(g.unit('s1-eldster-1').wounded).toBe(!save.saved);
      if (save.saved) saved++;
      else wounded++;
    }
    expect(wounded).toBeGreaterThan(0);
    expect(saved).toBeGreaterThan(0);
  });

  it('Fighting Spirit Table: "Wounding an enemy unit — 1"', () => {
    const base = position({ placed: { 's0-punk-1': b(0, 1, 0), 's1-eldster-1': p(7, 6) } }).state;
    const events = firstKey(base, 0, 's0-punk-1', { type: 'SHOOT', target: 's1-eldster-1' }, (e) => find(e, 'UnitWounded') !== undefined);
    expect(find(events, 'FightingSpiritGained')).toEqual({ type: 'FightingSpiritGained', seat: 0, amount: 1, to: 11 });
  });

  it('"Wounding a Judge unit (Control also moves on 1 space) — 5"', () => {
    const base = position({ placed: { 's0-citi-def-1': b(0, 1, 0), 'block-judge-blue': p(7, 6) } }).state;
    const events = firstKey(base, 0, 's0-citi-def-1', { type: 'SHOOT', target: 'block-judge-blue' }, (e) => find(e, 'UnitWounded') !== undefined);
    expect(find(events, 'FightingSpiritGained')).toMatchObject({ seat: 0, amount: 5, to: 15 });
    expect(find(events, 'ControlMoved')).toEqual({ type: 'ControlMoved', to: base.control + 1 });
  });

  it('"You do not score fighting spirit when from a judge unit"', () => {
    const base = position({ step: 'judge', placed: { 'block-judge-red': b(0, 3, 5), 's1-punk-1': b(1, 1, 5) } }).state;
    const events = firstKey(base, 0, 'block-judge-red', { type: 'SHOOT', target: 's1-punk-1' }, (e) => find(e, 'UnitWounded') !== undefined);
    expect(find(events, 'FightingSpiritGained')).toBeUndefined();
  });
});

describe('unit rules that shape attacks', () => {
  it('robo-janitor and robo-doc "May only brawl in self-defence"', () => {
    const g = position({ step: 'independent', placed: { 's0-robo-janitor': b(0, 1, 0), 's1-punk-1': b(0, 1, 1) } });
    g.send(0, { type: 'ACTIVATE', unit: 's0-robo-janitor' });
    expect(g.refused(0, { type: 'BRAWL', target: 's1-punk-1' })).toBe('SELF_DEFENCE_ONLY');
  });

  it('judges "Will not target Medic or Janitor units" (BW21)', () => {
    const g = position({ step: 'judge', placed: { 'block-judge-red': b(0, 3, 3), 's0-robo-doc': b(0, 3, 4), 's1-punk-1': b(0, 3, 2) } });
    g.send(0, { type: 'ACTIVATE', unit: 'block-judge-red' });
    const targets = blockWar.legalCommands(g.state, 0).filter((c) => c.type === 'BRAWL').map((c) => (c as { target: string }).target);
    expect(targets).toEqual(['s1-punk-1']);
  });

  it('Citizen: "Deduct one from all of their stats (except armour) when they are outside of their block"', () => {
    const inside = position({ placed: { 's0-citizen-1': b(0, 1, 0), 's1-punk-1': p(7, 6) } }).state;
    const outside = position({ placed: { 's0-citizen-1': p(2, 6), 's1-punk-1': p(7, 6) } }).state;
    const shot = (base: GameState) => find(firstKey(base, 0, 's0-citizen-1', { type: 'SHOOT', target: 's1-punk-1' }, (e) => find(e, 'ShotRolled')?.die === 5), 'ShotRolled')!;
    expect(shot(inside).total).toBe(5 + 1 - 1); // S1, one level down
    expect(shot(outside).total).toBe(5 + 1 - 1); // S1 − 1 outside, same level
  });
});

describe('Juve: "For each juve you have in the plaza, their brawling increases by one up to a maximum of +3" (BW32)', () => {
  const brawlTotal = (placed: Record<string, string>, wounded: string[] = []) => {
    const g = position({ placed: { 's0-juve-1': p(3, 3), 's1-punk-1': p(4, 3), ...placed } });
    for (const u of wounded) g.state.units[u]!.wounded = true;
    const r = find(attackWith(g.state, 0, 's0-juve-1', { type: 'BRAWL', target: 's1-punk-1' }, 1), 'BrawlRolled')!;
    return r.attackerTotal - r.attackerDie;
  };

  it('a lone juve brawls with 1; each other juve of the block in the plaza adds one, up to +3', () => {
    expect(brawlTotal({})).toBe(1);
    expect(brawlTotal({ 's0-juve-2': p(1, 1) })).toBe(2);
    expect(brawlTotal({ 's0-juve-2': p(1, 1), 's0-juve-3': p(1, 3), 's0-juve-4': p(1, 5) })).toBe(4);
  });

  it('juves in the block, wounded juves and other blocks\' juves do not count', () => {
    expect(brawlTotal({ 's0-juve-2': b(0, 5, 0) })).toBe(1);
    expect(brawlTotal({ 's0-juve-2': p(1, 1) }, ['s0-juve-2'])).toBe(1);
    expect(brawlTotal({ 's1-juve-2': p(8, 8) })).toBe(1);
  });
});

describe('rulings settled with the text (BW22, BW23, BW32)', () => {
  const shootTargets = (g: TestGame, unit: string) => {
    g.send(0, { type: 'ACTIVATE', unit });
    return blockWar.legalCommands(g.state, 0).flatMap((c) => (c.type === 'SHOOT' ? [c.target] : []));
  };

  it('BW22: "A unit in a block may fire at a unit in … a neighbouring block": every other block, the one across the plaza too', () => {
    // Four blocks: seat 0 north, seat 1 east, seat 2 south (across the plaza), seat 3 west.
    const g = position({ players: 4, placed: { 's0-punk-1': b(0, 5, 0), 's1-punk-1': b(1, 5, 0), 's2-punk-1': b(2, 5, 0), 's3-punk-1': b(3, 5, 0) } });
    expect(shootTargets(g, 's0-punk-1').sort()).toEqual(['s1-punk-1', 's2-punk-1', 's3-punk-1']);
  });

  it('BW23: "Units in the plaza are not protected by cover if fired at from a higher level": behind an obstacle, out of sight from the plaza, but a block fires at it freely, with no modifier but the levels', () => {
    const placed = { 's1-punk-1': p(4, 2), 's0-punk-1': p(1, 2), 's0-punk-2': b(0, 1, 2) };
    expect(shootTargets(position({ placed }), 's0-punk-1')).toEqual([]); // the obstacle at (2,2) stands between
    const base = position({ placed }).state;
    expect(shootTargets(new TestGame(structuredClone(base)), 's0-punk-2')).toEqual(['s1-punk-1']);
    const shot = find(attackWith(base, 0, 's0-punk-2', { type: 'SHOOT', target: 's1-punk-1' }, 1), 'ShotRolled')!;
    expect(shot.total).toBe(shot.die + 2 - 1); // S 2, one level down, no cover
  });

  it('BW32: "adding his brawl skill of 1" — the juve\'s printed skill is 1, so a juve in his block brawls with 1 (not the 0 of a printed 0 counting himself)', () => {
    const brawl = (placed: Record<string, string>) => {
      const g = position({ placed: { 's1-punk-1': b(0, 5, 1), ...placed } });
      return find(attackWith(g.state, 0, 's0-juve-1', { type: 'BRAWL', target: 's1-punk-1' }, 1), 'BrawlRolled')!;
    };
    const inBlock = brawl({ 's0-juve-1': b(0, 5, 0), 's0-juve-2': p(1, 1) });
    expect(inBlock.attackerTotal - inBlock.attackerDie).toBe(1);
  });
});
