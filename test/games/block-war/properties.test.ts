// Properties over many commands: decide is total (never throws, whatever JSON it is sent, and a
// refusal changes nothing); decide accepts exactly what legalCommands lists; the log replays to
// the same state byte for byte.

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import type { KeyedRng } from '../../../src/platform/random.ts';
import type { Command, Event, GameState } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { TestGame } from './support.ts';

const JUNK: unknown[] = [
  null,
  undefined,
  0,
  'STEP',
  [],
  {},
  { type: 'STEP' },
  { type: 'STEP', to: 42 },
  { type: 'STEP', to: 'plaza:99,99' },
  { type: 'STEP', to: 'block:9:1,1' },
  { type: 'PLACE_BLOCK', side: 'up' },
  { type: 'PLACE_UNIT', unit: '__proto__', square: 'block:0:1,1' },
  { type: 'PLACE_FEATURE', square: 'plaza:1,1', extra: true },
  { type: 'ACTIVATE', unit: 'x'.repeat(1000) },
  { type: 'ROLL_FOR_ORDER', windowId: 7 },
  { type: 'END_STEP', windowId: 'w999' },
  { type: 'constructor' },
  { type: 'toString' },
];

/** Plays `moves` random legal commands (a random awaited seat, a random command), checking each. */
const randomGame = (players: number, key: string, moves: number, check?: (s: GameState, seat: number) => void): TestGame => TestGame.create(players, key).playRandomly(moves, check);

describe('decide', () => {
  it('never throws and changes nothing when refusing, whatever it is sent, at moments of random games', { timeout: 30_000 }, () => {
    for (const players of [2, 3, 4]) {
      let n = 0;
      randomGame(players, keyN(players), 150, (s, seat) => {
        if (n++ % 6 !== 0) return;
        const before = JSON.stringify(s);
        for (const junk of JUNK)
          for (const sender of [{ kind: 'seat', seat }, { kind: 'seat', seat: 7 }, { kind: 'system' }, null] as const) {
            const d = blockWar.decide(s, junk as Command, sender as never);
            if (junk !== null && typeof junk === 'object' && (junk as { type?: string }).type === 'END_STEP') continue;
            expect(d.ok).toBe(false);
          }
        expect(JSON.stringify(s)).toBe(before);
      });
    }
  });

  it('accepts every legal command, and no awaited seat is ever left without one', () => {
    for (const players of [2, 3, 4]) randomGame(players, keyN(10 + players), 300, () => undefined);
  });

  it('refuses, for a seat that is not awaited, every command the awaited seat could send', () => {
    randomGame(3, keyN(21), 200, (s, seat) => {
      const others = [0, 1, 2].filter((x) => !blockWar.awaiting(s).some((a) => a.seat === x));
      for (const other of others) {
        expect(blockWar.legalCommands(s, other)).toEqual([]);
        for (const c of blockWar.legalCommands(s, seat).slice(0, 3)) expect(blockWar.decide(s, c, { kind: 'seat', seat: other }).ok).toBe(false);
      }
    });
  });

  it('replays: folding the log over the initial state gives the played state, byte for byte', () => {
    const g = randomGame(4, keyN(33), 300, () => undefined);
    expect(JSON.stringify(blockWar.replay(g.start, g.log))).toBe(JSON.stringify(g.state));
    const oneByOne = g.log.reduce((s, e) => blockWar.evolve(s, e), g.start);
    expect(JSON.stringify(oneByOne)).toBe(JSON.stringify(g.state));
  });
});

describe('what seats see (BW9)', () => {
  it('every seat and a spectator see the same state (drawn counters and dice included), without the generator', () => {
    const g = randomGame(3, keyN(41), 120, () => undefined);
    const views = [0, 1, 2, null].map((seat) => blockWar.view(g.state, seat));
    for (const v of views) {
      expect(JSON.stringify(v)).not.toContain(g.state.rng && typeof g.state.rng === 'object' ? g.state.rng.key : 'no key');
      expect({ ...v, viewer: null }).toEqual({ ...views[3], viewer: null });
      expect(v.seats.map((s) => s.drawn)).toEqual(g.state.seats.map((s) => s.drawn));
    }
    // Every event as it happened, but the generator's position (its count of words drawn).
    for (const e of g.log)
      for (const seat of [0, 1, 2, null]) {
        const { rng: _rng, ...rest } = e as Event & { rng?: number };
        expect(blockWar.redact(e, seat)).toEqual(rest);
        expect(blockWar.redact(e, seat)).not.toHaveProperty('rng');
      }
    expect(g.log.some((e) => e.type === 'OrderDiceRolled')).toBe(true);
  });
});

describe('the block pools’ draw order is hidden (differentially)', () => {
  it('a twin whose generator has another key (so every later draw and die differs) shows every reader the same bytes until a die is rolled or a counter drawn', () => {
    let twins = 0;
    let compared = 0;
    for (const players of [2, 3, 4])
      randomGame(players, keyN(50 + players), 400, (s, seat) => {
        if ((twins += 1) % 5 !== 0) return;
        const rng = s.rng as KeyedRng;
        const twin: GameState = { ...s, rng: { key: keyN(7777), position: rng.position } };
        for (const reader of [...s.seats.map((_, i) => i), null]) {
          expect(JSON.stringify(blockWar.view(twin, reader))).toBe(JSON.stringify(blockWar.view(s, reader)));
          if (reader === null) continue;
          expect(JSON.stringify(blockWar.legalCommands(twin, reader))).toBe(JSON.stringify(blockWar.legalCommands(s, reader)));
          expect(JSON.stringify(blockWar.anytimeCommands!(twin, reader))).toBe(JSON.stringify(blockWar.anytimeCommands!(s, reader)));
        }
        expect(blockWar.awaiting(twin)).toEqual(blockWar.awaiting(s));
        // The next command, in both: the same events as every reader sees them, up to the first die or draw.
        const command = blockWar.legalCommands(s, seat)[0]!;
        const a = blockWar.decide(s, command, { kind: 'seat', seat });
        const b = blockWar.decide(twin, command, { kind: 'seat', seat });
        expect(a.ok && b.ok).toBe(true);
        if (!a.ok || !b.ok) return;
        for (let i = 0; i < Math.min(a.events.length, b.events.length); i++) {
          if ('rng' in a.events[i]! || 'rng' in b.events[i]!) break;
          expect(blockWar.redact(b.events[i]!, null)).toEqual(blockWar.redact(a.events[i]!, null));
          compared++;
        }
      });
    expect(compared).toBeGreaterThan(50);
  });
});
