// Robo-Doc, rule 4 (Unit Reference Sheet): "If wounded, roll a die, on a 1 it becomes 'CRAZED'
// Replace with a crazed robo-doc counter. Ignore rules 1-3." (BW47). Seat 1's block stands east.

import { describe, expect, it } from 'vitest';
import { keyedRng } from '../../../src/platform/random.ts';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import type { Command, Event } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { position, TestGame } from './support.ts';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;
const find = <T extends Event['type']>(events: Event[], type: T) => events.find((e) => e.type === type) as Of<T> | undefined;

const DOC = 's1-robo-doc';
const CRAZED = 's1-crazed-robo-doc';

describe('Robo-Doc: "If wounded, roll a die, on a 1 it becomes \'CRAZED\'"', () => {
  it('a wrecked robo-doc rolls; on a 1 the crazed robo-doc counter takes its square, healthy; otherwise it lies wrecked', () => {
    const base = position({ placed: { 's0-punk-1': b(1, 3, 3), [DOC]: b(1, 3, 4) } }).state;
    const seen = new Set<boolean>();
    for (let k = 1; k <= 400 && seen.size < 2; k++) {
      const g = new TestGame({ ...structuredClone(base), rng: keyedRng(keyN(k)) });
      g.send(0, { type: 'ACTIVATE', unit: 's0-punk-1' });
      const events = g.send(0, { type: 'BRAWL', target: DOC });
      if (!find(events, 'UnitWounded')) {
        expect(find(events, 'RoboDocCrazed')).toBeUndefined();
        continue;
      }
      const roll = find(events, 'RoboDocCrazed')!;
      expect(roll.crazed).toBe(roll.die === 1 ? CRAZED : null);
      if (roll.die === 1) {
        expect(g.unit(CRAZED)).toMatchObject({ square: b(1, 3, 4), wounded: false });
        expect(g.unit(DOC).square).toBeNull();
      } else expect(g.unit(DOC)).toMatchObject({ square: b(1, 3, 4), wounded: true });
      seen.add(roll.die === 1);
    }
    expect([...seen].sort()).toEqual([false, true]);
  });

  it('"Ignore rules 1-3": it attacks (not only in self-defence), heals nobody, and may leave the block', () => {
    const g = position({ step: 'independent', placed: { [CRAZED]: b(1, 1, 2), 's1-juve-1': b(1, 1, 3), 's0-juve-1': b(1, 2, 2) } });
    g.state.units['s1-juve-1']!.wounded = true;
    g.send(0, { type: 'ACTIVATE', unit: CRAZED });
    const legal = blockWar.legalCommands(g.state, 0);
    expect(legal).toContainEqual({ type: 'BRAWL', target: 's0-juve-1', windowId: g.state.situation.kind === 'turn' ? g.state.situation.windowId : '' });
    expect(legal.some((c) => c.type === 'HEAL')).toBe(false);
    // The entrance square (level 1, column 2) meets a step of the plaza: out of the block.
    const out = legal.filter((c): c is Extract<Command, { type: 'STEP' }> => c.type === 'STEP').filter((c) => c.to.startsWith('plaza:'));
    expect(out.map((c) => c.to)).toEqual([p(10, 4)]);
    g.send(0, { type: 'STEP', to: p(10, 4) });
    expect(g.unit(CRAZED).square).toBe(p(10, 4));
  });
});
