// "Healing Units" (Block War) and the robo-doc's card. The robo-doc stands in seat 0's hospital
// (level 3, column 4); seat 0's block stands north.

import { describe, expect, it } from 'vitest';
import { keyedRng } from '../../../src/platform/random.ts';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import type { Event, GameState } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { position, TestGame } from './support.ts';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;
const find = <T extends Event['type']>(events: Event[], type: T) => events.find((e) => e.type === type) as Of<T> | undefined;

const DOC = 's0-robo-doc';

function patient(placed: Record<string, string>, wounded: string[]): TestGame {
  const g = position({ step: 'independent', placed: { [DOC]: b(0, 3, 4), ...placed } });
  for (const u of wounded) g.state.units[u]!.wounded = true;
  return g;
}

const targets = (g: TestGame) => {
  g.send(0, { type: 'ACTIVATE', unit: DOC });
  return blockWar.legalCommands(g.state, 0).filter((c) => c.type === 'HEAL').map((c) => (c as { target: string }).target);
};

function heal(base: GameState, target: string, k: number): { g: TestGame; events: Event[] } {
  const g = new TestGame({ ...structuredClone(base), rng: keyedRng(keyN(k)) });
  g.send(0, { type: 'ACTIVATE', unit: DOC });
  return { g, events: g.send(0, { type: 'HEAL', target }) };
}

describe('Healing Units', () => {
  it('"any (non-robotic) unit in an adjacent square"', () => {
    const g = patient({ 's0-juve-1': b(0, 3, 5), 's1-punk-1': b(0, 4, 4), 's0-robo-janitor': b(0, 3, 3), 's0-juve-2': b(0, 5, 4) }, [
      's0-juve-1',
      's1-punk-1',
      's0-robo-janitor',
      's0-juve-2',
    ]);
    expect(targets(g).sort()).toEqual(['s0-juve-1', 's1-punk-1']);
  });

  it('"even one on the steps of a block" — but the robo-doc "will never enter the plaza"', () => {
    const g = patient({ 's0-juve-1': p(4, 0) }, ['s0-juve-1']);
    g.state.units[DOC]!.square = b(0, 1, 2); // the entrance square meeting that step
    expect(targets(g)).toEqual(['s0-juve-1']);
  });

  it('"A wounded unit cannot be healed while another unit is standing on its space"', () => {
    const g = patient({ 's0-juve-1': b(0, 3, 5), 's0-juve-2': b(0, 3, 5) }, ['s0-juve-1']);
    expect(targets(g)).toEqual([]);
  });

  it('"a die is rolled, the Robodocs heal skill (H) of 1 is added … if the result is 6 or more, the wounded unit is healed"; "If the result is a 1 … removed from the game"; "Otherwise another healing attempt may be made"', () => {
    const base = patient({ 's0-juve-1': b(0, 3, 5) }, ['s0-juve-1']).state;
    const seen = new Set<string>();
    for (let k = 1; k <= 60; k++) {
      const { g, events } = heal(base, 's0-juve-1', k);
      const roll = find(events, 'HealRolled')!;
      expect(roll.total).toBe(roll.die + 1);
      const juve = g.unit('s0-juve-1');
      if (roll.die === 1) {
        seen.add('removed');
        expect(juve.square).toBeNull();
      } else if (roll.total >= 6) {
        seen.add('healed');
        expect(juve.wounded).toBe(false);
        // "Healing a friendly unit — 1" (BW26).
        expect(find(events, 'FightingSpiritGained')).toMatchObject({ seat: 0, amount: 1 });
      } else {
        seen.add('still wounded');
        expect(juve.wounded).toBe(true);
        expect(juve.square).toBe(b(0, 3, 5));
      }
    }
    expect([...seen].sort()).toEqual(['healed', 'removed', 'still wounded']);
  });

  it('"Eldsters get a +2 bonus to being healed"', () => {
    const base = patient({ 's0-eldster-1': b(0, 3, 5) }, ['s0-eldster-1']).state;
    for (let k = 1; k <= 20; k++) {
      const roll = find(heal(base, 's0-eldster-1', k).events, 'HealRolled')!;
      expect(roll.total).toBe(roll.die + 3);
    }
  });

  it('BW24: a heal attempt is the robo-doc\'s one attack of the activation', () => {
    const base = patient({ 's0-juve-1': b(0, 3, 5), 's0-juve-2': b(0, 4, 4) }, ['s0-juve-1', 's0-juve-2']).state;
    const { g } = heal(base, 's0-juve-1', 3);
    expect(g.refused(0, { type: 'HEAL', target: 's0-juve-2' })).toBe('ALREADY_ATTACKED');
  });

  it('only a unit with a heal skill heals', () => {
    const g = position({ placed: { 's0-juve-1': b(0, 3, 4), 's0-juve-2': b(0, 3, 5) } });
    g.state.units['s0-juve-2']!.wounded = true;
    g.send(0, { type: 'ACTIVATE', unit: 's0-juve-1' });
    expect(g.refused(0, { type: 'HEAL', target: 's0-juve-2' })).toBe('CANNOT_HEAL');
  });
});

describe('BW26: "Healing a friendly unit — 1", though "You do not score fighting spirit from an independent unit"', () => {
  /** The first key under which the robo-doc heals `target`; the events of that heal. */
  const healed = (base: GameState, target: string) => {
    for (let k = 1; k <= 200; k++) {
      const { events } = heal(base, target, k);
      if (find(events, 'UnitHealed')) return events;
    }
    throw new Error('no key heals');
  };

  it('the robo-doc (an independent unit) healing one of the active block\'s own units scores 1; another block\'s unit, or the block\'s human janitor (independent), scores nothing', () => {
    const base = patient({ 's0-juve-1': b(0, 3, 5), 's1-punk-1': b(0, 4, 4), 's0-human-janitor': b(0, 2, 4) }, ['s0-juve-1', 's1-punk-1', 's0-human-janitor']).state;
    expect(find(healed(base, 's0-juve-1'), 'FightingSpiritGained')).toMatchObject({ seat: 0, amount: 1 });
    expect(find(healed(base, 's1-punk-1'), 'FightingSpiritGained')).toBeUndefined();
    expect(find(healed(base, 's0-human-janitor'), 'FightingSpiritGained')).toBeUndefined();
  });
});
